import type { ApiPath, ApiSchema } from '@/lib/api/schemas';
import { QUERY_ROOTS } from '@/lib/api/query-keys';

/** admin Dashboard/Summary for `[from, to)`; `completedOrders` are what `revenue` counts. */
export type DashboardSummary = ApiSchema<'DashboardSummary'>;
/** A shop day `YYYY-MM-DD` (or an instant in it) and its figures. */
export type RevenueByDay = DashboardSummary['revenueByDay'][number];
export type TopProduct = DashboardSummary['topProducts'][number];
export type LowStockProduct = DashboardSummary['lowStock'][number];

export const dashboardEndpoints = {
  summary: '/retailstore/api/admin/v1/Dashboard/Summary',
} as const satisfies Record<string, ApiPath>;

/** Under the orders root: an order action refreshes the figures too. */
export const dashboardKeys = {
  summary: (params: object) => [QUERY_ROOTS.orders, 'dashboard', params] as const,
};
