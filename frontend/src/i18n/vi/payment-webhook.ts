/** Vietnamese messages of the payment providers' webhook set-up: turned on with a secret, its address after saving. */

export const paymentWebhook = {
  turnedOn:
    'Đã bật webhook vì bạn nhập khóa webhook. Tắt đi nếu chưa muốn tự động xác nhận thanh toán.',
  savedTitle: (name: string) => `Địa chỉ webhook của “${name}”`,
  savedText:
    'Dán địa chỉ này vào mục Webhook của SePay, chọn xác thực bằng API Key và dùng đúng khóa webhook vừa lưu.',
  copyUrl: 'Sao chép địa chỉ webhook',
  urlLabel: (name: string) => `Địa chỉ webhook của ${name}`,
} as const;
