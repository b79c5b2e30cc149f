import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import {
  DataTableFrame,
  type DataTableQueryProps,
} from '@/components/ui/data-table/data-table-frame';
import { SortableHeadCell, type TableSort } from '@/components/ui/data-table/sortable-head-cell';
import { strings } from '@/i18n/vi';
import { formatDateTime, formatDayTime, formatNumber } from '@/lib/format';
import type { Bank, PaymentProvider, PaymentProviderSortField } from '../api/types';
import {
  PaymentProviderActiveChip,
  PaymentProviderTypeChip,
  PaymentProviderWebhookChip,
} from './payment-provider-chips';
import {
  PaymentProviderRowActions,
  type PaymentProviderActionHandlers,
} from './payment-provider-row-actions';
import { LastWebhookLine, TestWebhookButton } from './last-webhook';
import { WebhookUrlCell } from './webhook-url';

export type PaymentProvidersSort = TableSort<PaymentProviderSortField>;

interface PaymentProvidersTableProps
  extends PaymentProviderActionHandlers, DataTableQueryProps<PaymentProvider> {
  sort: PaymentProvidersSort | null;
  onSortChange: (sort: PaymentProvidersSort) => void;
  /** The built-in banks by BIN, for their short names. */
  banks: ReadonlyMap<string, Bank>;
  /** Staff: no edit or delete. */
  readOnly: boolean;
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

function AccountCell({ provider, bank }: { provider: PaymentProvider; bank: Bank | undefined }) {
  if (provider.type !== 'vietqr_bank' && !provider.accountNumber) {
    return (
      <Typography variant="body2" color="text.secondary">
        {strings.common.empty}
      </Typography>
    );
  }
  const bankLabel =
    bank?.shortName ?? provider.bankName ?? provider.bankBin ?? strings.common.empty;
  return (
    <Box sx={{ lineHeight: 1.4 }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600 }}
        data-testid="payment-provider-bank"
        data-bin={provider.bankBin ?? ''}
      >
        {bankLabel}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontFamily: MONO, letterSpacing: 0.5 }}
        data-testid="payment-provider-account-number"
      >
        {provider.accountNumber ?? strings.common.empty}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="payment-provider-account-name"
      >
        {provider.accountName ?? strings.common.empty}
      </Typography>
    </Box>
  );
}

export function PaymentProvidersTable({
  sort,
  onSortChange,
  banks,
  readOnly,
  onEdit,
  onDelete,
  ...query
}: PaymentProvidersTableProps) {
  const t = strings.paymentProviders;
  const rows = query.data?.items ?? [];
  const handlers = { onEdit, onDelete };

  const sorting = { sort, onSortChange };

  return (
    <DataTableFrame
      query={query}
      loadErrorText={t.loadError}
      label={t.tableLabel}
      testId="payment-providers-table"
      minWidth={960}
      columns={[
        <TableCell sx={{ width: 64 }}>{t.columns.logo}</TableCell>,
        <SortableHeadCell field="name" label={t.columns.name} {...sorting} />,
        t.columns.type,
        t.columns.account,
        t.columns.status,
        <SortableHeadCell
          field="sortOrder"
          label={t.columns.sortOrder}
          align="right"
          {...sorting}
        />,
        t.columns.webhook,
        <SortableHeadCell
          field="createdAt"
          label={t.columns.createdAt}
          firstDirection="desc"
          {...sorting}
        />,
      ]}
      actions={!readOnly}
      emptyText={t.empty}
    >
      {rows.map((provider) => (
        <TableRow
          key={provider.id}
          hover
          data-testid="payment-providers-row"
          data-provider-id={provider.id}
          data-type={provider.type}
          data-active={provider.isActive}
        >
          <TableCell>
            <Avatar
              variant="rounded"
              src={provider.logoUrl ?? undefined}
              alt={provider.name}
              sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.disabled' }}
              data-testid="payment-provider-logo"
            >
              <AccountBalanceOutlined titleAccess={t.noLogo} />
            </Avatar>
          </TableCell>
          <TableCell sx={{ maxWidth: 240 }}>
            <Typography
              variant="body2"
              sx={{ fontWeight: 600, wordBreak: 'break-word' }}
              data-testid="payment-provider-name"
            >
              {provider.name}
            </Typography>
          </TableCell>
          <TableCell>
            <PaymentProviderTypeChip type={provider.type} />
          </TableCell>
          <TableCell>
            <AccountCell
              provider={provider}
              bank={provider.bankBin ? banks.get(provider.bankBin) : undefined}
            />
          </TableCell>
          <TableCell>
            <PaymentProviderActiveChip isActive={provider.isActive} />
          </TableCell>
          <TableCell align="right">{formatNumber(provider.sortOrder)}</TableCell>
          <TableCell sx={{ maxWidth: 280 }}>
            <PaymentProviderWebhookChip provider={provider} />
            {provider.webhookEnabled && <WebhookUrlCell provider={provider} />}
            {(provider.webhookEnabled || provider.lastWebhook) && (
              <LastWebhookLine provider={provider} />
            )}
            {provider.webhookEnabled && provider.hasWebhookSecret && (
              <TestWebhookButton provider={provider} />
            )}
            {provider.lastReconciledAt && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ mt: 0.5 }}
                data-testid="payment-provider-last-reconciled"
              >
                {t.lastReconciled(formatDayTime(provider.lastReconciledAt))}
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(provider.createdAt)}</TableCell>
          {!readOnly && (
            <TableCell align="right">
              <PaymentProviderRowActions provider={provider} {...handlers} />
            </TableCell>
          )}
        </TableRow>
      ))}
    </DataTableFrame>
  );
}
