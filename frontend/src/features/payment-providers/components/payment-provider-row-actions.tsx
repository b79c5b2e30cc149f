import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
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
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t.edit}>
        <IconButton
          size="small"
          aria-label={`${t.edit} ${provider.name}`}
          onClick={() => onEdit(provider)}
          data-testid="payment-provider-edit-button"
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.delete}>
        <IconButton
          size="small"
          color="error"
          aria-label={`${t.delete} ${provider.name}`}
          onClick={() => onDelete(provider)}
          data-testid="payment-provider-delete-button"
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
