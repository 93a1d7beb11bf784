// What the counter's actions take (issue 23): hand over with the payment
// taken in the same step, Mark Ready for many orders, a refund with its reason.
import { z } from 'zod';
import { isDateString, PICKUP_SLOTS } from '../calendar/calendar';
import { isUuid } from '../ids/ids';
import { BULK_READY_MAX, PAYMENT_METHODS } from '../lifecycle/orderState';
import { requiredText } from './common';
import { isWholeCents } from '../money/money';

const PaymentTaken = z.object({
  method: z.enum(PAYMENT_METHODS, {
    error: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}`,
  }),
});

/** PATCH …/fulfill and POST …/hand-over: `payment` takes an unpaid order's money in the same step. */
export const HandOverSchema = z
  .object({ payment: PaymentTaken.nullish() })
  .nullish()
  .transform((body) => ({ payment: body?.payment ?? null }));
export type HandOver = z.infer<typeof HandOverSchema>;

/** POST /api/admin/orders/ready: chosen orders, or every open order of a day (or of its slots). */
export const BulkReadySchema = z
  .object({
    ids: z
      .array(z.string().refine(isUuid, { message: 'Each id must be an order id' }))
      .max(BULK_READY_MAX, `At most ${BULK_READY_MAX} orders at once`)
      .optional(),
    pickupDate: z
      .string()
      .refine(isDateString, { message: 'pickupDate must be a date (YYYY-MM-DD)' })
      .optional(),
    times: z
      .array(z.string().refine((t) => PICKUP_SLOTS.includes(t), { message: 'Unknown pickup time' }))
      .max(PICKUP_SLOTS.length)
      .optional(),
    /** A day other than today or tomorrow mails its customers early: asked twice (issue 36). */
    confirmed: z.boolean().optional(),
  })
  .refine((body) => (body.ids?.length ?? 0) > 0 || Boolean(body.pickupDate), {
    message: 'Choose orders (ids) or a pickup date',
    path: ['ids'],
  });
export type BulkReady = z.infer<typeof BulkReadySchema>;

/** POST /api/admin/orders/hand-over: the ticked orders, each handed over if it is paid. */
export const BulkHandOverSchema = z.object({
  ids: z
    .array(z.string().refine(isUuid, { message: 'Each id must be an order id' }))
    .min(1, 'Choose at least one order')
    .max(BULK_READY_MAX, `At most ${BULK_READY_MAX} orders at once`),
});
export type BulkHandOver = z.infer<typeof BulkHandOverSchema>;

/** POST …/stage: the kitchen's progress before ready. */
export const StageSchema = z.object({
  stage: z.enum(['confirmed', 'baking'], { error: "Stage must be 'confirmed' or 'baking'" }),
});

/** POST …/refunds: dollars (whole cents) and why. */
export const RefundSchema = z.object({
  amount: z
    .number({ error: 'Enter the amount refunded' })
    .positive('A refund must be more than $0.00')
    .refine(isWholeCents, 'Enter the amount in dollars and cents'),
  reason: requiredText(
    300,
    'Say why the order is refunded',
    'The reason cannot exceed 300 characters',
    3,
  ),
  /** How the money goes back; the last payment's way when left out. */
  method: z
    .enum(PAYMENT_METHODS, { error: `Refund method must be one of: ${PAYMENT_METHODS.join(', ')}` })
    .optional(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** POST …/payments/{paymentId}/void: a payment recorded by mistake, and why (issue 36). */
export const VoidPaymentSchema = z.object({
  reason: requiredText(
    300,
    'Say why the payment is voided',
    'The reason cannot exceed 300 characters',
    3,
  ),
});
export type VoidPayment = z.infer<typeof VoidPaymentSchema>;

/** POST …/payments: the amount due taken now, by `method` (issue 36). */
export const TakePaymentSchema = z.object({ method: PaymentTaken.shape.method });
export type TakePayment = z.infer<typeof TakePaymentSchema>;
