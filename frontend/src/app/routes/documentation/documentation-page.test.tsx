import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi as vitest } from 'vitest';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

afterEach(() => {
  vitest.unstubAllGlobals();
});

const WEBHOOK_PATH = '/paymentprovider/api/web/v1/PaymentWebhook/SePay';

describe('/documentation', () => {
  it("shows this shop's webhook URL, each VietQR account's URL and where the secret goes", async () => {
    const calls = mockFetch(() =>
      okEnvelope([
        { id: 'prov-1', name: 'Tài khoản chính', type: 'vietqr_bank', bankName: 'Vietcombank' },
        { id: 'prov-2', name: 'Tiền mặt', type: 'manual' },
      ]),
    );
    renderApp('/documentation');

    expect(await screen.findByTestId('guide-webhook-url')).toHaveTextContent(
      `${window.location.origin}${WEBHOOK_PATH}/{providerId}`,
    );
    const urls = await screen.findAllByTestId('guide-provider-webhook-url');
    expect(urls.map((url) => url.textContent)).toEqual([
      `${window.location.origin}${WEBHOOK_PATH}/prov-1`,
    ]);
    expect(screen.getByTestId('guide-webhook-header')).toHaveTextContent(
      'Authorization: Apikey <khóa webhook>',
    );
    // Only the public list of providers: the guide calls no admin API.
    expect(calls.mock.calls.every(([url]) => url.includes('/api/web/'))).toBe(true);
  });

  it('links the OpenAPI document of every service', async () => {
    mockFetch(() => okEnvelope([]));
    renderApp('/documentation');
    for (const service of ['identity', 'system', 'retailstore', 'paymentprovider']) {
      expect(await screen.findByTestId(`openapi-${service}`)).toHaveAttribute(
        'href',
        `/${service}/openapi.json`,
      );
    }
  });
});
