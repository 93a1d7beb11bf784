// GET /api/openapi.json: the API's own description (issue 40).
// GET /api/health: whether this process can reach the database (for the
// proxy's health checks and the desktop app's server gate).
import Router from '@koa/router';
import { ROUTES, type HealthView } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { on } from './on.js';
import { openApiDocument } from '../services/openapi.js';
import { pingDatabase } from '../services/health.js';

export function healthRouter(deps: AppDeps): Router {
  const router = new Router();
  on(router, ROUTES.health, async (ctx): Promise<HealthView> => {
    try {
      await pingDatabase(deps.prisma);
      return { status: 'ok', database: true };
    } catch (error) {
      deps.log.warn('health check: database unreachable', { error: String(error) });
      ctx.status = 503;
      return { status: 'degraded', database: false };
    }
  });
  on(router, ROUTES.openapi, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    return openApiDocument();
  });
  return router;
}
