// Orders taken by staff at the counter or on the phone (issue 42): the
// storefront's order fields without prices (the server prices them), no
// account (a name and a phone or an e-mail), the lead time waivable with a
// reason, and the payment taken there and then. A walk-in's quick sale and
// lines added to an order at pickup take the same items and payment.
import { z } from 'zod';
import { bakeryToday, isDateString, PICKUP_SLOTS } from '../calendar/calendar';
import { formatCents, priceOrder, type PricedOrder } from '../money/money';
import type { CartLine } from '../catalogue/catalogue';
import { optionalPhoneField, requiredText } from './common';
import {
  deliveryAddressChecks,
  MAX_DISTINCT_ITEMS,
  ORDER_FIELD_BUILDERS as fields,
  ORDER_MESSAGES,
  OrderItemSchema,
  pickupChecks,
} from './order';

/** Where an order came from: the shop online, the phone, the counter, a walk-in's sale. */
export const ORDER_CHANNELS = ['online', 'phone', 'counter', 'walk-in'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  online: 'Online',
  phone: 'Phone',
  counter: 'Counter',
  'walk-in': 'Walk-in',
};

/** How the counter is paid: cash, the card terminal, a Square link sent, or later. */
export const COUNTER_PAYMENT_METHODS = ['cash', 'card', 'link', 'later'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

/** The most cash the counter takes in one go ($10,000). */
export const MAX_TENDERED_CENTS = 1_000_000;

export const STAFF_ORDER_MESSAGES = {
  contactRequired: 'Enter a phone number or an e-mail address',
  overrideReason: 'Say why the lead time is waived',
  linkNeedsEmail: 'A payment link is sent by e-mail: enter the customer’s e-mail address',
  deliveryPaidLater: 'A delivery is paid once its delivery fee is set: choose a link or later',
  saleMethod: 'A quick sale is paid by cash or card',
  tenderedMissing: 'Enter the cash tendered',
  tenderedShort: (dueCents: number) =>
    `The cash tendered is less than the ${formatCents(dueCents)} due`,
} as const;

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** A line as staff enter it: the catalogue's product, size, options and quantity; no name, no price. */
export const StaffOrderItemSchema = OrderItemSchema.omit({ name: true, price: true });
export type StaffOrderItem = z.infer<typeof StaffOrderItemSchema>;

const itemsField = () =>
  z
    .array(StaffOrderItemSchema, { error: 'Select at least one item to order' })
    .min(1, 'Select at least one item to order')
    .max(MAX_DISTINCT_ITEMS, ORDER_MESSAGES.tooManyItems);

/** The money taken now: by `method`; cash with what the customer handed over. */
export const CounterPaymentSchema = z.object({
  method: z.enum(COUNTER_PAYMENT_METHODS, {
    error: `Payment method must be one of: ${COUNTER_PAYMENT_METHODS.join(', ')}`,
  }),
  tenderedCents: z
    .number({ error: 'The cash tendered must be a number of cents' })
    .int('The cash tendered must be a whole number of cents')
    .min(0, 'The cash tendered cannot be negative')
    .max(MAX_TENDERED_CENTS, `The cash tendered cannot exceed ${formatCents(MAX_TENDERED_CENTS)}`)
    .nullish()
    .transform((v) => v ?? null),
});
export type CounterPayment = z.infer<typeof CounterPaymentSchema>;

/** POST /api/admin/orders: a phone or counter order; 'today' is the bakery's when it runs. */
export function staffOrderSchema(today?: string) {
  return z
    .object({
      customerName: fields.customerName(),
      customerEmail: z.preprocess(blankToNull, fields.customerEmail().nullish()),
      customerPhone: optionalPhoneField(),
      items: itemsField(),
      cakeOptions: z
        .object({ hasWriting: z.boolean().default(false), hasBows: z.boolean().default(false) })
        .nullish()
        .transform((v) => v ?? null),
      pickupDate: fields.pickupDate(),
      pickupTime: z
        .string({ error: ORDER_MESSAGES.pickupTimeSlot })
        .trim()
        .refine((v) => PICKUP_SLOTS.includes(v), ORDER_MESSAGES.pickupTimeSlot),
      ...fields.deliveryAndNotes(),
      channel: z
        .enum(['phone', 'counter'], { error: "Channel must be 'phone' or 'counter'" })
        .default('phone'),
      /** Staff waive the lead time (the rush rule) with a reason, kept in the order's history. */
      leadTimeOverride: z
        .object({
          reason: requiredText(
            300,
            STAFF_ORDER_MESSAGES.overrideReason,
            'The reason cannot exceed 300 characters',
            3,
          ),
        })
        .nullish()
        .transform((v) => v ?? null),
      payment: CounterPaymentSchema.nullish().transform((v) => v ?? null),
    })
    .superRefine((order, ctx) => {
      if (!order.customerEmail && !order.customerPhone)
        ctx.addIssue({
          code: 'custom',
          path: ['customerPhone'],
          message: STAFF_ORDER_MESSAGES.contactRequired,
        });
      pickupChecks(order, ctx, today ?? bakeryToday(), Boolean(order.leadTimeOverride));
      deliveryAddressChecks(order, ctx);
      if (order.payment?.method === 'link' && !order.customerEmail)
        ctx.addIssue({
          code: 'custom',
          path: ['customerEmail'],
          message: STAFF_ORDER_MESSAGES.linkNeedsEmail,
        });
      const takenNow = order.payment?.method === 'cash' || order.payment?.method === 'card';
      if (takenNow && order.deliveryMethod === 'delivery')
        ctx.addIssue({
          code: 'custom',
          path: ['payment', 'method'],
          message: STAFF_ORDER_MESSAGES.deliveryPaidLater,
        });
      if (order.payment?.method === 'cash' && order.payment.tenderedCents === null)
        ctx.addIssue({
          code: 'custom',
          path: ['payment', 'tenderedCents'],
          message: STAFF_ORDER_MESSAGES.tenderedMissing,
        });
    });
}
export const StaffOrderSchema = staffOrderSchema();
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

/** POST /api/admin/orders/{id}/items: lines added to an order (at pickup). */
export const AddItemsSchema = z.object({ items: itemsField() });
export type AddItems = z.infer<typeof AddItemsSchema>;

/** POST /api/admin/sales: what is on the shelf, paid there and then; a receipt when an e-mail is given. */
export const QuickSaleSchema = z
  .object({
    items: itemsField(),
    payment: CounterPaymentSchema.refine(
      (p) => p.method === 'cash' || p.method === 'card',
      STAFF_ORDER_MESSAGES.saleMethod,
    ),
    customerEmail: z.preprocess(blankToNull, fields.customerEmail().nullish()),
  })
  .superRefine((sale, ctx) => {
    if (sale.payment.method === 'cash' && sale.payment.tenderedCents === null)
      ctx.addIssue({
        code: 'custom',
        path: ['payment', 'tenderedCents'],
        message: STAFF_ORDER_MESSAGES.tenderedMissing,
      });
  });
export type QuickSale = z.infer<typeof QuickSaleSchema>;

/** The change a cash payment gives back; null when what was handed over does not cover it. */
export function changeDueCents(dueCents: number, tenderedCents: number): number | null {
  return tenderedCents >= dueCents ? tenderedCents - dueCents : null;
}

/** The lines as core's pricing reads them. */
export const cartLinesOfItems = (items: readonly StaffOrderItem[]): CartLine[] =>
  items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    variantId: item.variant ?? undefined,
    filling: item.filling ?? undefined,
    addIn: item.addIn ?? undefined,
  }));

/**
 * A walk-in's sale (issue 42): the menu's prices and tax, no rush fee and no
 * cake options (what is on the shelf is already baked). Throws PricingError.
 */
export function priceSale(items: readonly StaffOrderItem[], today: string): PricedOrder {
  return priceOrder(
    cartLinesOfItems(items),
    { pickupDate: null, hasWriting: false, hasBows: false },
    today,
  );
}

// ------------------------------------------------------------------ cash-up

const cashUpDay = () =>
  z
    .string({ error: 'Choose the day (YYYY-MM-DD)' })
    .trim()
    .refine(isDateString, 'Choose the day (YYYY-MM-DD)');

/** GET /api/admin/cash-up?date= and its PDF: the bakery day whose cash is counted. */
export const CashUpQuerySchema = z.object({ date: cashUpDay() });

/** POST /api/admin/cash-up: what was counted in the drawer, and a note (why it differs). */
export const CashUpSchema = z.object({
  date: cashUpDay(),
  countedCents: z
    .number({ error: 'Enter the cash counted' })
    .int('Enter the cash counted in whole cents')
    .min(0, 'The cash counted cannot be negative')
    .max(MAX_TENDERED_CENTS * 10, 'The cash counted cannot exceed $100,000.00'),
  note: z
    .string()
    .trim()
    .max(500, 'The note cannot exceed 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CashUp = z.infer<typeof CashUpSchema>;

/** A drawer's difference in words: over, short, or even. */
export function cashDifferenceText(differenceCents: number): string {
  if (differenceCents === 0) return 'The drawer matches';
  return differenceCents > 0
    ? `${formatCents(differenceCents)} over`
    : `${formatCents(-differenceCents)} short`;
}
