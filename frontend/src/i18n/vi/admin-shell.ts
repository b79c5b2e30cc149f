/**
 * Vietnamese messages of the back office's shell: uploads, the admin layout and menu, the
 * product picker and generic pages.
 */

export const upload = {
  choose: 'Chọn ảnh',
  change: 'Đổi ảnh',
  remove: 'Xóa ảnh',
  cancel: 'Hủy tải lên',
  inputLabel: 'Chọn tệp ảnh',
  previewAlt: 'Ảnh xem trước',
  noImage: 'Chưa có ảnh',
  uploading: 'Đang tải ảnh lên',
  progress: (percent: number) => `Đang tải lên ${percent}%`,
  hint: 'PNG, JPEG, WEBP hoặc GIF, tối đa 5 MB',
  failedTitle: 'Tải ảnh thất bại',
  tooLarge: 'Ảnh quá lớn: tối đa 5 MB.',
  notImage: 'Tệp không phải ảnh hợp lệ (PNG, JPEG, WEBP hoặc GIF).',
  noFile: 'Chưa có tệp nào được gửi lên, hãy chọn lại ảnh.',
} as const;

export const layout = {
  menuToggle: 'Bật/tắt menu',
  profileMenu: 'Tài khoản',
  profileSecondary: (userName: string, role: string) => `${userName} · ${role}`,
  changePassword: 'Đổi mật khẩu',
  logout: 'Đăng xuất',
  settings: 'Cấu hình giao diện',
  settingsTitle: 'Cấu hình giao diện',
  menuMode: 'Kiểu menu',
  menuModeStatic: 'Cố định',
  menuModeOverlay: 'Nổi',
  colorMode: 'Giao diện',
  colorModeLight: 'Sáng',
  colorModeDark: 'Tối',
  sidebar: 'Menu quản trị',
  emptySidebar: 'Không có menu cho trang này',
} as const;

export const menu = {
  groups: {
    home: 'Trang chủ',
    products: 'Sản phẩm',
    orders: 'Đơn hàng',
    providers: 'Nhà cung cấp',
  },
  dashboard: 'Tổng quan',
  productList: 'Danh sách sản phẩm',
  orderList: 'Danh sách đơn hàng',
  paymentProviders: 'Dịch vụ thanh toán',
  paymentTransactions: 'Giao dịch nhận được',
} as const;

export const productPicker = {
  empty: 'Không tìm thấy sản phẩm',
  loading: 'Đang tìm...',
} as const;

export const comingSoon = {
  title: 'Sắp ra mắt',
  description: 'Chức năng này đang được phát triển và sẽ sớm có mặt.',
} as const;

export const pages = {
  dashboard: 'Tổng quan',
  quickLinks: 'Lối tắt quản trị',
  products: 'Danh sách sản phẩm',
  serialCodes: 'Danh sách mã sản phẩm',
  orders: 'Danh sách đơn hàng',
  paymentProviders: 'Dịch vụ thanh toán',
  users: 'Người dùng',
  configuration: 'Cấu hình cửa hàng',
} as const;
