// An order's money, once (issue 36). Every movement is a row (the API's
// "OrderPayment": a payment received, a refund given back, or the reversal
// of a payment recorded by mistake); the order keeps their sums (received,
// refunded) and a goodwill discount a refund took off its total. Everything
// that shows or checks money reads these functions: the desk, My Orders, the
// mails, hand-over, refunds, takings, statistics and exports.

import { dollarsToCents } from '../money/money';

/** The kinds of money rows: money in, money given back, a payment taken back. */
export const PAYMENT_KINDS = ['payment', 'refund', 'reversal'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A hand-over's payment: its Undo reverses it. */
export const HAND_OVER_CONTEXT = 'hand_over';

export interface OrderMoney {
  totalCents: number;
  /** Payments less their reversals. */
  receivedCents: number;
  refundedCents: number;
  fulfillmentStatus?: string | null;
  paymentStatus?: string;
}

/** An order as the wire shows it (dollars) as OrderMoney (cents). */
export const moneyOfView = (order: {
  total: number;
  received: number;
  refundedAmount: number;
  fulfillmentStatus?: string | null;
  paymentStatus?: string;
}): OrderMoney => ({
  totalCents: dollarsToCents(order.total),
  receivedCents: dollarsToCents(order.received),
  refundedCents: dollarsToCents(order.refundedAmount),
  fulfillmentStatus: order.fulfillmentStatus ?? null,
  paymentStatus: order.paymentStatus,
});

const isCancelled = (order: OrderMoney) =>
  order.fulfillmentStatus === 'cancelled' || order.paymentStatus === 'cancelled';

/** What the customer has paid and kept with the bakery: received less refunded. */
export const netPaidCents = (order: OrderMoney) => order.receivedCents - order.refundedCents;

/** What the order still costs the customer: nothing once cancelled. */
const owedCents = (order: OrderMoney) => (isCancelled(order) ? 0 : order.totalCents);

/** Amount due = total − (received − refunded), never below 0; 0 for a cancelled order. */
export function amountDueCents(order: OrderMoney): number {
  return Math.max(0, owedCents(order) - netPaidCents(order));
}

/** What the bakery owes back: paid beyond the total (a cheaper change, a cancel). */
export function refundDueCents(order: OrderMoney): number {
  return Math.max(0, netPaidCents(order) - owedCents(order));
}

/** The most a refund can be: the money received and not given back yet. */
export const refundableCents = (order: OrderMoney) => Math.max(0, netPaidCents(order));

/** Whether the order counts as paid: something was received and nothing is due. */
export const isSettled = (order: OrderMoney) =>
  order.receivedCents > 0 && amountDueCents(order) === 0;

/**
 * How a refund of `amountCents` lands: the part beyond what the customer
 * overpaid is goodwill, a discount off the total (so it leaves nothing due).
 * Refused (null) when it exceeds what was received.
 */
export function refundEffect(
  order: OrderMoney,
  amountCents: number,
): { discountCents: number } | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return null;
  if (amountCents > refundableCents(order)) return null;
  return { discountCents: Math.max(0, amountCents - refundDueCents(order)) };
}

/** The refund refusal's words (409): what can be refunded at most. */
export const refundTooLargeMessage = (order: OrderMoney, format: (cents: number) => string) =>
  refundableCents(order) === 0
    ? 'Cannot record a refund: no money was received for this order'
    : `A refund can be at most ${format(refundableCents(order))} (the rest of the ${format(order.receivedCents)} paid)`;

/** How long after recording a payment its recorder may still void it: the same bakery day. */
export interface VoidRequest {
  payment: {
    kind: string;
    recordedBy: string | null;
    recordedDay: string;
    reversed: boolean;
    amountCents: number;
  };
  /** The order's money: a payment already refunded in part cannot be voided. */
  order: OrderMoney;
  actor: { id: string | null; isOwner: boolean };
  today: string;
  reason: string;
}

/** Whether a payment row may be voided (reversed as recorded by mistake); the refusal's words. */
export function checkVoid(request: VoidRequest): { ok: true } | { ok: false; message: string } {
  const { payment, actor, today } = request;
  if (payment.kind !== 'payment') return { ok: false, message: 'Only a payment can be voided' };
  if (payment.reversed) return { ok: false, message: 'This payment was already voided' };
  if (!request.reason.trim())
    return { ok: false, message: 'Say why the payment is voided (a reason is required)' };
  if (!actor.isOwner && (actor.id === null || actor.id !== payment.recordedBy))
    return {
      ok: false,
      message: 'Only the owner or the person who recorded a payment can void it',
    };
  if (payment.recordedDay !== today)
    return {
      ok: false,
      message: 'A payment can be voided on the day it was recorded; record a refund instead',
    };
  if (payment.amountCents > refundableCents(request.order))
    return {
      ok: false,
      message: 'Part of this payment was refunded: it cannot be voided; record a refund instead',
    };
  return { ok: true };
}

/** How a refund reaches the customer, in the refund mail. */
export function refundRouteText(method: string | null | undefined): string {
  switch (method) {
    case 'cash':
      return 'in cash at the bakery';
    case 'square':
    case 'card':
      return 'to the card you paid with (a card refund can take a few days to appear)';
    default:
      return 'the way you paid';
  }
}
