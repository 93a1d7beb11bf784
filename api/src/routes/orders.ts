// Customer orders: submit one, list one's own, and the payment status the
// confirmation page polls.
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { currentUser, requireUser } from '../middleware/auth.js';
import { badRequest, notFound } from '../middleware/errors.js';
import { callRateLimit } from '../middleware/rateLimit.js';
import { submitOrder } from '../services/orderSubmission.js';
import { dollars, toOrderView } from '../services/orderView.js';
import { isUuid, textProblem } from '@bakery/core';

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
  router.post(
    '/api/submit-order',
    requireUser,
    callRateLimit(deps, 'order', 'Too many orders from this address. Please try again later.'),
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
      ctx.status = result.status;
      ctx.body = result.body;
    },
  );

  router.get('/api/my-orders', requireUser, async (ctx) => {
    const orders = await prisma.order.findMany({
      where: { userId: currentUser(ctx)!.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    ctx.body = orders.map(toOrderView);
  });

  router.get('/api/order-payment-status/:orderOrReferenceId', async (ctx) => {
    const id = String(ctx.params.orderOrReferenceId ?? '').trim();
    // A NUL byte or a lone surrogate (`%00`) cannot match a stored id; PostgreSQL would refuse it (500).
    if (!id || id.length > 255 || textProblem(id)) throw notFound('Order not found');
    // An order id, or one of the Square ids the payment link's redirect may carry.
    const order = isUuid(id)
      ? await prisma.order.findUnique({ where: { id } })
      : await prisma.order.findFirst({
          where: {
            OR: [{ squareOrderId: id }, { squarePaymentLinkId: id }, { squarePaymentId: id }],
          },
        });
    if (!order) throw notFound('Order not found');
    const user = currentUser(ctx);
    const own = Boolean(user && order.userId === user.id);
    ctx.body = {
      paymentStatus: order.paymentStatus,
      total: dollars(order.total),
      orderId: order.id,
      customerEmail: own ? order.customerEmail : maskEmail(order.customerEmail),
      paymentUrl: order.squarePaymentUrl,
    };
  });

  return router;
}
