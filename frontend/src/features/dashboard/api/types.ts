import { QUERY_ROOTS } from '@/lib/query-keys';

export interface RevenueByDay {
  /** A shop day `YYYY-MM-DD` (or an instant in it). */
  date: string;
  revenue: number;
  orders: number;
}

export interface TopProduct {
  productId: string;
  name: string;
  quantity: number;
  revenue: number;
}

export interface LowStockProduct {
  productId: string;
  name: string;
  available: number;
  lowStockThreshold: number;
}

/** admin Dashboard/Summary for `[from, to)`. */
export interface DashboardSummary {
  revenue: number;
  /** Orders completed in the range (what `revenue` counts). */
  completedOrders?: number;
  orderCounts: Partial<Record<string, number>>;
  codesSold: number;
  revenueByDay: RevenueByDay[];
  topProducts: TopProduct[];
  lowStock: LowStockProduct[];
}

export const dashboardEndpoints = {
  summary: '/retailstore/api/admin/v1/Dashboard/Summary',
} as const;

/** Under the orders root: an order action refreshes the figures too. */
export const dashboardKeys = {
  summary: (params: object) => [QUERY_ROOTS.orders, 'dashboard', params] as const,
};
