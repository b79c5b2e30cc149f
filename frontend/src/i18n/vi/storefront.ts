/** Vietnamese messages for the storefront: the catalogue, the product page, its footer line and the buyer's own orders. */

export const storefront = {
  searchLabel: 'Tìm sản phẩm',
  searchPlaceholder: 'Nhập tên sản phẩm',
  productsLabel: 'Danh sách sản phẩm',
  empty: 'Chưa có sản phẩm nào. Mời bạn quay lại sau!',
  noResults: (keyword: string) => `Không tìm thấy sản phẩm nào cho “${keyword}”.`,
  loadError: 'Không tải được danh sách sản phẩm.',
  loadMore: 'Xem thêm',
  shownOf: (shown: string, total: string) => `Đang xem ${shown} / ${total} sản phẩm`,
  noImage: 'Chưa có ảnh sản phẩm',
  originalPrice: 'Giá gốc',
  price: 'Giá bán',
  buyNow: 'Mua ngay',
  buyNowLabel: (name: string) => `Mua ngay ${name}`,
  openProductLabel: (name: string) => `Xem chi tiết ${name}`,
  product: {
    description: 'Mô tả sản phẩm',
    noDescription: 'Sản phẩm chưa có mô tả.',
    limits: (min: string, max: string) => `Mỗi đơn mua từ ${min} đến ${max} sản phẩm.`,
    notFoundTitle: 'Không tìm thấy sản phẩm',
    notFoundText: 'Sản phẩm này không tồn tại hoặc đã ngừng bán.',
    backHome: 'Về trang chủ',
    loadError: 'Không tải được thông tin sản phẩm.',
  },
  stock: {
    in_stock: 'Còn hàng',
    low: 'Sắp hết',
    out_of_stock: 'Hết hàng',
  },
  footerCoupon: {
    before:
      'Với mọi đơn hàng bị hủy có sử dụng mã giảm giá của sản phẩm, quý khách có thể liên hệ chủ cửa hàng qua ',
    link: 'trang mạng xã hội',
    after: ' để được tặng mã giảm giá thay thế miễn phí.',
  },
} as const;

export const myOrders = {
  title: 'Đơn hàng của bạn',
  hint: 'Các đơn đã đặt trên thiết bị này. Mở đơn để xem hướng dẫn thanh toán và nhận mã.',
  itemLine: (name: string, quantity: string) => `${name} × ${quantity}`,
  createdAt: (at: string) => `Đặt lúc ${at}`,
  open: 'Xem đơn',
  openLabel: (code: string) => `Xem đơn ${code}`,
  remove: 'Xóa khỏi danh sách',
  removeLabel: (code: string) => `Xóa đơn ${code} khỏi danh sách`,
  removeTitle: 'Xóa khỏi danh sách',
  removeConfirm: (code: string) =>
    `Xóa đơn ${code} khỏi danh sách trên thiết bị này? Đơn hàng vẫn còn, nhưng nếu chưa lưu đường dẫn, bạn chỉ tra cứu được trạng thái bằng mã đơn và email.`,
} as const;
