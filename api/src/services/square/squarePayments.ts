// Square payment links, payment confirmation and webhooks, through the
// official `square` SDK. Square's answer is the only proof of payment: an
// order is marked paid when Square reports a COMPLETED payment whose amount
// (tip excluded) equals the order's total. Every Square failure is logged and
// leaves the order pending, never half-changed.
import {
  SquareClient,
  SquareEnvironment,
  SquareError,
  SquareTimeoutError,
  WebhooksHelper,
  type Square,
} from 'square';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { Tx } from '../../db/types.js';
import {
  BAKERY_INFO,
  dollarsToCents,
  type ErrorCode,
  isUuid,
  orderNumber,
  PROVIDER_PAYMENT_METHOD,
  isPaidStatus,
} from '@bakery/core';
import type { Logger, Notifications } from '../contracts.js';
import type { SquareSettings } from './settings.js';
import {
  createSquareTerminal,
  reportOfWebhook,
  unpairedTerminal,
  type TerminalFlows,
  type WebhookCheckout,
} from './terminal.js';
import type {
  ConfirmResult,
  EnsureLinkOptions,
  PaymentFlows,
  Refusal,
  WebhookResult,
} from './types.js';

export interface SquarePaymentsOptions {
  settings: SquareSettings;
  prisma: PrismaClient;
  log: Logger;
  /** Customer mails on a new link and on payment; their failures never reach the caller. */
  notifications: Pick<Notifications, 'paymentLinkReady' | 'paymentReceived'>;
  /** The shop's address, for the redirect after checkout. */
  publicUrl: string;
  /** SDK request limits (tests use 0 retries and a short timeout). */
  maxRetries?: number;
  timeoutInSeconds?: number;
}

/** Who the order history names for changes Square caused. */
const SQUARE_ACTOR = 'Square';

type OrderRow = Prisma.OrderGetPayload<object>;

export function totalCents(order: Pick<OrderRow, 'total'>): number {
  return dollarsToCents(order.total.toString());
}

/** The page Square sends the customer back to after paying. */
export function confirmationUrl(publicUrl: string, orderId: string): string {
  const query = new URLSearchParams({
    order_id: orderId,
    referenceId: orderId,
    status: 'success',
    payment_method: PROVIDER_PAYMENT_METHOD,
  });
  return `${publicUrl.replace(/\/+$/, '')}/confirmation?${query.toString()}`;
}

/**
 * Square deduplicates creates by this key, so a retry for the same order and
 * amount returns the first link; a changed total (a delivery fee) gets a new one.
 */
export function paymentLinkIdempotencyKey(orderId: string, cents: number): string {
  return `bakery-order-${orderId}-${cents}`;
}

/** A short description of a Square failure for the log (never the token). */
export function describeSquareError(error: unknown): Record<string, unknown> {
  // SDK 46 reports a timeout either as SquareTimeoutError or as a SquareError without a status whose message is "timeout".
  if (
    error instanceof SquareTimeoutError ||
    (error instanceof SquareError &&
      error.statusCode === undefined &&
      /timeout/i.test(error.message))
  )
    return { error: 'Square did not answer in time' };
  if (error instanceof SquareError) {
    return {
      error: error.message,
      statusCode: error.statusCode,
      squareErrors: error.errors.map((e) => ({
        category: e.category,
        code: e.code,
        detail: e.detail,
      })),
    };
  }
  return { error: error instanceof Error ? error.message : String(error) };
}

function moneyCents(money: Square.Money | undefined): number | null {
  return money?.amount === undefined || money.amount === null ? null : Number(money.amount);
}

/** Marks a pending order paid, once, with a history line; false when it was not pending any more. */
async function markPaid(
  tx: Tx,
  orderId: string,
  squarePaymentId: string | undefined,
): Promise<boolean> {
  const { count } = await tx.order.updateMany({
    where: { id: orderId, paymentStatus: 'pending' },
    data: { paymentStatus: 'paid', ...(squarePaymentId ? { squarePaymentId } : {}) },
  });
  if (count === 0) return false;
  await tx.orderHistory.create({
    data: {
      orderId,
      field: 'paymentStatus',
      from: 'pending',
      to: 'paid',
      actorEmail: SQUARE_ACTOR,
    },
  });
  return true;
}

export function createSquareClient(
  settings: SquareSettings,
  limits: { maxRetries?: number; timeoutInSeconds?: number } = {},
): SquareClient {
  return new SquareClient({
    token: settings.accessToken,
    environment:
      settings.environment === 'production'
        ? SquareEnvironment.Production
        : SquareEnvironment.Sandbox,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    // Creates carry idempotency keys, so the SDK's retries of 408/429/5xx are safe.
    maxRetries: limits.maxRetries ?? 2,
    timeoutInSeconds: limits.timeoutInSeconds ?? 20,
  });
}

export type SquarePayments = PaymentFlows;

export function createSquarePayments(options: SquarePaymentsOptions): SquarePayments {
  const { settings, prisma, log, notifications } = options;
  const client = createSquareClient(settings, options);
  const terminal = createSquareTerminal({ client, settings, prisma, log });

  const notify = (what: 'paymentLinkReady' | 'paymentReceived', orderId: string) =>
    // Mail never fails the payment flow; the mailer logs its own failures.
    notifications[what](orderId).catch((error: unknown) =>
      log.error(`mail ${what} failed`, { orderId, error: String(error) }),
    );

  /** The Square order's amount before tips, or null when Square cannot say. */
  async function squareOrderAmount(squareOrderId: string): Promise<number | null> {
    const { order } = await client.orders.get({ orderId: squareOrderId });
    const total = moneyCents(order?.totalMoney);
    if (total === null) return null;
    return total - (moneyCents(order?.totalTipMoney) ?? 0);
  }

  async function createLink(order: OrderRow, cents: number) {
    const number = orderNumber(order.id);
    const response = await client.checkout.paymentLinks.create({
      idempotencyKey: paymentLinkIdempotencyKey(order.id, cents),
      description: `${BAKERY_INFO.name} order #${number}`,
      // One line for the whole total: our figures (tax, fees) are final, Square must not re-price them.
      order: {
        locationId: settings.locationId,
        referenceId: order.id,
        lineItems: [
          {
            name: `${BAKERY_INFO.name} order #${number}`,
            quantity: '1',
            basePriceMoney: { amount: BigInt(cents), currency: 'USD' },
          },
        ],
      },
      checkoutOptions: {
        allowTipping: settings.allowTipping,
        redirectUrl: confirmationUrl(options.publicUrl, order.id),
        merchantSupportEmail: BAKERY_INFO.email,
      },
      prePopulatedData: { buyerEmail: order.customerEmail },
      paymentNote: `Order #${number}`,
    });
    const link = response.paymentLink;
    if (!link?.url || !link.id) throw new Error('Square answered without a payment link');
    return link;
  }

  async function ensurePaymentLink(
    orderId: string,
    ensure: EnsureLinkOptions = {},
  ): Promise<string | null> {
    try {
      const order = isUuid(orderId)
        ? await prisma.order.findUnique({ where: { id: orderId } })
        : null;
      if (!order) {
        log.warn('payment link: no such order', { orderId });
        return null;
      }
      if (order.paymentStatus !== 'pending') return order.squarePaymentUrl;
      if (order.deliveryMethod === 'delivery' && order.deliveryFeeStatus === 'pending') return null;
      const cents = totalCents(order);
      if (cents <= 0) return null;

      if (order.squarePaymentUrl && order.squareOrderId) {
        // Keep the link while it is for the current total; a changed total needs a new one.
        try {
          const amount = await squareOrderAmount(order.squareOrderId);
          if (amount === null || amount === cents) return order.squarePaymentUrl;
          log.info('payment link: total changed, making a new link', {
            orderId,
            linkCents: amount,
            totalCents: cents,
          });
        } catch (error) {
          log.warn('payment link: could not check the existing link with Square; keeping it', {
            orderId,
            ...describeSquareError(error),
          });
          return order.squarePaymentUrl;
        }
      }

      const link = await createLink(order, cents);
      const { count } = await prisma.order.updateMany({
        where: { id: order.id, paymentStatus: 'pending' },
        data: {
          squarePaymentUrl: link.url!,
          squarePaymentLinkId: link.id!,
          squareOrderId: link.orderId ?? null,
          // The unpaid-order release counts from the link the customer has (issue 27).
          paymentLinkSentAt: new Date(),
          releaseWarnedAt: null,
        },
      });
      if (count === 0) {
        log.warn('payment link: order changed while the link was made; not stored', { orderId });
        return null;
      }
      log.info('payment link created', { orderId, squareOrderId: link.orderId, cents });
      if (link.url !== order.squarePaymentUrl && ensure.notifyCustomer !== false)
        await notify('paymentLinkReady', order.id);
      return link.url!;
    } catch (error) {
      log.error('payment link: Square failed; the order stays pending (staff can retry)', {
        orderId,
        ...describeSquareError(error),
      });
      return null;
    }
  }

  async function confirmPayment(referenceId: string): Promise<ConfirmResult> {
    const order = isUuid(referenceId)
      ? await prisma.order.findUnique({ where: { id: referenceId } })
      : await prisma.order.findFirst({ where: { squareOrderId: referenceId } });
    if (!order) return refuse(404, 'Order not found');
    if (isPaidStatus(order.paymentStatus)) return { ok: true, paymentStatus: order.paymentStatus };
    if (order.paymentStatus === 'cancelled') return refuse(409, 'This order was cancelled');
    if (!order.squareOrderId) return refuse(409, 'This order has no Square payment link yet');

    const cents = totalCents(order);
    let payment: Square.Payment | undefined;
    try {
      const { order: squareOrder } = await client.orders.get({ orderId: order.squareOrderId });
      if (!squareOrder) return refuse(404, 'Square does not know this order');
      if (squareOrder.referenceId && squareOrder.referenceId !== order.id) {
        log.warn('confirm payment: Square order belongs to another reference', {
          orderId: order.id,
          squareOrderId: order.squareOrderId,
        });
        return refuse(409, 'The payment reference does not match this order');
      }
      const paymentIds = (squareOrder.tenders ?? [])
        .map((tender) => tender.paymentId)
        .filter((id): id is string => Boolean(id));
      for (const paymentId of paymentIds) {
        const { payment: candidate } = await client.payments.get({ paymentId });
        if (candidate?.status === 'COMPLETED') {
          payment = candidate;
          break;
        }
      }
    } catch (error) {
      if (error instanceof SquareError && error.statusCode === 404)
        return refuse(404, 'Square does not know this payment');
      log.error('confirm payment: Square failed', {
        orderId: order.id,
        ...describeSquareError(error),
      });
      return refuse(502, 'Could not check the payment with Square. Please try again.');
    }
    if (!payment) return refuse(409, 'Square has not completed the payment for this order yet');
    const paid = moneyCents(payment.amountMoney);
    if (paid !== cents) {
      log.warn('confirm payment: amount does not match the order total', {
        orderId: order.id,
        paidCents: paid,
        totalCents: cents,
      });
      return refuse(409, 'The payment amount does not match the order total');
    }
    const changed = await prisma.$transaction((tx) => markPaid(tx, order.id, payment.id));
    if (changed) {
      log.info('payment confirmed with Square', { orderId: order.id, squarePaymentId: payment.id });
      await notify('paymentReceived', order.id);
    }
    const current = await prisma.order.findUnique({
      where: { id: order.id },
      select: { paymentStatus: true },
    });
    return { ok: true, paymentStatus: current?.paymentStatus ?? 'paid' };
  }

  /**
   * Our order for a Square payment: by the Square order id stored with the
   * link, else the payment's reference id, else the reference id Square keeps
   * on its order (when storing the link on our order had failed). A Square
   * failure throws, so the webhook answers 500 and Square delivers it again.
   */
  async function orderIdForPayment(payment: WebhookPayment): Promise<string | null> {
    if (payment.order_id) {
      const byLink = await prisma.order.findFirst({
        where: { squareOrderId: payment.order_id },
        select: { id: true },
      });
      if (byLink) return byLink.id;
    }
    if (payment.reference_id && isUuid(payment.reference_id)) {
      const byReference = await prisma.order.findUnique({
        where: { id: payment.reference_id },
        select: { id: true },
      });
      if (byReference) return byReference.id;
    }
    if (!payment.order_id) return null;
    const { order: squareOrder } = await client.orders.get({ orderId: payment.order_id });
    const reference = squareOrder?.referenceId;
    if (!reference || !isUuid(reference)) return null;
    const ours = await prisma.order.findUnique({
      where: { id: reference },
      select: { id: true, squareOrderId: true },
    });
    if (!ours) return null;
    if (!ours.squareOrderId)
      await prisma.order.update({
        where: { id: ours.id },
        data: { squareOrderId: payment.order_id },
      });
    return ours.id;
  }

  async function handleWebhook(
    rawBody: string,
    signatureHeader: string | undefined,
  ): Promise<WebhookResult> {
    if (!settings.webhookSignatureKey || !settings.webhookUrl) {
      log.warn(
        'Square webhook refused: no signature key (SQUARE_WEBHOOK_SIGNATURE_KEY, or the key saved in Settings) or no webhook URL',
      );
      return refuse(503, 'Square webhooks are not configured', 'payment_not_configured');
    }
    if (!signatureHeader) return refuse(403, 'Missing Square signature');
    const valid = await WebhooksHelper.verifySignature({
      requestBody: rawBody,
      signatureHeader,
      signatureKey: settings.webhookSignatureKey,
      notificationUrl: settings.webhookUrl,
    });
    if (!valid) {
      log.warn('Square webhook refused: wrong signature');
      return refuse(403, 'Invalid Square signature');
    }
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody) as WebhookEvent;
    } catch {
      return refuse(400, 'Malformed JSON body');
    }
    if (typeof event?.event_id !== 'string' || !event.event_id)
      return refuse(400, 'Missing event_id');

    if (event.type === 'terminal.checkout.updated')
      return terminalWebhook(event.event_id, event.data?.object?.checkout);

    const payment = event.data?.object?.payment;
    const completedPayment =
      (event.type === 'payment.updated' || event.type === 'payment.created') &&
      payment?.status === 'COMPLETED';

    // Which of our orders the payment is for, found before the transaction because it may ask Square.
    let orderId: string | null = null;
    if (completedPayment && payment) {
      if (await prisma.processedWebhook.findUnique({ where: { id: event.event_id } })) {
        log.info('Square webhook: repeated delivery ignored', { eventId: event.event_id });
        return { ok: true, duplicate: true };
      }
      orderId = await orderIdForPayment(payment);
      if (!orderId)
        log.warn('Square webhook: completed payment for an unknown order', {
          eventId: event.event_id,
          squareOrderId: payment.order_id,
        });
    }

    const outcome = await prisma.$transaction(async (tx) => {
      // The event id is the primary key: a redelivery inserts nothing and is skipped.
      const { count } = await tx.processedWebhook.createMany({
        data: [{ id: event.event_id! }],
        skipDuplicates: true,
      });
      if (count === 0) return { duplicate: true, paidOrderId: null as string | null };
      if (!payment || !orderId) return { duplicate: false, paidOrderId: null };
      const order = await tx.order.findUnique({ where: { id: orderId } });
      if (!order) return { duplicate: false, paidOrderId: null };
      const paid = payment.amount_money?.amount;
      if (paid === undefined || Number(paid) !== totalCents(order)) {
        log.warn('Square webhook: amount does not match the order total; not marked paid', {
          orderId: order.id,
          paidCents: paid,
          totalCents: totalCents(order),
        });
        return { duplicate: false, paidOrderId: null };
      }
      return {
        duplicate: false,
        paidOrderId: (await markPaid(tx, order.id, payment.id)) ? order.id : null,
      };
    });

    if (outcome.duplicate)
      log.info('Square webhook: repeated delivery ignored', { eventId: event.event_id });
    if (outcome.paidOrderId) {
      log.info('payment completed (Square webhook)', {
        orderId: outcome.paidOrderId,
        eventId: event.event_id,
      });
      await notify('paymentReceived', outcome.paidOrderId);
    }
    return { ok: true, duplicate: outcome.duplicate };
  }

  /**
   * A Terminal checkout changed: applied once per event id, and once per
   * checkout (terminal.ts), so a replay or a second event records one payment.
   */
  async function terminalWebhook(
    eventId: string,
    checkout: WebhookCheckout | undefined,
  ): Promise<WebhookResult> {
    const report = reportOfWebhook(checkout);
    if (!report) return refuse(400, 'The event names no checkout');
    const outcome = await prisma.$transaction(async (tx) => {
      const { count } = await tx.processedWebhook.createMany({
        data: [{ id: eventId }],
        skipDuplicates: true,
      });
      if (count === 0) return { duplicate: true, paidOrderId: null };
      return { duplicate: false, ...(await terminal.apply(tx, report)) };
    });
    if (outcome.duplicate) log.info('Square webhook: repeated delivery ignored', { eventId });
    if (outcome.paidOrderId) await notify('paymentReceived', outcome.paidOrderId);
    return { ok: true, duplicate: outcome.duplicate };
  }

  const terminalFlows: TerminalFlows = {
    ...terminal,
    // The customer hears of a payment the desk's poll or cancel found, as of the webhook's.
    start: (orderId, actor) => terminal.start(orderId, actor),
    latest: async (orderId) => {
      const outcome = await terminal.latest(orderId);
      if (outcome.paidOrderId) await notify('paymentReceived', outcome.paidOrderId);
      return outcome;
    },
    cancel: async (orderId, actor) => {
      const outcome = await terminal.cancel(orderId, actor);
      if (outcome.paidOrderId) await notify('paymentReceived', outcome.paidOrderId);
      return outcome;
    },
  };

  return {
    configured: true,
    ensurePaymentLink,
    confirmPayment,
    handleWebhook,
    terminal: settings.terminalDeviceId
      ? terminalFlows
      : { ...unpairedTerminal, apply: terminal.apply },
  };
}

function refuse(status: number, message: string, code?: ErrorCode): Refusal {
  return { ok: false, status, message, ...(code ? { code } : {}) };
}

/** The part of Square's webhook event body we read (snake_case, as sent). */
interface WebhookPayment {
  id?: string;
  status?: string;
  order_id?: string;
  reference_id?: string;
  amount_money?: { amount?: number; currency?: string };
}

interface WebhookEvent {
  event_id?: string;
  type?: string;
  data?: { object?: { payment?: WebhookPayment; checkout?: WebhookCheckout } };
}
