// GET /api/config: what the clients may offer (card payment, e-mail).
import Router from '@koa/router';
import { ROUTES, type ConfigView } from '@bakery/core';
import { on } from './on.js';
import type { AppDeps } from '../deps.js';
import { cachedJson, type CachedAnswer, type LiveAnswer } from '../middleware/publicCache.js';

/** The same for every caller; app.ts answers it from a cached copy made again when it changes. */
export function configBody(deps: Pick<AppDeps, 'payments' | 'notifications'>): ConfigView {
  return {
    paymentProvider: 'Square',
    paymentConfigured: deps.payments.configured,
    mailConfigured: deps.notifications.mailConfigured,
  };
}

/** GET /api/config from a cached copy, made again when a connection made in Settings changes it (issue 38). */
export function liveConfigAnswer(deps: Pick<AppDeps, 'payments' | 'notifications'>): LiveAnswer {
  let key = '';
  let answer: CachedAnswer | null = null;
  return {
    live: async () => {
      const body = configBody(deps);
      const now = JSON.stringify(body);
      if (!answer || now !== key) {
        key = now;
        answer = cachedJson(body, 'no-cache');
      }
      return answer;
    },
  };
}

export function configRouter(deps: AppDeps): Router {
  const router = new Router();
  on(router, ROUTES.config, () => {
    return configBody(deps);
  });
  return router;
}
