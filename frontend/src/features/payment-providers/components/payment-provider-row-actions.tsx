import { DeleteRowAction, EditRowAction, RowActions } from '@/components/ui/data-table/row-actions';
import { strings } from '@/i18n/vi';
import type { PaymentProvider } from '../api/types';

export interface PaymentProviderActionHandlers {
  onEdit: (provider: PaymentProvider) => void;
  onDelete: (provider: PaymentProvider) => void;
}

/** Admin only: the screen does not render these for staff. */
export function PaymentProviderRowActions({
  provider,
  onEdit,
  onDelete,
}: PaymentProviderActionHandlers & { provider: PaymentProvider }) {
  const t = strings.paymentProviders.actions;
  return (
    <RowActions>
      <EditRowAction
        action={t.edit}
        name={provider.name}
        onClick={() => onEdit(provider)}
        testId="payment-provider-edit-button"
      />
      <DeleteRowAction
        action={t.delete}
        name={provider.name}
        onClick={() => onDelete(provider)}
        testId="payment-provider-delete-button"
      />
    </RowActions>
  );
}
