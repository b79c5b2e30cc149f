/** Vietnamese messages: the admin audit log (who revealed, deleted or changed what). */

export const auditLog = {
  title: 'Nhật ký thao tác',
  sourcesLabel: 'Nguồn nhật ký',
  sources: {
    store: 'Cửa hàng',
    payment: 'Thanh toán',
    identity: 'Tài khoản',
  },
  tableLabel: (source: string) => `Nhật ký thao tác: ${source}`,
  columns: {
    at: 'Thời gian',
    actor: 'Người thực hiện',
    action: 'Thao tác',
    target: 'Đối tượng',
    detail: 'Chi tiết',
  },
  filters: {
    actor: 'Người thực hiện',
    actorPlaceholder: 'Tên đăng nhập',
    action: 'Thao tác',
  },
  /**
   * One label per action name of retailstore's, paymentprovider's and identity's logs
   * (a name the services write before the filter offers it still reads in Vietnamese).
   */
  actions: {
    serial_code_reveal: 'Xem mã serial',
    order_codes_reveal: 'Xem mã của đơn hàng',
    product_delete: 'Xóa sản phẩm',
    serial_code_delete: 'Xóa mã serial',
    order_confirm_payment: 'Xác nhận thanh toán thủ công',
    order_cancel: 'Hủy đơn',
    order_replace_codes: 'Đổi mã thay thế',
    order_regenerate_link: 'Tạo lại liên kết',
    order_deliver: 'Giao mã (quyết định của nhân viên)',
    order_record_refund: 'Ghi nhận hoàn tiền',
    product_price_change: 'Đổi giá sản phẩm',
    product_status_change: 'Đổi trạng thái sản phẩm',
    serial_code_overwrite: 'Ghi đè mã serial',
    payment_transaction_assign: 'Gán giao dịch vào đơn',
    payment_provider_create: 'Thêm dịch vụ thanh toán',
    payment_provider_update: 'Sửa dịch vụ thanh toán',
    payment_provider_delete: 'Xóa dịch vụ thanh toán',
    payment_provider_test_webhook: 'Gửi thử webhook',
    user_create: 'Tạo người dùng',
    user_update: 'Sửa thông tin người dùng',
    user_role_change: 'Đổi vai trò',
    user_disable: 'Khóa tài khoản',
    user_enable: 'Mở khóa tài khoản',
    user_delete: 'Xóa người dùng',
    password_reset: 'Đặt lại mật khẩu',
    password_change: 'Tự đổi mật khẩu',
    login_lockout: 'Khóa đăng nhập (sai mật khẩu)',
  },
  empty: 'Không có mục nào trong nhật ký',
  loadError: (reason: string) => `Không tải được nhật ký: ${reason}`,
} as const;
