// Card payments on the Square Terminal paired with the desk (issue 42),
// through the `square` SDK's Terminal API. The desk starts a checkout for
// the order's amount due (core's orderMoney); Square reports its end by the
// `terminal.checkout.updated` webhook, or the desk's poll asks Square. A
// COMPLETED checkout records one payment row, however often it is reported
// (the checkout row is locked and read first, and Square's payment id is
// unique among the rows); a CANCELED one leaves the order as it was.
import { randomUUID } from 'node:crypto';
import { SquareError, type SquareClient, type Square } from 'square';
import type { PrismaClient } from '@bakery/prisma';
import {
  amountDueCents,
  isOpenTerminalCheckout,
  isTerminalCheckoutStatus,
  orderNumber,
  BAKERY_INFO,
  TERMINAL_CONTEXT,
  TERMINAL_MESSAGES,
  terminalCheckoutMessage,
  type TerminalCheckoutStatus,
  type TerminalCheckoutView,
  centsToDollars,
} from '@bakery/core';
import { centsOf, decimalOf, orderMoneyOf } from '../../db/money.js';
import { conflict, HttpError, notFound } from '../../errors.js';
import type { Logger } from '../contracts.js';
import {
  applyChanges,
  lockOrder,
  paymentFieldsAfterMoney,
  recordPayment,
  type Actor,
} from '../orders/index.js';
import type { SquareSettings } from './settings.js';
import type { Tx } from '../../db/types.js';

/** Who the order history and the payment row name for what the Terminal did. */
const TERMINAL_ACTOR: Actor = { id: null, email: 'Square Terminal' };

/** What the shop reads of Square's checkout, from the SDK (camelCase) or a webhook (snake_case). */
export interface CheckoutReport {
  id: string;
  status: string;
  amountCents: number | null;
  referenceId: string | null;
  paymentIds: string[];
  cancelReason: string | null;
}

export interface TerminalFlows {
  /** Starts a checkout on the paired device for the order's amount due (or returns the one waiting). */
  start(orderId: string, actor: Actor): Promise<TerminalOutcome>;
  /** The order's latest checkout; one still waiting is asked of Square first (the desk's poll). */
  latest(orderId: string): Promise<TerminalOutcome>;
  /** Asks Square to cancel the checkout waiting on the device. */
  cancel(orderId: string, actor: Actor): Promise<TerminalOutcome>;
  /** Applies Square's report inside the caller's transaction; the order id when it became paid now. */
  apply(tx: Tx, report: CheckoutReport): Promise<{ paidOrderId: string | null }>;
}

export interface TerminalOutcome {
  checkout: TerminalCheckoutView | null;
  /** The order when a payment was recorded now (its customer is mailed by the caller). */
  paidOrderId: string | null;
}

type CheckoutRow = Awaited<ReturnType<PrismaClient['terminalCheckout']['findFirst']>> & {};

export function terminalCheckoutView(row: CheckoutRow): TerminalCheckoutView {
  const status = isTerminalCheckoutStatus(row.status) ? row.status : 'PENDING';
  const cents = centsOf(row.amount);
  return {
    id: row.id,
    orderId: row.orderId,
    amount: centsToDollars(cents),
    status,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    message: terminalCheckoutMessage(status, cents, row.cancelReason),
  };
}

/** Square's checkout as the SDK returns it. */
export function reportOfSdk(checkout: Square.TerminalCheckout): CheckoutReport {
  return {
    id: checkout.id ?? '',
    status: checkout.status ?? 'PENDING',
    amountCents:
      checkout.amountMoney?.amount === undefined || checkout.amountMoney.amount === null
        ? null
        : Number(checkout.amountMoney.amount),
    referenceId: checkout.referenceId ?? null,
    paymentIds: checkout.paymentIds ?? [],
    cancelReason: checkout.cancelReason ?? null,
  };
}

/** The checkout in a `terminal.checkout.updated` event (snake_case, as sent). */
export function reportOfWebhook(checkout: WebhookCheckout | undefined): CheckoutReport | null {
  if (!checkout?.id || typeof checkout.status !== 'string') return null;
  const amount = checkout.amount_money?.amount;
  return {
    id: checkout.id,
    status: checkout.status,
    amountCents: amount === undefined || amount === null ? null : Number(amount),
    referenceId: checkout.reference_id ?? null,
    paymentIds: Array.isArray(checkout.payment_ids) ? checkout.payment_ids : [],
    cancelReason: checkout.cancel_reason ?? null,
  };
}

export interface WebhookCheckout {
  id?: string;
  status?: string;
  reference_id?: string;
  amount_money?: { amount?: number; currency?: string };
  payment_ids?: string[];
  cancel_reason?: string;
}

export function createSquareTerminal(options: {
  client: SquareClient;
  settings: SquareSettings;
  prisma: PrismaClient;
  log: Logger;
}): TerminalFlows {
  const { client, settings, prisma, log } = options;

  const latestRow = (orderId: string) =>
    prisma.terminalCheckout.findFirst({
      where: { orderId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });

  const squareFailed = (what: string, orderId: string, error: unknown) => {
    log.error(`terminal checkout: ${what} failed`, {
      orderId,
      error: error instanceof SquareError ? error.message : String(error),
      statusCode: error instanceof SquareError ? error.statusCode : undefined,
    });
    return new HttpError(502, TERMINAL_MESSAGES.squareFailed, {}, 'service_unavailable');
  };

  async function apply(tx: Tx, report: CheckoutReport): Promise<{ paidOrderId: string | null }> {
    const known = await tx.terminalCheckout.findUnique({ where: { id: report.id } });
    if (!known) {
      log.warn('terminal checkout: Square reported a checkout the desk did not start', {
        checkoutId: report.id,
      });
      return { paidOrderId: null };
    }
    // The order first, then the checkout: the same order of locks as every money action.
    const order = await lockOrder(tx, known.orderId);
    await tx.$queryRaw`SELECT 1 FROM "TerminalCheckout" WHERE "id" = ${report.id} FOR UPDATE`;
    const row = await tx.terminalCheckout.findUniqueOrThrow({ where: { id: report.id } });
    if (!isTerminalCheckoutStatus(report.status) || row.status === report.status)
      return { paidOrderId: null };
    // An ended checkout stays ended: a late PENDING or a second COMPLETED changes nothing.
    if (row.status === 'COMPLETED' || row.status === 'CANCELED') return { paidOrderId: null };
    const status: TerminalCheckoutStatus = report.status;
    if (status !== 'COMPLETED') {
      await tx.terminalCheckout.update({
        where: { id: row.id },
        data: { status, cancelReason: report.cancelReason },
      });
      return { paidOrderId: null };
    }
    const cents = report.amountCents ?? centsOf(row.amount);
    const squarePaymentId = report.paymentIds[0] ?? null;
    const already = squarePaymentId
      ? await tx.orderPayment.findUnique({ where: { squarePaymentId } })
      : null;
    const payment =
      already ??
      (await recordPayment(tx, order.id, {
        method: 'card',
        amountCents: cents,
        actor: TERMINAL_ACTOR,
        context: TERMINAL_CONTEXT,
        squarePaymentId,
      }));
    await tx.terminalCheckout.update({
      where: { id: row.id },
      data: { status, cancelReason: null, paymentId: payment.id },
    });
    if (already) return { paidOrderId: null };
    await applyChanges(
      tx,
      order,
      {
        ...(await paymentFieldsAfterMoney(tx, order)),
        ...(order.paymentStatus === 'cancelled' ? {} : { paidAt: order.paidAt ?? new Date() }),
      },
      TERMINAL_ACTOR,
    );
    log.info('payment completed on the Square Terminal', {
      orderId: order.id,
      checkoutId: row.id,
      cents,
    });
    return { paidOrderId: order.id };
  }

  /** Asks Square how the checkout stands and applies the answer. */
  async function refresh(row: CheckoutRow): Promise<string | null> {
    const { checkout } = await client.terminal.checkouts.get({ checkoutId: row.id });
    if (!checkout) return null;
    const { paidOrderId } = await prisma.$transaction((tx) => apply(tx, reportOfSdk(checkout)));
    return paidOrderId;
  }

  async function outcome(orderId: string, paidOrderId: string | null = null) {
    const row = await latestRow(orderId);
    return { checkout: row ? terminalCheckoutView(row) : null, paidOrderId };
  }

  return {
    apply,

    async start(orderId, actor) {
      const deviceId = settings.terminalDeviceId;
      if (!deviceId)
        throw new HttpError(503, TERMINAL_MESSAGES.notPaired, {}, 'payment_not_configured');
      const order = await prisma.order.findUnique({ where: { id: orderId } });
      if (!order) throw notFound('Order not found');
      if (order.paymentStatus === 'cancelled') throw conflict(TERMINAL_MESSAGES.cancelled);
      if (order.deliveryFeeStatus === 'pending')
        throw conflict(TERMINAL_MESSAGES.deliveryFeePending);
      const due = amountDueCents(orderMoneyOf(order));
      const waiting = await latestRow(orderId);
      if (waiting && isOpenTerminalCheckout(waiting.status)) {
        if (centsOf(waiting.amount) === due) return outcome(orderId);
        throw conflict(TERMINAL_MESSAGES.busy);
      }
      if (due === 0) throw conflict(TERMINAL_MESSAGES.nothingDue);
      let checkout: Square.TerminalCheckout | undefined;
      try {
        ({ checkout } = await client.terminal.checkouts.create({
          idempotencyKey: randomUUID(),
          checkout: {
            amountMoney: { amount: BigInt(due), currency: 'USD' },
            referenceId: order.id,
            note: `${BAKERY_INFO.name} order #${orderNumber(order.id)}`,
            deviceOptions: { deviceId, skipReceiptScreen: false },
          },
        }));
      } catch (error) {
        throw squareFailed('create', orderId, error);
      }
      if (!checkout?.id) throw squareFailed('create', orderId, 'no checkout in the answer');
      const report = reportOfSdk(checkout);
      await prisma.terminalCheckout.create({
        data: {
          id: checkout.id,
          orderId,
          amount: decimalOf(report.amountCents ?? due),
          status: isTerminalCheckoutStatus(report.status) ? report.status : 'PENDING',
          actorId: actor.id,
          actorEmail: actor.email,
        },
      });
      await prisma.orderHistory.create({
        data: {
          orderId,
          actorId: actor.id,
          actorEmail: actor.email,
          field: 'terminalCheckout',
          from: null,
          to: `${checkout.id}: ${centsToDollars(report.amountCents ?? due)}`,
        },
      });
      log.info('terminal checkout started', { orderId, checkoutId: checkout.id, cents: due });
      return outcome(orderId);
    },

    async latest(orderId) {
      const row = await latestRow(orderId);
      if (!row || !isOpenTerminalCheckout(row.status)) return outcome(orderId);
      let paidOrderId: string | null = null;
      try {
        paidOrderId = await refresh(row);
      } catch (error) {
        // The desk shows what was last known; the next poll asks again.
        log.warn('terminal checkout: could not ask Square', {
          orderId,
          checkoutId: row.id,
          error: String(error),
        });
      }
      return outcome(orderId, paidOrderId);
    },

    async cancel(orderId, actor) {
      const row = await latestRow(orderId);
      if (!row || !isOpenTerminalCheckout(row.status))
        throw conflict(TERMINAL_MESSAGES.noneWaiting);
      let checkout: Square.TerminalCheckout | undefined;
      try {
        ({ checkout } = await client.terminal.checkouts.cancel({ checkoutId: row.id }));
      } catch (error) {
        // Square refuses to cancel a checkout that ended meanwhile: read how it ended.
        if (error instanceof SquareError && error.statusCode === 400) {
          const paidOrderId = await refresh(row).catch(() => null);
          return outcome(orderId, paidOrderId);
        }
        throw squareFailed('cancel', orderId, error);
      }
      let paidOrderId: string | null = null;
      if (checkout)
        ({ paidOrderId } = await prisma.$transaction((tx) => apply(tx, reportOfSdk(checkout))));
      await prisma.orderHistory.create({
        data: {
          orderId,
          actorId: actor.id,
          actorEmail: actor.email,
          field: 'terminalCheckout',
          from: row.id,
          to: 'cancel requested',
        },
      });
      return outcome(orderId, paidOrderId);
    },
  };
}

/** Used when Square or the Terminal is not set up: every call says so. */
export const unpairedTerminal: TerminalFlows = {
  start: () =>
    Promise.reject(new HttpError(503, TERMINAL_MESSAGES.notPaired, {}, 'payment_not_configured')),
  latest: async () => ({ checkout: null, paidOrderId: null }),
  cancel: () => Promise.reject(conflict(TERMINAL_MESSAGES.noneWaiting)),
  apply: async () => ({ paidOrderId: null }),
};
