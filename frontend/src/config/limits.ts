/**
 * The services' input limits, in one place: the forms check them before sending, so a
 * refusal is shown on the field instead of after a round trip. The services are the
 * authority (services/common/src/limits.rs and each service's domain rules, also stated
 * in its OpenAPI document): `make api-types` writes what the documents state to
 * lib/api/schema/limits.json, and limits.test.ts fails until these agree with it. Lengths
 * count Unicode characters (code points), as the services do.
 */

const MIB = 1024 * 1024;

/** Passwords: 6..30 characters (identity). */
export const PASSWORD_LENGTH = { min: 6, max: 30 } as const;

/** Paged lists: the page size when none is given, and the largest one (common). */
export const PAGE_SIZE: { readonly default: number; readonly max: number } = {
  default: 20,
  max: 100,
};

/** The free-text keyword of a list filter. */
export const KEYWORD_MAX = 200;

/** E-mail addresses (RFC 5321's 254), everywhere one is taken. */
export const EMAIL_MAX = 254;

/** The largest money amount accepted anywhere, in VND. */
export const AMOUNT_MAX = 1_000_000_000_000;

/** A sort order, either way from zero (products and payment providers). */
export const SORT_ORDER_ABS_MAX = 1_000_000;

/** The largest image upload (system's `UPLOAD_MAX_BYTES` default; code 210 above). */
export const UPLOAD_FILE_MAX_BYTES = 5 * MIB;

/** Serial codes (retailstore): one code, its note, and one CreateBulk call. */
export const SERIAL_CODE_LIMITS = {
  codeMax: 200,
  noteMax: 500,
  /** Codes per CreateBulk call (code 313 above). */
  bulkMaxCodes: 50_000,
  /** CreateBulk's body limit at the gateway and in retailstore. */
  bulkBodyBytes: 8 * MIB,
} as const;

/** Users (identity). */
export const USER_LIMITS = {
  userNameMin: 3,
  userNameMax: 50,
  fullNameMax: 100,
} as const;

/** Products (retailstore). */
export const PRODUCT_LIMITS = {
  nameMax: 200,
  slugMax: 200,
  summaryMax: 500,
  descriptionMax: 20_000,
  /** A product's redemption steps (Markdown) shown under the codes. */
  redeemInstructionsMax: 5_000,
  priceMax: AMOUNT_MAX,
  perOrderMax: 100,
  sortOrderAbsMax: SORT_ORDER_ABS_MAX,
  lowStockThresholdMax: 1_000_000,
} as const;

/** Orders (retailstore): the buyer's name and the staff's reasons and notes. */
export const ORDER_LIMITS = {
  customerNameMax: 100,
  reasonMax: 500,
  amountMax: AMOUNT_MAX,
} as const;

/** Payment providers (paymentprovider). */
export const PAYMENT_PROVIDER_LIMITS = {
  nameMax: 100,
  accountNumberMin: 4,
  accountNumberMax: 19,
  accountNameMax: 100,
  instructionsMax: 2000,
  sortOrderAbsMax: SORT_ORDER_ABS_MAX,
  webhookSecretMin: 16,
  webhookSecretMax: 200,
  sepayApiTokenMin: 16,
  sepayApiTokenMax: 500,
} as const;

/** The shop configuration (system). */
export const CONFIGURATION_LIMITS = {
  shopNameMax: 100,
  shopTaglineMax: 200,
  footerNoteMax: 500,
  urlMax: 2048,
  emailMax: EMAIL_MAX,
  phoneMin: 6,
  phoneMax: 20,
  analyticsIdMax: 50,
} as const;
