// POST /api/submit-order, the multi-step part: validate the payload with
// core's server schema for the bakery's today, re-price every line from core's
// catalogue, refuse figures that disagree by more than a cent, store the order
// (once per Idempotency-Key), then ask for a Square link and send the
// confirmation. The order is committed before Square or mail is touched, so
// neither can lose it.
import pLimit from 'p-limit';
import {
  bakeryToday,
  centsToDollars,
  dollarsToCents,
  deliveryFeeCentsFor,
  isCakeLine,
  orderLines,
  orderPayloadSchema,
  orderRefusal,
  PAYMENT_NOT_CONFIGURED_NOTICE,
  paymentNotConfiguredText,
  priceOrder,
  PricingError,
  safeInput,
  type CartLine,
  type ErrorCode,
  type OrderChannel,
  type OrderPayload,
  type PricedOrder,
  taxRatePercent,
  toBakeryDate,
  ORDER_MESSAGES,
  markDropLines,
} from '@bakery/core';
import { randomUUID } from 'node:crypto';
import { Prisma, type OrderModel as Order, type PrismaClient } from '@bakery/prisma';
import { rawSession } from '../db/rawSession.js';
import type { Raw } from '../db/types.js';
import type pg from 'pg';
import type { AppDeps } from '../deps.js';
import type { SessionUser } from './sessionStore.js';
import type { Actor } from './orders/record.js';
import { badRequest, conflict } from '../errors.js';
import { validationError } from '../errors.js';
import { toOrderView } from './orderView.js';
import { checkDay, planUnits, unitsRead } from './kitchen/index.js';
import { bookingRefusal, orderBooking, type UnpaidCap } from './kitchen/booking.js';
import { dropItemsServing, refuseSoldOutFast } from './kitchen/drops.js';
import { windowsReadRecently } from './kitchen/windows.js';
import { assertAvailableOn } from './menu/orders.js';
import { withLineAllergens } from './allergens/orderLines.js';

/**
 * At most this many order transactions of this process at once (issue 25).
 * In a rush the sales of one day wait on the same counter rows anyway; queued
 * here instead of on pool connections, they leave connections free for what
 * does not wait on those rows: sign-ins, sessions, the sold-out answers, the
 * shop's pages. p-limit keeps the queue in order.
 */
const SUBMISSIONS_AT_ONCE = 8;
const submissionSlot = pLimit(SUBMISSIONS_AT_ONCE);

/** The answer's message without Square: what happens next, in the customer's words (a pickup order). */
export const PAYMENT_NOT_CONFIGURED = `${PAYMENT_NOT_CONFIGURED_NOTICE.title}. ${PAYMENT_NOT_CONFIGURED_NOTICE.text}`;
export const PRICE_MISMATCH =
  'Order prices do not match our current menu. Please review your cart and try again.';

type Payload = OrderPayload;

/** More than a cent apart. */
const differs = (dollars: number | null | undefined, cents: number) =>
  Math.abs(dollarsToCents(dollars ?? 0) - cents) > 1;

/** The catalogue's figures, or a 400 with the reason. */
function reprice(
  payload: Payload,
  today: string,
  dropProductIds: ReadonlySet<string>,
  figures: 'client' | 'server',
): PricedOrder {
  const items = payload.items;
  const lines: CartLine[] = items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    variantId: item.variant,
    filling: item.filling,
    addIn: item.addIn,
  }));
  // Issue 38: a delivery to a ZIP of the owner's fee table pays its fee at checkout.
  const deliveryFeeCents =
    payload.deliveryMethod === 'delivery' ? deliveryFeeCentsFor(payload.deliveryZip) : null;
  const options = {
    pickupDate: payload.pickupDate,
    hasWriting: Boolean(payload.cakeOptions?.hasWriting),
    hasBows: Boolean(payload.cakeOptions?.hasBows),
    ...(deliveryFeeCents !== null ? { deliveryFeeCents } : {}),
    // Issue 37: an order of only the date's drop items pays no rush fee.
    dropProductIds,
  };
  let priced: PricedOrder;
  try {
    priced = priceOrder(lines, options, today);
  } catch (error) {
    // core's PricingError names the unknown product, size or option.
    if (error instanceof PricingError) throw badRequest(error.message);
    throw error;
  }
  // Issue 22: sold out, out of season or not on that weekday: refused for that day.
  assertAvailableOn(
    lines.map((line) => line.productId),
    payload.pickupDate,
  );
  // Staff send no figures (issue 42): the catalogue's are the order's.
  if (figures === 'server') return priced;
  // The spec's words for a rush order sent without its fee (core's payload
  // check lets a fee of 0 through inside 7 days: drop items pay none).
  if (priced.rushFeeCents > 0 && differs(payload.rushFee, priced.rushFeeCents))
    throw badRequest(ORDER_MESSAGES.rushFeeInvalid);
  const lineMismatch = priced.lines.some((line, index) =>
    differs(items[index]!.price, line.unitPriceCents),
  );
  if (
    lineMismatch ||
    differs(payload.subtotal, priced.subtotalCents) ||
    differs(payload.cakeOptionsFee, priced.cakeOptionsFeeCents) ||
    differs(payload.rushFee, priced.rushFeeCents) ||
    differs(payload.tax, priced.taxCents) ||
    differs(payload.total, priced.totalCents)
  ) {
    throw badRequest(PRICE_MISMATCH);
  }
  return priced;
}

type PayloadSchema = ReturnType<typeof safeInput<ReturnType<typeof orderPayloadSchema>>>;
const schemas = new Map<string, PayloadSchema>();

/**
 * Core's payload schema for the bakery's `today`, built once per day (and
 * signed in or not) instead of on every request: building it cost more CPU
 * than checking a payload with it.
 */
function payloadSchema(today: string, nameFromAccount: boolean): PayloadSchema {
  const key = `${today} ${nameFromAccount}`;
  let schema = schemas.get(key);
  if (!schema) {
    if (schemas.size >= 8) schemas.clear();
    schema = safeInput(orderPayloadSchema(today, { nameFromAccount }));
    schemas.set(key, schema);
  }
  return schema;
}

export interface SubmitResult {
  status: 200 | 201;
  body: {
    success: true;
    order: ReturnType<typeof toOrderView>;
    paymentUrl: string | null;
    message: string;
    /** 'payment_not_configured' when staff will arrange payment by e-mail (clients branch on it). */
    code?: ErrorCode;
  };
}

function answerBody(deps: AppDeps, order: Order, paymentUrl: string | null): SubmitResult['body'] {
  return {
    success: true,
    order: toOrderView(order),
    paymentUrl,
    message: answerMessage(deps, order, paymentUrl),
    ...(deps.payments.configured ? {} : { code: 'payment_not_configured' as const }),
  };
}

function answerMessage(
  deps: AppDeps,
  order: { deliveryMethod: string; deliveryFeeStatus: string },
  paymentUrl: string | null,
): string {
  if (!deps.payments.configured)
    return `${PAYMENT_NOT_CONFIGURED_NOTICE.title}. ${paymentNotConfiguredText(order)}`;
  if (order.deliveryFeeStatus === 'pending') {
    return 'Order submitted! We will calculate your delivery fee and email you a payment link within 24 hours.';
  }
  if (paymentUrl) return 'Order submitted! Complete your payment to confirm your order.';
  return 'Order submitted! We could not prepare your payment link just now; we will email it to you shortly.';
}

async function existingAnswer(
  deps: AppDeps,
  key: string,
  userId: string | null,
): Promise<SubmitResult | null> {
  const order = await deps.prisma.order.findUnique({ where: { idempotencyKey: key } });
  if (!order) return null;
  // A key belongs to whoever used it first; another account cannot read that order with it.
  if (order.userId !== userId)
    throw conflict('This Idempotency-Key was already used for another order');
  return {
    status: 200,
    body: answerBody(deps, order, order.squarePaymentUrl),
  };
}

export async function submitOrder(
  deps: AppDeps,
  input: {
    orderData: unknown;
    user: SessionUser | undefined;
    idempotencyKey: string | null;
    now?: Date;
  },
): Promise<SubmitResult> {
  const userId = input.user?.id ?? null;
  if (input.idempotencyKey) {
    const repeated = await existingAnswer(deps, input.idempotencyKey, userId);
    if (repeated) return repeated;
  }
  const today = bakeryToday(input.now);
  // A signed-in customer's order carries the account's name (orderRow), so the
  // typed name is not checked: an account named under an older rule can order.
  const parsed = payloadSchema(today, Boolean(input.user)).safeParse(input.orderData ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  let placed: Placed;
  try {
    placed = await placeOrder(deps, parsed.data, {
      user: input.user,
      idempotencyKey: input.idempotencyKey,
      today,
      figures: 'client',
      channel: 'online',
    });
  } catch (error) {
    // The same key submitted twice at once: the unique index lets one through.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const repeated = await existingAnswer(deps, input.idempotencyKey, userId);
      if (repeated) return repeated;
    }
    throw error;
  }
  return { status: 201, body: answerBody(deps, placed.order, placed.paymentUrl) };
}

/** How an order is placed: by whom, from where, and what follows it. */
export interface PlaceOptions {
  /** The customer's account (the storefront); none for a staff order. */
  user?: SessionUser | undefined;
  idempotencyKey: string | null;
  /** The bakery's today the order is priced and checked for. */
  today: string;
  /**
   * 'client': the payload's figures are the customer's and must agree with
   * the catalogue's (400 otherwise); 'server': staff sent none (issue 42).
   */
  figures: 'client' | 'server';
  channel: OrderChannel;
  /** Issue 42: the staff member who entered it; the open-unpaid cap is the customer's rule only. */
  enteredBy?: Actor;
  /** A pickup order asks Square for its link (the storefront); staff say how it is paid. */
  paymentLink?: boolean;
  /** A refusal of the caller's, once the order is priced and before anything is stored. */
  check?: (priced: PricedOrder) => void;
}

export interface Placed {
  order: Order;
  paymentUrl: string | null;
}

/**
 * The one path that creates an order (the storefront's submission and, issue
 * 42, the staff's): re-price from the catalogue, core's refusals, the sold-out
 * check, the ONE booking statement that inserts the row under the counters'
 * locks (409 with the booking's code and words when the day is full), then
 * the Square link and the confirmation mail (when there is an address).
 */
export async function placeOrder(
  deps: AppDeps,
  payload: Payload,
  options: PlaceOptions,
): Promise<Placed> {
  const { prisma, log } = deps;
  const { today, user } = options;
  const userId = user?.id ?? null;
  // The owner's windows too, for the mail's "8:00 AM – 10:00 AM" (issue 37).
  const [dropProductIds, windows] = await Promise.all([
    dropItemsServing(prisma, toBakeryDate(payload.pickupDate)),
    windowsReadRecently(prisma),
  ]);
  const priced = reprice(payload, today, dropProductIds, options.figures);
  options.check?.(priced);
  // Writing chosen but left empty, a delivery outside the area: core's words and code.
  const refusal = orderRefusal({ ...payload, hasCakeItems: priced.hasCakeItems });
  if (refusal)
    throw badRequest(
      refusal.message,
      { errors: [{ path: refusal.field, message: refusal.message }] },
      refusal.code,
    );
  const data = { ...orderRow(payload, priced, user), channel: options.channel };
  // Issue 25: a drop item already sold out is refused before any wait.
  await refuseSoldOutFast(prisma, {
    date: data.pickupDate,
    lines: data.items,
    holder: userId,
  });
  // Issue 26: each line keeps the allergens it was ordered with (My Orders, the mails).
  // Issue 37: a drop's lines come from its batch, not the day's limits.
  data.items = markDropLines(await withLineAllergens(prisma, data.items), dropProductIds);
  const mailed = data.customerEmail !== '';

  // The counters' checks and the insert are one statement under the counters'
  // row locks, so two customers racing for the last cake of a day get one success.
  const row = { ...data, id: randomUUID(), idempotencyKey: options.idempotencyKey };
  const mail = mailed
    ? (deps.notifications.orderReceivedRow?.(asStored(row), windows) ?? null)
    : null;
  const queuedMailId: string | null = mail?.id ?? null;
  const order = await placeBookedOrder(prisma, row, {
    userId,
    today,
    // Staff take an order for someone without an account (issue 42): the
    // cap on a customer's own open unpaid orders is not theirs.
    unpaid: options.enteredBy ? null : { userId, email: data.customerEmail },
    alsoInsert: mail?.insert,
  });
  log.info('order received', {
    orderId: order.id,
    userId,
    channel: options.channel,
    total: centsToDollars(priced.totalCents),
  });

  let paymentUrl: string | null = null;
  const wantsLink = options.paymentLink ?? true;
  // A pickup, or a delivery whose fee the checkout set (issue 38), gets its link now.
  if (wantsLink && order.deliveryFeeStatus !== 'pending' && deps.payments.configured) {
    try {
      paymentUrl = await deps.payments.ensurePaymentLink(order.id, { notifyCustomer: false });
    } catch (error) {
      log.error('payment link failed; the order stays pending', {
        orderId: order.id,
        error: String(error),
      });
    }
  }
  // Sent in the background: mail never delays or fails the answer. A mail
  // queued in the transaction is released (with the payment link, if any).
  const mailId: string | null = queuedMailId;
  if (mailed) {
    const sending =
      mailId && deps.notifications.releaseQueued
        ? deps.notifications.releaseQueued(mailId, order)
        : deps.notifications.orderReceived(order.id);
    void sending.catch((error: unknown) => {
      log.error('order confirmation mail failed', { orderId: order.id, error: String(error) });
    });
  }
  const stored = paymentUrl ? ((await findOrder(prisma, order.id)) ?? order) : order;
  return { order: stored, paymentUrl };
}

/**
 * The one booking of a new order, shared by every path that places one (the
 * submission here; issue 41's standing-order occurrences): the day's checks
 * and the unit plan from plain reads (a refusal never waits behind the
 * sales), then ONE statement, its own transaction: the order's INSERT books
 * the unpaid cap, the window, the drop units and the day's counters (each
 * checked under its lock, in the order a cancellation's triggers take them)
 * and runs `alsoInsert` (a CTE: the confirmation mail, an occurrence's row);
 * in a rush those rows are held only while PostgreSQL runs it, never across
 * a round trip to Node. `userId` is whose fair share and checkout hold count
 * (null: neither); `unpaid` whose unpaid cap (null: none). A refusal is the
 * 409 the customer reads.
 */
export async function placeBookedOrder(
  prisma: PrismaClient,
  row: NewOrder,
  who: {
    userId: string | null;
    today: string;
    unpaid: UnpaidCap | null;
    alsoInsert?: Prisma.Sql | null;
  },
): Promise<Order> {
  return submissionSlot(() =>
    rawSession(prisma, async (db) => {
      // (The windows and drops planUnits needs come with the day's rules: one round trip.)
      const day = await checkDay(
        db,
        row.pickupDate,
        row.items,
        { userId: who.userId, today: who.today },
        unitsRead(row.pickupDate),
      );
      const units = await planUnits(db, unitBooking(row, who.userId), day.also);
      const booking = orderBooking(day, units, who.unpaid);
      try {
        return await insertOrder(db, row, {
          booking,
          alsoInsert: who.alsoInsert ?? undefined,
        });
      } catch (error) {
        throw bookingRefusal(error, day, units) ?? error;
      }
    }),
  );
}

/**
 * Issue 25: what the order books in its pickup window and its drops;
 * `holder` is whose checkout hold it uses.
 */
function unitBooking(
  row: {
    id: string;
    pickupDate: string;
    pickupTime: string | null;
    deliveryMethod: string;
    items: unknown;
  },
  holder: string | null,
) {
  return {
    orderId: row.id,
    date: row.pickupDate,
    pickupTime: row.pickupTime,
    deliveryMethod: row.deliveryMethod,
    lines: row.items as { productId: string; quantity: number; variant?: string | null }[],
    holder,
  };
}

/**
 * The order row inserted in one raw statement, read back whole. Prisma's
 * create compiles a query plan for every call (about 2 ms of CPU for this
 * row, more than the rest of the transaction); the raw statement does not.
 */
export type NewOrder = ReturnType<typeof orderRow> & {
  id: string;
  idempotencyKey: string | null;
  /** Issue 41: set on a standing order's occurrence. */
  standingOrderId?: string;
};

/**
 * The order as it will be stored, before it is (the columns the database
 * fills in at their defaults): what the confirmation mail is written from.
 */
function asStored(row: NewOrder): Order {
  const now = new Date();
  const stored = {
    ...row,
    cakeOptions: row.cakeOptions === Prisma.DbNull ? null : row.cakeOptions,
    orderDate: now,
    createdAt: now,
    updatedAt: now,
    paymentStatus: 'pending',
    orderStatus: 'in progress',
    deliveryDistance: null,
    receivedAmount: 0,
    refundedAmount: 0,
    discount: 0,
    squarePaymentUrl: null,
    squarePaymentLinkId: null,
    squareOrderId: null,
    squarePaymentId: null,
    fulfilledAt: null,
    paymentLinkSentAt: null,
    releaseWarnedAt: null,
  };
  // Decimal columns hold plain numbers here; the mail reads them alike (Number(value.toString())).
  return stored as unknown as Order;
}

async function insertOrder(
  db: Raw,
  row: NewOrder,
  also: { booking: Prisma.Sql; alsoInsert?: Prisma.Sql },
): Promise<Order> {
  const entries = Object.entries(row);
  const value = (column: string, field: unknown) =>
    // The id comes out of book_order: the row is formed only once the counters took it.
    column === 'id'
      ? also.booking
      : field === null || field === Prisma.DbNull
        ? null
        : typeof field === 'object'
          ? Prisma.sql`${JSON.stringify(field)}::jsonb`
          : field;
  const [created] = await db.$queryRaw<Order[]>`
    ${also.alsoInsert ? Prisma.sql`WITH "also" AS (${also.alsoInsert})` : Prisma.empty}
    INSERT INTO "Order" (${Prisma.join(entries.map(([column]) => Prisma.raw(`"${column}"`)))})
    VALUES (${Prisma.join(entries.map(([column, field]) => value(column, field)))})
    RETURNING *`;
  return created!;
}

/** A unique index refused the row (PostgreSQL's 23505, or Prisma's P2002 for it). */
function isUniqueViolation(error: unknown): boolean {
  if ((error as pg.DatabaseError | null)?.code === '23505') return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === 'P2002') return true;
  const meta = error.meta as {
    code?: unknown;
    driverAdapterError?: { cause?: { kind?: unknown } };
  };
  return (
    meta?.code === '23505' || meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
  );
}

const findOrder = (prisma: PrismaClient, id: string) => prisma.order.findUnique({ where: { id } });

/**
 * Each cake line keeps the writing sent for it (issue 24: several cakes, each
 * with its own words), only where writing was chosen; the lines themselves are
 * the catalogue's, priced in the order of the payload's items.
 */
function linesWithWriting<T extends { productId: string }>(lines: T[], p: Payload) {
  if (!p.cakeOptions?.hasWriting) return lines;
  return lines.map((line, index) => {
    const writing = p.items[index]?.writing?.trim();
    return writing && isCakeLine(line) ? { ...line, writing } : line;
  });
}

/**
 * The row to store: the catalogue's figures, the account's name and e-mail,
 * and the phone typed on the form (issue 24: the account's phone replaced it;
 * the account keeps its own, and is the fallback when none was typed).
 */
function orderRow(p: Payload, priced: PricedOrder, user: SessionUser | undefined) {
  const text = (value: string | null | undefined) =>
    value && value.trim() !== '' ? value.trim() : null;
  const delivery = p.deliveryMethod === 'delivery';
  // Capped at the column's 100 characters: an account made before names were
  // limited to 49 each must still be able to order (it was a 500).
  const accountName = user
    ? Array.from(`${user.firstName} ${user.lastName}`.trim()).slice(0, 100).join('').trim()
    : '';
  const cakeOptions = p.cakeOptions;
  return {
    userId: user?.id ?? null,
    customerName: accountName || p.customerName,
    customerEmail: (user?.email ?? p.customerEmail).trim().toLowerCase(),
    customerPhone: text(p.customerPhone) ?? (user?.phone || null),
    pickupDate: p.pickupDate,
    pickupTime: p.pickupTime,
    items: linesWithWriting(orderLines(priced), p),
    subtotal: centsToDollars(priced.subtotalCents),
    cakeOptionsFee: centsToDollars(priced.cakeOptionsFeeCents),
    rushFee: centsToDollars(priced.rushFeeCents),
    tax: centsToDollars(priced.taxCents),
    total: centsToDollars(priced.totalCents),
    deliveryFee: centsToDollars(priced.deliveryFeeCents),
    specialInstructions: text(p.specialInstructions),
    // Writing only on an order with a cake whose writing was chosen (and paid for).
    cakeWriting: priced.hasCakeItems && cakeOptions?.hasWriting ? text(p.cakeWriting) : null,
    hasCakeItems: priced.hasCakeItems,
    cakeOptions:
      priced.hasCakeItems && cakeOptions
        ? { hasWriting: Boolean(cakeOptions.hasWriting), hasBows: Boolean(cakeOptions.hasBows) }
        : Prisma.DbNull,
    isRushOrder: priced.isRushOrder,
    // Issue 36: a later change keeps the rate the order was taxed at.
    taxRatePercent: taxRatePercent(),
    deliveryMethod: delivery ? 'delivery' : 'pickup',
    // Issue 38: the owner's fee table set it at checkout; otherwise staff add it.
    deliveryFeeStatus: !delivery
      ? 'not_applicable'
      : deliveryFeeCentsFor(p.deliveryZip) !== null
        ? 'calculated'
        : 'pending',
    deliveryAddress: delivery ? text(p.deliveryAddress) : null,
    deliveryCity: delivery ? text(p.deliveryCity) : null,
    deliveryState: delivery ? text(p.deliveryState) : null,
    deliveryZip: delivery ? text(p.deliveryZip) : null,
    deliveryInstructions: delivery ? text(p.deliveryInstructions) : null,
  };
}
