import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../api/types';
import {
  absoluteWebhookUrl,
  EMPTY_PAYMENT_PROVIDER_VALUES,
  normalizeAccountName,
  paymentProviderFormSchema,
  paymentProviderToFormValues,
  webhookStatusOf,
  type PaymentProviderFormValues,
} from './payment-provider-schema';

const VIETQR: Partial<PaymentProviderFormValues> = {
  name: 'Vietcombank',
  type: 'vietqr_bank',
  bankBin: '970436',
  accountNumber: '0123456789',
  accountName: 'NGUYEN VAN A',
};

function parse(overrides: Partial<PaymentProviderFormValues>) {
  return paymentProviderFormSchema.safeParse({
    ...EMPTY_PAYMENT_PROVIDER_VALUES,
    ...VIETQR,
    ...overrides,
  });
}

function errorsOf(overrides: Partial<PaymentProviderFormValues>): Record<string, string> {
  const result = parse(overrides);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const provider: PaymentProvider = {
  id: 'pp-1',
  name: 'VCB',
  type: 'vietqr_bank',
  bankBin: '970436',
  bankName: 'Vietcombank',
  accountNumber: '0123456789',
  accountName: 'NGUYEN VAN A',
  instructions: null,
  logoUrl: '/uploads/logo.png',
  isActive: true,
  sortOrder: 2,
  webhookEnabled: true,
  webhookAuth: 'apikey',
  hasWebhookSecret: true,
  hasSepayApiToken: false,
  lastReconciledAt: null,
  lastWebhook: null,
  webhookUrl: '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1',
  createdAt: '2026-11-20T03:00:00Z',
  updatedAt: '2026-11-20T03:00:00Z',
};

describe('normalizeAccountName', () => {
  it('upper-cases and drops Vietnamese accents, đ included', () => {
    expect(normalizeAccountName('Nguyễn Văn Đức')).toBe('NGUYEN VAN DUC');
    expect(normalizeAccountName('trần thị ánh dương')).toBe('TRAN THI ANH DUONG');
    expect(normalizeAccountName('Công ty ABC 123')).toBe('CONG TY ABC 123');
  });

  it('keeps spaces as typed (a trailing one while typing) and other characters for the validation', () => {
    expect(normalizeAccountName('le ')).toBe('LE ');
    expect(normalizeAccountName('a-b')).toBe('A-B');
  });
});

describe('paymentProviderFormSchema', () => {
  it('turns a VietQR form into the Create payload without a webhook secret', () => {
    const result = parse({ accountName: '  nguyễn   văn a ', sortOrder: '-3', instructions: '  ' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Vietcombank',
      type: 'vietqr_bank',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'NGUYEN VAN A',
      instructions: null,
      logoUrl: null,
      isActive: true,
      sortOrder: -3,
      webhookEnabled: false,
      webhookAuth: 'apikey',
    });
    expect(result.data).not.toHaveProperty('webhookSecret');
    expect(result.data).not.toHaveProperty('sepayApiToken');
  });

  it('requires a name of at most 100 characters', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: 'Nhập tên dịch vụ thanh toán' });
    expect(errorsOf({ name: 'x'.repeat(101) }).name).toBe('Tên tối đa 100 ký tự');
    expect(parse({ name: 'ư'.repeat(100) }).success).toBe(true);
  });

  it('requires the bank, the account number and the account name for vietqr_bank', () => {
    expect(errorsOf({ bankBin: '', accountNumber: '', accountName: '' })).toEqual({
      bankBin: 'Chọn ngân hàng',
      accountNumber: 'Nhập số tài khoản',
      accountName: 'Nhập tên chủ tài khoản',
    });
  });

  it('accepts 4 to 19 digits only as the account number (spaces are dropped)', () => {
    const message = 'Số tài khoản gồm 4 đến 19 chữ số';
    expect(errorsOf({ accountNumber: '123' }).accountNumber).toBe(message);
    expect(errorsOf({ accountNumber: '1'.repeat(20) }).accountNumber).toBe(message);
    expect(errorsOf({ accountNumber: '12a456' }).accountNumber).toBe(message);
    expect(errorsOf({ accountNumber: '0123-456' }).accountNumber).toBe(message);
    expect(errorsOf({ accountNumber: '١٢٣٤٥' }).accountNumber).toBe(message);
    expect(parse({ accountNumber: '1234' }).data?.accountNumber).toBe('1234');
    expect(parse({ accountNumber: '1'.repeat(19) }).success).toBe(true);
    expect(parse({ accountNumber: ' 0123 4567 89 ' }).data?.accountNumber).toBe('0123456789');
  });

  it('accepts upper-case A-Z, digits and spaces as the account name, after normalising', () => {
    expect(errorsOf({ accountName: 'NGUYEN-VAN A' }).accountName).toBe(
      'Tên chủ tài khoản chỉ gồm chữ in hoa A-Z, số và dấu cách',
    );
    expect(errorsOf({ accountName: 'NGUYEN.VAN' }).accountName).toBeDefined();
    expect(parse({ accountName: 'Đặng Thị Hồng 2' }).data?.accountName).toBe('DANG THI HONG 2');
  });

  it('requires instructions for a manual provider and clears its bank fields', () => {
    expect(errorsOf({ type: 'manual', instructions: '   ' })).toEqual({
      instructions: 'Nhập hướng dẫn thanh toán',
    });
    // Bank fields are not checked for a manual provider...
    const result = parse({
      type: 'manual',
      instructions: ' Liên hệ Zalo 0900 ',
      bankBin: '',
      accountNumber: 'abc',
      accountName: '',
    });
    expect(result.success).toBe(true);
    // ...and go to the server as null, so a former VietQR account is cleared.
    expect(result.data).toMatchObject({
      type: 'manual',
      instructions: 'Liên hệ Zalo 0900',
      bankBin: null,
      accountNumber: null,
      accountName: null,
    });
  });

  it('does not require instructions for vietqr_bank but limits their length', () => {
    expect(parse({ instructions: '' }).success).toBe(true);
    expect(errorsOf({ type: 'manual', instructions: 'x'.repeat(2001) }).instructions).toBe(
      'Hướng dẫn tối đa 2.000 ký tự',
    );
  });

  it('checks the sort order', () => {
    expect(errorsOf({ sortOrder: 'abc' }).sortOrder).toBe(
      'Thứ tự là số nguyên từ -1.000.000 đến 1.000.000',
    );
    expect(errorsOf({ sortOrder: '1000001' }).sortOrder).toBeDefined();
    expect(parse({ sortOrder: '' }).data?.sortOrder).toBe(0);
  });

  it('sends a typed webhook secret of 16 to 200 characters', () => {
    const message = 'Khóa webhook từ 16 đến 200 ký tự';
    expect(errorsOf({ webhookSecret: 'x'.repeat(15) }).webhookSecret).toBe(message);
    expect(errorsOf({ webhookSecret: 'x'.repeat(201) }).webhookSecret).toBe(message);
    expect(parse({ webhookSecret: 'x'.repeat(16) }).data?.webhookSecret).toBe('x'.repeat(16));
    expect(parse({ webhookSecret: 'y'.repeat(200) }).success).toBe(true);
  });

  it('refuses whitespace inside the secret and trims it around', () => {
    expect(errorsOf({ webhookSecret: 'abcd efgh ijkl mnop' }).webhookSecret).toBe(
      'Khóa webhook không được chứa khoảng trắng',
    );
    expect(parse({ webhookSecret: `  ${'k'.repeat(16)}  ` }).data?.webhookSecret).toBe(
      'k'.repeat(16),
    );
  });

  it('needs a secret (stored and kept, or typed) to enable the webhook', () => {
    const message = 'Cần có khóa webhook để bật webhook';
    expect(errorsOf({ webhookEnabled: true }).webhookSecret).toBe(message);
    expect(
      errorsOf({ webhookEnabled: true, hasStoredSecret: true, removeWebhookSecret: true })
        .webhookSecret,
    ).toBe(message);
    expect(parse({ webhookEnabled: true, hasStoredSecret: true }).success).toBe(true);
    expect(parse({ webhookEnabled: true, webhookSecret: 'z'.repeat(16) }).success).toBe(true);
    expect(
      parse({ webhookEnabled: false, hasStoredSecret: true, removeWebhookSecret: true }).success,
    ).toBe(true);
  });

  it('leaves the secret out when empty, sends null to remove it, and a typed one wins over removal', () => {
    expect(parse({ webhookSecret: '', removeWebhookSecret: false }).data).not.toHaveProperty(
      'webhookSecret',
    );
    expect(parse({ webhookSecret: '', removeWebhookSecret: true }).data?.webhookSecret).toBeNull();
    expect(
      parse({ webhookSecret: 's'.repeat(20), removeWebhookSecret: true }).data?.webhookSecret,
    ).toBe('s'.repeat(20));
  });

  it('reports every problem at once', () => {
    expect(
      Object.keys(
        errorsOf({ name: '', bankBin: '', accountNumber: '1', webhookSecret: 'short' }),
      ).sort(),
    ).toEqual(['accountNumber', 'bankBin', 'name', 'webhookSecret']);
  });

  it('fills the form from a provider (never with the secret) and back to the same payload', () => {
    const values = paymentProviderToFormValues(provider);
    expect(values.webhookSecret).toBe('');
    expect(values.removeWebhookSecret).toBe(false);
    expect(values.hasStoredSecret).toBe(true);
    expect(paymentProviderFormSchema.parse(values)).toEqual({
      name: 'VCB',
      type: 'vietqr_bank',
      bankBin: '970436',
      accountNumber: '0123456789',
      accountName: 'NGUYEN VAN A',
      instructions: null,
      logoUrl: '/uploads/logo.png',
      isActive: true,
      sortOrder: 2,
      webhookEnabled: true,
      webhookAuth: 'apikey',
    });
  });

  it('keeps the chosen webhook authentication', () => {
    expect(parse({ webhookAuth: 'hmac' }).data?.webhookAuth).toBe('hmac');
    expect(paymentProviderToFormValues({ ...provider, webhookAuth: 'hmac' }).webhookAuth).toBe(
      'hmac',
    );
  });

  it('treats the SePay API token like the secret: write-only, 16 to 500 characters, null to remove', () => {
    const values = paymentProviderToFormValues({ ...provider, hasSepayApiToken: true });
    expect(values.sepayApiToken).toBe('');
    expect(values.hasStoredToken).toBe(true);
    expect(paymentProviderFormSchema.parse(values)).not.toHaveProperty('sepayApiToken');

    expect(errorsOf({ sepayApiToken: 't'.repeat(15) }).sepayApiToken).toBe(
      'Token API SePay từ 16 đến 500 ký tự',
    );
    expect(errorsOf({ sepayApiToken: 't'.repeat(501) }).sepayApiToken).toBe(
      'Token API SePay từ 16 đến 500 ký tự',
    );
    expect(errorsOf({ sepayApiToken: 'abcd efgh ijkl mnop' }).sepayApiToken).toBe(
      'Token API SePay không được chứa khoảng trắng',
    );
    expect(parse({ sepayApiToken: `  ${'T'.repeat(40)} ` }).data?.sepayApiToken).toBe(
      'T'.repeat(40),
    );
    expect(
      parse({ hasStoredToken: true, removeSepayApiToken: true }).data?.sepayApiToken,
    ).toBeNull();
    expect(
      parse({ hasStoredToken: true, removeSepayApiToken: true, sepayApiToken: 'n'.repeat(16) }).data
        ?.sepayApiToken,
    ).toBe('n'.repeat(16));
  });

  it('drops a stored token when the provider becomes manual, and never sends one typed for it', () => {
    const manual = { type: 'manual' as const, instructions: 'Nhắn Zalo' };
    expect(parse({ ...manual, hasStoredToken: true }).data?.sepayApiToken).toBeNull();
    expect(parse({ ...manual, sepayApiToken: 'x' }).data).not.toHaveProperty('sepayApiToken');
    expect(parse({ ...manual, hasStoredToken: false }).data).not.toHaveProperty('sepayApiToken');
  });
});

describe('webhook helpers', () => {
  it('is configured only when enabled with a stored secret', () => {
    expect(webhookStatusOf({ webhookEnabled: true, hasWebhookSecret: true })).toBe('configured');
    expect(webhookStatusOf({ webhookEnabled: true, hasWebhookSecret: false })).toBe(
      'missingSecret',
    );
    expect(webhookStatusOf({ webhookEnabled: false, hasWebhookSecret: true })).toBe('disabled');
  });

  it('makes the webhook URL absolute', () => {
    expect(
      absoluteWebhookUrl(
        '/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1',
        'https://shop.example',
      ),
    ).toBe('https://shop.example/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1');
    expect(absoluteWebhookUrl('https://api.example/x', 'https://shop.example')).toBe(
      'https://api.example/x',
    );
  });
});
