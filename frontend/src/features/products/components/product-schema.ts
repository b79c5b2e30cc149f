import { z } from 'zod';
import { PRODUCT_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { formFields } from '@/lib/api/form-errors';
import { charLength, parseWholeNumber } from '@/lib/validation';
import { PRODUCT_STATUSES, type Product, type ProductPayload } from '../api/types';

const t = strings.products.validation;

export const PRODUCT_DEFAULTS = {
  minPerOrder: 1,
  maxPerOrder: 10,
  lowStockThreshold: 10,
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The product form: numbers are typed as text (so `120.000` works) and become integers
 * once valid. The output is the Create/Update payload.
 */
export const productFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, t.nameRequired)
      .refine((v) => charLength(v) <= PRODUCT_LIMITS.nameMax, t.nameTooLong),
    slug: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (v.length <= PRODUCT_LIMITS.slugMax && SLUG_PATTERN.test(v)),
        t.slugFormat,
      ),
    summary: z
      .string()
      .trim()
      .refine((v) => charLength(v) <= PRODUCT_LIMITS.summaryMax, t.summaryTooLong),
    description: z
      .string()
      .trim()
      .refine((v) => charLength(v) <= PRODUCT_LIMITS.descriptionMax, t.descriptionTooLong),
    redeemInstructions: z
      .string()
      .trim()
      .refine(
        (v) => charLength(v) <= PRODUCT_LIMITS.redeemInstructionsMax,
        t.redeemInstructionsTooLong,
      ),
    imageUrl: z.string().nullable(),
    price: z.string(),
    originalPrice: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    sortOrder: z.string(),
    minPerOrder: z.string(),
    maxPerOrder: z.string(),
    lowStockThreshold: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof typeof values, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });

    const price = parseWholeNumber(values.price);
    if (price === null) issue('price', t.priceRequired);
    else if (Number.isNaN(price)) issue('price', t.priceInvalid);
    else if (price <= 0) issue('price', t.pricePositive);
    else if (price > PRODUCT_LIMITS.priceMax) issue('price', t.priceTooLarge);

    const original = parseWholeNumber(values.originalPrice);
    if (original !== null) {
      if (Number.isNaN(original)) issue('originalPrice', t.priceInvalid);
      else if (original > PRODUCT_LIMITS.priceMax) issue('originalPrice', t.priceTooLarge);
      else if (price !== null && !Number.isNaN(price) && original < price)
        issue('originalPrice', t.originalPriceTooLow);
    }

    const sortOrder = parseWholeNumber(values.sortOrder, { allowNegative: true });
    if (
      sortOrder !== null &&
      (Number.isNaN(sortOrder) || Math.abs(sortOrder) > PRODUCT_LIMITS.sortOrderAbsMax)
    ) {
      issue('sortOrder', t.sortOrderInvalid);
    }

    const inRange = (value: number | null, min: number, max: number): value is number =>
      value !== null && !Number.isNaN(value) && value >= min && value <= max;
    const min = parseWholeNumber(values.minPerOrder);
    const max = parseWholeNumber(values.maxPerOrder);
    const minOk = inRange(min, 1, PRODUCT_LIMITS.perOrderMax);
    if (!minOk) issue('minPerOrder', t.minPerOrderRange);
    if (!inRange(max, 1, PRODUCT_LIMITS.perOrderMax)) issue('maxPerOrder', t.maxPerOrderRange);
    else if (minOk && max < min) issue('maxPerOrder', t.maxBelowMin);

    if (
      !inRange(parseWholeNumber(values.lowStockThreshold), 0, PRODUCT_LIMITS.lowStockThresholdMax)
    ) {
      issue('lowStockThreshold', t.lowStockThresholdRange);
    }
  })
  .transform((values): ProductPayload => ({
    name: values.name,
    slug: values.slug || null,
    summary: values.summary || null,
    description: values.description || null,
    redeemInstructions: values.redeemInstructions || null,
    imageUrl: values.imageUrl || null,
    price: parseWholeNumber(values.price) ?? 0,
    originalPrice: parseWholeNumber(values.originalPrice),
    status: values.status,
    sortOrder: parseWholeNumber(values.sortOrder, { allowNegative: true }) ?? 0,
    minPerOrder: parseWholeNumber(values.minPerOrder) ?? PRODUCT_DEFAULTS.minPerOrder,
    maxPerOrder: parseWholeNumber(values.maxPerOrder) ?? PRODUCT_DEFAULTS.maxPerOrder,
    lowStockThreshold:
      parseWholeNumber(values.lowStockThreshold) ?? PRODUCT_DEFAULTS.lowStockThreshold,
  }));

export type ProductFormValues = z.input<typeof productFormSchema>;

export const EMPTY_PRODUCT_VALUES: ProductFormValues = {
  name: '',
  slug: '',
  summary: '',
  description: '',
  redeemInstructions: '',
  imageUrl: null,
  price: '',
  originalPrice: '',
  status: 'draft',
  sortOrder: '0',
  minPerOrder: String(PRODUCT_DEFAULTS.minPerOrder),
  maxPerOrder: String(PRODUCT_DEFAULTS.maxPerOrder),
  lowStockThreshold: String(PRODUCT_DEFAULTS.lowStockThreshold),
};

/** The form's fields: a server `error.details` entry naming one shows under it. */
export const PRODUCT_FORM_FIELDS = formFields(EMPTY_PRODUCT_VALUES);

export function productToFormValues(product: Product | null): ProductFormValues {
  if (!product) return EMPTY_PRODUCT_VALUES;
  return {
    name: product.name,
    slug: product.slug,
    summary: product.summary ?? '',
    description: product.description ?? '',
    redeemInstructions: product.redeemInstructions ?? '',
    imageUrl: product.imageUrl,
    price: String(product.price),
    originalPrice: product.originalPrice === null ? '' : String(product.originalPrice),
    status: product.status,
    sortOrder: String(product.sortOrder),
    minPerOrder: String(product.minPerOrder),
    maxPerOrder: String(product.maxPerOrder),
    lowStockThreshold: String(product.lowStockThreshold),
  };
}
