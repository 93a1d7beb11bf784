// Stat cards and the analytics tab; every figure is defined in
// services/stats.ts, services/analytics.ts and docs/statistics.md.
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { getStats } from '../../services/stats.js';
import { getAnalytics } from '../../services/analytics.js';
import { DateRangeQuery } from './shared.js';

export function adminStatsRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get(
    '/api/admin/stats',
    requirePermission('viewAnalytics'),
    validate(DateRangeQuery, 'query'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await getStats(deps.prisma, ctx.state.input);
    },
  );
  router.get(
    '/api/admin/analytics',
    requirePermission('viewAnalytics'),
    validate(DateRangeQuery, 'query'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await getAnalytics(deps.prisma, ctx.state.input);
    },
  );
  return router;
}
