import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { vi } from '@/i18n/vi';
import type { Product } from '../api/types';

export interface ProductActionHandlers {
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

export function serialCodesLink(productId: string): string {
  return `${paths.admin.serialCodes}?${new URLSearchParams({ productId }).toString()}`;
}

export function ProductRowActions({ product, onEdit, onDelete }: ProductActionHandlers & { product: Product }) {
  const t = vi.products.actions;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      <Button
        size="small"
        component={RouterLink}
        to={serialCodesLink(product.id)}
        startIcon={<QrCode2Outlined fontSize="small" />}
        aria-label={`${t.serialCodes} ${product.name}`}
        data-testid="product-serial-codes-link"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t.serialCodes}
      </Button>
      <Tooltip title={t.edit}>
        <IconButton size="small" aria-label={`${t.edit} ${product.name}`} onClick={() => onEdit(product)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.delete}>
        <IconButton size="small" color="error" aria-label={`${t.delete} ${product.name}`} onClick={() => onDelete(product)}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
