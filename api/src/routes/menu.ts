// GET /api/menu: core's catalogue, read-only, with prices in dollars as on the
// rest of the wire (the cents fields are kept for clients that use core).
// app.ts answers it from a compressed, ETagged copy (middleware/publicCache.ts)
// before the session is read; this route serves it where that is not mounted.
import Router from '@koa/router';
import { CATEGORIES, centsToDollars, MENU_ITEMS, maxQuantityOf } from '@bakery/core';

export const menu = {
  categories: CATEGORIES,
  items: MENU_ITEMS.map((item) => ({
    ...item,
    price: centsToDollars(item.priceCents),
    maxQuantity: maxQuantityOf(item),
    ...(item.variants
      ? {
          variants: item.variants.map((variant) => ({
            ...variant,
            price: centsToDollars(variant.priceCents),
          })),
        }
      : {}),
  })),
};

export const MENU_CACHE_CONTROL = 'public, max-age=300';

export function menuRouter(): Router {
  const router = new Router();
  router.get('/api/menu', (ctx) => {
    ctx.set('Cache-Control', MENU_CACHE_CONTROL);
    ctx.body = menu;
  });
  return router;
}
