/** Where SePay delivers this shop's bank transfers (paymentprovider `WEBHOOK_SEPAY_PREFIX`). */
export const SEPAY_WEBHOOK_PATH = '/paymentprovider/api/web/v1/PaymentWebhook/SePay';

/** The placeholder the guide shows where a provider's id goes. */
export const PROVIDER_ID_PLACEHOLDER = '{providerId}';

/** The absolute webhook URL of one provider on this shop's origin. */
export function sepayWebhookUrl(
  providerId: string,
  origin: string = window.location.origin,
): string {
  return `${origin}${SEPAY_WEBHOOK_PATH}/${encodeURIComponent(providerId)}`;
}

/** The same URL with the placeholder instead of an id. */
export function sepayWebhookTemplate(origin: string = window.location.origin): string {
  return `${origin}${SEPAY_WEBHOOK_PATH}/${PROVIDER_ID_PLACEHOLDER}`;
}

/** The services whose OpenAPI document the gateway serves at `/<service>/openapi.json`. */
export const OPENAPI_SERVICES = ['identity', 'system', 'retailstore', 'paymentprovider'] as const;

export function openApiPath(service: (typeof OPENAPI_SERVICES)[number]): string {
  return `/${service}/openapi.json`;
}
