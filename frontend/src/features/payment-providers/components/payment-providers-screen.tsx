import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import SwapVertOutlined from '@mui/icons-material/SwapVertOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { useSession } from '@/lib/auth';
import { confirm } from '@/lib/confirm';
import { showError, showSuccess } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { plainFilterCodec, useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useDeletePaymentProvider } from '../api/delete-payment-provider';
import { useBanks } from '../api/get-banks';
import { usePaymentProviders } from '../api/get-payment-providers';
import {
  PAYMENT_PROVIDER_SORT_FIELDS,
  PAYMENT_PROVIDER_TYPES,
  type Bank,
  type PaymentProvider,
} from '../api/types';
import { PaymentProviderFormDialog } from './payment-provider-form-dialog';
import {
  PaymentProvidersFilters,
  type PaymentProvidersFilterValues,
} from './payment-providers-filters';
import { PaymentProvidersTable } from './payment-providers-table';
import { SavedWebhookNotice } from './webhook-url';

const INITIAL_FILTERS: PaymentProvidersFilterValues = { keyword: '', type: '', active: '' };
const LIST = {
  codec: plainFilterCodec(INITIAL_FILTERS, {
    type: PAYMENT_PROVIDER_TYPES,
    active: ['true', 'false'],
  }),
  sortFields: PAYMENT_PROVIDER_SORT_FIELDS,
};

/** The provider stays while the dialog fades out, so its title does not flip. */
interface FormState {
  open: boolean;
  provider: PaymentProvider | null;
}

/**
 * Payment providers: everyone in the back office reads them; only `admin` may create,
 * edit or delete (the service answers code 6 otherwise), so staff get no such buttons.
 */
export function PaymentProvidersScreen() {
  const session = useSession();
  const canManage = session?.user?.role === 'admin';
  const { filters, setFilters, page, pageProps, sort, setSort } = useListUrlState(LIST);
  const [form, setForm] = useState<FormState>({ open: false, provider: null });
  const [saved, setSaved] = useState<PaymentProvider | null>(null);
  const keyword = useDebouncedValue(filters.keyword.trim());
  const t = strings.paymentProviders;

  const providers = usePaymentProviders({
    ...page,
    keyword: keyword || undefined,
    type: filters.type || undefined,
    isActive: filters.active === '' ? undefined : filters.active === 'true',
    sortBy: sort?.sortBy,
    sortDir: sort?.sortDir,
  });
  const banks = useBanks();
  const banksByBin = useMemo(
    () => new Map<string, Bank>((banks.data ?? []).map((bank) => [bank.bin, bank])),
    [banks.data],
  );
  const deleteProvider = useDeletePaymentProvider();

  const onDelete = async (provider: PaymentProvider) => {
    const accepted = await confirm({
      title: t.messages.deleteTitle,
      message: t.messages.deleteConfirm(provider.name),
      acceptLabel: t.actions.delete,
      rejectLabel: strings.common.cancel,
      destructive: true,
    });
    if (!accepted) return;
    deleteProvider.mutate(provider.id, {
      onSuccess: () => showSuccess(t.messages.deleted(provider.name)),
      onError: (error) => showError(error),
    });
  };

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              component={RouterLink}
              to={paths.admin.paymentTransactions}
              startIcon={<SwapVertOutlined />}
              data-testid="payment-transactions-link"
            >
              {strings.transactions.openFromProviders}
            </Button>
            {canManage && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setForm({ open: true, provider: null })}
                data-testid="payment-provider-create-button"
              >
                {t.create}
              </Button>
            )}
          </Stack>
        }
      />
      {!canManage && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-providers-read-only">
          {t.readOnlyNotice}
        </Alert>
      )}
      {saved?.webhookEnabled && (
        <SavedWebhookNotice provider={saved} onClose={() => setSaved(null)} />
      )}
      <PaymentProvidersFilters value={filters} onChange={setFilters} />
      <PaymentProvidersTable
        data={providers.data}
        isFetching={providers.isFetching}
        error={providers.error}
        onRetry={() => void providers.refetch()}
        {...pageProps}
        sort={sort}
        onSortChange={setSort}
        banks={banksByBin}
        readOnly={!canManage}
        onEdit={(provider) => setForm({ open: true, provider })}
        onDelete={(provider) => void onDelete(provider)}
      />
      {canManage && (
        <PaymentProviderFormDialog
          open={form.open}
          provider={form.provider}
          onClose={() => setForm((prev) => ({ ...prev, open: false }))}
          onSaved={setSaved}
        />
      )}
    </>
  );
}
