import { z } from 'zod';
import { ORDER_LIMITS } from '@/config/limits';
import { strings } from '@/i18n/vi';
import { formatMoney } from '@/lib/format';
import { charLength, parseWholeNumber } from '@/lib/validation';

const t = strings.orders.validation;

const reason = z
  .string()
  .trim()
  .min(1, { message: t.reasonRequired, abort: true })
  .refine((value) => charLength(value) <= ORDER_LIMITS.reasonMax, t.reasonTooLong);

export const confirmPaymentSchema = z.object({
  amount: z
    .string()
    .superRefine((value, ctx) => {
      const amount = parseWholeNumber(value);
      if (amount === null) ctx.addIssue({ code: 'custom', message: t.amountRequired });
      else if (Number.isNaN(amount) || amount <= 0 || amount > ORDER_LIMITS.amountMax)
        ctx.addIssue({ code: 'custom', message: t.amountInvalid });
    })
    .transform((value) => parseWholeNumber(value) ?? 0),
  note: z
    .string()
    .trim()
    .refine((value) => charLength(value) <= ORDER_LIMITS.reasonMax, t.noteTooLong)
    .transform((value) => value || null),
});
export type ConfirmPaymentFormValues = z.input<typeof confirmPaymentSchema>;
export type ConfirmPaymentFormOutput = z.output<typeof confirmPaymentSchema>;

export const cancelOrderSchema = z.object({ reason });

const note = z
  .string()
  .trim()
  .refine((value) => charLength(value) <= ORDER_LIMITS.reasonMax, t.noteTooLong);

/** Deliver: an optional note of why (it goes into the history and the audit log). */
export const deliverOrderSchema = z.object({ note: note.transform((value) => value || null) });
export type DeliverOrderFormValues = z.input<typeof deliverOrderSchema>;
export type DeliverOrderFormOutput = z.output<typeof deliverOrderSchema>;

/** RecordRefund: 1..`max` VND, and how the money was given back (required). */
export function recordRefundSchema(max: number) {
  return z.object({
    amount: z
      .string()
      .superRefine((value, ctx) => {
        const amount = parseWholeNumber(value);
        if (amount === null) ctx.addIssue({ code: 'custom', message: t.amountRequired });
        else if (Number.isNaN(amount) || amount <= 0)
          ctx.addIssue({ code: 'custom', message: t.amountInvalid });
        else if (amount > max)
          ctx.addIssue({ code: 'custom', message: t.refundTooMuch(formatMoney(max)) });
      })
      .transform((value) => parseWholeNumber(value) ?? 0),
    note: z
      .string()
      .trim()
      .min(1, { message: t.refundNoteRequired, abort: true })
      .refine((value) => charLength(value) <= ORDER_LIMITS.reasonMax, t.noteTooLong),
  });
}
export type RecordRefundFormValues = { amount: string; note: string };
export type RecordRefundFormOutput = { amount: number; note: string };
export type CancelOrderFormValues = z.input<typeof cancelOrderSchema>;

/** Replacement codes for one item: 1..that item's quantity. */
export function replaceCodesSchema(maxByItem: ReadonlyMap<string, number>) {
  return z
    .object({
      itemId: z.string().min(1, t.itemRequired),
      quantity: z.string(),
      reason,
    })
    .superRefine((values, ctx) => {
      const max = maxByItem.get(values.itemId) ?? 0;
      const quantity = parseWholeNumber(values.quantity);
      if (quantity === null || Number.isNaN(quantity) || quantity < 1 || quantity > max) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: t.quantityRange(max) });
      }
    });
}
export type ReplaceCodesFormValues = { itemId: string; quantity: string; reason: string };

/** RegenerateAccessLink: whether the new link is e-mailed to the customer too. */
export const regenerateLinkSchema = z.object({ sendEmail: z.boolean() });
export type RegenerateLinkFormValues = z.input<typeof regenerateLinkSchema>;
