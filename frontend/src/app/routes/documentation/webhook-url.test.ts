import { describe, expect, it } from 'vitest';
import { openApiPath, sepayWebhookTemplate, sepayWebhookUrl } from './webhook-url';

describe('the staff guide webhook URL', () => {
  it('is the SePay path of the provider on the given origin', () => {
    expect(sepayWebhookUrl('3f2b6c1e-0000-4000-8000-000000000001', 'https://shop.example.vn')).toBe(
      'https://shop.example.vn/paymentprovider/api/web/v1/PaymentWebhook/SePay/3f2b6c1e-0000-4000-8000-000000000001',
    );
  });

  it('keeps an odd id inside its path segment', () => {
    expect(sepayWebhookUrl('a/b?c', 'https://shop.example.vn')).toBe(
      'https://shop.example.vn/paymentprovider/api/web/v1/PaymentWebhook/SePay/a%2Fb%3Fc',
    );
  });

  it('uses the page origin by default and shows the placeholder in the template', () => {
    expect(sepayWebhookTemplate()).toBe(
      `${window.location.origin}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{providerId}`,
    );
    expect(openApiPath('identity')).toBe('/identity/openapi.json');
  });
});
