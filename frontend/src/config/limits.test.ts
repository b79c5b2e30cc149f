import { describe, expect, it } from 'vitest';
import stated from '@/lib/api/schema/limits.json';
import {
  AMOUNT_MAX,
  CONFIGURATION_LIMITS,
  EMAIL_MAX,
  ORDER_LIMITS,
  PAGE_SIZE,
  PASSWORD_LENGTH,
  PAYMENT_PROVIDER_LIMITS,
  PRODUCT_LIMITS,
  SERIAL_CODE_LIMITS,
  SORT_ORDER_ABS_MAX,
  USER_LIMITS,
} from './limits';

type Bound = 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'maxItems';

/** What the services' OpenAPI documents state for `Schema.field` (`make api-types`). */
function statedLimit(field: string, bound: Bound): number | undefined {
  const limits = (stated as Record<string, Partial<Record<Bound, number>>>)[field];
  return limits?.[bound];
}

// Each form limit beside the schema fields that carry it: a limit changed in a service
// fails here until config/limits.ts says the same.
const cases: [string, number, string[], Bound][] = [
  [
    'password min',
    PASSWORD_LENGTH.min,
    [
      'CreateUserRequest.password',
      'ResetPasswordRequest.newPassword',
      'ChangePasswordRequest.newPassword',
    ],
    'minLength',
  ],
  [
    'password max',
    PASSWORD_LENGTH.max,
    [
      'CreateUserRequest.password',
      'ResetPasswordRequest.newPassword',
      'ChangePasswordRequest.newPassword',
    ],
    'maxLength',
  ],
  [
    'page size',
    PAGE_SIZE.max,
    [
      'ProductWebPage.pageSize',
      'ProductAdminPage.pageSize',
      'OrderListItemPage.pageSize',
      'UserPage.pageSize',
      'SerialCodePage.pageSize',
      'ProviderPage.pageSize',
    ],
    'maximum',
  ],
  [
    'e-mail',
    EMAIL_MAX,
    [
      'CreateUserRequest.email',
      'UpdateUserRequest.email',
      'AppConfigurationUpdate.contactEmail',
      'OrderResendAccessLink.email',
    ],
    'maxLength',
  ],
  [
    'full name',
    USER_LIMITS.fullNameMax,
    ['CreateUserRequest.fullName', 'UpdateUserRequest.fullName'],
    'maxLength',
  ],
  [
    'product name',
    PRODUCT_LIMITS.nameMax,
    ['ProductCreate.name', 'ProductUpdate.name'],
    'maxLength',
  ],
  [
    'product slug',
    PRODUCT_LIMITS.slugMax,
    ['ProductCreate.slug', 'ProductUpdate.slug'],
    'maxLength',
  ],
  [
    'product summary',
    PRODUCT_LIMITS.summaryMax,
    ['ProductCreate.summary', 'ProductUpdate.summary'],
    'maxLength',
  ],
  [
    'product description',
    PRODUCT_LIMITS.descriptionMax,
    ['ProductCreate.description', 'ProductUpdate.description'],
    'maxLength',
  ],
  [
    'redemption steps',
    PRODUCT_LIMITS.redeemInstructionsMax,
    ['ProductCreate.redeemInstructions', 'ProductUpdate.redeemInstructions'],
    'maxLength',
  ],
  [
    'image address',
    CONFIGURATION_LIMITS.urlMax,
    ['ProductCreate.imageUrl', 'ProductUpdate.imageUrl'],
    'maxLength',
  ],
  ['price', PRODUCT_LIMITS.priceMax, ['ProductCreate.price', 'ProductUpdate.price'], 'maximum'],
  ['amount', AMOUNT_MAX, ['ProductCreate.price'], 'maximum'],
  [
    'per order',
    PRODUCT_LIMITS.perOrderMax,
    ['ProductCreate.maxPerOrder', 'ProductCreate.minPerOrder', 'ProductUpdate.maxPerOrder'],
    'maximum',
  ],
  [
    'product sort order',
    PRODUCT_LIMITS.sortOrderAbsMax,
    ['ProductCreate.sortOrder', 'ProductUpdate.sortOrder'],
    'maximum',
  ],
  [
    'low-stock threshold',
    PRODUCT_LIMITS.lowStockThresholdMax,
    ['ProductCreate.lowStockThreshold', 'ProductUpdate.lowStockThreshold'],
    'maximum',
  ],
  [
    'code',
    SERIAL_CODE_LIMITS.codeMax,
    ['CreateBulkItem.code', 'SerialCodeUpdate.code'],
    'maxLength',
  ],
  [
    'code note',
    SERIAL_CODE_LIMITS.noteMax,
    ['CreateBulk.note', 'SerialCodeUpdate.note'],
    'maxLength',
  ],
  [
    'codes per import',
    SERIAL_CODE_LIMITS.bulkMaxCodes,
    ['CreateBulk.items', 'CreateBulk.codes'],
    'maxItems',
  ],
  ['customer name', ORDER_LIMITS.customerNameMax, ['OrderCreate.customerName'], 'maxLength'],
  [
    'staff reason',
    ORDER_LIMITS.reasonMax,
    [
      'OrderCancel.reason',
      'OrderReplaceCodes.reason',
      'OrderDeliver.note',
      'OrderRecordRefund.note',
      'ManualPayment.note',
    ],
    'maxLength',
  ],
  ['provider name', PAYMENT_PROVIDER_LIMITS.nameMax, ['ProviderInput.name'], 'maxLength'],
  [
    'account name',
    PAYMENT_PROVIDER_LIMITS.accountNameMax,
    ['ProviderInput.accountName'],
    'maxLength',
  ],
  [
    'instructions',
    PAYMENT_PROVIDER_LIMITS.instructionsMax,
    ['ProviderInput.instructions'],
    'maxLength',
  ],
  [
    'provider sort order',
    PAYMENT_PROVIDER_LIMITS.sortOrderAbsMax,
    ['ProviderInput.sortOrder'],
    'maximum',
  ],
  ['sort order', SORT_ORDER_ABS_MAX, ['ProviderInput.sortOrder'], 'maximum'],
  [
    'webhook secret min',
    PAYMENT_PROVIDER_LIMITS.webhookSecretMin,
    ['ProviderInput.webhookSecret'],
    'minLength',
  ],
  [
    'webhook secret max',
    PAYMENT_PROVIDER_LIMITS.webhookSecretMax,
    ['ProviderInput.webhookSecret'],
    'maxLength',
  ],
  [
    'SePay token min',
    PAYMENT_PROVIDER_LIMITS.sepayApiTokenMin,
    ['ProviderInput.sepayApiToken'],
    'minLength',
  ],
  [
    'SePay token max',
    PAYMENT_PROVIDER_LIMITS.sepayApiTokenMax,
    ['ProviderInput.sepayApiToken'],
    'maxLength',
  ],
  ['shop name', CONFIGURATION_LIMITS.shopNameMax, ['AppConfigurationUpdate.shopName'], 'maxLength'],
  [
    'tagline',
    CONFIGURATION_LIMITS.shopTaglineMax,
    ['AppConfigurationUpdate.shopTagline'],
    'maxLength',
  ],
  [
    'footer note',
    CONFIGURATION_LIMITS.footerNoteMax,
    ['AppConfigurationUpdate.footerNote'],
    'maxLength',
  ],
  [
    'phone min',
    CONFIGURATION_LIMITS.phoneMin,
    ['AppConfigurationUpdate.contactPhone'],
    'minLength',
  ],
  [
    'phone max',
    CONFIGURATION_LIMITS.phoneMax,
    ['AppConfigurationUpdate.contactPhone'],
    'maxLength',
  ],
];

describe('the forms’ limits', () => {
  it.each(cases)('%s (%i) is what the services state', (_name, limit, fields, bound) => {
    for (const field of fields) {
      expect({ field, limit: statedLimit(field, bound) }).toEqual({ field, limit });
    }
  });

  it('names fields the services really document', () => {
    // A renamed schema would otherwise leave a case comparing against nothing.
    const missing = cases.flatMap(([, , fields, bound]) =>
      fields.filter((field) => statedLimit(field, bound) === undefined),
    );
    expect(missing).toEqual([]);
  });
});
