import { z } from 'zod';
import { EMAIL_MAX, ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { charLength, parseWholeNumber } from '@/lib/validation';
import type { CheckoutProduct, CreateOrderPayload } from '../api/types';

const t = strings.checkout.validation;

/**
 * A Vietnamese phone number: mobile `0` + 3/5/7/8/9 + 8 digits, or landline `02` + 9
 * digits; `+84` or `84` may stand for the leading 0. Spaces, dots and dashes are ignored.
 */
const VN_PHONE = /^(?:0|\+?84)(?:[35789]\d{8}|2\d{9})$/;

export function normalizePhone(value: string): string {
  return value.replace(/[\s.\-()]/g, '');
}

export function isVietnamesePhone(value: string): boolean {
  return VN_PHONE.test(normalizePhone(value));
}

export interface BuyNowFormValues {
  quantity: string;
  email: string;
  phone: string;
  customerName: string;
  paymentProviderId: string;
}

/** The buy-now form for one product; the output is the CreateOrder body. */
export function buyNowSchema(product: Pick<CheckoutProduct, 'id' | 'minPerOrder' | 'maxPerOrder'>) {
  const min = Math.max(1, product.minPerOrder);
  const max = Math.max(min, product.maxPerOrder);
  return z
    .object({
      // Checked on the field itself: an object-level refinement would wait for the other fields.
      quantity: z.string().superRefine((value, ctx) => {
        const quantity = parseWholeNumber(value);
        if (quantity === null) ctx.addIssue({ code: 'custom', message: t.quantityRequired });
        else if (Number.isNaN(quantity) || quantity < min || quantity > max)
          ctx.addIssue({ code: 'custom', message: t.quantityRange(min, max) });
      }),
      email: z
        .string()
        .trim()
        .min(1, { message: t.emailRequired, abort: true })
        .refine(
          (value) => value.length <= EMAIL_MAX && z.email().safeParse(value).success,
          t.emailInvalid,
        ),
      phone: z
        .string()
        .trim()
        .refine((value) => value === '' || isVietnamesePhone(value), t.phoneInvalid),
      customerName: z
        .string()
        .trim()
        .refine((value) => charLength(value) <= ORDER_LIMITS.customerNameMax, t.nameTooLong),
      paymentProviderId: z.string().min(1, t.paymentMethodRequired),
    })
    .transform((values): CreateOrderPayload => ({
      items: [{ productId: product.id, quantity: parseWholeNumber(values.quantity) ?? min }],
      email: values.email,
      phone: values.phone ? normalizePhone(values.phone) : null,
      customerName: values.customerName || null,
      paymentProviderId: values.paymentProviderId,
    }));
}

export function emptyBuyNowValues(
  product: Pick<CheckoutProduct, 'minPerOrder'> | null,
): BuyNowFormValues {
  return {
    quantity: String(Math.max(1, product?.minPerOrder ?? 1)),
    email: '',
    phone: '',
    customerName: '',
    paymentProviderId: '',
  };
}

/** The form field a server `details[].field` names (`items[0].quantity` is the quantity). */
export function formFieldOf(serverField: string): keyof BuyNowFormValues | null {
  if (/quantity|^items/i.test(serverField)) return 'quantity';
  if (/email/i.test(serverField)) return 'email';
  if (/phone/i.test(serverField)) return 'phone';
  if (/name/i.test(serverField)) return 'customerName';
  if (/provider/i.test(serverField)) return 'paymentProviderId';
  return null;
}
