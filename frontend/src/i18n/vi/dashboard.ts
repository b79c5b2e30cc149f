/** Vietnamese messages: the admin dashboard. */

export const dashboard = {
  range: 'Khoảng thời gian',
  ranges: {
    today: 'Hôm nay',
    days7: '7 ngày',
    days30: '30 ngày',
  },
  loadError: (reason: string) => `Không tải được số liệu: ${reason}`,
  revenue: 'Doanh thu',
  paidOrders: 'Đơn đã thanh toán',
  codesSold: 'Mã đã bán',
  needsAttention: 'Đơn cần xử lý',
  ordersCount: (count: string) => `${count} đơn`,
  ordersByStatus: 'Đơn hàng theo trạng thái',
  statusCount: (label: string, count: string) => `${label}: ${count}`,
  revenueByDay: 'Doanh thu theo ngày',
  chartLabel: (total: string, days: string) => `Biểu đồ doanh thu ${days} ngày, tổng ${total}`,
  topProducts: 'Sản phẩm bán chạy',
  noSales: 'Chưa có đơn nào được thanh toán trong khoảng này.',
  lowStock: 'Sắp hết mã',
  noLowStock: 'Không có sản phẩm nào sắp hết mã.',
  available: (available: string, threshold: string) => `Còn ${available} mã (ngưỡng ${threshold})`,
  importCodes: 'Nhập mã',
  importCodesLabel: (name: string) => `Nhập mã cho ${name}`,
  columns: {
    product: 'Sản phẩm',
    quantity: 'Số mã',
    revenue: 'Doanh thu',
  },
} as const;
