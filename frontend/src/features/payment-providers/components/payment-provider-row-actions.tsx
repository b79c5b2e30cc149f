import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { RowActionButton, RowActions } from '@/components/ui/data-table/row-actions';
import { vi } from '@/i18n/vi';
import type { PaymentProvider } from '../api/types';

export interface PaymentProviderActionHandlers {
  onEdit: (provider: PaymentProvider) => void;
  onDelete: (provider: PaymentProvider) => void;
}

/** Admin only: the screen does not render these for staff. */
export function PaymentProviderRowActions({ provider, onEdit, onDelete }: PaymentProviderActionHandlers & { provider: PaymentProvider }) {
  const t = vi.paymentProviders.actions;
  return (
    <RowActions>
      <RowActionButton
        title={t.edit}
        label={`${t.edit} ${provider.name}`}
        icon={<EditOutlined fontSize="small" />}
        onClick={() => onEdit(provider)}
        testId="payment-provider-edit-button"
      />
      <RowActionButton
        title={t.delete}
        label={`${t.delete} ${provider.name}`}
        icon={<DeleteOutlined fontSize="small" />}
        onClick={() => onDelete(provider)}
        color="error"
        testId="payment-provider-delete-button"
      />
    </RowActions>
  );
}
