import type { ApiPath, ApiSchema } from '@/lib/api/schemas';

/**
 * The audit log's sources: retailstore (codes, products, orders), paymentprovider
 * (transfers assigned by hand, payment providers) and identity (accounts).
 */
export const AUDIT_SOURCES = ['store', 'payment', 'identity'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** Each source's action names, as its service writes them (newest actions last). */
export const AUDIT_ACTIONS = {
  store: [
    'serial_code_reveal',
    'order_codes_reveal',
    'product_delete',
    'serial_code_delete',
    'order_confirm_payment',
    'order_cancel',
    'order_replace_codes',
    'order_regenerate_link',
    'order_deliver',
    'order_record_refund',
    'product_price_change',
    'product_status_change',
    'serial_code_overwrite',
  ] satisfies ApiSchema<'StoreAuditAction'>[],
  payment: [
    'payment_transaction_assign',
    'payment_provider_create',
    'payment_provider_update',
    'payment_provider_delete',
    'payment_provider_test_webhook',
  ] satisfies ApiSchema<'PaymentAuditAction'>[],
  identity: [
    'user_create',
    'user_update',
    'user_role_change',
    'user_disable',
    'user_enable',
    'user_delete',
    'password_reset',
    'password_change',
    'login_lockout',
  ] satisfies ApiSchema<'IdentityAuditAction'>[],
} as const satisfies Record<AuditSource, readonly string[]>;

export type AuditAction = (typeof AUDIT_ACTIONS)[AuditSource][number];

export function isAuditAction(source: AuditSource, value: string): value is AuditAction {
  return (AUDIT_ACTIONS[source] as readonly string[]).includes(value);
}

/**
 * An entry of either source: `at` is an RFC 3339 instant, `actor` the user name of whoever
 * acted (for a lockout, the name that was tried).
 */
export type AuditEntry =
  ApiSchema<'IdentityAuditEntry'> | ApiSchema<'StoreAuditEntry'> | ApiSchema<'PaymentAuditEntry'>;

export const auditLogEndpoints = {
  store: '/retailstore/api/admin/v1/AuditLog/Pagination',
  payment: '/paymentprovider/api/admin/v1/AuditLog/Pagination',
  identity: '/identity/api/admin/v1/AuditLog/Pagination',
} satisfies Record<AuditSource, ApiPath>;

/** Every audit-log query key starts here. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (source: AuditSource, params: object) => ['audit-log', source, params] as const,
};
