// Customer orders: submit one, list one's own, and the payment status the
// confirmation page polls.
import Router from '@koa/router';
import { on } from './on.js';
import QRCode from 'qrcode';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import { badRequest, notFound } from '../middleware/errors.js';
import { callRateLimit, countCalls, limitsOf } from '../middleware/rateLimit.js';
import type { Context, Next } from 'koa';
import { submitOrder } from '../services/orderSubmission.js';
import { cancelMyOrder, changeMyOrder, previewMyOrderChange } from '../services/selfService.js';
import { toOrderView } from '../services/orderView.js';
import { dollarsOf } from '../db/money.js';
import {
  latestOrders,
  orderByReference,
  ownOrder,
  ownPickupCode,
} from '../services/orders/desk.js';
import { windowsReadRecently } from '../services/kitchen/windows.js';
import {
  encodeCursor,
  isUuid,
  orderCalendarFile,
  orderNumber,
  type PaymentStatus,
  textProblem,
  ROUTES,
  centsToDollars,
} from '@bakery/core';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** "dana@example.com" -> "d***@example.com": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function ordersRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;

  // Spec section 6: a signed-out visitor cannot order.
  on(
    router,
    ROUTES.submitOrder,
    {
      before: [
        callRateLimit(deps, 'order', 'Too many orders from this address. Please try again later.'),
      ],
    },
    async (ctx) => {
      const key = ctx.get('idempotency-key').trim() || null;
      if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key))
        throw badRequest('Idempotency-Key must be 1 to 100 visible ASCII characters');
      const body = (ctx.request as { body?: { orderData?: unknown } }).body;
      if (
        !body ||
        typeof body !== 'object' ||
        body.orderData === undefined ||
        body.orderData === null ||
        typeof body.orderData !== 'object'
      ) {
        throw badRequest('Order data is required', {
          errors: [{ path: 'orderData', message: 'Order data is required' }],
        });
      }
      const result = await submitOrder(deps, {
        orderData: body.orderData,
        user: currentUser(ctx),
        idempotencyKey: key,
      });
      // 200 for a repeated Idempotency-Key: the handler's status wins over the map's 201.
      ctx.status = result.status;
      return result.body;
    },
  );

  // Newest first, a page at a time: X-Next-Cursor names where the next page starts.
  on(router, ROUTES.myOrders, async (ctx, { query }) => {
    const rows = await latestOrders(prisma, currentUser(ctx)!.id, query.limit + 1, query.before);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    if (rows.length > query.limit && last) ctx.set(NEXT_CURSOR_HEADER, encodeCursor(last));
    return page.map((row) => toOrderView(row));
  });

  // Self-service until the lock time (issue 24): change or cancel one's own order.
  const ownId = (raw: unknown) => {
    const id = String(raw ?? '');
    if (!isUuid(id)) throw notFound('Order not found');
    return id;
  };
  const customerOf = (ctx: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(ctx)!;
    return { id: user.id, email: user.email };
  };

  /** Self-service changes per account (issue 39): each one mails, coalesced, and books again. */
  const limitChanges = async (ctx: Context, next: Next) => {
    await countCalls(
      deps,
      [[`self-service:user:${currentUser(ctx)!.id}`, limitsOf(deps).selfServicePerUser]],
      'Too many changes to your orders. Please wait a while, or call us.',
    );
    await next();
  };

  on(router, ROUTES.changeMyOrder, { before: [limitChanges] }, async (ctx, { body, params }) => {
    const result = await changeMyOrder(deps, {
      id: ownId(params.id),
      customer: customerOf(ctx),
      change: body,
    });
    return {
      success: true,
      message: result.changes.length ? 'Your order was changed' : 'Nothing to change',
      changes: result.changes,
      order: toOrderView(result.order),
    };
  });

  // Issue 36: the new total, and what is due or to be refunded, before saving.
  on(router, ROUTES.previewMyOrderChange, async (ctx, { body, params }) => {
    const preview = await previewMyOrderChange(deps, {
      id: ownId(params.id),
      customer: customerOf(ctx),
      change: body,
    });
    return {
      changes: preview.changes,
      previousTotal: centsToDollars(preview.previousTotalCents),
      total: centsToDollars(preview.totalCents),
      subtotal: centsToDollars(preview.subtotalCents),
      rushFee: centsToDollars(preview.rushFeeCents),
      cakeOptionsFee: centsToDollars(preview.cakeOptionsFeeCents),
      tax: centsToDollars(preview.taxCents),
      deliveryFee: centsToDollars(preview.deliveryFeeCents),
      amountDue: centsToDollars(preview.amountDueCents),
      refundDue: centsToDollars(preview.refundDueCents),
    };
  });

  on(router, ROUTES.cancelMyOrder, async (ctx) => {
    const order = await cancelMyOrder(deps, {
      id: ownId(ctx.params.id),
      customer: customerOf(ctx),
    });
    return { success: true, message: 'Your order was cancelled', order: toOrderView(order) };
  });

  // The order's pickup (or delivery) as a calendar event: the order mail's "Add to calendar".
  on(router, ROUTES.myOrderCalendar, async (ctx) => {
    const id = ownId(ctx.params.id);
    const order = await ownOrder(prisma, currentUser(ctx)!.id, id);
    const file = order
      ? orderCalendarFile(order, {
          url: `${deps.config.publicUrl.replace(/\/+$/, '')}/my-orders`,
          windows: await windowsReadRecently(prisma),
        })
      : null;
    if (!file) throw notFound('Order not found');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="order-${orderNumber(id)}.ics"`);
    return file;
  });

  // The pickup code as a QR code (issue 23), for the customer's own ready order:
  // the counter scans it into its pickup-code field.
  on(router, ROUTES.myOrderPickupCode, async (ctx) => {
    const pickupCode = await ownPickupCode(
      prisma,
      currentUser(ctx)!.id,
      String(ctx.params.id ?? ''),
    );
    if (!pickupCode) throw notFound('Order not found');
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'private, max-age=300');
    return await QRCode.toString(pickupCode, { type: 'svg', margin: 1, width: 160 });
  });

  on(router, ROUTES.paymentStatus, async (ctx) => {
    const id = String(ctx.params.orderOrReferenceId ?? '').trim();
    // A NUL byte or a lone surrogate (`%00`) cannot match a stored id; PostgreSQL would refuse it (500).
    if (!id || id.length > 255 || textProblem(id)) throw notFound('Order not found');
    const user = currentUser(ctx);
    // An order id; the short number (#4CA071DC) for its signed-in owner only, as
    // 8 characters are easily guessed (issue 24); or one of the Square ids the
    // payment link's redirect may carry.
    const order = await orderByReference(prisma, id, user?.id ?? null);
    if (!order) throw notFound('Order not found');
    const own = Boolean(user && order.userId === user.id);
    return {
      paymentStatus: order.paymentStatus as PaymentStatus,
      total: dollarsOf(order.total),
      orderId: order.id,
      customerEmail: own ? order.customerEmail : maskEmail(order.customerEmail),
      paymentUrl: order.squarePaymentUrl,
    };
  });

  return router;
}
