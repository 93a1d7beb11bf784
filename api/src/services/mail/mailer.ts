// The `Notifications` of contracts.ts, in three parts: messages.ts renders a
// mail (text and HTML), queue.ts keeps it in PostgreSQL (OutboundMail) until
// it is sent, retrying and finally giving up, and transport.ts sends it over
// SMTP or writes it to the outbox folder. A call renders the mail and queues
// it, then returns: the request that caused it never waits for SMTP and never
// fails because of it.
import type { Prisma, PrismaClient } from '@bakery/prisma';
import type { WindowShape } from '@bakery/core';
import type { Logger, Notifications } from '../contracts.js';
import {
  deliveryFeeSetMail,
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeTakenMail,
  dropNotifyConfirmMail,
  dropOpenedMail,
  orderCancelledMail,
  orderChangedMail,
  orderRestoredMail,
  outForDeliveryMail,
  pickupReminderMail,
  refundRecordedMail,
  orderReadyMail,
  orderReceivedMail,
  passwordChangedMail,
  passwordResetMail,
  paymentLinkReadyMail,
  paymentReceivedMail,
  toMailOrder,
  unpaidReleasedMail,
  unpaidWarningMail,
  type StoredOrder,
  type MailContent,
  type MailContext,
  type MailOrder,
  standingHolidayMail,
  standingChangedMail,
  standingRefusedMail,
  standingReminderMail,
} from './messages.js';
import { createMailQueue } from './queue.js';
import { loadWindows } from '../kitchen/windows.js';
import { createMailTransport, type MailSettings, type MailTransport } from './transport.js';
import { standingSkipUrl } from '../standing/skipUrl.js';

export { SECRET_MAIL_KINDS } from './queue.js';
export { readMailSettings, type MailSettings } from './transport.js';

export interface MailNotifications extends Notifications {
  /** Resolves when every queued message is sent or given up (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Shutdown: polling stops; sends in progress get up to `graceMs` (default
   * 5 s); then the SMTP connections close. A message still waiting (a retry,
   * a hold) stays in its table row and goes out from the next process.
   */
  close(graceMs?: number): Promise<void>;
  /** The day-before reminder as a queue INSERT (its id and SQL), for the reminder job's transaction. */
  reminderRow(
    order: StoredOrder,
    windows?: readonly WindowShape[],
  ): { id: string; insert: Prisma.Sql };
  /** Tells the sender that rows were queued by another transaction. */
  wake(): void;
  /** Issue 38: mail goes out with these SMTP settings from now on (null: to the outbox). */
  useSettings(settings: MailSettings | null): void;
}

export interface MailNotificationsOptions {
  prisma: PrismaClient;
  log: Logger;
  /** SMTP settings, or null to write to the outbox only. */
  settings: MailSettings | null;
  /** Where unsent (no SMTP) and failed messages are written. */
  outboxDir: string;
  publicUrl: string;
  /** Whether Square is configured (now: a function, issue 38): changes the payment notices. */
  paymentConfigured: boolean | (() => boolean);
  /** Waits between attempts; one attempt more than entries (default 2 s, 30 s, 5 min). */
  retryDelaysMs?: number[];
  /**
   * How long an order's mail queued in its transaction waits for releaseQueued()
   * before any process sends it as stored (the process died after the commit).
   * Default 30 s.
   */
  holdMs?: number;
  /**
   * Issue 39: at most one "Your order was changed" mail per order in this
   * time (default 15 minutes); changes made meanwhile wait in one mail,
   * sent when the time has passed, that carries all of them.
   */
  changeMailGapMs?: number;
}

/** Default gap between two change mails of one order (issue 39). */
export const CHANGE_MAIL_GAP_MS = 15 * 60_000;

/**
 * The changes of two mails as one list: a line of the same field
 * ("Pickup time: 10:00 AM → 11:00 AM", then "Pickup time: 11:00 AM →
 * 12:00 PM") becomes one from the first value to the last, and is left out
 * when it comes back to where it started; any other line is kept once.
 */
export function mergeChanges(earlier: readonly string[], later: readonly string[]): string[] {
  const fields = new Map<string, { from: string; to: string } | { line: string }>();
  const arrow = /^([^:]+): (.*) → (.*)$/s;
  for (const line of [...earlier, ...later]) {
    const match = arrow.exec(line);
    if (match) {
      const [, field, from, to] = match as unknown as [string, string, string, string];
      const seen = fields.get(field);
      fields.set(field, seen && 'from' in seen ? { from: seen.from, to } : { from, to });
    } else {
      const field = line.split(':')[0] ?? line;
      fields.delete(field);
      fields.set(field, { line });
    }
  }
  return [...fields.entries()].flatMap(([field, entry]) =>
    'line' in entry
      ? [entry.line]
      : entry.from === entry.to
        ? []
        : [`${field}: ${entry.from} → ${entry.to}`],
  );
}

export function createMailNotifications(options: MailNotificationsOptions): MailNotifications {
  const { prisma, log, outboxDir } = options;
  const paymentConfigured = options.paymentConfigured;
  const context: MailContext = {
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    // Read at each mail: payments connected in Settings change it (issue 38).
    get paymentConfigured() {
      return typeof paymentConfigured === 'function' ? paymentConfigured() : paymentConfigured;
    },
  };
  const holdMs = options.holdMs ?? 30_000;
  // The transport in force; `transport` hands every call to it (issue 38: replaced on a new connection).
  let current = createMailTransport({ settings: options.settings, outboxDir, log });
  const transport: MailTransport = {
    get smtp() {
      return current.smtp;
    },
    deliver: (mail) => current.deliver(mail),
    writeToOutbox: (mail, folder) => current.writeToOutbox(mail, folder),
    close: () => current.close(),
  };
  const queue = createMailQueue({
    prisma,
    log,
    transport,
    outboxDir,
    retryDelaysMs: options.retryDelaysMs ?? [2_000, 30_000, 5 * 60_000],
  });

  /**
   * Whether the request adds a payment link to the order mail after the
   * commit: a pickup, or (issue 38) a delivery whose fee the checkout set.
   */
  const linkFollows = (order: { deliveryMethod: string; deliveryFeeStatus?: string | null }) =>
    context.paymentConfigured &&
    (order.deliveryMethod === 'pickup' || order.deliveryFeeStatus === 'calculated');

  const notPrepared = (kind: string, error: unknown, fields: Record<string, unknown> = {}) =>
    log.error('mail not sent: could not prepare it', {
      kind,
      ...fields,
      error: error instanceof Error ? error.message : String(error),
    });

  /** Renders and queues a mail; a failure to render is logged, never thrown. */
  function send(
    kind: string,
    to: string,
    build: () => MailContent | null,
    fields: Record<string, unknown> = {},
  ) {
    try {
      const content = build();
      if (content) queue.enqueue({ ...content, to, kind });
    } catch (error) {
      notPrepared(kind, error, fields);
    }
  }

  const changeGapMs = options.changeMailGapMs ?? CHANGE_MAIL_GAP_MS;
  const changing = new Set<Promise<void>>();
  /** Keeps a change mail's storing in view of idle() and close(). */
  const track = (work: Promise<void>) => {
    changing.add(work);
    void work.finally(() => changing.delete(work));
    return work;
  };

  /**
   * A self-service change's mail (issue 39): one per order per
   * `changeGapMs`. Under a lock on the order's id, a change mail of the
   * order still waiting takes the new changes (merged, the mail rendered
   * again from the order as it is now); otherwise a new one is queued, due
   * at once, or when the gap after the last one has passed.
   */
  async function coalesceChange(orderId: string, changes: readonly string[]): Promise<void> {
    try {
      await prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`order-changed:${orderId}`}))`;
        const stored = await tx.order.findUnique({ where: { id: orderId } });
        if (!stored) {
          log.warn('mail not sent: no such order', { kind: 'order-changed', orderId });
          return;
        }
        const waiting = await tx.outboundMail.findFirst({
          where: { orderId, kind: 'order-changed', status: 'pending', attempts: 0 },
          orderBy: { createdAt: 'desc' },
        });
        const merged = mergeChanges(
          Array.isArray(waiting?.changes) ? (waiting.changes as string[]) : [],
          changes,
        );
        if (merged.length === 0 && !waiting) return;
        const content = orderChangedMail(
          toMailOrder(stored, await loadWindows(tx)),
          merged,
          context,
        );
        const fields = {
          to: stored.customerEmail,
          subject: content.subject,
          text: content.text,
          html: content.html,
          calendar: content.calendar?.content ?? null,
          calendarName: content.calendar?.filename ?? null,
          changes: merged,
        };
        if (waiting) {
          await tx.outboundMail.update({ where: { id: waiting.id }, data: fields });
          return;
        }
        const last = await tx.outboundMail.findFirst({
          where: { orderId, kind: 'order-changed' },
          orderBy: { nextAttemptAt: 'desc' },
          select: { nextAttemptAt: true },
        });
        const due = new Date(
          Math.max(Date.now(), (last?.nextAttemptAt.getTime() ?? 0) + changeGapMs),
        );
        await tx.outboundMail.create({
          data: { ...fields, kind: 'order-changed', orderId, nextAttemptAt: due },
        });
      });
      queue.wake();
    } catch (error) {
      notPrepared('order-changed', error, { orderId });
    }
  }

  /** Loads the order and queues its mail; every failure is logged, never thrown. */
  function orderMail(kind: string, build: (order: MailOrder) => MailContent | null) {
    return async (orderId: string): Promise<void> => {
      try {
        const stored = await prisma.order.findUnique({ where: { id: orderId } });
        if (!stored) log.warn('mail not sent: no such order', { kind, orderId });
        // Issue 42: a phone order may carry only a phone number.
        else if (!stored.customerEmail) log.info('mail not sent: no e-mail', { kind, orderId });
        else {
          const windows = await loadWindows(prisma);
          send(kind, stored.customerEmail, () => build(toMailOrder(stored, windows)), { orderId });
        }
      } catch (error) {
        notPrepared(kind, error, { orderId });
      }
    };
  }

  return {
    get mailConfigured() {
      return transport.smtp;
    },
    useSettings(settings) {
      const previous = current;
      current = createMailTransport({ settings, outboxDir, log });
      // A send already under way on the old connection gets time to finish.
      setTimeout(() => previous.close(), 60_000).unref();
    },
    async passwordReset(to, resetUrl) {
      send('password-reset', to.email, () => passwordResetMail(to, resetUrl));
    },
    async passwordChanged(to) {
      send('password-changed', to.email, () => passwordChangedMail(to));
    },
    async emailChangeConfirm(to, confirmUrl) {
      send('email-change-confirm', to.email, () => emailChangeConfirmMail(to, confirmUrl));
    },
    async emailChangeTaken(to) {
      send('email-change-taken', to.email, () => emailChangeTakenMail());
    },
    async dropNotifyConfirm(to, drop, confirmToken) {
      const confirmUrl = `${context.publicUrl}/api/drops/confirm?token=${encodeURIComponent(confirmToken)}`;
      send('drop-notify-confirm', to, () => dropNotifyConfirmMail(drop, confirmUrl));
    },
    async dropOpened(to, drop, unsubscribeToken) {
      const shopUrl = `${context.publicUrl}/drops/${drop.id}`;
      const unsubscribeUrl = `${context.publicUrl}/api/drops/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
      send('drop-opened', to, () => dropOpenedMail(drop, shopUrl, unsubscribeUrl));
    },
    async standingOccurrenceRefused(to, refusal, toOwner) {
      const pageUrl = `${context.publicUrl}/standing-orders/${refusal.standingOrderId}`;
      send('standing-refused', to, () => standingRefusedMail(refusal, toOwner, pageUrl));
    },
    async standingHoliday(to, holiday) {
      const pageUrl = `${context.publicUrl}/standing-orders`;
      send('standing-holiday', to, () => standingHolidayMail(holiday, pageUrl));
    },
    async standingChanged(to, change) {
      const pageUrl = `${context.publicUrl}/standing-orders`;
      send('standing-changed', to, () => standingChangedMail(change, pageUrl));
    },
    async standingReminder(to, reminder, skipToken) {
      const skipUrl = standingSkipUrl(context.publicUrl, skipToken);
      send('standing-reminder', to, () => standingReminderMail(reminder, skipUrl));
    },
    async emailChanged(to, newEmail, undoUrl) {
      send('email-changed', to.email, () => emailChangedMail(to, newEmail, undoUrl));
    },
    orderReceived: orderMail('order-received', (order) => orderReceivedMail(order, context)),
    // The outbox row is written by the order's transaction: the order and its
    // mail commit together. When a payment link follows (Square configured, a
    // pickup order) it is held for holdMs so the request can add the link first
    // (releaseQueued); otherwise it is due at once and releaseQueued only wakes
    // the sender. If the process dies after the commit, any process sends it as
    // stored (when its hold ends), once: rows are claimed.
    orderReceivedRow(order, windows) {
      const content = orderReceivedMail(toMailOrder(order, windows), context);
      return queue.hold(
        { ...content, to: order.customerEmail, kind: 'order-received' },
        linkFollows(order) ? holdMs : 0,
      );
    },
    releaseQueued(mailId, order) {
      if (!linkFollows(order)) {
        queue.wake();
        return Promise.resolve();
      }
      return queue.release(
        mailId,
        async () => {
          const stored = await prisma.order.findUnique({ where: { id: order.id } });
          return stored
            ? orderReceivedMail(toMailOrder(stored, await loadWindows(prisma)), context)
            : null;
        },
        order.id,
      );
    },
    paymentLinkReady: orderMail('payment-link', (order) => {
      if (!order.paymentUrl) {
        log.warn('mail not sent: the order has no payment link', {
          kind: 'payment-link',
          orderId: order.id,
        });
        return null;
      }
      return paymentLinkReadyMail({ ...order, paymentUrl: order.paymentUrl }, context);
    }),
    paymentReceived: orderMail('payment-received', (order) => paymentReceivedMail(order, context)),
    orderReady: orderMail('order-ready', (order) => orderReadyMail(order, context)),
    orderCancelled: orderMail('order-cancelled', (order) => orderCancelledMail(order, context)),
    orderChanged: (orderId, changes) => track(coalesceChange(orderId, changes)),
    unpaidOrderWarning: (orderId, releaseAt) =>
      orderMail('unpaid-warning', (order) => unpaidWarningMail(order, releaseAt))(orderId),
    unpaidOrderReleased: (orderId, hours) =>
      orderMail('unpaid-released', (order) => unpaidReleasedMail(order, hours))(orderId),
    outForDelivery: orderMail('out-for-delivery', (order) => outForDeliveryMail(order, context)),
    orderRestored: orderMail('order-restored', (order) => orderRestoredMail(order, context)),
    refundRecorded: (orderId, refund) =>
      orderMail('refund-recorded', (order) => refundRecordedMail(order, context, refund))(orderId),
    deliveryFeeSet: orderMail('delivery-fee', (order) => deliveryFeeSetMail(order, context)),
    /** The day-before reminder as a queue INSERT, for the job's own transaction (sent at most once). */
    reminderRow(order: StoredOrder, windows?: readonly WindowShape[]) {
      const content = pickupReminderMail(toMailOrder(order, windows), context);
      return queue.hold({ ...content, to: order.customerEmail, kind: 'pickup-reminder' }, 0);
    },
    wake: () => queue.wake(),
    async idle() {
      while (changing.size > 0) await Promise.allSettled([...changing]);
      await queue.idle();
    },
    async close(graceMs = 5_000) {
      await queue.close(graceMs);
      transport.close();
    },
  };
}
