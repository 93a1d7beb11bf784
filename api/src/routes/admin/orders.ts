// Staff order management: the list, every lifecycle action (each checked by
// core's lifecycle; 409 names the state), the history, the Square link retry,
// and POST /api/confirm-payment (the dashboard's older path, errors with an
// `error` field as well).
import Router from '@koa/router';
import { ROUTES, type HandOver } from '@bakery/core';
import type { Context } from 'koa';
import { on } from '../on.js';
import {
  isPickupCode,
  normalisePickupCode,
  DESK_COUNT_CAP,
  type DeskChangesView,
  type DeskPageView,
  formatDollars,
  isUuid,
  PAYMENT_STATUSES,
} from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../middleware/errors.js';
import { toOrderView } from '../../services/orderView.js';
import * as orderAdmin from '../../services/orders/index.js';
import { actorOf, idParam, knownIds } from './shared.js';
import { hasPaymentFlows } from '../../services/square/types.js';
import { unpairedTerminal } from '../../services/square/terminal.js';
import { idempotent } from '../../middleware/idempotency.js';

/** A change's answer: what happened, and the order as it is now. */
const orderReply = (message: string, order: Parameters<typeof toOrderView>[0]) => ({
  success: true as const,
  message,
  order: toOrderView(order),
});

/** A bulk action's answer: how many of the orders it did, and each order's result. */
const bulkReply = <T extends { ok: boolean }>(done: string, results: T[]) => ({
  success: true as const,
  message: `${results.filter((r) => r.ok).length} of ${results.length} orders ${done}`,
  results,
});

const statusField = (status: string) =>
  (PAYMENT_STATUSES as readonly string[]).includes(status) ? 'paymentStatus' : 'orderStatus';

const LIST_DEFAULT_LIMIT = 500;

export function adminOrdersRouter(deps: AppDeps): Router {
  const router = new Router();
  const services = {
    prisma: deps.prisma,
    payments: deps.payments,
    notifications: deps.notifications,
    log: deps.log,
  };
  const knownOrder = knownIds('Order not found');
  // Issue 42: the desk's offline queue replays these with an Idempotency-Key; each acts once.
  const once = idempotent(deps.prisma);

  // The order desk's grid: one page at a time, filtered, searched and sorted in PostgreSQL.
  on(router, ROUTES.desk, async (ctx, { query: query }) => {
    const page = await orderAdmin.deskPage(deps.prisma, query, DESK_COUNT_CAP);
    const body: DeskPageView = {
      rows: page.orders.map((row) => toOrderView(row)),
      count: page.count,
      countCapped: page.countCapped,
      asOf: page.asOf,
    };
    return body;
  });

  // The desk's poll: only what changed since its last answer.
  on(router, ROUTES.deskChanges, async (ctx, { query: { since } }) => {
    const changes = await orderAdmin.deskChanges(deps.prisma, new Date(since));
    const body: DeskChangesView = {
      changed: changes.orders.map((row) => toOrderView(row)),
      created: changes.created,
      asOf: changes.asOf,
    };
    return body;
  });

  on(router, ROUTES.adminOrders, async (ctx, { query: query }) => {
    // Never every order: without a limit, the first LIST_DEFAULT_LIMIT (X-Next-Cursor for more).
    const { orders, nextCursor } = await orderAdmin.listOrders(
      deps.prisma,
      { ...query, limit: query.limit ?? LIST_DEFAULT_LIMIT },
      statusField,
    );
    if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
    return orders.map((row) => toOrderView(row));
  });

  on(router, ROUTES.orderHistory, { before: [knownOrder] }, (ctx) =>
    orderAdmin.orderHistory(deps.prisma, idParam(ctx)),
  );

  on(router, ROUTES.orderStatus, { before: [knownOrder] }, async (ctx, { body: { status } }) => {
    const order = await orderAdmin.changePaymentStatus(
      services,
      idParam(ctx),
      status,
      actorOf(ctx),
    );
    return orderReply(
      status === 'cancelled'
        ? 'Order cancelled'
        : `Payment status updated to ${order.paymentStatus}`,
      order,
    );
  });

  on(router, ROUTES.orderDeliveryFee, { before: [knownOrder] }, async (ctx, { body: input }) => {
    const { order, paymentUrl, correction } = await orderAdmin.setDeliveryFee(
      services,
      idParam(ctx),
      input,
      actorOf(ctx),
    );
    const view = toOrderView(order);
    const added = correction
      ? `Delivery fee corrected to ${formatDollars(input.deliveryFee)}. New total ${formatDollars(view.total)}.`
      : `Delivery fee of ${formatDollars(input.deliveryFee)} added. New total ${formatDollars(view.total)}.`;
    // The fee stays whatever Square answers; the message says whether the customer can pay yet.
    return {
      success: true,
      message: paymentUrl
        ? `${added} The payment link is ready.`
        : `${added} No payment link yet: ${deps.payments.configured ? 'Square did not answer; retry from the order.' : 'Payment processing is not configured.'}`,
      order: view,
    };
  });

  on(
    router,
    ROUTES.orderFulfillment,
    { before: [knownOrder] },
    async (ctx, { body: { orderStatus } }) => {
      const order = await orderAdmin.setFulfillment(
        services,
        idParam(ctx),
        orderStatus,
        actorOf(ctx),
      );
      return orderReply(`Order marked ${orderStatus}`, order);
    },
  );

  // Fulfill (spec) and Hand Over (issue 23) are one action: the order leaves the
  // counter. An unpaid order needs `payment` (taken in the same step): 409 payment_due.
  const handOver = async (ctx: Context, { body: { payment } }: { body: HandOver }) => {
    const { order, alreadyFulfilled } = await orderAdmin.fulfill(
      services,
      idParam(ctx),
      actorOf(ctx),
      payment,
    );
    return orderReply(
      alreadyFulfilled
        ? 'Order was already fulfilled; nothing was sent'
        : payment && order.paymentMethod === payment.method
          ? `Payment taken and order handed over`
          : 'Order marked as fulfilled',
      order,
    );
  };
  on(router, ROUTES.orderFulfill, { before: [knownOrder, once] }, handOver);
  on(router, ROUTES.orderHandOver, { before: [knownOrder, once] }, handOver);

  // Hand Over for the ticked orders (the desk's bulk bar): paid ones leave, unpaid ones are named.
  on(router, ROUTES.ordersHandOver, async (ctx, { body: { ids } }) =>
    bulkReply('handed over', await orderAdmin.handOverBulk(services, ids, actorOf(ctx))),
  );

  // Mark Ready (pickup) or Out for Delivery: the pickup code, and the customer's mail.
  on(router, ROUTES.orderReady, { before: [knownOrder, once] }, async (ctx) => {
    const { order, changed } = await orderAdmin.markReady(services, idParam(ctx), actorOf(ctx));
    return orderReply(
      changed
        ? `Order #${toOrderView(order).orderNumber} is ready; the customer was told`
        : 'Order was already ready; nothing was sent',
      order,
    );
  });

  // Mark Ready for chosen orders or a whole day (or its slots); each result on its own.
  on(router, ROUTES.ordersReady, async (ctx, { body }) =>
    bulkReply('marked ready', await orderAdmin.markReadyBulk(services, body, actorOf(ctx))),
  );

  // Undo of Mark Ready: back to the state each order was marked ready from (nothing mailed).
  on(router, ROUTES.ordersReadyUndo, async (ctx, { body: { ids } }) =>
    bulkReply('put back', await orderAdmin.undoReadyBulk(services, ids, actorOf(ctx))),
  );

  on(router, ROUTES.orderStage, { before: [knownOrder] }, async (ctx, { body: { stage } }) => {
    const order = await orderAdmin.advanceStage(
      services,
      idParam(ctx),
      stage === 'confirmed' ? 'confirm' : 'startBaking',
      actorOf(ctx),
    );
    return orderReply(`Order marked ${stage}`, order);
  });

  on(router, ROUTES.orderRestore, { before: [knownOrder] }, async (ctx) => {
    const order = await orderAdmin.restoreOrder(services, idParam(ctx), actorOf(ctx));
    return orderReply('Order restored; the customer was told', order);
  });

  on(router, ROUTES.orderRefund, { before: [knownOrder] }, async (ctx, { body }) => {
    const order = await orderAdmin.recordRefund(services, idParam(ctx), body, actorOf(ctx));
    const view = toOrderView(order);
    return {
      success: true,
      message: view.refundPending
        ? `Refund of ${formatDollars(body.amount)} recorded: make it in Square`
        : `Refund of ${formatDollars(body.amount)} recorded`,
      order: view,
    };
  });

  // Issue 36: the order's money rows, a payment taken now, a payment voided.
  on(router, ROUTES.orderPayments, { before: [knownOrder] }, (ctx) =>
    orderAdmin.orderPayments(deps.prisma, idParam(ctx)),
  );

  on(router, ROUTES.orderTakePayment, { before: [knownOrder, once] }, async (ctx, { body }) => {
    const order = await orderAdmin.takePayment(services, idParam(ctx), body.method, actorOf(ctx));
    return orderReply('Payment recorded', order);
  });

  on(
    router,
    ROUTES.orderVoidPayment,
    { before: [knownIds('Payment not found', 'id', 'paymentId')] },
    async (ctx, { body }) => {
      const user = ctx.state.user as { role?: string };
      const order = await orderAdmin.voidPayment(
        services,
        {
          orderId: idParam(ctx),
          paymentId: idParam(ctx, 'paymentId'),
          reason: body.reason,
          isOwner: user.role === 'owner',
        },
        actorOf(ctx),
      );
      return orderReply('Payment voided; nothing was sent to the customer', order);
    },
  );

  // Issue 42: a card checkout on the paired Square Terminal for the amount due; the
  // desk polls it (Square's webhook usually ends it first) and may cancel it.
  const terminal = () =>
    hasPaymentFlows(deps.payments) ? deps.payments.terminal : unpairedTerminal;
  const terminalReply = async (
    id: string,
    outcome: Awaited<ReturnType<typeof unpairedTerminal.latest>>,
    fallback: string,
  ) => ({
    message: outcome.checkout?.message ?? fallback,
    checkout: outcome.checkout,
    order: toOrderView(await orderAdmin.reload(services, id)),
  });
  on(router, ROUTES.orderTerminalCheckout, { before: [knownOrder] }, async (ctx) =>
    terminalReply(
      idParam(ctx),
      await terminal().start(idParam(ctx), actorOf(ctx)),
      'Checkout sent to the Terminal',
    ),
  );
  on(router, ROUTES.orderTerminalCheckoutStatus, { before: [knownOrder] }, async (ctx) =>
    terminalReply(idParam(ctx), await terminal().latest(idParam(ctx)), 'No Terminal checkout yet'),
  );
  on(router, ROUTES.orderTerminalCheckoutCancel, { before: [knownOrder] }, async (ctx) =>
    terminalReply(
      idParam(ctx),
      await terminal().cancel(idParam(ctx), actorOf(ctx)),
      'Checkout cancelled',
    ),
  );

  on(router, ROUTES.orderArchive, { before: [knownOrder] }, async (ctx) => {
    const order = await orderAdmin.archiveOrder(services, idParam(ctx), actorOf(ctx));
    return orderReply('Order archived', order);
  });

  // The counter: a typed or scanned pickup code opens its order.
  on(router, ROUTES.orderByCode, async (ctx) => {
    const code = normalisePickupCode(String(ctx.params.code ?? ''));
    if (!isPickupCode(code)) throw notFound('No order has this pickup code');
    return toOrderView(await orderAdmin.findByPickupCode(deps.prisma, code));
  });

  on(router, ROUTES.orderPaymentLink, { before: [knownOrder] }, async (ctx) => {
    const { order, paymentUrl } = await orderAdmin.retryPaymentLink(services, idParam(ctx));
    return {
      success: Boolean(paymentUrl),
      message: paymentUrl
        ? 'Payment link is ready'
        : deps.payments.configured
          ? 'Square did not return a payment link; try again later'
          : 'Payment processing is not configured',
      order: toOrderView(order),
    };
  });

  // Owner only; a paid order is refused (409 order_paid): archive it instead.
  on(router, ROUTES.deleteOrder, { before: [knownOrder] }, async (ctx) => {
    const name = await orderAdmin.deleteOrder(services, idParam(ctx), actorOf(ctx));
    return { success: true, message: `Order ${name} deleted` };
  });

  // The dashboard reads `error` on failure: repeat the message there.
  on(
    router,
    ROUTES.confirmPayment,
    {
      outer: [
        async (ctx, next) => {
          try {
            await next();
          } catch (error) {
            const status = (error as { status?: number }).status;
            const message = (error as Error).message;
            if (!status || status >= 500) throw error;
            ctx.status = status;
            ctx.body = {
              code: (error as { code?: string }).code,
              error: message,
              message,
              ...((error as { errors?: unknown }).errors
                ? { errors: (error as { errors?: unknown }).errors }
                : {}),
            };
          }
        },
      ],
    },
    async (ctx, { body: { orderId } }) => {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const order = await orderAdmin.confirmPayment(services, orderId, actorOf(ctx));
      return orderReply('Payment confirmed', order);
    },
  );

  return router;
}
