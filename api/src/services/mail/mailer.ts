// The `Notifications` of contracts.ts over nodemailer. A call renders the mail
// and queues it, then returns: the request that caused it never waits for
// SMTP and never fails because of it. The queue retries a failed send a few
// times; a message that still fails is logged as an error and written to the
// outbox's `failed/` folder so nothing is lost silently. Without SMTP, the
// same messages are written to the outbox folder (as .eml files) and the log.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { PrismaClient } from '@bakery/prisma';
import { ADD_INS, BAKERY_INFO, CAKE_FILLINGS, dollarsToCents } from '@bakery/core';
import type { Logger, Notifications } from '../contracts.js';
import {
  orderReadyMail,
  orderReceivedMail,
  passwordResetMail,
  paymentLinkReadyMail,
  paymentReceivedMail,
  type MailContent,
  type MailContext,
  type MailOrder,
  type MailOrderLine,
} from './templates.js';

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
}

function blank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** SMTP settings from SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD; null when neither is set. */
export function readMailSettings(env: NodeJS.ProcessEnv): MailSettings | null {
  const from = blank(env.MAIL_FROM) ?? `"${BAKERY_INFO.name}" <${BAKERY_INFO.email}>`;
  const url = blank(env.SMTP_URL);
  if (url) return { smtp: url, from };
  const host = blank(env.SMTP_HOST);
  if (!host) return null;
  const port = Number(blank(env.SMTP_PORT) ?? 587);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, got "${env.SMTP_PORT}"`);
  const user = blank(env.SMTP_USER);
  const pass = env.SMTP_PASSWORD ?? '';
  // 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it.
  return { smtp: { host, port, secure: port === 465, ...(user ? { auth: { user, pass } } : {}) }, from };
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
      variantLabel: typeof item.variantLabel === 'string' && item.variantLabel ? item.variantLabel : null,
      options: [filling ? `${filling.label} filling` : null, addIn ? `with ${addIn.label.toLowerCase()}` : null].filter((o): o is string => o !== null),
      quantity,
      lineTotalCents: lineTotal !== null ? centsOf(lineTotal as number) : centsOf(item.price as number) * quantity,
    };
  });
}

type StoredOrder = NonNullable<Awaited<ReturnType<PrismaClient['order']['findUnique']>>>;

export function toMailOrder(order: StoredOrder): MailOrder {
  return {
    id: order.id,
    orderNumber: order.id.slice(-8).toUpperCase(),
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
  const context: MailContext = { publicUrl: options.publicUrl.replace(/\/+$/, ''), paymentConfigured: options.paymentConfigured };
  const delays = options.retryDelaysMs ?? [2_000, 30_000, 5 * 60_000];
  const from = settings?.from ?? `"${BAKERY_INFO.name}" <${BAKERY_INFO.email}>`;

  // Short timeouts: a dead SMTP server must not hold a queued message for minutes.
  const limits = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const smtp: Transporter | null = settings
    ? typeof settings.smtp === 'string'
      ? nodemailer.createTransport(settings.smtp, limits)
      : nodemailer.createTransport({ ...settings.smtp, ...limits })
    : null;
  // Builds the same RFC 5322 message without sending it, for the outbox.
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const envelope = (mail: OutgoingMail) => ({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });

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
      log.info('mail sent', { kind: mail.kind, to: mail.to, subject: mail.subject, messageId: info.messageId });
      return;
    }
    const file = await writeToOutbox(mail, outboxDir);
    // The text is logged too so a developer can follow, say, a reset link without SMTP.
    log.info('mail not sent (SMTP is not configured): written to the outbox', { kind: mail.kind, to: mail.to, subject: mail.subject, file, text: mail.text });
  }

  const pending = new Set<Promise<void>>();
  let closing = false;
  /** Wakes every job waiting between attempts (on close). */
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  function enqueue(mail: OutgoingMail): void {
    const job = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await deliver(mail);
          return;
        } catch (error) {
          const fields = { kind: mail.kind, to: mail.to, subject: mail.subject, attempt, error: error instanceof Error ? error.message : String(error) };
          if (attempt > delays.length || closing) {
            const file = await writeToOutbox(mail, path.join(outboxDir, 'failed')).catch(() => null);
            log.error(closing ? 'mail not sent before shutdown; saved' : 'mail could not be sent; given up', { ...fields, file });
            return;
          }
          log.warn('mail send failed; will retry', { ...fields, retryInMs: delays[attempt - 1] });
          await pause(delays[attempt - 1]!);
        }
      }
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

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
        log.error('mail not sent: could not prepare it', { kind, orderId, error: error instanceof Error ? error.message : String(error) });
      }
    };
  }

  return {
    mailConfigured: smtp !== null,
    async passwordReset(to, resetUrl) {
      try {
        enqueue({ ...passwordResetMail(to, resetUrl), to: to.email, kind: 'password-reset' });
      } catch (error) {
        log.error('mail not sent: could not prepare it', { kind: 'password-reset', error: String(error) });
      }
    },
    orderReceived: orderMail('order-received', (order) => orderReceivedMail(order, context)),
    paymentLinkReady: orderMail('payment-link', (order) => {
      if (!order.paymentUrl) {
        log.warn('mail not sent: the order has no payment link', { kind: 'payment-link', orderId: order.id });
        return null;
      }
      return paymentLinkReadyMail({ ...order, paymentUrl: order.paymentUrl }, context);
    }),
    paymentReceived: orderMail('payment-received', (order) => paymentReceivedMail(order, context)),
    orderReady: orderMail('order-ready', (order) => orderReadyMail(order, context)),
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    async close(graceMs = 5_000) {
      closing = true;
      for (const wake of [...wakers]) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      smtp?.close();
      writer.close();
    },
  };
}
