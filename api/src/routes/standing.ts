// Standing orders (issue 41): the customer's own (signed in), the reminder's
// skip link (public: the token is the proof), and the staff's calls: run the
// booking job now, the owner's panel and settings.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import { on } from './on.js';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import {
  changeStandingOrder,
  createStandingOrder,
  endStandingOrder,
  listStandingOrders,
  pauseStandingOrder,
  resumeStandingOrder,
  skipStandingDate,
  unskipStandingDate,
} from '../services/standing/customer.js';
import { runStandingBooking } from '../services/standing/booking.js';
import {
  readSkipLink,
  sendStandingReminders,
  useSkipLink,
} from '../services/standing/reminders.js';
import { standingPanel } from '../services/standing/panel.js';
import { saveStandingSettings } from '../services/standing/record.js';
import { pauseForHoliday } from '../services/standing/holiday.js';

export function standingRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;
  const customerOf = (ctx: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(ctx)!;
    return { id: user.id, email: user.email };
  };

  on(router, ROUTES.standingOrders, async (ctx) => ({
    standingOrders: await listStandingOrders(prisma, customerOf(ctx)),
  }));
  on(router, ROUTES.createStandingOrder, async (ctx, { body }) => ({
    standingOrder: await createStandingOrder(deps, { customer: customerOf(ctx), order: body }),
  }));
  on(router, ROUTES.changeStandingOrder, async (ctx, { body, params }) => ({
    standingOrder: await changeStandingOrder(deps, {
      id: params.id,
      customer: customerOf(ctx),
      change: body,
    }),
  }));
  on(router, ROUTES.endStandingOrder, async (ctx, { params }) => ({
    standingOrder: await endStandingOrder(deps, { id: params.id, customer: customerOf(ctx) }),
  }));
  on(router, ROUTES.skipStandingDate, async (ctx, { body, params }) => ({
    standingOrder: await skipStandingDate(deps, {
      id: params.id,
      customer: customerOf(ctx),
      date: body.date,
    }),
  }));
  on(router, ROUTES.unskipStandingDate, async (ctx, { body, params }) => ({
    standingOrder: await unskipStandingDate(deps, {
      id: params.id,
      customer: customerOf(ctx),
      date: body.date,
    }),
  }));
  on(router, ROUTES.pauseStandingOrder, async (ctx, { body, params }) => ({
    standingOrder: await pauseStandingOrder(deps, {
      id: params.id,
      customer: customerOf(ctx),
      until: body.until,
    }),
  }));
  on(router, ROUTES.resumeStandingOrder, async (ctx, { params }) => ({
    standingOrder: await resumeStandingOrder(deps, { id: params.id, customer: customerOf(ctx) }),
  }));
  on(router, ROUTES.skipLink, async (_ctx, { query }) => readSkipLink(prisma, query.token));
  on(router, ROUTES.useSkipLink, async (_ctx, { body }) => useSkipLink(deps, body.token));

  // Staff: the booking job and the reminders now (what the scheduler runs; tests call it).
  on(router, ROUTES.runStandingOrders, async () => {
    const booked = await runStandingBooking(deps);
    const reminded = await sendStandingReminders(deps);
    return { ...booked, reminded };
  });
  on(router, ROUTES.standingPanel, async () => standingPanel(prisma));
  on(router, ROUTES.saveStandingSettings, async (_ctx, { body }) =>
    saveStandingSettings(prisma, body),
  );
  on(router, ROUTES.standingHoliday, async (ctx, { body }) => {
    const user = currentUser(ctx)!;
    return pauseForHoliday(deps, body, { id: user.id, email: user.email });
  });
  return router;
}
