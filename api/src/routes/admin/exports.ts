// Excel downloads. The workbooks stream straight into the response. The
// orders and bake-sheet exports run under the request guard
// (middleware/queryGuard.ts): their queries are cancelled, and the orders
// export stops reading, when the download is cancelled.
import { PassThrough, type Writable } from 'node:stream';
import Router from '@koa/router';
import { on } from '../on.js';
import type { Context } from 'koa';
import { bakeryToday, ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { abortOnDisconnect, guardedQuery, requestSignal } from '../../db/queryGuard.js';
import {
  EXPORT_STATEMENT_TIMEOUT_MS,
  PLAIN_WORKBOOKS,
  writeOrdersWorkbook,
} from '../../services/exports.js';
import { bakeSheet } from '../../services/kitchen/bakeSheet.js';
import { writeBakeSheetWorkbook } from '../../services/kitchen/export.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function adminExportsRouter(deps: AppDeps): Router {
  const router = new Router();

  /**
   * Answers with a workbook that `write` streams into the response. Headers
   * are gone once rows flow: a failure can only cut the file short.
   */
  function sendWorkbook(
    ctx: Context,
    what: string,
    fileName: string,
    write: (out: Writable) => Promise<unknown>,
  ): PassThrough {
    const body = new PassThrough();
    ctx.type = XLSX;
    ctx.attachment(fileName);
    ctx.set('Cache-Control', 'no-store');
    const signal = ctx.state.abortSignal as AbortSignal | undefined;
    write(body).catch((error: unknown) => {
      if (signal?.aborted || body.destroyed)
        deps.log.info(`${what} export stopped: the download was cancelled`);
      else deps.log.error(`${what} export failed`, { error: String(error) });
      body.destroy(error as Error);
    });
    return body;
  }

  on(router, ROUTES.ordersWorkbook, { outer: [abortOnDisconnect()] }, (ctx, { query: range }) => {
    const name = `orders-${range.fromDate ?? 'start'}-to-${range.toDate ?? bakeryToday()}.xlsx`;
    const signal = requestSignal(ctx);
    return sendWorkbook(ctx, 'orders', name, (out) =>
      writeOrdersWorkbook(deps.prisma, range, out, signal),
    );
  });

  on(
    router,
    ROUTES.bakeSheetWorkbook,
    { outer: [abortOnDisconnect()] },
    async (ctx, { query: { fromDate, toDate } }) => {
      // Read under the guard (a timeout can still answer 503), then stream.
      const view = await guardedQuery(
        deps.prisma,
        { signal: requestSignal(ctx), label: 'bake-sheet', timeoutMs: EXPORT_STATEMENT_TIMEOUT_MS },
        (tx) => bakeSheet(tx, fromDate, toDate),
      );
      const name =
        fromDate === toDate
          ? `bake-sheet-${fromDate}.xlsx`
          : `bake-sheet-${fromDate}-to-${toDate}.xlsx`;
      return sendWorkbook(ctx, 'bake sheet', name, (out) => writeBakeSheetWorkbook(view, out));
    },
  );

  // The workbooks without input, one route each (services/exports.ts).
  for (const book of PLAIN_WORKBOOKS)
    on(router, ROUTES[book.route], (ctx) =>
      sendWorkbook(ctx, book.what, `${book.file}-${bakeryToday()}.xlsx`, (out) =>
        book.write(deps.prisma, out),
      ),
    );

  return router;
}
