// An order taken by staff on the phone or at the counter (issue 42): the
// storefront's path (orderSubmission.ts placeOrder: pricing, refusals, the
// one booking, the mail), entered by a staff member for a customer without
// an account, the lead time waived with a reason where staff chose to, and
// the money taken there and then (cash with its change, the card terminal)
// or a Square link sent.
import {
  amountDueCents,
  bakeryToday,
  changeDueCents,
  formatCents,
  STAFF_ORDER_MESSAGES,
  type CounterPayment,
  type OrderPayload,
  type StaffOrder,
} from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { placeOrder } from '../orderSubmission.js';
import { ensureLink, takePayment, type Actor, type OrderRow } from '../orders/index.js';
import { centsOf, orderMoneyOf } from '../../db/money.js';

export interface CounterResult {
  order: OrderRow;
  /** The change to give back for cash; null otherwise. */
  changeCents: number | null;
  paymentUrl: string | null;
  message: string;
}

/** 400 naming payment.tenderedCents when the cash handed over does not cover `dueCents`. */
export function ensureTenderCovers(payment: CounterPayment | null, dueCents: number) {
  if (payment?.method !== 'cash') return;
  if (changeDueCents(dueCents, payment.tenderedCents ?? 0) === null) {
    const message = STAFF_ORDER_MESSAGES.tenderedShort(dueCents);
    throw badRequest(
      message,
      { errors: [{ path: 'payment.tenderedCents', message }] },
      'validation_failed',
    );
  }
}

/** The staff's fields as the storefront's payload, its figures left for the server. */
function asPayload(input: StaffOrder): OrderPayload {
  return {
    customerName: input.customerName,
    customerEmail: input.customerEmail ?? '',
    customerPhone: input.customerPhone,
    userId: null,
    items: input.items.map((item) => ({ ...item, name: '', price: 0 })),
    subtotal: 0,
    cakeOptionsFee: 0,
    rushFee: 0,
    tax: 0,
    total: 0,
    isRushOrder: false,
    hasCakeItems: false,
    cakeOptions: input.cakeOptions,
    pickupDate: input.pickupDate,
    pickupTime: input.pickupTime,
    deliveryMethod: input.deliveryMethod,
    deliveryAddress: input.deliveryAddress,
    deliveryCity: input.deliveryCity,
    deliveryState: input.deliveryState,
    deliveryZip: input.deliveryZip,
    deliveryInstructions: input.deliveryInstructions,
    specialInstructions: input.specialInstructions,
    cakeWriting: input.cakeWriting,
  };
}

/**
 * Takes the order's money at the counter: cash or card as a payment row
 * (takePayment: the amount due), a link by e-mail, or nothing yet. Answers
 * the change for cash and the link.
 */
export async function payAtCounter(
  deps: AppDeps,
  order: OrderRow,
  payment: CounterPayment | null,
  actor: Actor,
): Promise<{ order: OrderRow; changeCents: number | null; paymentUrl: string | null }> {
  const dueCents = amountDueCents(orderMoneyOf(order));
  if (!payment || payment.method === 'later' || dueCents === 0)
    return { order, changeCents: null, paymentUrl: null };
  if (payment.method === 'link') {
    const paymentUrl = await ensureLink(deps, order.id, { notifyCustomer: true });
    const fresh = await deps.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    return { order: fresh, changeCents: null, paymentUrl };
  }
  ensureTenderCovers(payment, dueCents);
  const paid = await takePayment(deps, order.id, payment.method, actor);
  return {
    order: paid,
    changeCents:
      payment.method === 'cash' ? changeDueCents(dueCents, payment.tenderedCents ?? 0) : null,
    paymentUrl: null,
  };
}

/** What the desk says once the order is taken. */
function takenMessage(order: OrderRow, changeCents: number | null, paymentUrl: string | null) {
  const total = formatCents(centsOf(order.total));
  if (changeCents !== null)
    return `Order taken and paid in cash (${total}); change ${formatCents(changeCents)}`;
  if (order.paymentStatus === 'paid') return `Order taken and paid (${total})`;
  if (paymentUrl) return `Order taken (${total}); the payment link was sent`;
  return `Order taken (${total}); payment due at pickup`;
}

export async function createStaffOrder(
  deps: AppDeps,
  input: StaffOrder,
  actor: Actor,
  now = new Date(),
): Promise<CounterResult> {
  const today = bakeryToday(now);
  const { order: placed } = await placeOrder(deps, asPayload(input), {
    idempotencyKey: null,
    today,
    figures: 'server',
    channel: input.channel,
    enteredBy: actor,
    paymentLink: false,
    // Cash that does not cover the total is refused before anything is stored.
    check: (priced) => ensureTenderCovers(input.payment, priced.totalCents),
  });
  // Who entered it and from where; the lead time waived, with the reason.
  await deps.prisma.orderHistory.createMany({
    data: [
      { field: 'channel', from: null, to: input.channel },
      ...(input.leadTimeOverride
        ? [{ field: 'leadTimeOverride', from: null, to: input.leadTimeOverride.reason }]
        : []),
    ].map((row) => ({
      ...row,
      orderId: placed.id,
      actorId: actor.id,
      actorEmail: actor.email,
    })),
  });
  const paid = await payAtCounter(deps, placed, input.payment, actor);
  return { ...paid, message: takenMessage(paid.order, paid.changeCents, paid.paymentUrl) };
}
