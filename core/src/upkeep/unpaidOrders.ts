// Unpaid orders release their kitchen units (issue 27): an order whose payment
// link went out and was not paid is cancelled after a time the owner sets,
// the customer warned before and told when it happens; one account may hold
// only so many unpaid orders at once. The API's scheduled job applies these.
import { z } from 'zod';
import { wholeNumberIn } from '../schemas/common';

export interface UnpaidOrderSettings {
  /** Hours after the payment link was sent before an unpaid order is released. */
  releaseAfterHours: number;
  /** The warning mail goes this many hours before the release. */
  warnBeforeHours: number;
  /** The most unpaid (pending) orders one account may hold, across all dates. */
  maxOpenUnpaid: number;
}

export const DEFAULT_UNPAID_ORDER_SETTINGS: UnpaidOrderSettings = {
  releaseAfterHours: 48,
  warnBeforeHours: 12,
  maxOpenUnpaid: 5,
};

const HOUR_MS = 3_600_000;

export const UNPAID_ORDER_MESSAGES = {
  releaseAfterHours: 'Release unpaid orders between 2 and 720 hours after the payment link',
  warnBeforeHours: 'Warn between 1 and 168 hours before, and before the release time',
  maxOpenUnpaid: 'Allow between 1 and 100 unpaid orders per account',
  /** The order history's record of why the order was cancelled. */
  releaseReason: (hours: number) =>
    `Released automatically: unpaid ${hours} hours after the payment link was sent`,
  /** The 409 for an account at its cap. */
  tooManyUnpaid: (cap: number) =>
    `You already have ${cap} unpaid orders. Please pay for one of them (use the payment link in its e-mail) or wait until one is released before placing another.`,
  warningSubject: (orderNumber: string) => `Order #${orderNumber}: payment needed to keep it`,
  warningText: (orderNumber: string, deadline: string) =>
    `Your order #${orderNumber} is not paid yet. We are holding its place in the kitchen until ${deadline}; if it is still unpaid then, it will be cancelled so other customers can book those items.`,
  releasedSubject: (orderNumber: string) => `Order #${orderNumber} cancelled: not paid`,
  releasedText: (orderNumber: string, hours: number) =>
    `Your order #${orderNumber} was cancelled because it was not paid within ${hours} hours of the payment link. Nothing was charged. You are welcome to place a new order.`,
} as const;

export const UnpaidOrderSettingsSchema = z
  .object({
    releaseAfterHours: wholeNumberIn(2, 720, UNPAID_ORDER_MESSAGES.releaseAfterHours),
    warnBeforeHours: wholeNumberIn(1, 168, UNPAID_ORDER_MESSAGES.warnBeforeHours),
    maxOpenUnpaid: wholeNumberIn(1, 100, UNPAID_ORDER_MESSAGES.maxOpenUnpaid),
  })
  .refine((s) => s.warnBeforeHours < s.releaseAfterHours, {
    message: UNPAID_ORDER_MESSAGES.warnBeforeHours,
    path: ['warnBeforeHours'],
  });

export interface UnpaidOrderState {
  paymentStatus: string;
  /** When the customer was sent the payment link; null when none was (yet). */
  paymentLinkSentAt: Date | null;
  /** When the warning mail was queued; null before. */
  releaseWarnedAt: Date | null;
}

/**
 * When the order is released. Never for an order that is not pending (staff
 * confirmed or cancelled it) or has no payment link yet (a delivery fee to
 * set, Square not configured); never less than warnBeforeHours after the
 * warning, so a customer is always told in time.
 */
export function releaseTime(order: UnpaidOrderState, settings: UnpaidOrderSettings): Date | null {
  if (order.paymentStatus !== 'pending' || !order.paymentLinkSentAt) return null;
  const due = order.paymentLinkSentAt.getTime() + settings.releaseAfterHours * HOUR_MS;
  const afterWarning = order.releaseWarnedAt
    ? order.releaseWarnedAt.getTime() + settings.warnBeforeHours * HOUR_MS
    : Infinity;
  return new Date(Math.max(due, afterWarning));
}

/** What the job does with an order now: nothing, the warning, or the release. */
export function unpaidOrderStep(
  order: UnpaidOrderState,
  settings: UnpaidOrderSettings,
  now: Date,
): 'none' | 'warn' | 'release' {
  if (order.paymentStatus !== 'pending' || !order.paymentLinkSentAt) return 'none';
  if (!order.releaseWarnedAt) {
    const due = order.paymentLinkSentAt.getTime() + settings.releaseAfterHours * HOUR_MS;
    return now.getTime() >= due - settings.warnBeforeHours * HOUR_MS ? 'warn' : 'none';
  }
  const at = releaseTime(order, settings);
  return at && now >= at ? 'release' : 'none';
}

/** The refusal of one more unpaid order, or null when the account is under its cap. */
export function unpaidCapProblem(openUnpaid: number, settings: UnpaidOrderSettings): string | null {
  return openUnpaid >= settings.maxOpenUnpaid
    ? UNPAID_ORDER_MESSAGES.tooManyUnpaid(settings.maxOpenUnpaid)
    : null;
}
