import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SwapVertOutlined from '@mui/icons-material/SwapVertOutlined';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi';

export interface MenuItemModel {
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** Highlight only on the exact path (the dashboard), not on the paths below it. */
  end?: boolean;
}

export interface MenuGroupModel {
  label: string;
  items: MenuItemModel[];
}

/**
 * The spec's four groups; 'Nhà cung cấp' also lists the received bank transfers. Serial
 * codes and users are reached by URL.
 */
export const ADMIN_MENU: readonly MenuGroupModel[] = [
  { label: vi.menu.groups.home, items: [{ label: vi.menu.dashboard, to: paths.admin.root, icon: DashboardOutlined, end: true }] },
  { label: vi.menu.groups.products, items: [{ label: vi.menu.productList, to: paths.admin.products, icon: Inventory2Outlined }] },
  { label: vi.menu.groups.orders, items: [{ label: vi.menu.orderList, to: paths.admin.orders, icon: ReceiptLongOutlined }] },
  {
    label: vi.menu.groups.providers,
    items: [
      { label: vi.menu.paymentProviders, to: paths.admin.paymentProviders, icon: PaymentsOutlined },
      { label: vi.menu.paymentTransactions, to: paths.admin.paymentTransactions, icon: SwapVertOutlined },
    ],
  },
];
