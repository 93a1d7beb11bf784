// Excel downloads. The orders workbook streams straight into the response.
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { writeOrdersWorkbook, writeRecipesWorkbook } from '../../services/exports.js';
import { bakeryToday } from '@bakery/core';
import { DateRangeQuery } from './shared.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function adminExportsRouter(deps: AppDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/exports/orders.xlsx',
    requirePermission('viewAnalytics'),
    validate(DateRangeQuery, 'query'),
    async (ctx) => {
      const range = ctx.state.input as { fromDate?: string; toDate?: string };
      const name = `orders-${range.fromDate ?? 'start'}-to-${range.toDate ?? bakeryToday()}.xlsx`;
      const body = new PassThrough();
      ctx.type = XLSX;
      ctx.attachment(name);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = body;
      // Headers are gone once rows flow: a failure can only cut the file short.
      writeOrdersWorkbook(deps.prisma, range, body).catch((error: unknown) => {
        deps.log.error('orders export failed', { error: String(error) });
        body.destroy(error as Error);
      });
    },
  );

  router.get('/api/admin/exports/recipes.xlsx', requirePermission('viewAnalytics'), async (ctx) => {
    const body = new PassThrough();
    ctx.type = XLSX;
    ctx.attachment(`recipes-${bakeryToday()}.xlsx`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
    writeRecipesWorkbook(deps.prisma, body).catch((error: unknown) => {
      deps.log.error('recipes export failed', { error: String(error) });
      body.destroy(error as Error);
    });
  });

  return router;
}
