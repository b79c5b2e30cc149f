import { describe, expect, it } from 'vitest';
import { publicUrlConcern } from './public-url';

describe('publicUrlConcern', () => {
  it('accepts a public https address', () => {
    for (const url of [
      'https://shop.example.vn/paymentprovider/api/web/v1/PaymentWebhook/SePay/pp-1',
      'https://shop.example.vn:8443/x',
      'https://203.0.113.7/x',
    ]) {
      expect(publicUrlConcern(url)).toBeNull();
    }
  });

  it('names plain http', () => {
    expect(publicUrlConcern('http://shop.example.vn/x')).toBe('not_https');
  });

  it('names hosts SePay cannot reach', () => {
    for (const url of [
      'https://localhost:8080/x',
      'https://127.0.0.1/x',
      'https://192.168.1.20/x',
      'https://10.1.2.3/x',
      'https://172.20.0.4/x',
      'https://[::1]:8443/x',
      'https://[fd00::1]/x',
      'https://shop.local/x',
      'https://gateway/x',
    ]) {
      expect(publicUrlConcern(url), url).toBe('not_public');
    }
  });

  it('says so when the address cannot be read', () => {
    expect(publicUrlConcern('not a url')).toBe('invalid');
  });
});
