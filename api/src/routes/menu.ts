// GET /api/menu: the published catalogue (issue 22: the latest MenuVersion,
// services/menu/live.ts), with prices in dollars as on the rest of the wire
// (the cents fields are kept for clients that use core), each item's
// availability and photo sizes. app.ts answers it from a compressed,
// ETagged copy (middleware/publicCache.ts) before the session is read; this
// route serves it where that is not mounted.
import Router from '@koa/router';
import { currentCatalogue, ROUTES } from '@bakery/core';
import { on } from './on.js';
import { CATALOGUE_CACHE_CONTROL, publicMenu } from '../services/menu/live.js';

export const MENU_CACHE_CONTROL = 'public, no-cache';

export function menuRouter(): Router {
  const router = new Router();
  on(router, ROUTES.menu, (ctx) => {
    ctx.set('Cache-Control', MENU_CACHE_CONTROL);
    return publicMenu();
  });
  on(router, ROUTES.catalogue, (ctx) => {
    ctx.set('Cache-Control', CATALOGUE_CACHE_CONTROL);
    return currentCatalogue();
  });
  return router;
}
