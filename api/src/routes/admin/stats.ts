// Stat cards and the analytics tab; every figure is defined in
// services/stats.ts, services/analytics.ts and docs/statistics.md. Both read
// the daily summary under the admin statement timeout and stop when their
// client goes away (middleware/queryGuard.ts).
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { handle } from '../../middleware/validate.js';
import { abortOnDisconnect, guardedRequestQuery } from '../../db/queryGuard.js';
import { getStats } from '../../services/stats.js';
import { getAnalytics } from '../../services/analytics.js';
import { dayAtAGlance } from '../../services/today.js';
import { DateRangeQuery } from './shared.js';

/** The two figure routes: their path, their guard label, and what they read. */
const FIGURES = [
  ['/api/admin/stats', 'stats', getStats],
  ['/api/admin/analytics', 'analytics', getAnalytics],
] as const;

export function adminStatsRouter(deps: AppDeps): Router {
  const router = new Router();
  for (const [path, label, read] of FIGURES)
    router.get(
      path,
      abortOnDisconnect(),
      requirePermission('viewAnalytics'),
      handle({ query: DateRangeQuery }, async (ctx, { query: range }) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await guardedRequestQuery(ctx, deps.prisma, label, (tx): Promise<unknown> =>
          read(tx, range),
        );
      }),
    );
  // The Overview's day at a glance: staff at the counter need it, not only analytics.
  router.get(
    '/api/admin/today',
    abortOnDisconnect(),
    requirePermission('manageOrders'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await guardedRequestQuery(ctx, deps.prisma, 'today', (tx) => dayAtAGlance(tx));
    },
  );
  return router;
}
