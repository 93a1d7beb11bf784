// Excel downloads. The workbooks stream straight into the response; the
// orders export stops reading (and cancels its query) when the download is
// cancelled (middleware/queryGuard.ts).
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { handle } from '../../middleware/validate.js';
import { abortOnDisconnect, requestSignal } from '../../middleware/queryGuard.js';
import { writeOrdersWorkbook, writeRecipesWorkbook } from '../../services/exports.js';
import { bakeryToday } from '@bakery/core';
import { DateRangeQuery } from './shared.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function adminExportsRouter(deps: AppDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/exports/orders.xlsx',
    abortOnDisconnect(),
    requirePermission('viewAnalytics'),
    handle({ query: DateRangeQuery }, async (ctx, { query: range }) => {
      const name = `orders-${range.fromDate ?? 'start'}-to-${range.toDate ?? bakeryToday()}.xlsx`;
      const body = new PassThrough();
      ctx.type = XLSX;
      ctx.attachment(name);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = body;
      // Headers are gone once rows flow: a failure can only cut the file short.
      const signal = requestSignal(ctx);
      writeOrdersWorkbook(deps.prisma, range, body, signal).catch((error: unknown) => {
        if (signal.aborted || body.destroyed) {
          deps.log.info('orders export stopped: the download was cancelled', { range });
        } else {
          deps.log.error('orders export failed', { error: String(error) });
        }
        body.destroy(error as Error);
      });
    }),
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
