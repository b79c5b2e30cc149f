import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { strings } from '@/i18n/vi';
import { confirm } from '@/lib/confirm';
import { showError } from '@/lib/toast';
import { useRevealCodes } from '../api/reveal-codes';
import type { AdminOrderDetail, RevealedCode } from '../api/types';
import { AccessLinkDialog } from './access-link-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { DeliverOrderDialog } from './deliver-order-dialog';
import { allowedOrderActions, type OrderAction } from './order-actions-model';
import { RecordRefundDialog } from './record-refund-dialog';
import { RegenerateLinkDialog } from './regenerate-link-dialog';
import { ReplaceCodesDialog } from './replace-codes-dialog';
import { RevealedCodesDialog } from './revealed-codes-dialog';

type FormAction = Exclude<OrderAction, 'revealCodes'>;

const ICONS: Record<OrderAction, ReactNode> = {
  confirmPayment: <PaidOutlined />,
  deliver: <LocalShippingOutlined />,
  recordRefund: <CurrencyExchangeOutlined />,
  cancel: <CancelOutlined />,
  replaceCodes: <SwapHorizOutlined />,
  revealCodes: <VisibilityOutlined />,
  regenerateLink: <LinkOutlined />,
};

/**
 * The actions the order's status (and money) allows, each behind a confirm dialog. Forms
 * (payment, delivery, refund, cancel, replacement) ask for their fields first, then
 * confirm; a new link asks in its own dialog whether to e-mail it too.
 */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const t = strings.orders.actions;
  const [form, setForm] = useState<FormAction | null>(null);
  const [revealed, setRevealed] = useState<RevealedCode[] | null>(null);
  const [link, setLink] = useState<{ url: string; emailed: boolean } | null>(null);
  const reveal = useRevealCodes();
  const actions = allowedOrderActions(order);

  const onReveal = async () => {
    const accepted = await confirm({
      title: strings.orders.reveal.confirmTitle,
      message: strings.orders.reveal.confirmMessage(order.code),
      acceptLabel: t.revealCodes,
      rejectLabel: strings.common.cancel,
    });
    if (!accepted) return;
    reveal.mutate(order.id, { onSuccess: setRevealed, onError: (error) => showError(error) });
  };

  const onAction = (action: OrderAction) => {
    if (action === 'revealCodes') void onReveal();
    else setForm(action);
  };

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        data-testid="order-actions"
        data-actions={actions.join(' ')}
      >
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'cancel' || action === 'recordRefund' ? 'outlined' : 'contained'}
            color={action === 'cancel' ? 'error' : 'primary'}
            startIcon={ICONS[action]}
            onClick={() => onAction(action)}
            loading={action === 'revealCodes' && reveal.isPending}
            data-testid={`order-action-${action}`}
          >
            {t[action]}
          </Button>
        ))}
      </Stack>
      {actions.includes('confirmPayment') && (
        <ConfirmPaymentDialog
          open={form === 'confirmPayment'}
          order={order}
          onClose={() => setForm(null)}
        />
      )}
      {actions.includes('deliver') && (
        <DeliverOrderDialog open={form === 'deliver'} order={order} onClose={() => setForm(null)} />
      )}
      {actions.includes('recordRefund') && (
        <RecordRefundDialog
          open={form === 'recordRefund'}
          order={order}
          onClose={() => setForm(null)}
        />
      )}
      {actions.includes('cancel') && (
        <CancelOrderDialog open={form === 'cancel'} order={order} onClose={() => setForm(null)} />
      )}
      {actions.includes('replaceCodes') && (
        <ReplaceCodesDialog
          open={form === 'replaceCodes'}
          order={order}
          onClose={() => setForm(null)}
        />
      )}
      <RevealedCodesDialog
        codes={revealed}
        orderCode={order.code}
        onClose={() => setRevealed(null)}
      />
      {actions.includes('regenerateLink') && (
        <RegenerateLinkDialog
          open={form === 'regenerateLink'}
          order={order}
          onClose={() => setForm(null)}
          onDone={(url, emailed) => setLink({ url, emailed })}
        />
      )}
      <AccessLinkDialog
        url={link?.url ?? null}
        orderCode={order.code}
        emailedTo={link?.emailed ? order.email : null}
        onClose={() => setLink(null)}
      />
    </>
  );
}
