import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatePhone } from '@/testing/media';
import { renderWithProviders } from '@/testing/render';
import { pendingOrder } from './order-fixtures';
import { vietQrWithAmount } from '../utils/vietqr';
import { PaymentInstructionCard } from './payment-instruction-card';

const order = pendingOrder();
let restore: (() => void) | null = null;

function asPhone() {
  restore = emulatePhone();
}

describe('PaymentInstructionCard', () => {
  afterEach(() => {
    restore?.();
    restore = null;
  });

  it('on a phone leads with the amount, the memo and the account, then the bank apps, then the QR', async () => {
    asPhone();
    renderWithProviders(
      <PaymentInstructionCard
        orderCode={order.code}
        payment={order.payment}
        total={order.total}
        paidAmount={0}
      />,
    );
    const card = screen.getByTestId('payment-instruction');
    expect(card).toHaveAttribute('data-layout', 'phone');
    const ids = Array.from(card.querySelectorAll('[data-testid]')).map((element) =>
      element.getAttribute('data-testid'),
    );
    const at = (id: string) => ids.indexOf(id);
    expect(at('payment-amount')).toBeLessThan(at('payment-memo'));
    expect(at('payment-memo')).toBeLessThan(at('payment-account-number'));
    expect(at('payment-account-number')).toBeLessThan(at('payment-bank-apps'));
    expect(await within(card).findByTestId('payment-qr')).toBeInTheDocument();
    expect(ids.indexOf('payment-bank-apps')).toBeLessThan(
      Array.from(card.querySelectorAll('[data-testid]')).findIndex(
        (element) => element.getAttribute('data-testid') === 'payment-qr',
      ),
    );
    expect(
      within(card).getByRole('heading', { name: 'Thanh toán từ thiết bị khác' }),
    ).toBeInTheDocument();

    const apps = within(card).getByRole('region', { name: 'Mở ứng dụng ngân hàng' });
    const vcb = within(apps).getByRole('link', { name: 'Mở ứng dụng Vietcombank để chuyển khoản' });
    expect(vcb).toHaveAttribute(
      'href',
      'https://dl.vietqr.io/pay?app=vcb&ba=0123456789@970436&am=190000&tn=DH7K2M9QXA',
    );
    expect(vcb).toHaveAttribute('target', '_blank');
    expect(
      within(apps)
        .getByRole('link', { name: 'Mở ứng dụng VietinBank để chuyển khoản' })
        .getAttribute('href'),
    ).toContain('app=icb');
    expect(within(card).getByRole('button', { name: 'Sao chép số tài khoản' })).toHaveClass(
      'MuiIconButton-sizeLarge',
    );
  });

  it('asks the remainder in the amount, the bank links and the QR after a partial payment', async () => {
    asPhone();
    renderWithProviders(
      <PaymentInstructionCard
        orderCode={order.code}
        payment={order.payment}
        total={190000}
        paidAmount={90000}
      />,
    );
    expect(
      screen
        .getByRole('link', { name: 'Mở ứng dụng MB Bank để chuyển khoản' })
        .getAttribute('href'),
    ).toContain('am=100000');
    expect(screen.getByRole('button', { name: 'Sao chép số tiền còn thiếu' })).toHaveAttribute(
      'data-copy-text',
      '100000',
    );
    expect(
      screen.getByRole('heading', { name: 'Thanh toán từ thiết bị khác' }),
    ).toBeInTheDocument();
    const payload = (await screen.findByTestId('payment-qr')).getAttribute('data-payload');
    expect(payload).toBe(vietQrWithAmount(order.payment.qrPayload!, 100000));
    expect(payload).toContain('5406100000');
  });

  it('shows no QR rather than one for the full amount when the payload cannot be rewritten', () => {
    const payment = { ...order.payment, qrPayload: 'not a VietQR string' };
    renderWithProviders(
      <PaymentInstructionCard
        orderCode={order.code}
        payment={payment}
        total={190000}
        paidAmount={90000}
      />,
    );
    expect(screen.queryByTestId('payment-qr')).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent(/100\.000\s₫/);
  });

  it('keeps the QR first and offers no app links on a wide screen', async () => {
    renderWithProviders(
      <PaymentInstructionCard
        orderCode={order.code}
        payment={order.payment}
        total={order.total}
        paidAmount={0}
      />,
    );
    const card = screen.getByTestId('payment-instruction');
    expect(card).toHaveAttribute('data-layout', 'wide');
    expect(await within(card).findByTestId('payment-qr')).toBeInTheDocument();
    expect(within(card).queryByTestId('payment-bank-apps')).not.toBeInTheDocument();
  });

  it('offers no app links for a manual provider', () => {
    asPhone();
    const manual = {
      ...order.payment,
      type: 'manual' as const,
      bankBin: null,
      accountNumber: null,
      bankName: null,
      accountName: null,
      qrPayload: null,
    };
    renderWithProviders(
      <PaymentInstructionCard
        orderCode={order.code}
        payment={manual}
        total={order.total}
        paidAmount={0}
      />,
    );
    expect(screen.queryByTestId('payment-bank-apps')).not.toBeInTheDocument();
  });
});
