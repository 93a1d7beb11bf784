// GET /api/config: what the clients may offer (card payment, e-mail).
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';

export function configRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/api/config', (ctx) => {
    ctx.body = {
      paymentProvider: 'Square',
      paymentConfigured: deps.payments.configured,
      mailConfigured: deps.notifications.mailConfigured,
    };
  });
  return router;
}
