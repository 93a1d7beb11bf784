// GET /api/config: what the clients may offer (card payment, e-mail).
import Router from '@koa/router';
import { ROUTES, type ConfigView } from '@bakery/core';
import { on } from './on.js';
import type { AppDeps } from '../deps.js';

/** The same for every caller until a restart (app.ts caches it, see middleware/publicCache.ts). */
export function configBody(deps: Pick<AppDeps, 'payments' | 'notifications'>): ConfigView {
  return {
    paymentProvider: 'Square',
    paymentConfigured: deps.payments.configured,
    mailConfigured: deps.notifications.mailConfigured,
  };
}

export function configRouter(deps: AppDeps): Router {
  const router = new Router();
  on(router, ROUTES.config, () => {
    return configBody(deps);
  });
  return router;
}
