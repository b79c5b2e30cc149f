/**
 * Vietnamese messages shared by the storefront and the back office: the app shell, common
 * buttons, toasts, the API client and errors. The back office's own shell is in
 * `./admin-shell`, so the storefront's first load carries none of it.
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
  /** 'Sao chép số tài khoản' → 'Đã sao chép số tài khoản'. */
  copiedWhat: (what: string) => `Đã sao chép ${what}`,
  copiedMark: 'Đã sao chép',
  copyFailed: 'Không sao chép được, hãy chọn và sao chép thủ công',
  search: 'Tìm kiếm',
  fromDay: 'Từ ngày',
  toDay: 'Đến ngày',
  dayPlaceholder: 'dd/mm/yyyy',
  dayInvalid: 'Nhập ngày dạng dd/mm/yyyy',
  pickDay: (label: string) => `Chọn ${label.toLowerCase()} trên lịch`,
  dateTimePlaceholder: 'dd/mm/yyyy HH:mm',
  dateTimeInvalid: 'Nhập ngày giờ có thật, dạng dd/mm/yyyy HH:mm (ví dụ 31/12/2027 23:59)',
  rowsPerPage: 'Số dòng mỗi trang',
  displayedRows: (from: number, to: number, count: number) => `${from}–${to} trên ${count}`,
  fileSize: {
    bytes: (n: string) => `${n} B`,
    kilobytes: (n: string) => `${n} KB`,
    megabytes: (n: string) => `${n} MB`,
  },
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
  unauthorizedLog:
    'Phiên đăng nhập không hợp lệ hoặc đã hết hạn (HTTP 401), chuyển về trang đăng nhập.',
  invalidResponse: 'Phản hồi từ server không hợp lệ',
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;

export const errors = {
  notFoundTitle: 'Không tìm thấy trang',
  notFoundText: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
  accessDeniedTitle: 'Không có quyền truy cập',
  accessDeniedText:
    'Tài khoản của bạn không được phép xem trang này. Hãy liên hệ quản trị viên nếu cần.',
  errorTitle: 'Đã xảy ra lỗi',
  errorText: 'Đã xảy ra lỗi, vui lòng thử lại sau',
} as const;
