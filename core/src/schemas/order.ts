// The order form (client) and the order payload (server) of spec section 5,
// the 'Missing information:' checklist and the client's pre-submit checks.
import { z } from 'zod';
import {
  addDays,
  bakeryToday,
  daysAway,
  isDateString,
  isRushDate,
  MIN_LEAD_DAYS,
  PICKUP_SLOTS,
  DEFAULT_PICKUP_TIME,
  pickupTimeProblem,
  RUSH_THRESHOLD_DAYS,
  toBakeryDate,
} from '../calendar/calendar';
import {
  DELIVERY_FEE_STATUSES,
  DELIVERY_METHODS,
  type DeliveryMethod,
} from '../lifecycle/lifecycle';
import {
  RUSH_FEE_CENTS,
  centsToDollars,
  formatCents,
  formatDollars,
  dollarsToCents,
  isWholeCents,
  type PricedOrder,
} from '../money/money';
import { takesCakeOptions, type CartLine } from '../catalogue/catalogue';
import { DELIVERY_STATE_CODES } from '../bakery/bakery';
import {
  deliveryFeeCentsFor,
  isDeliveryZip,
  outsideDeliveryAreaMessage,
} from '../bakery/deliveryArea';
import type { ErrorCode } from '../errors';
import { emailField, isPersonName, optionalPhoneField, optionalText, requiredText } from './common';

export const ORDER_MESSAGES = {
  nameTooShort: 'Customer name must be at least 2 characters',
  nameTooLong: 'Customer name cannot exceed 100 characters',
  // The spec's text named no periods; the one name rule (issue 14) allows them ("Smith Jr.").
  nameLetters: 'Customer name can only contain letters, spaces, hyphens, apostrophes, and periods',
  email: 'Please enter a valid email address',
  emailTooLong: 'Email cannot exceed 255 characters',
  pickupDateRequired: 'Please select a pickup date',
  // The lead time and the rush rule are the owner's settings: these read them.
  get pickupDateLead() {
    return `Pickup date must be at least ${MIN_LEAD_DAYS} days in advance`;
  },
  pickupDateTomorrow: 'Pickup date must be at least tomorrow',
  pickupDatePast: 'Pickup date cannot be in the past',
  pickupTimeSlot: 'Please select a valid pickup time',
  pickupTimeFormat: 'Invalid pickup time format',
  deliveryMethod: 'Please select pickup or delivery',
  addressForm: 'Address fields are required for delivery orders',
  addressServer: 'Complete address (street, city, state, ZIP) is required for delivery orders',
  deliveryZip: 'Please enter a 5-digit ZIP code',
  deliveryState: 'We deliver only in Florida',
  cakeWriting: 'Cake writing cannot exceed 60 characters',
  cakeWritingRequired: 'Enter the writing for your cake',
  deliveryInstructions: 'Delivery instructions cannot exceed 300 characters',
  specialInstructions: 'Special instructions cannot exceed 500 characters',
  tooManyItems: 'Cannot exceed 20 different items per order',
  quantityRange: 'Item quantities must be between 1 and 50',
  quantityMax: 'Quantity cannot exceed 50 per item',
  totalMax: 'Order total cannot exceed $11,000',
  rushFeeError: 'Rush fee calculation error detected',
  totalMismatch: 'Total amount does not match subtotal + cake options fee + rush fee + tax',
  get rushFeeInvalid() {
    const fee = formatCents(RUSH_FEE_CENTS).replace(/\.00$/, '');
    return `Invalid rush fee: must be $0 for ${RUSH_THRESHOLD_DAYS}+ day advance orders, or ${fee} for orders less than ${RUSH_THRESHOLD_DAYS} days in advance`;
  },
  validationFailed: 'Order Validation Failed',
} as const;

export const MAX_DISTINCT_ITEMS = 20;
export const MAX_ITEM_QUANTITY = 50;
export const MAX_SUBTOTAL_CENTS = 1_000_000;
export const MAX_TOTAL_CENTS = 1_100_000;

/** Most characters of writing a cake can carry (the Order.cakeWriting column). */
export const MAX_CAKE_WRITING = 60;

/** How a schema treats the customer's name. */
export interface OrderSchemaOptions {
  /**
   * The server stores the signed-in account's name (spec: "from the signed-in
   * account first"), so the typed name is not checked: an account created
   * under an older name rule can still order (issue 14).
   */
  nameFromAccount?: boolean;
}

/** The one name rule of common.ts with the order's messages (2-100 characters). */
const customerName = (options: OrderSchemaOptions = {}) =>
  options.nameFromAccount
    ? z
        .string()
        .nullish()
        .transform((v) => v ?? '')
    : requiredText(100, ORDER_MESSAGES.nameTooShort, ORDER_MESSAGES.nameTooLong, 2).refine(
        (v) => v === '' || isPersonName(v),
        ORDER_MESSAGES.nameLetters,
      );

const cakeWritingField = () => optionalText(MAX_CAKE_WRITING, ORDER_MESSAGES.cakeWriting);

/** A US ZIP: 5 digits, or 5+4. */
export const ZIP_RE = /^\d{5}(?:-\d{4})?$/;

/** The delivery state is one the bakery delivers to (core's DELIVERY_POLICY). */
export const isDeliveryState = (state: string | null | undefined): boolean =>
  DELIVERY_STATE_CODES.includes((state ?? '').trim().toUpperCase());

const customerEmail = () =>
  emailField(ORDER_MESSAGES.email, { length: 255, message: ORDER_MESSAGES.emailTooLong }).transform(
    (e) => e.toLowerCase(),
  );

const deliveryMethod = () =>
  z.enum(DELIVERY_METHODS, { error: ORDER_MESSAGES.deliveryMethod }).default('pickup');

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/** 'today' is read when the schema runs unless the caller fixes it (tests, the server's clock). */
type Today = string | undefined;
const todayOf = (today: Today) => today ?? bakeryToday();

// The fields the order form and the order payload share, in their order.
const customerFields = (options: OrderSchemaOptions) => ({
  customerName: customerName(options),
  customerEmail: customerEmail(),
  customerPhone: optionalPhoneField(),
});

/** A bakery day (`YYYY-MM-DD`, or an ISO instant read as one). */
const pickupDateField = () =>
  z
    .string({ error: ORDER_MESSAGES.pickupDateRequired })
    .trim()
    .min(1, ORDER_MESSAGES.pickupDateRequired)
    .refine((v) => isDateString(toBakeryDate(v)), ORDER_MESSAGES.pickupDateRequired)
    .transform(toBakeryDate);

const deliveryAndNotes = () => ({
  deliveryMethod: deliveryMethod(),
  deliveryAddress: optionalText(200, 'Delivery address cannot exceed 200 characters'),
  deliveryCity: optionalText(100, 'Delivery city cannot exceed 100 characters'),
  deliveryState: optionalText(50, 'Delivery state cannot exceed 50 characters'),
  deliveryZip: optionalText(10, 'Delivery ZIP code cannot exceed 10 characters'),
  deliveryInstructions: optionalText(300, ORDER_MESSAGES.deliveryInstructions),
  specialInstructions: optionalText(500, ORDER_MESSAGES.specialInstructions),
  cakeWriting: cakeWritingField(),
});

/** The field builders the staff's order (issue 42, staffOrder.ts) shares with the payload. */
export const ORDER_FIELD_BUILDERS = {
  customerName,
  customerEmail,
  pickupDate: pickupDateField,
  deliveryAndNotes,
};

// ------------------------------------------------------------------ client form

/** The order form's fields (spec section 5, "Order form (client)"). */
export function orderFormSchema(today?: string, options: OrderSchemaOptions = {}) {
  return z
    .object({
      ...customerFields(options),
      pickupDate: pickupDateField(),
      pickupTime: z
        .string({ error: ORDER_MESSAGES.pickupTimeSlot })
        .refine((v) => PICKUP_SLOTS.includes(v), ORDER_MESSAGES.pickupTimeSlot)
        .default(DEFAULT_PICKUP_TIME),
      ...deliveryAndNotes(),
    })
    .superRefine((form, ctx) => {
      // Field errors do not stop this refinement: check only what parsed.
      if (
        isDateString(form.pickupDate) &&
        daysAway(form.pickupDate, todayOf(today)) < MIN_LEAD_DAYS
      )
        ctx.addIssue({
          code: 'custom',
          path: ['pickupDate'],
          message: ORDER_MESSAGES.pickupDateLead,
        });
      // The owner's hours for that weekday: a closed day, a time outside them.
      const formHours =
        isDateString(form.pickupDate) && typeof form.pickupTime === 'string'
          ? pickupTimeProblem(form.pickupDate, form.pickupTime)
          : null;
      if (formHours) ctx.addIssue({ code: 'custom', path: ['pickupTime'], message: formHours });
      if (
        form.deliveryMethod === 'delivery' &&
        [form.deliveryAddress, form.deliveryCity, form.deliveryState, form.deliveryZip].some(blank)
      )
        ctx.addIssue({
          code: 'custom',
          path: ['deliveryAddress'],
          message: ORDER_MESSAGES.addressForm,
        });
      deliveryChecks(form, ctx);
    });
}

/** A delivery ZIP that is not 5 digits, or a state not delivered to, each with its own message. */
function deliveryChecks(
  order: { deliveryMethod: string; deliveryState?: string | null; deliveryZip?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (order.deliveryMethod !== 'delivery') return;
  if (!blank(order.deliveryZip) && !ZIP_RE.test((order.deliveryZip ?? '').trim()))
    ctx.addIssue({ code: 'custom', path: ['deliveryZip'], message: ORDER_MESSAGES.deliveryZip });
  if (!blank(order.deliveryState) && !isDeliveryState(order.deliveryState))
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryState'],
      message: ORDER_MESSAGES.deliveryState,
    });
}

/** The client form schema; 'today' is the bakery's today when it runs. */
export const OrderFormSchema = orderFormSchema();
export type OrderForm = z.infer<typeof OrderFormSchema>;

export interface MissingLine {
  /** The form field the line points to (the checklist focuses it). */
  field: string;
  message: string;
}

export interface MissingInput {
  items: readonly unknown[];
  customerPhone?: string | null;
  deliveryMethod?: string | null;
  pickupDate?: string | null;
  pickupTime?: string | null;
  deliveryAddress?: string | null;
  deliveryCity?: string | null;
  deliveryState?: string | null;
  deliveryZip?: string | null;
  /** The cart holds a cake (the writing line is asked only then). */
  hasCakeItems?: boolean;
  hasWriting?: boolean;
  cakeWriting?: string | null;
}

/** The 'Missing information:' lines, in the spec's order, then the cake's writing. */
export function missingOrderInformation(form: MissingInput): MissingLine[] {
  const out: MissingLine[] = [];
  if (form.items.length === 0)
    out.push({ field: 'items', message: 'Select at least one item to order' });
  if (blank(form.customerPhone))
    out.push({ field: 'customerPhone', message: 'Enter your phone number' });
  if (blank(form.pickupDate)) out.push({ field: 'pickupDate', message: 'Select a pickup date' });
  if (blank(form.pickupTime)) out.push({ field: 'pickupTime', message: 'Select a pickup time' });
  if (form.deliveryMethod === 'delivery') {
    if (blank(form.deliveryAddress))
      out.push({ field: 'deliveryAddress', message: 'Enter delivery address' });
    if (blank(form.deliveryCity))
      out.push({ field: 'deliveryCity', message: 'Enter delivery city' });
    if (blank(form.deliveryState))
      out.push({ field: 'deliveryState', message: 'Select delivery state' });
    if (blank(form.deliveryZip))
      out.push({ field: 'deliveryZip', message: 'Enter delivery ZIP code' });
  }
  if (cakeWritingMissing(form))
    out.push({ field: 'cakeWriting', message: ORDER_MESSAGES.cakeWritingRequired });
  return out;
}

/** "Add writing" chosen for a cake with nothing to write (issue 24: it was charged $5.00). */
const cakeWritingMissing = (order: {
  hasCakeItems?: boolean;
  hasWriting?: boolean;
  cakeWriting?: string | null;
}) => Boolean(order.hasCakeItems && order.hasWriting && blank(order.cakeWriting));

/** A delivery address in Florida with a 5-digit ZIP that is not in the delivery area. */
export function deliveryAreaProblem(order: {
  deliveryMethod?: string | null;
  deliveryState?: string | null;
  deliveryZip?: string | null;
}): string | null {
  const zip = (order.deliveryZip ?? '').trim();
  if (order.deliveryMethod !== 'delivery' || !ZIP_RE.test(zip)) return null;
  if (!blank(order.deliveryState) && !isDeliveryState(order.deliveryState)) return null;
  return isDeliveryZip(zip) ? null : outsideDeliveryAreaMessage(zip.slice(0, 5));
}

/** Why an order that passed its schema is still refused: the field, a stable code, the words. */
export interface OrderRefusal {
  field: 'cakeWriting' | 'deliveryZip';
  code: Extract<ErrorCode, 'cake_writing_required' | 'outside_delivery_area'>;
  message: string;
}

/**
 * The rules the schema cannot judge alone (issue 24), for the order form and
 * the server alike: writing chosen for a cake must be written, and a delivery
 * must be inside the delivery area. `hasCakeItems` is the priced cart's.
 */
export function orderRefusal(order: {
  hasCakeItems?: boolean;
  cakeOptions?: { hasWriting?: boolean } | null;
  hasWriting?: boolean;
  cakeWriting?: string | null;
  deliveryMethod?: string | null;
  deliveryState?: string | null;
  deliveryZip?: string | null;
}): OrderRefusal | null {
  const hasWriting = Boolean(order.hasWriting ?? order.cakeOptions?.hasWriting);
  if (cakeWritingMissing({ ...order, hasWriting }))
    return {
      field: 'cakeWriting',
      code: 'cake_writing_required',
      message: ORDER_MESSAGES.cakeWritingRequired,
    };
  const outside = deliveryAreaProblem(order);
  if (outside) return { field: 'deliveryZip', code: 'outside_delivery_area', message: outside };
  return null;
}

export type SubmitCheck = { ok: true } | { ok: false; message: string };

/** The client's pre-submit checks; a failure is shown under 'Order Validation Failed'. */
export function checkOrderForSubmit(priced: PricedOrder, lines: readonly CartLine[]): SubmitCheck {
  const fail = (message: string): SubmitCheck => ({ ok: false, message });
  if (lines.length === 0) return fail('Select at least one item to order');
  if (
    new Set(lines.map((l) => l.productId)).size > MAX_DISTINCT_ITEMS ||
    lines.length > MAX_DISTINCT_ITEMS
  )
    return fail(ORDER_MESSAGES.tooManyItems);
  if (
    lines.some(
      (l) => !Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > MAX_ITEM_QUANTITY,
    )
  )
    return fail(ORDER_MESSAGES.quantityRange);
  if (priced.subtotalCents <= 0) return fail('Order subtotal must be greater than $0');
  if (priced.totalCents > MAX_TOTAL_CENTS) return fail(ORDER_MESSAGES.totalMax);
  if (priced.rushFeeCents !== (priced.isRushOrder ? RUSH_FEE_CENTS : 0))
    return fail(ORDER_MESSAGES.rushFeeError);
  return { ok: true };
}

// ---------------------------------------------------------------- server payload

const money = (label: string, min: number, max: number, maxText: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(
      min,
      min > 0 ? `${label} must be at least ${formatDollars(min)}` : `${label} cannot be negative`,
    )
    .max(max, `${label} cannot exceed ${maxText}`)
    .refine(isWholeCents, `${label} must be in whole cents`);

export const OrderItemSchema = z.object({
  productId: z.string({ error: 'Product id is required' }).trim().min(1, 'Product id is required'),
  name: requiredText(200, 'Item name is required', 'Item name cannot exceed 200 characters'),
  price: z
    .number({ error: 'Item price must be a number' })
    .min(0.01, 'Item price must be at least $0.01')
    .refine(isWholeCents, 'Item price must be in whole cents'),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ITEM_QUANTITY, ORDER_MESSAGES.quantityMax),
  variant: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => (v ? v : null)),
  filling: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : null)),
  addIn: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The writing on this cake, where the order has several (issue 24); kept only on cake lines. */
  writing: z
    .string()
    .trim()
    .max(MAX_CAKE_WRITING, ORDER_MESSAGES.cakeWriting)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/**
 * The submitted order (spec section 5, "Order schema (server-shaped)").
 * Both lead-time rules apply: before tomorrow is 'at least tomorrow', tomorrow
 * or the day after is 'at least 3 days in advance'. The rush fee is checked
 * against the pickup date, not the client's flag. Pickup times are exactly the
 * form's slots (PICKUP_SLOTS, from the opening hours); the spec's looser
 * pattern would also accept 1:00 AM.
 */
export function orderPayloadSchema(today?: string, options: OrderSchemaOptions = {}) {
  return z
    .object({
      ...customerFields(options),
      userId: z
        .string()
        .nullish()
        .transform((v) => v ?? null),
      items: z
        .array(OrderItemSchema, { error: 'Select at least one item to order' })
        .min(1, 'Select at least one item to order')
        .max(MAX_DISTINCT_ITEMS, ORDER_MESSAGES.tooManyItems),
      subtotal: money('Subtotal', 0.01, 10_000, '$10,000'),
      cakeOptionsFee: money('Cake options fee', 0, 50, '$50').default(0),
      rushFee: money('Rush fee', 0, 500, '$500').default(0),
      tax: money('Tax', 0, 1000, '$1,000'),
      total: money('Order total', 0.01, 11_000, '$11,000'),
      isRushOrder: z.boolean().default(false),
      hasCakeItems: z.boolean().default(false),
      cakeOptions: z
        .object({ hasWriting: z.boolean().default(false), hasBows: z.boolean().default(false) })
        .nullish()
        .transform((v) => v ?? null),
      pickupDate: pickupDateField(),
      pickupTime: z
        .string({ error: ORDER_MESSAGES.pickupTimeFormat })
        .trim()
        .refine((v) => PICKUP_SLOTS.includes(v), ORDER_MESSAGES.pickupTimeFormat),
      ...deliveryAndNotes(),
      deliveryFeeStatus: z.enum(DELIVERY_FEE_STATUSES).optional(),
      deliveryFee: money('Delivery fee', 0, 200, '$200').optional(),
      deliveryDistance: z
        .number({ error: 'Delivery distance must be a number' })
        .min(0, 'Delivery distance cannot be negative')
        .max(100, 'Delivery distance cannot exceed 100 miles')
        .nullish(),
    })
    .superRefine((order, ctx) => {
      // Field errors do not stop this refinement: check only what parsed.
      const now = todayOf(today);
      const dateOk = isDateString(order.pickupDate);
      pickupChecks(order, ctx, now, false);

      const amounts = [order.subtotal, order.cakeOptionsFee, order.rushFee, order.tax, order.total];
      if (amounts.every((a) => typeof a === 'number' && Number.isFinite(a))) {
        const sum =
          dollarsToCents(order.subtotal) +
          dollarsToCents(order.cakeOptionsFee) +
          dollarsToCents(order.rushFee) +
          dollarsToCents(order.tax) +
          // Issue 38: the fee of the owner's table, added at checkout.
          dollarsToCents(order.deliveryFee ?? 0);
        if (Math.abs(dollarsToCents(order.total) - sum) > 1)
          ctx.addIssue({ code: 'custom', path: ['total'], message: ORDER_MESSAGES.totalMismatch });
      }

      if (dateOk && typeof order.rushFee === 'number' && Number.isFinite(order.rushFee)) {
        const rush = isRushDate(order.pickupDate, now);
        // Issue 37: a drop order within the rush window may carry no fee
        // (rushFee 0, isRushOrder false); the server reprices it from the
        // drops it is booked in and refuses figures that disagree.
        const fee = dollarsToCents(order.rushFee);
        const charged = fee === RUSH_FEE_CENTS && order.isRushOrder;
        const none = fee === 0 && !order.isRushOrder;
        if (rush ? !(charged || none) : !none)
          ctx.addIssue({
            code: 'custom',
            path: ['rushFee'],
            message: ORDER_MESSAGES.rushFeeInvalid,
          });
      }

      deliveryAddressChecks(order, ctx);
    });
}

/**
 * The pickup date and time of a placed order: the lead time (unless staff
 * waived it: issue 42, then only a day before today is refused) and the
 * owner's hours for that weekday.
 */
export function pickupChecks(
  order: { pickupDate: string; pickupTime?: unknown },
  ctx: z.RefinementCtx,
  now: string,
  leadTimeWaived: boolean,
): void {
  const dateOk = isDateString(order.pickupDate);
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (dateOk && leadTimeWaived && order.pickupDate < now)
    issue('pickupDate', ORDER_MESSAGES.pickupDatePast);
  else if (dateOk && !leadTimeWaived && order.pickupDate < addDays(now, 1))
    issue('pickupDate', ORDER_MESSAGES.pickupDateTomorrow);
  else if (dateOk && !leadTimeWaived && daysAway(order.pickupDate, now) < MIN_LEAD_DAYS)
    issue('pickupDate', ORDER_MESSAGES.pickupDateLead);
  const hoursProblem =
    dateOk && typeof order.pickupTime === 'string'
      ? pickupTimeProblem(order.pickupDate, order.pickupTime)
      : null;
  if (hoursProblem) issue('pickupTime', hoursProblem);
}

/** A delivery's whole address, its ZIP and its state (the server's words). */
export function deliveryAddressChecks(
  order: {
    deliveryMethod: string;
    deliveryAddress?: string | null;
    deliveryCity?: string | null;
    deliveryState?: string | null;
    deliveryZip?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (order.deliveryMethod !== 'delivery') return;
  const complete =
    !blank(order.deliveryAddress) &&
    !blank(order.deliveryCity) &&
    (order.deliveryState ?? '').trim().length >= 2 &&
    !blank(order.deliveryZip);
  deliveryChecks(order, ctx);
  if (!complete)
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryAddress'],
      message: ORDER_MESSAGES.addressServer,
    });
}

export type OrderPayload = z.infer<ReturnType<typeof orderPayloadSchema>>;

/** POST /api/submit-order: `{ orderData }`, with the bakery's today when it runs. */
export function orderSubmissionSchema(today?: string, options: OrderSchemaOptions = {}) {
  return z.object({ orderData: orderPayloadSchema(today, options) });
}
export const OrderSubmissionSchema = orderSubmissionSchema();
export type OrderSubmission = z.infer<typeof OrderSubmissionSchema>;

// ---------------------------------------------------------- the payload builder

/** What the customer filled in on the order form (or a test, or a seed). */
export interface OrderFormValues {
  customerPhone?: string | null;
  deliveryMethod: DeliveryMethod;
  pickupDate: string;
  pickupTime: string;
  deliveryAddress?: string | null;
  deliveryCity?: string | null;
  deliveryState?: string | null;
  deliveryZip?: string | null;
  deliveryInstructions?: string | null;
  specialInstructions?: string | null;
  /** Writing on the cake; kept only when the order has a cake and writing was chosen. */
  cakeWriting?: string | null;
  /** With several cakes, the writing of each cake line (key: cakeLineKey). */
  lineWriting?: Readonly<Record<string, string>> | null;
  hasWriting?: boolean;
  hasBows?: boolean;
}

/** A cart line's key for its own writing: product, size, filling and add-in. */
export const cakeLineKey = (line: {
  productId: string;
  variant?: string | null;
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
}) =>
  [line.productId, line.variant ?? line.variantId ?? '', line.filling ?? '', line.addIn ?? ''].join(
    '|',
  );

/** Whether a stored or priced line is a cake (writing goes on cakes only). */
export const isCakeLine = (line: { productId: string }) => takesCakeOptions(line.productId);

/** Who orders: the signed-in account (name, e-mail and phone come from it first). */
export interface OrderAccount {
  id: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
}

/** The stored line of an order: the catalogue's figures for one priced line. */
export function orderLines(priced: PricedOrder) {
  return priced.lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    price: centsToDollars(line.unitPriceCents),
    quantity: line.quantity,
    variant: line.variantId ?? null,
    variantLabel: line.variantLabel ?? null,
    filling: line.filling ?? null,
    addIn: line.addIn ?? null,
    lineTotal: centsToDollars(line.lineTotalCents),
  }));
}

/** The `orderData` of POST /api/submit-order, as a client sends it. */
export type OrderPayloadInput = z.input<ReturnType<typeof orderPayloadSchema>>;

/**
 * The one order payload builder (issue 11): from core's priced cart (priceOrder
 * with the form's cake options) and the form, the payload the server checks.
 * The storefront, the API's tests and the desktop seed all build it here.
 */
export function buildOrderPayload(
  priced: PricedOrder,
  form: OrderFormValues,
  account: OrderAccount,
): OrderPayloadInput {
  const delivery = form.deliveryMethod === 'delivery';
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const hasCakeItems = priced.hasCakeItems;
  const hasWriting = hasCakeItems && Boolean(form.hasWriting);
  return {
    customerName: `${account.firstName} ${account.lastName}`.trim(),
    customerEmail: account.email,
    customerPhone: text(form.customerPhone) || account.phone || '',
    userId: account.id,
    items: orderLines(priced).map((line) => {
      const { productId, name, price, quantity, variant, filling, addIn } = line;
      const writing =
        hasWriting && isCakeLine(line) ? text(form.lineWriting?.[cakeLineKey(line)]) : '';
      return {
        productId,
        name,
        price,
        quantity,
        variant,
        filling,
        addIn,
        ...(writing ? { writing } : {}),
      };
    }),
    subtotal: centsToDollars(priced.subtotalCents),
    cakeOptionsFee: centsToDollars(priced.cakeOptionsFeeCents),
    rushFee: centsToDollars(priced.rushFeeCents),
    tax: centsToDollars(priced.taxCents),
    total: centsToDollars(priced.totalCents),
    isRushOrder: priced.isRushOrder,
    hasCakeItems,
    cakeOptions: hasCakeItems ? { hasWriting, hasBows: Boolean(form.hasBows) } : null,
    pickupDate: form.pickupDate,
    pickupTime: form.pickupTime,
    deliveryMethod: form.deliveryMethod,
    deliveryAddress: delivery ? text(form.deliveryAddress) : '',
    deliveryCity: delivery ? text(form.deliveryCity) : '',
    deliveryState: delivery ? text(form.deliveryState) : '',
    deliveryZip: delivery ? text(form.deliveryZip) : '',
    deliveryInstructions: delivery ? text(form.deliveryInstructions) : '',
    // Issue 38: a fee the owner's table sets is in the total; otherwise staff add it.
    deliveryFeeStatus: !delivery
      ? 'not_applicable'
      : deliveryFeeCentsFor(form.deliveryZip) !== null
        ? 'calculated'
        : 'pending',
    ...(delivery && deliveryFeeCentsFor(form.deliveryZip) !== null
      ? { deliveryFee: centsToDollars(priced.deliveryFeeCents) }
      : {}),
    specialInstructions: text(form.specialInstructions),
    cakeWriting: hasWriting ? text(form.cakeWriting) : '',
  };
}
