// The `Notifications` of contracts.ts over nodemailer. A call renders the mail
// and queues it in PostgreSQL (OutboundMail), then returns: the request that
// caused it never waits for SMTP and never fails because of it. The queue
// retries a failed send a few times; a message that still fails is marked
// failed (listed for staff at GET /api/admin/mail, who can resend it), logged
// as an error and written to the outbox's `failed/` folder. Without SMTP, the
// same messages are written to the outbox folder (as .eml files), never to the log.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { PrismaClient } from '@bakery/prisma';
import { ADD_INS, BAKERY_INFO, CAKE_FILLINGS, dollarsToCents, orderNumber } from '@bakery/core';
import { mailSettingsOf, parseEnv } from '../../config.js';
import type { Logger, Notifications } from '../contracts.js';
import {
  orderReadyMail,
  orderCancelledMail,
  orderReceivedMail,
  passwordChangedMail,
  passwordResetMail,
  paymentLinkReadyMail,
  paymentReceivedMail,
  type MailContent,
  type MailContext,
  type MailOrder,
  type MailOrderLine,
} from './templates.js';

/** Kinds of mail whose body carries a secret (a live reset link). */
export const SECRET_MAIL_KINDS: ReadonlySet<string> = new Set(['password-reset']);
const RESET_LINK_TOKEN = /(\/reset-password\/)[A-Za-z0-9_-]+/g;
export const REDACTED_LINK = '[link removed: request a new one]';

export const holdsSecret = (mail: { kind: string }) => SECRET_MAIL_KINDS.has(mail.kind);

/** The mail with every reset link's token replaced (text and HTML). */
export function redactSecrets<T extends { text: string; html: string }>(mail: T): T {
  return {
    ...mail,
    text: mail.text.replace(RESET_LINK_TOKEN, `$1${REDACTED_LINK}`),
    html: mail.html.replace(RESET_LINK_TOKEN, `$1${REDACTED_LINK}`),
  };
}

export interface MailSettings {
  /** nodemailer's SMTP options, or a connection URL (smtp://user:pass@host:port). */
  smtp: string | SmtpOptions;
  from: string;
}

interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export interface OutgoingMail extends MailContent {
  to: string;
  /** What the mail is about, for the log and the outbox file name. */
  kind: string;
}

export interface MailNotifications extends Notifications {
  /** Resolves when every queued message is sent or given up (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Shutdown: a message waiting for a retry gets one last attempt at once and,
   * if that fails, is saved under outbox/failed; sends in progress get up to
   * `graceMs` (default 5 s); then the SMTP connections close.
   */
  close(graceMs?: number): Promise<void>;
}

export interface MailNotificationsOptions {
  prisma: PrismaClient;
  log: Logger;
  /** SMTP settings, or null to write to the outbox only. */
  settings: MailSettings | null;
  /** Where unsent (no SMTP) and failed messages are written. */
  outboxDir: string;
  publicUrl: string;
  /** Whether Square is configured: changes the payment notice of the order mail. */
  paymentConfigured: boolean;
  /** Waits between attempts; one attempt more than entries (default 2 s, 30 s, 5 min). */
  retryDelaysMs?: number[];
  /**
   * How long an order's mail queued in its transaction waits for releaseQueued()
   * before any process sends it as stored (the process died after the commit).
   * Default 30 s.
   */
  holdMs?: number;
}

/** SMTP settings from SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD; null when neither is set (config.ts checks the values). */
export function readMailSettings(env: NodeJS.ProcessEnv): MailSettings | null {
  return mailSettingsOf(parseEnv(env));
}

function centsOf(value: { toString(): string } | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return dollarsToCents(Number(value.toString()));
}

function linesOf(items: unknown): MailOrderLine[] {
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const quantity = Number(item.quantity ?? 0);
    const filling = CAKE_FILLINGS.find((option) => option.id === item.filling);
    const addIn = ADD_INS.find((option) => option.id === item.addIn);
    const lineTotal = item.lineTotal ?? null;
    return {
      name: String(item.name ?? item.productId ?? 'Item'),
      variantLabel:
        typeof item.variantLabel === 'string' && item.variantLabel ? item.variantLabel : null,
      options: [
        filling ? `${filling.label} filling` : null,
        addIn ? `with ${addIn.label.toLowerCase()}` : null,
      ].filter((o): o is string => o !== null),
      quantity,
      lineTotalCents:
        lineTotal !== null
          ? centsOf(lineTotal as number)
          : centsOf(item.price as number) * quantity,
    };
  });
}

type StoredOrder = NonNullable<Awaited<ReturnType<PrismaClient['order']['findUnique']>>>;

export function toMailOrder(order: StoredOrder): MailOrder {
  return {
    id: order.id,
    orderNumber: orderNumber(order.id),
    customerName: order.customerName,
    lines: linesOf(order.items),
    subtotalCents: centsOf(order.subtotal),
    cakeOptionsFeeCents: centsOf(order.cakeOptionsFee),
    rushFeeCents: centsOf(order.rushFee),
    taxCents: centsOf(order.tax),
    deliveryFeeCents: centsOf(order.deliveryFee),
    totalCents: centsOf(order.total),
    deliveryMethod: order.deliveryMethod === 'delivery' ? 'delivery' : 'pickup',
    deliveryFeeStatus: order.deliveryFeeStatus,
    pickupDate: order.pickupDate,
    pickupTime: order.pickupTime,
    deliveryAddress: order.deliveryAddress,
    deliveryCity: order.deliveryCity,
    deliveryState: order.deliveryState,
    deliveryZip: order.deliveryZip,
    deliveryInstructions: order.deliveryInstructions,
    specialInstructions: order.specialInstructions,
    cakeWriting: order.cakeWriting,
    paymentUrl: order.squarePaymentUrl,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
  };
}

function fileStem(mail: OutgoingMail): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const who = mail.to.replace(/[^a-z0-9]+/gi, '_').slice(0, 60);
  return `${stamp}-${mail.kind}-${who}-${Math.random().toString(36).slice(2, 8)}`;
}

export function createMailNotifications(options: MailNotificationsOptions): MailNotifications {
  const { prisma, log, settings, outboxDir } = options;
  const context: MailContext = {
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    paymentConfigured: options.paymentConfigured,
  };
  const delays = options.retryDelaysMs ?? [2_000, 30_000, 5 * 60_000];
  const holdMs = options.holdMs ?? 30_000;
  const from = settings?.from ?? `"${BAKERY_INFO.name}" <${BAKERY_INFO.email}>`;

  // Short timeouts: a dead SMTP server must not hold a queued message for minutes.
  const limits = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const smtp: Transporter | null = settings
    ? typeof settings.smtp === 'string'
      ? nodemailer.createTransport(settings.smtp, limits)
      : nodemailer.createTransport({ ...settings.smtp, ...limits })
    : null;
  // Builds the same RFC 5322 message without sending it, for the outbox.
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  const envelope = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });

  async function writeToOutbox(mail: OutgoingMail, folder: string): Promise<string> {
    const info = await writer.sendMail(envelope(mail));
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${fileStem(mail)}.eml`);
    await writeFile(file, info.message as Buffer);
    return file;
  }

  async function deliver(mail: OutgoingMail): Promise<void> {
    if (smtp) {
      const info = await smtp.sendMail(envelope(mail));
      log.info('mail sent', {
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        messageId: info.messageId,
      });
      return;
    }
    const file = await writeToOutbox(mail, outboxDir);
    // Never the text: it may hold a reset link. A developer opens the .eml file.
    log.info('mail not sent (SMTP is not configured): written to the outbox', {
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      file,
    });
  }

  // The queue lives in the OutboundMail table: a message survives a restart,
  // any API process may send it (rows are claimed with SKIP LOCKED, so two
  // processes never send one twice), and staff can list and resend failures.
  // A claim holds a row for CLAIM_MS; a process that dies mid-send leaves it to
  // be claimed again after that.
  const CLAIM_MS = 2 * 60_000;
  const POLL_MS = 5_000;
  let closing = false;
  let draining: Promise<void> | null = null;
  let drainAgain = false;

  interface QueuedRow {
    id: string;
    kind: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attempts: number;
  }

  /** Takes up to 10 due messages for this process, counting the attempt. */
  const claim = () =>
    prisma.$queryRaw<QueuedRow[]>`
      UPDATE "OutboundMail" SET "status" = 'sending', "attempts" = "attempts" + 1,
        "lockedUntil" = now() + ${CLAIM_MS} * interval '1 millisecond', "updatedAt" = now()
      WHERE "id" IN (
        SELECT "id" FROM "OutboundMail"
        WHERE ("status" = 'pending' AND "nextAttemptAt" <= now())
           OR ("status" = 'sending' AND "lockedUntil" < now())
        ORDER BY "nextAttemptAt" LIMIT 10
        FOR UPDATE SKIP LOCKED)
      RETURNING "id", "kind", "to", "subject", "text", "html", "attempts"`;

  async function sendRow(row: QueuedRow): Promise<void> {
    const mail: OutgoingMail = {
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
    };
    try {
      await deliver(mail);
      // Sent: the bodies go (issue 15). A reset link, a payment link or an
      // order's details never rest in the table, nor in its backups.
      await prisma.outboundMail.update({
        where: { id: row.id },
        data: {
          status: 'sent',
          sentAt: new Date(),
          lockedUntil: null,
          lastError: null,
          text: '',
          html: '',
        },
      });
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const fields = {
        id: row.id,
        kind: row.kind,
        to: row.to,
        subject: row.subject,
        attempt: row.attempts,
        error: lastError,
      };
      if (row.attempts > delays.length) {
        // A reset link that could not be delivered is cut out at once: it stays
        // live for an hour, and the customer asks for a new one anyway.
        const kept = holdsSecret(mail) ? redactSecrets(mail) : mail;
        await prisma.outboundMail.update({
          where: { id: row.id },
          data: {
            status: 'failed',
            lastError,
            lockedUntil: null,
            text: kept.text,
            html: kept.html,
          },
        });
        const file = await writeToOutbox(kept, path.join(outboxDir, 'failed')).catch(() => null);
        log.error('mail could not be sent; given up (staff can resend it)', { ...fields, file });
        return;
      }
      const retryInMs = delays[row.attempts - 1]!;
      await prisma.outboundMail.update({
        where: { id: row.id },
        data: {
          status: 'pending',
          lastError,
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + retryInMs),
        },
      });
      log.warn('mail send failed; will retry', { ...fields, retryInMs });
    }
  }

  /** Sends every due message; concurrent calls share one run. */
  function drain(): Promise<void> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          drainAgain = false;
          const rows = await claim();
          await Promise.all(rows.map(sendRow));
          if (rows.length > 0) drainAgain = true;
        } while (drainAgain && !closing);
      } catch (error) {
        log.error('mail queue: could not read the queue', {
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  const poller = setInterval(() => void drain(), POLL_MS);
  poller.unref();
  void drain(); // messages left by an earlier run

  /** Rows being written: idle() must not answer before they are in the table. */
  const storing = new Set<Promise<void>>();

  function enqueue(mail: OutgoingMail): void {
    const stored: Promise<void> = prisma.outboundMail
      .create({
        data: {
          kind: mail.kind,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        },
      })
      .then(() => drain())
      .catch(async (error: unknown) => {
        // The database refused the row: try once directly rather than drop the message.
        log.error('mail queue: could not store the message; sending it directly', {
          kind: mail.kind,
          to: mail.to,
          error: String(error),
        });
        await deliver(mail).catch(async (sendError: unknown) => {
          const file = await writeToOutbox(mail, path.join(outboxDir, 'failed')).catch(() => null);
          log.error('mail could not be sent; saved', {
            kind: mail.kind,
            to: mail.to,
            error: String(sendError),
            file,
          });
        });
      })
      .finally(() => storing.delete(stored));
    storing.add(stored);
  }

  /** Messages still to send now or later (tests wait for these). */
  const unsent = () =>
    prisma.outboundMail.count({ where: { status: { in: ['pending', 'sending'] } } });

  /** Loads the order and queues its mail; every failure is logged, never thrown. */
  function orderMail(kind: string, build: (order: MailOrder) => MailContent | null) {
    return async (orderId: string): Promise<void> => {
      try {
        const stored = await prisma.order.findUnique({ where: { id: orderId } });
        if (!stored) {
          log.warn('mail not sent: no such order', { kind, orderId });
          return;
        }
        const order = toMailOrder(stored);
        const content = build(order);
        if (content) enqueue({ ...content, to: stored.customerEmail, kind });
      } catch (error) {
        log.error('mail not sent: could not prepare it', {
          kind,
          orderId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    };
  }

  return {
    mailConfigured: smtp !== null,
    async passwordReset(to, resetUrl) {
      try {
        enqueue({ ...passwordResetMail(to, resetUrl), to: to.email, kind: 'password-reset' });
      } catch (error) {
        log.error('mail not sent: could not prepare it', {
          kind: 'password-reset',
          error: String(error),
        });
      }
    },
    async passwordChanged(to) {
      try {
        enqueue({ ...passwordChangedMail(to), to: to.email, kind: 'password-changed' });
      } catch (error) {
        log.error('mail not sent: could not prepare it', {
          kind: 'password-changed',
          error: String(error),
        });
      }
    },
    orderReceived: orderMail('order-received', (order) => orderReceivedMail(order, context)),
    // The outbox row is written by the order's transaction: the order and its
    // mail commit together. It is held for holdMs so the request can add the
    // payment link first (releaseQueued); if the process dies in between, any
    // process sends it as stored when the hold ends, once (rows are claimed).
    async queueOrderReceived(tx, order) {
      const content = orderReceivedMail(toMailOrder(order), context);
      const row = await tx.outboundMail.create({
        data: {
          kind: 'order-received',
          to: order.customerEmail,
          subject: content.subject,
          text: content.text,
          html: content.html,
          nextAttemptAt: new Date(Date.now() + holdMs),
        },
        select: { id: true },
      });
      return row.id;
    },
    releaseQueued(mailId, orderId) {
      const released: Promise<void> = (async () => {
        try {
          const stored = await prisma.order.findUnique({ where: { id: orderId } });
          const content = stored ? orderReceivedMail(toMailOrder(stored), context) : null;
          await prisma.outboundMail.updateMany({
            where: { id: mailId, status: 'pending', attempts: 0 },
            data: { ...(content ?? {}), nextAttemptAt: new Date() },
          });
        } catch (error) {
          // The stored row still goes out when its hold ends.
          log.error('mail queue: could not release the order mail; it goes out after its hold', {
            orderId,
            error: error instanceof Error ? error.message : String(error),
          });
        }
        await drain();
      })().finally(() => storing.delete(released));
      storing.add(released);
      return released;
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
    async idle() {
      // Short retry delays (tests) are waited out; a stored message is never dropped.
      while (storing.size > 0) await Promise.allSettled([...storing]);
      while (!closing && (draining || (await unsent()) > 0)) {
        await drain();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close(graceMs = 5_000) {
      closing = true;
      clearInterval(poller);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        draining ?? Promise.resolve(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
      smtp?.close();
      writer.close();
    },
  };
}
