/**
 * Vietnamese messages of the shop's shell added with the storefront polish: the
 * storefront footer's contact lines, the page description and the admin menu's
 * system group.
 */

export const shell = {
  /** The page description search engines show, until the shop's own tagline loads. */
  defaultDescription:
    'Mua mã thẻ, thẻ quà tặng và mã bản quyền, thanh toán qua chuyển khoản VietQR, nhận mã ngay sau khi thanh toán.',
  chartNoData: 'Không có dữ liệu để hiển thị',
  /** The storefront header's and the not-found page's way to an order without its link. */
  orderLookup: 'Tra cứu đơn hàng',
  footer: {
    contactLabel: 'Liên hệ',
    email: 'Email',
    phone: 'Điện thoại',
  },
  menu: {
    system: 'Hệ thống',
    users: 'Người dùng',
    configuration: 'Cấu hình',
    auditLog: 'Nhật ký',
    notifications: 'Thông báo',
    serialCodes: 'Mã serial',
  },
} as const;
