// Stat cards and the analytics tab; every figure is defined in
// services/stats.ts, services/analytics.ts and docs/statistics.md. Both read
// the daily summary under the admin statement timeout and stop when their
// client goes away (middleware/queryGuard.ts).
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import { on } from '../on.js';
import type { AppDeps } from '../../deps.js';
import {
  abortOnDisconnect,
  guardedRequestQuery,
  guardedRequestRawQuery,
} from '../../db/queryGuard.js';
import { getStats } from '../../services/stats.js';
import { getAnalytics } from '../../services/analytics.js';
import { dayAtAGlance } from '../../services/today.js';

export function adminStatsRouter(deps: AppDeps): Router {
  const router = new Router();
  // The two figure routes stop when the client goes away.
  const figures = { outer: [abortOnDisconnect()] };
  on(router, ROUTES.stats, figures, async (ctx, { query: range }) => {
    ctx.set('Cache-Control', 'no-store');
    return await guardedRequestRawQuery(ctx, deps.prisma, 'stats', (db) => getStats(db, range));
  });
  on(router, ROUTES.analytics, figures, async (ctx, { query: range }) => {
    ctx.set('Cache-Control', 'no-store');
    return await guardedRequestRawQuery(ctx, deps.prisma, 'analytics', (db) =>
      getAnalytics(db, range),
    );
  });
  // The Overview's day at a glance: staff at the counter need it, not only analytics.
  on(router, ROUTES.today, { outer: [abortOnDisconnect()] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await guardedRequestQuery(ctx, deps.prisma, 'today', (tx) => dayAtAGlance(tx));
  });
  return router;
}
