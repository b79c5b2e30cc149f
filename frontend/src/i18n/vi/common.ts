/**
 * Vietnamese messages shared across screens: the app shell, common buttons,
 * uploads, toasts, the API client, the admin layout and menu, generic pages and errors.
 */

export const app = {
  defaultShopName: 'Cửa hàng mã số',
  adminTitle: 'Trang quản trị',
  logoAlt: 'Logo cửa hàng',
  copyright: (year: number, name: string) => `© ${year} ${name}`,
  loading: 'Đang tải...',
} as const;

export const common = {
  cancel: 'Hủy',
  save: 'Lưu',
  close: 'Đóng',
  confirm: 'Xác nhận',
  accept: 'Đồng ý',
  reject: 'Không',
  empty: '—',
  retry: 'Thử lại',
  all: 'Tất cả',
  actions: 'Thao tác',
  backToAdmin: 'Về trang quản trị',
  backToHome: 'Về trang chủ',
  goToLogin: 'Đến trang đăng nhập',
  showPassword: 'Hiện mật khẩu',
  hidePassword: 'Ẩn mật khẩu',
  copy: 'Sao chép',
  copied: 'Đã sao chép vào bộ nhớ tạm',
  copyFailed: 'Không sao chép được, hãy chọn và sao chép thủ công',
  search: 'Tìm kiếm',
  rowsPerPage: 'Số dòng mỗi trang',
  displayedRows: (from: number, to: number, count: number) => `${from}–${to} trên ${count}`,
  fileSize: {
    bytes: (n: string) => `${n} B`,
    kilobytes: (n: string) => `${n} KB`,
    megabytes: (n: string) => `${n} MB`,
  },
} as const;

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

export const validation = {
  passwordLength: 'Mật khẩu từ 6 đến 30 ký tự',
} as const;

export const theme = {
  toggle: 'Chuyển giao diện sáng/tối',
} as const;

export const toast = {
  titles: {
    error: 'Lỗi',
    warn: 'Cảnh báo',
    success: 'Thành công',
    info: 'Thông tin',
  },
  fallbackError: 'Đã xảy ra lỗi, vui lòng thử lại sau',
  notInitialised:
    'Dịch vụ thông báo (toast) chưa được khởi tạo: hãy gắn ToastContainer vào khung ứng dụng trước khi hiển thị thông báo.',
  close: 'Đóng thông báo',
} as const;

export const confirm = {
  defaultTitle: 'Xác nhận',
} as const;

export const api = {
  networkError: 'Không thể kết nối tới server. Vui lòng kiểm tra mạng.',
  requestErrorPrefix: 'Lỗi khi gửi yêu cầu: ',
  unauthorizedLog: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn (HTTP 401), chuyển về trang đăng nhập.',
  invalidResponse: 'Phản hồi từ server không hợp lệ',
  httpStatus: (status: number) => `HTTP ${status}`,
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
  dashboard: 'Dashboard',
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
  dashboard: 'Dashboard',
  quickLinks: 'Lối tắt quản trị',
  products: 'Danh sách sản phẩm',
  serialCodes: 'Danh sách mã sản phẩm',
  orders: 'Danh sách đơn hàng',
  paymentProviders: 'Dịch vụ thanh toán',
  users: 'Người dùng',
  configuration: 'Cấu hình cửa hàng',
} as const;

export const errors = {
  notFoundTitle: 'Không tìm thấy trang',
  notFoundText: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
  accessDeniedTitle: 'Không có quyền truy cập',
  accessDeniedText: 'Tài khoản của bạn không được phép xem trang này. Hãy liên hệ quản trị viên nếu cần.',
  errorTitle: 'Đã xảy ra lỗi',
  errorText: 'Đã xảy ra lỗi, vui lòng thử lại sau',
} as const;
