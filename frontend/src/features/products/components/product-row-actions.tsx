import Button from '@mui/material/Button';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import { Link as RouterLink } from 'react-router-dom';
import { DeleteRowAction, EditRowAction, RowActions } from '@/components/ui/data-table/row-actions';
import { paths } from '@/config/paths';
import { strings } from '@/i18n/vi';
import type { Product } from '../api/types';

export interface ProductActionHandlers {
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

export function serialCodesLink(productId: string): string {
  return `${paths.admin.serialCodes}?${new URLSearchParams({ productId }).toString()}`;
}

export function ProductRowActions({
  product,
  onEdit,
  onDelete,
}: ProductActionHandlers & { product: Product }) {
  const t = strings.products.actions;
  return (
    <RowActions centered>
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
      <EditRowAction action={t.edit} name={product.name} onClick={() => onEdit(product)} />
      <DeleteRowAction action={t.delete} name={product.name} onClick={() => onDelete(product)} />
    </RowActions>
  );
}
