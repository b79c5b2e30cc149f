/**
 * Order and payment statuses (docs/buying-flow.md): shared by the storefront order page, the
 * back-office orders screens and the dashboard.
 */
import type { ApiSchema } from '@/lib/api/schemas';

export type OrderStatus = ApiSchema<'OrderStatus'>;
export const ORDER_STATUSES = [
  'pending_payment',
  'completed',
  'expired',
  'cancelled',
  'needs_attention',
] as const satisfies readonly OrderStatus[];

export type PaymentStatus = ApiSchema<'PaymentStatus'>;
export const PAYMENT_STATUSES = [
  'unpaid',
  'partially_paid',
  'paid',
  'overpaid',
] as const satisfies readonly PaymentStatus[];

/** The payment instruction snapshot taken when the order is created (storefront and back office). */
export type PaymentInstruction = ApiSchema<'PaymentInstruction'>;

/** Nothing changes on its own any more: the storefront stops polling. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'expired', 'cancelled'];

export function isFinalOrderStatus(status: string | null | undefined): boolean {
  return (FINAL_ORDER_STATUSES as readonly string[]).includes(status ?? '');
}

export function isOrderStatus(value: string | null | undefined): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '');
}

export function isPaymentStatus(value: string | null | undefined): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value ?? '');
}

/** `DH` + 8 characters of Crockford base32: the order code, also the transfer memo. */
export const ORDER_CODE_PATTERN = /^DH[0-9A-HJKMNP-TV-Z]{8}$/;

/** An order code as a person may type it: trimmed, upper case. */
export function normalizeOrderCode(value: string): string {
  return value.trim().toUpperCase();
}
