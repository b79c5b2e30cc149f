import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SwapVertOutlined from '@mui/icons-material/SwapVertOutlined';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import type { UserRole } from '@/lib/auth/types';

export interface MenuItemModel {
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** Highlight only on the exact path (the dashboard), not on the paths below it. */
  end?: boolean;
  /** A live count beside the label: the received transfers waiting for staff. */
  badge?: 'unmatchedTransfers';
}

export interface MenuGroupModel {
  label: string;
  items: MenuItemModel[];
  /** Shown to the `admin` role only (its screens answer staff with access denied). */
  adminOnly?: boolean;
}

/**
 * The spec's four groups ('Sản phẩm' also lists the serial codes, 'Nhà cung cấp' the
 * received bank transfers), then the admin's own 'Hệ thống' group.
 */
export const ADMIN_MENU: readonly MenuGroupModel[] = [
  {
    label: strings.menu.groups.home,
    items: [
      { label: strings.menu.dashboard, to: paths.admin.root, icon: DashboardOutlined, end: true },
    ],
  },
  {
    label: strings.menu.groups.products,
    items: [
      // Exact match: the serial-code list lives below the products path.
      {
        label: strings.menu.productList,
        to: paths.admin.products,
        icon: Inventory2Outlined,
        end: true,
      },
      { label: strings.shell.menu.serialCodes, to: paths.admin.serialCodes, icon: KeyOutlined },
    ],
  },
  {
    label: strings.menu.groups.orders,
    items: [{ label: strings.menu.orderList, to: paths.admin.orders, icon: ReceiptLongOutlined }],
  },
  {
    label: strings.menu.groups.providers,
    items: [
      {
        label: strings.menu.paymentProviders,
        to: paths.admin.paymentProviders,
        icon: PaymentsOutlined,
      },
      {
        label: strings.menu.paymentTransactions,
        to: paths.admin.paymentTransactions,
        icon: SwapVertOutlined,
        badge: 'unmatchedTransfers',
      },
    ],
  },
  {
    label: strings.shell.menu.system,
    adminOnly: true,
    items: [
      { label: strings.shell.menu.users, to: paths.admin.users, icon: GroupOutlined },
      {
        label: strings.shell.menu.configuration,
        to: paths.admin.configuration,
        icon: SettingsOutlined,
      },
      {
        label: strings.shell.menu.notifications,
        to: paths.admin.notifications,
        icon: NotificationsOutlined,
      },
      { label: strings.shell.menu.auditLog, to: paths.admin.auditLog, icon: HistoryOutlined },
    ],
  },
];

/** The groups a role sees. */
export function menuForRole(role: UserRole | undefined): MenuGroupModel[] {
  return ADMIN_MENU.filter((group) => !group.adminOnly || role === 'admin');
}
