/** Vietnamese messages: the shop configuration screen. */

export const configuration = {
  title: 'Cấu hình cửa hàng',
  loadError: (reason: string) => `Không tải được cấu hình: ${reason}`,
  lastUpdated: (at: string, by: string) => `Cập nhật lần cuối ${at} bởi ${by}`,
  neverUpdated: 'Chưa có thay đổi nào được lưu',
  sections: {
    identity: 'Nhận diện cửa hàng',
    contact: 'Liên hệ và mạng xã hội',
    analytics: 'Thống kê truy cập',
  },
  fields: {
    shopName: 'Tên cửa hàng',
    shopTagline: 'Khẩu hiệu',
    logo: 'Logo',
    socialUrl: 'Trang mạng xã hội',
    socialUrlHelp: 'Địa chỉ http:// hoặc https://, hiện ở chân trang cửa hàng',
    footerNote: 'Ghi chú chân trang',
    contactEmail: 'Email liên hệ',
    contactPhone: 'Số điện thoại liên hệ',
    analyticsId: 'Mã Google Analytics',
    analyticsIdHelp: 'Ví dụ G-XXXXXXX. Để trống để tắt thống kê; chỉ đường dẫn trang được gửi đi.',
  },
  validation: {
    shopNameRequired: 'Nhập tên cửa hàng',
    shopNameTooLong: 'Tên cửa hàng tối đa 100 ký tự',
    shopTaglineTooLong: 'Khẩu hiệu tối đa 200 ký tự',
    footerNoteTooLong: 'Ghi chú chân trang tối đa 500 ký tự',
    socialUrlInvalid: 'Địa chỉ trang mạng xã hội phải là URL http:// hoặc https:// hợp lệ',
    emailInvalid: 'Email liên hệ không hợp lệ',
    phoneInvalid: 'Số điện thoại gồm 6 đến 20 ký tự: chữ số, dấu cách và dấu + ở đầu',
    analyticsIdInvalid: 'Mã analytics gồm 1 đến 50 ký tự: chữ, số, - hoặc _',
  },
  saved: 'Đã lưu cấu hình cửa hàng',
  reset: 'Hoàn tác thay đổi',
} as const;
