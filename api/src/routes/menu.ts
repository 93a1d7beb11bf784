// GET /api/menu: core's catalogue, read-only, with prices in dollars as on the
// rest of the wire (the cents fields are kept for clients that use core).
import Router from '@koa/router';
import { CATEGORIES, centsToDollars, MENU_ITEMS, maxQuantityOf } from '@bakery/core';

const menu = {
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

export function menuRouter(): Router {
  const router = new Router();
  router.get('/api/menu', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = menu;
  });
  return router;
}
