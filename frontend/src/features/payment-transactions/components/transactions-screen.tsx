import { useState } from 'react';
import Button from '@mui/material/Button';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { plainFilterCodec, useListUrlState } from '@/lib/hooks/use-list-url-state';
import { useProviderOptions } from '../api/get-provider-options';
import { useTransactions } from '../api/get-transactions';
import { TRANSACTION_STATUSES, type PaymentTransaction } from '../api/types';
import { AssignTransactionDialog } from './assign-transaction-dialog';
import { TransactionsFilters, type TransactionsFilterValues } from './transactions-filters';
import { TransactionsTable } from './transactions-table';

const INITIAL_FILTERS: TransactionsFilterValues = { keyword: '', status: '', providerId: '' };
const LIST = { codec: plainFilterCodec(INITIAL_FILTERS, { status: TRANSACTION_STATUSES }) };

/** Received bank transfers: unmatched ones first and highlighted, each assignable to an order. */
export function TransactionsScreen() {
  const { filters, setFilters, page, pageProps } = useListUrlState(LIST);
  const keyword = useDebouncedValue(filters.keyword.trim());
  const [assign, setAssign] = useState<{ open: boolean; transaction: PaymentTransaction | null }>({
    open: false,
    transaction: null,
  });
  const providers = useProviderOptions();
  const t = strings.transactions;

  const transactions = useTransactions({
    ...page,
    keyword: keyword || undefined,
    status: filters.status || undefined,
    providerId: filters.providerId || undefined,
  });

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button
            component={RouterLink}
            to={paths.admin.paymentProviders}
            startIcon={<PaymentsOutlined />}
            variant="outlined"
          >
            {t.backToProviders}
          </Button>
        }
      />
      <TransactionsFilters value={filters} onChange={setFilters} providers={providers.data ?? []} />
      <TransactionsTable
        data={transactions.data}
        isFetching={transactions.isFetching}
        error={transactions.error}
        onRetry={() => void transactions.refetch()}
        {...pageProps}
        onAssign={(transaction) => setAssign({ open: true, transaction })}
      />
      <AssignTransactionDialog
        open={assign.open}
        transaction={assign.transaction}
        onClose={() => setAssign((prev) => ({ ...prev, open: false }))}
      />
    </>
  );
}
