import type { PaymentInstruction } from '../api/types';

/**
 * Opening the shopper's banking app with the transfer filled in, through VietQR's public
 * deep-link service: `https://dl.vietqr.io/pay?app=<app>&ba=<account>@<bank>&am=<amount>&tn=<memo>`.
 * On a phone the link opens the app when it is installed (else its store page); the bank
 * is named by its NAPAS BIN, which VietQR accepts as well as the short name.
 */
export const VIETQR_DEEP_LINK_BASE = 'https://dl.vietqr.io/pay';

export interface BankApp {
  /** VietQR's id of the app. */
  id: string;
  /** The name shoppers know the bank by. */
  name: string;
}

/** The most used Vietnamese banking apps, most popular first. */
export const BANK_APPS: readonly BankApp[] = [
  { id: 'vcb', name: 'Vietcombank' },
  { id: 'mb', name: 'MB Bank' },
  { id: 'tcb', name: 'Techcombank' },
  { id: 'bidv', name: 'BIDV' },
  { id: 'icb', name: 'VietinBank' },
  { id: 'vba', name: 'Agribank' },
  { id: 'acb', name: 'ACB' },
  { id: 'vpb', name: 'VPBank' },
  { id: 'tpb', name: 'TPBank' },
  { id: 'stb', name: 'Sacombank' },
];

/** What a link needs; missing pieces mean no link (a manual provider has no account). */
export type DeepLinkPayment = Pick<
  PaymentInstruction,
  'bankBin' | 'accountNumber' | 'transferContent'
>;

/** Whether the payment can be opened in a banking app at all. */
export function canDeepLink(payment: DeepLinkPayment, amount: number): boolean {
  return Boolean(
    payment.bankBin?.trim() &&
    payment.accountNumber?.trim() &&
    payment.transferContent.trim() &&
    Number.isSafeInteger(amount) &&
    amount > 0,
  );
}

/** The link that opens `appId` with this transfer filled in, or null when one is missing. */
export function bankAppLink(
  appId: string,
  payment: DeepLinkPayment,
  amount: number,
): string | null {
  if (!appId || !canDeepLink(payment, amount)) return null;
  const params = new URLSearchParams({
    app: appId,
    ba: `${payment.accountNumber?.trim() ?? ''}@${payment.bankBin?.trim() ?? ''}`,
    am: String(amount),
    tn: payment.transferContent.trim(),
  });
  // URLSearchParams writes "@" as %40; VietQR reads either, the plain form is easier to check.
  return `${VIETQR_DEEP_LINK_BASE}?${params.toString().replace('%40', '@')}`;
}
