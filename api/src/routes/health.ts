// GET /api/health: whether this process can reach the database (for the
// proxy's health checks and the desktop app's server gate).
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';

export function healthRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    try {
      await deps.prisma.$queryRaw`SELECT 1`;
      ctx.body = { status: 'ok', database: true };
    } catch (error) {
      deps.log.warn('health check: database unreachable', { error: String(error) });
      ctx.status = 503;
      ctx.body = { status: 'degraded', database: false };
    }
  });
  return router;
}
