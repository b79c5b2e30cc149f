/**
 * Vietnamese messages of buying: the buy-now dialog and the customer's order page. They
 * load with those screens, not with the storefront home.
 */

export const checkout = {
  buyNow: 'Mua ngay',
  dialogTitle: (name: string) => `Mua ${name}`,
  quantity: 'Số lượng',
  quantityHelp: (min: number, max: number) => `Từ ${min} đến ${max} mã mỗi đơn`,
  decrease: 'Giảm số lượng',
  increase: 'Tăng số lượng',
  email: 'Email',
  emailHelp: 'Dùng để tra cứu đơn hàng khi cần',
  /** 'Ý bạn là an@gmail.com?' for a mistyped domain; the address is a button that fixes it. */
  emailSuggestion: { before: 'Ý bạn là ', after: '?' },
  phone: 'Số điện thoại (không bắt buộc)',
  customerName: 'Họ tên (không bắt buộc)',
  paymentMethod: 'Phương thức thanh toán',
  paymentMethodsLoading: 'Đang tải phương thức thanh toán...',
  paymentMethodsError: 'Không tải được phương thức thanh toán.',
  noPaymentMethods: 'Cửa hàng chưa có phương thức thanh toán nào, vui lòng quay lại sau.',
  summary: 'Tóm tắt đơn hàng',
  lineSummary: (quantity: string, price: string) => `${quantity} × ${price}`,
  total: 'Tổng thanh toán',
  submit: 'Đặt hàng',
  validation: {
    quantityRequired: 'Nhập số lượng',
    quantityRange: (min: number, max: number) => `Số lượng từ ${min} đến ${max}`,
    emailRequired: 'Nhập email',
    emailInvalid: 'Email không hợp lệ',
    phoneInvalid: 'Số điện thoại không hợp lệ (ví dụ 0912345678 hoặc +84912345678)',
    nameTooLong: 'Họ tên tối đa 100 ký tự',
    paymentMethodRequired: 'Chọn phương thức thanh toán',
  },
  errors: {
    title: 'Không đặt được hàng',
    notEnoughStock: 'Hãy giảm số lượng hoặc quay lại sau khi cửa hàng nhập thêm mã.',
    notOnSale: 'Sản phẩm này hiện không còn bán.',
    tooManyUnpaid:
      'Hãy thanh toán các đơn đang chờ (xem mục “Đơn hàng của bạn”) hoặc đợi chúng hết hạn rồi đặt lại.',
    providerUnavailable: 'Phương thức thanh toán này tạm ngừng, hãy chọn phương thức khác.',
    rateLimited: 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút.',
  },
} as const;

export const customerOrder = {
  title: (code: string) => `Đơn hàng ${code}`,
  createdAt: (at: string) => `Đặt lúc ${at}`,
  loadError: (reason: string) => `Không tải được đơn hàng: ${reason}`,
  refreshError: 'Mất kết nối, trang đang thử cập nhật lại…',
  notFound:
    'Không tìm thấy đơn hàng, hoặc đường dẫn này không còn hiệu lực (cửa hàng có thể đã gửi đường dẫn mới). Bạn có thể tra cứu bằng mã đơn và email bên dưới.',
  keepLink:
    'Hãy lưu lại đường dẫn của trang này (đánh dấu trang hoặc sao chép): mã sản phẩm chỉ hiển thị qua đường dẫn này.',
  copyLink: 'Sao chép đường dẫn',
  autoRefresh: 'Trang tự cập nhật mỗi 5 giây, không cần tải lại.',
  backToShop: 'Tiếp tục mua sắm',
  countdownLabel: 'Thời gian còn lại',
  countdownAria: (clock: string) => `Thời gian thanh toán còn lại ${clock}`,
  countdownOver: 'Đã hết thời gian thanh toán, đang cập nhật trạng thái…',
  banner: {
    pending_payment:
      'Vui lòng chuyển khoản đúng số tiền và nội dung bên dưới trước khi hết thời gian. Đơn sẽ được xác nhận tự động.',
    completed: 'Cảm ơn bạn! Đơn hàng đã được thanh toán, mã sản phẩm ở bên dưới.',
    expired:
      'Đơn hàng đã hết thời gian thanh toán, các mã giữ chỗ đã được trả lại kho. Vui lòng không chuyển khoản cho đơn này.',
    cancelled: 'Đơn hàng đã bị hủy.',
    needs_attention:
      'Cửa hàng đã nhận được tiền nhưng đơn hàng cần nhân viên kiểm tra. Chúng tôi sẽ xử lý sớm nhất.',
  },
  contact: {
    before: 'Cần hỗ trợ? Liên hệ cửa hàng qua ',
    link: 'trang mạng xã hội',
    after: ' và gửi kèm mã đơn hàng.',
  },
  payment: {
    title: 'Thông tin chuyển khoản',
    amount: 'Số tiền',
    bank: 'Ngân hàng',
    accountNumber: 'Số tài khoản',
    accountName: 'Chủ tài khoản',
    memo: 'Nội dung chuyển khoản',
    memoHint: 'Ghi đúng nội dung chuyển khoản để đơn được xác nhận tự động.',
    provider: 'Phương thức',
    copyLabel: (field: string) => `Sao chép ${field.toLowerCase()}`,
    qrTitle: 'Quét mã VietQR bằng ứng dụng ngân hàng',
    /** On a phone the QR is for paying from another device. */
    qrOtherDevice: 'Thanh toán từ thiết bị khác',
    qrOtherDeviceHint:
      'Mở ứng dụng ngân hàng trên một điện thoại khác và quét mã này, hoặc lưu ảnh rồi chọn ảnh trong ứng dụng.',
    openBankApp: 'Mở ứng dụng ngân hàng',
    openBankAppHint:
      'Chọn ngân hàng của bạn: ứng dụng mở ra với số tài khoản, số tiền và nội dung đã điền sẵn. Hãy kiểm tra lại trước khi chuyển.',
    openBankAppLabel: (bank: string) => `Mở ứng dụng ${bank} để chuyển khoản`,
    manualSteps: 'Hoặc sao chép từng thông tin và dán vào ứng dụng ngân hàng.',
    qrAlt: (code: string) => `Mã VietQR thanh toán đơn ${code}`,
    qrLoading: 'Đang tạo mã QR...',
    qrError: 'Không tạo được mã QR, vui lòng chuyển khoản theo thông tin bên cạnh.',
    qrDownload: 'Lưu ảnh QR',
    partiallyPaid: (paid: string, remaining: string) => `Đã nhận ${paid}, còn thiếu ${remaining}.`,
    partiallyPaidHint: (remaining: string) =>
      `Vui lòng chuyển thêm ${remaining} với cùng nội dung chuyển khoản: số tiền, mã QR và nút mở ứng dụng ngân hàng bên dưới đã điền sẵn số còn thiếu.`,
    amountRemaining: 'Số tiền còn thiếu',
    shortRule:
      'Chuyển thiếu: đơn chỉ được xác nhận khi nhận đủ tiền, hãy chuyển thêm phần còn thiếu trước khi hết thời gian. Nếu hết thời gian mà chưa đủ, cửa hàng sẽ kiểm tra rồi giao mã hoặc hoàn lại số đã nhận.',
    surplusRule:
      'Chuyển dư: đơn vẫn được xác nhận và giao mã ngay; liên hệ cửa hàng kèm mã đơn hàng để được hoàn lại phần dư.',
  },
  items: {
    title: 'Sản phẩm',
    line: (quantity: string, price: string) => `${quantity} × ${price}`,
    total: 'Tổng cộng',
    paid: 'Đã thanh toán',
  },
  codes: {
    title: 'Mã sản phẩm của bạn',
    copyAll: 'Sao chép tất cả',
    copyOne: (product: string, index: number) => `Sao chép mã ${index} của ${product}`,
    expires: (date: string) => `Hạn dùng: ${date}`,
    none: 'Đơn hàng chưa có mã.',
    serial: 'Seri',
    pin: 'Mã thẻ',
    copySerial: (product: string, index: number) => `Sao chép seri thẻ ${index} của ${product}`,
    copyPin: (product: string, index: number) => `Sao chép mã thẻ ${index} của ${product}`,
    replacement: 'Mã thay thế',
    instructions: 'Hướng dẫn sử dụng',
  },
  lookup: {
    title: 'Tra cứu đơn hàng',
    formLabel: 'Tra cứu đơn hàng',
    intro:
      'Nhập mã đơn hàng và email đã dùng khi đặt hàng để xem trạng thái và hướng dẫn thanh toán, hoặc để nhận lại đường dẫn xem đơn qua email.',
    code: 'Mã đơn hàng',
    email: 'Email',
    submit: 'Tra cứu',
    codeRequired: 'Nhập mã đơn hàng',
    codeInvalid: 'Mã đơn hàng gồm DH và 8 ký tự, ví dụ DH7K2M9QXA',
    emailRequired: 'Nhập email',
    emailInvalid: 'Email không hợp lệ',
    notFound: 'Không tìm thấy đơn hàng với mã và email này.',
    /** The lookup shows no codes: its banner says where they are instead of "bên dưới". */
    completedBanner:
      'Đơn hàng đã được thanh toán. Mã sản phẩm chỉ hiển thị trên đường dẫn xem đơn (trang mở ra sau khi đặt hàng, cũng được gửi tới email của bạn).',
    resend: 'Gửi lại liên kết qua email',
    resendLabel: 'Gửi lại đường dẫn xem đơn tới email đã dùng khi đặt hàng',
    resendDone: 'Nếu mã đơn và email khớp, chúng tôi đã gửi liên kết xem đơn tới email của bạn.',
    codesNote: {
      before:
        'Mã sản phẩm chỉ hiển thị trên đường dẫn đơn hàng ban đầu (trang mở ra sau khi đặt hàng, cũng có trong mục “Đơn hàng của bạn” trên thiết bị đã đặt). Nếu mất đường dẫn, nhập mã đơn và email rồi bấm “Gửi lại liên kết qua email” để nhận đường dẫn mới tại email đã dùng khi đặt hàng (kiểm tra cả thư mục spam). Nếu vẫn không nhận được, hãy liên hệ cửa hàng qua ',
      link: 'trang mạng xã hội',
      after: ' của cửa hàng.',
    },
  },
} as const;
