// GET /api/settings: the shop's settings as the storefront shows them (issue
// 22 part 4): name, contact, hours, lead time, fees, tax, delivery area and
// the self-service lock. The copy in force in this process; no database read.
import Router from '@koa/router';
import { on } from './on.js';
import { shopSettings, type PublicShopSettings, ROUTES } from '@bakery/core';

export function settingsRouter(): Router {
  const router = new Router();
  on(router, ROUTES.settings, (ctx) => {
    const body: PublicShopSettings = shopSettings();
    // Revalidated on each use: an owner's change shows on the next page load.
    ctx.set('Cache-Control', 'no-cache');
    return body;
  });
  return router;
}
