/** Vietnamese labels of order and payment states (storefront and back office). */

export const orderStatus = {
  pending_payment: 'Chờ thanh toán',
  completed: 'Hoàn thành',
  expired: 'Hết hạn',
  cancelled: 'Đã hủy',
  needs_attention: 'Cần xử lý',
} as const;

export const paymentStatus = {
  unpaid: 'Chưa thanh toán',
  partially_paid: 'Thanh toán một phần',
  paid: 'Đã thanh toán',
  overpaid: 'Thanh toán dư',
} as const;
