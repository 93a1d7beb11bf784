// GET /api/config: what the clients may offer (card payment, e-mail).
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';

/** The same for every caller until a restart (app.ts caches it, see middleware/publicCache.ts). */
export function configBody(deps: Pick<AppDeps, 'payments' | 'notifications'>) {
  return {
    paymentProvider: 'Square',
    paymentConfigured: deps.payments.configured,
    mailConfigured: deps.notifications.mailConfigured,
  };
}

export function configRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/api/config', (ctx) => {
    ctx.body = configBody(deps);
  });
  return router;
}
