// The seams between the API's routes and its outside services (mail, Square).
// Routes depend on these interfaces; main.ts wires the real implementations
// (services/notifications.ts, services/payments.ts) and tests may wire the
// same real ones against local peers (an SMTP server, a fake Square API).
import type { OrderModel as Order, Prisma } from '@bakery/prisma';
import type { WindowShape } from '@bakery/core';

/** Messages to customers and staff. Sending never blocks or fails the request that caused it. */
export interface Notifications {
  /** True when an SMTP transport is configured; otherwise mail goes to the outbox folder and the log. */
  readonly mailConfigured: boolean;
  passwordReset(to: { email: string; firstName: string }, resetUrl: string): Promise<void>;
  /** The account's password was changed or reset (issue 15; optional: fakes may lack it). */
  passwordChanged?(to: { email: string; firstName: string }): Promise<void>;
  /** E-mail change (issue 27; optional: fakes may lack them): the link to the new address, */
  emailChangeConfirm?(to: { email: string; firstName: string }, confirmUrl: string): Promise<void>;
  /** the note to a new address that already has an account (no link), */
  emailChangeTaken?(to: { email: string }): Promise<void>;
  /** and the notice with an undo link to the old address once the change is made. */
  emailChanged?(
    to: { email: string; firstName: string },
    newEmail: string,
    undoUrl: string,
  ): Promise<void>;
  orderReceived(orderId: string): Promise<void>;
  /** Issue 39: the link that confirms a "tell me when it opens" request (double opt-in). */
  dropNotifyConfirm?(
    to: string,
    drop: { name: string; opensAt: string },
    confirmToken: string,
  ): Promise<void>;
  /** Issue 25: a drop the address asked about is open (once per address; the token unsubscribes). */
  dropOpened?(
    to: string,
    drop: {
      id: string;
      name: string;
      closesAt: string;
      /** In words: "Saturday, December 5, 2026". */
      pickupDates: string[];
      /** "Cinnamon rolls (34 left)". */
      items: string[];
      /** The account's first name when the address has one, else ''. */
      firstName: string;
    },
    unsubscribeToken: string,
  ): Promise<void>;
  /**
   * The order-received mail as an INSERT into the mail queue, which the
   * submission runs in the order's own transaction (in the order's INSERT),
   * so the order and its mail commit together (a crash before the send loses
   * neither); with the queued row's id. Optional: test fakes use orderReceived.
   */
  orderReceivedRow?(
    order: Order,
    windows?: readonly WindowShape[],
  ): { id: string; insert: Prisma.Sql };
  /** After the commit: the queued mail, re-rendered with the order as it is now (its payment link), goes out. */
  releaseQueued?(
    mailId: string,
    order: { id: string; deliveryMethod: string; deliveryFeeStatus?: string | null },
  ): Promise<void>;
  paymentLinkReady(orderId: string): Promise<void>;
  paymentReceived(orderId: string): Promise<void>;
  orderReady(orderId: string): Promise<void>;
  /** The order was cancelled by staff (optional: fakes and older wirings may lack it). */
  orderCancelled?(orderId: string): Promise<void>;
  /** The customer changed the order herself (issue 24): what changed, in words, and the new total. */
  orderChanged?(orderId: string, changes: string[]): Promise<void>;
  /** The unpaid order will be released at `releaseAt` unless paid (issue 27; optional for fakes). */
  unpaidOrderWarning?(orderId: string, releaseAt: Date): Promise<void>;
  /** The unpaid order was released (cancelled) after `releaseAfterHours`. */
  unpaidOrderReleased?(orderId: string, releaseAfterHours: number): Promise<void>;
  /** Issue 23's counter messages (optional, as above). */
  outForDelivery?(orderId: string): Promise<void>;
  orderRestored?(orderId: string): Promise<void>;
  /** A refund recorded by staff: how much went back, and how (the mail says both). */
  refundRecorded?(orderId: string, refund?: { amountCents: number; method: string }): Promise<void>;
  deliveryFeeSet?(orderId: string): Promise<void>;
  /** Issue 41: a date could not take a standing order's occurrence (to the customer, and to the owner). */
  standingOccurrenceRefused?(to: string, refusal: StandingRefusal, toOwner: boolean): Promise<void>;
  /** Issue 41: the owner paused every standing order for a holiday (one mail per customer). */
  standingHoliday?(to: string, holiday: StandingHolidayNotice): Promise<void>;
  /** Issue 41: an occurrence bakes a substitute, leaves an item out, or costs what today's menu says. */
  standingChanged?(to: string, change: StandingChangeNotice): Promise<void>;
  /** Issue 41: the reminder before an occurrence's lock, with its one-tap skip link's token. */
  standingReminder?(to: string, reminder: StandingReminder, skipToken: string): Promise<void>;
}

export interface StandingRefusal {
  /** "Saturday, December 5, 2026". */
  date: string;
  reason: string;
  customerEmail: string;
  standingOrderId: string;
}

export interface StandingHolidayNotice {
  firstName: string | null;
  /** The owner's words: "Christmas". */
  reason: string;
  /** "Thursday, December 24, 2026" and the like. */
  fromDate: string;
  toDate: string;
  /** The customer's dates skipped, in words. */
  dates: string[];
  /** The day after the holiday, in words. */
  backOn: string;
}

export interface StandingChangeNotice {
  /** "Saturday, December 5, 2026". */
  date: string;
  /** Each change in words ("Rye is no longer on the menu: 2 × Seeded Loaf instead", "Price: $24.00 → $26.00"). */
  changes: string[];
  /** The occurrence's total now ("$26.00"). */
  total: string;
}

export interface StandingReminder {
  date: string;
  /** "2 × Sourdough Loaf, 1 × Lemon Loaf". */
  items: string;
  /** When changes close ("Thu, Dec 3 at 10:00 AM"). */
  lockAt: string;
  total: string;
  /** The order's phone: the reminder is also texted where text messages are set up. */
  phone?: string | null;
}

/** Square payment links. */
export interface Payments {
  /** True when Square credentials are configured. */
  readonly configured: boolean;
  /**
   * Makes sure the order has a Square payment link for its current total and
   * stores it on the order (idempotent: a retry never makes a second link).
   * Returns the link, or null when payment is not configured, the order is
   * not ready for one (delivery fee pending) or Square failed (logged; the
   * order stays intact and pending). When it makes a new link it mails the
   * customer ("payment link ready") unless `notifyCustomer` is false (order
   * submission passes false: its "order received" mail carries the link).
   */
  ensurePaymentLink(
    orderId: string,
    options?: { notifyCustomer?: boolean },
  ): Promise<string | null>;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose every entry carries `bindings` (the request id); optional for test loggers. */
  child?(bindings: Record<string, unknown>): Logger;
}

/** Development default until mail is wired: writes each message to the log. */
export function loggingNotifications(log: Logger): Notifications {
  const note =
    (what: string) =>
    async (...args: unknown[]) =>
      log.info(`mail (not sent): ${what}`, { args });
  return {
    mailConfigured: false,
    passwordReset: async (to, resetUrl) =>
      log.info('mail (not sent): password reset', { to: to.email, resetUrl }),
    passwordChanged: async (to) => log.info('mail (not sent): password changed', { to: to.email }),
    emailChangeConfirm: async (to, confirmUrl) =>
      log.info('mail (not sent): confirm new e-mail', { to: to.email, resetUrl: confirmUrl }),
    emailChangeTaken: async (to) => log.info('mail (not sent): e-mail taken', { to: to.email }),
    emailChanged: async (to, _newEmail, undoUrl) =>
      log.info('mail (not sent): e-mail changed', { to: to.email, resetUrl: undoUrl }),
    dropNotifyConfirm: note('confirm a drop notice'),
    orderReceived: note('order received'),
    paymentLinkReady: note('payment link ready'),
    paymentReceived: note('payment received'),
    orderReady: note('order ready'),
    orderCancelled: note('order cancelled'),
    orderChanged: note('order changed'),
    unpaidOrderWarning: note('unpaid order warning'),
    unpaidOrderReleased: note('unpaid order released'),
    outForDelivery: note('out for delivery'),
    orderRestored: note('order restored'),
    refundRecorded: note('refund recorded'),
    deliveryFeeSet: note('delivery fee set'),
  };
}

/** Default when Square is not configured: orders stay pending for staff. */
export const unconfiguredPayments: Payments = {
  configured: false,
  ensurePaymentLink: async () => null,
};
