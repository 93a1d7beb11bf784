// The counter's own orders and money (issue 42): an order taken on the
// phone or at the counter, lines added to one at pickup, a walk-in's sale, the day's cash-up.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import { on } from '../on.js';
import type { AppDeps } from '../../deps.js';
import { toOrderView } from '../../services/orderView.js';
import { createStaffOrder, type CounterResult } from '../../services/counter/staffOrder.js';
import { addItems } from '../../services/counter/addItems.js';
import { quickSale } from '../../services/counter/quickSale.js';
import { cashUpOf, cashUpReport, recordCashUp } from '../../services/counter/cashUp.js';
import { actorOf, idParam, knownIds } from './shared.js';
import { idempotent } from '../../middleware/idempotency.js';

const counterReply = (result: CounterResult) => ({
  success: true as const,
  message: result.message,
  order: toOrderView(result.order),
  changeCents: result.changeCents,
  paymentUrl: result.paymentUrl,
});

export function adminCounterRouter(deps: AppDeps): Router {
  const router = new Router();
  // Issue 42: a retried order or sale (the desk's offline queue) with its Idempotency-Key acts once.
  const once = idempotent(deps.prisma);

  on(router, ROUTES.staffOrder, { before: [once] }, async (ctx, { body }) =>
    counterReply(await createStaffOrder(deps, body, actorOf(ctx))),
  );

  on(
    router,
    ROUTES.orderAddItems,
    { before: [knownIds('Order not found'), once] },
    async (ctx, { body }) => counterReply(await addItems(deps, idParam(ctx), body, actorOf(ctx))),
  );

  on(router, ROUTES.quickSale, { before: [once] }, async (ctx, { body }) =>
    counterReply(await quickSale(deps, body, actorOf(ctx))),
  );

  // The cash-up: a day's expected cash beside the counts, and its report.
  on(router, ROUTES.cashUp, (ctx, { query }) => cashUpOf(deps.prisma, query.date));
  on(router, ROUTES.saveCashUp, (ctx, { body }) => recordCashUp(deps.prisma, body, actorOf(ctx)));
  on(router, ROUTES.cashUpReport, async (ctx, { query }) => {
    const pdf = await cashUpReport(deps.prisma, query.date);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `inline; filename="cash-up-${query.date}.pdf"`);
    ctx.type = 'application/pdf';
    return pdf;
  });

  return router;
}
