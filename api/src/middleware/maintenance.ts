// While a restore runs (issue 38, services/upkeep/maintenance.ts): the
// storefront's pages answer a "back in a minute" page that looks again every
// few seconds, every API call 503 `{ code: 'maintenance', message }`, before
// any session or database work. The restore's status still answers the
// owner's session that started it (recognised by its signed cookie alone:
// the Session table is being replaced). The back office's files and the
// shop's static files are served as usual (no database behind them).
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { RESTORE_MESSAGES, ROUTES } from '@bakery/core';
import {
  maintenanceOn,
  maintenanceOwnerKey,
  requestStarted,
} from '../services/upkeep/maintenance.js';
import { restoreStatus } from '../services/upkeep/shopRestore.js';
import { storedSessionKey } from '../services/sessionStore.js';

/** Seconds a browser or client waits before asking again. */
const RETRY_AFTER_S = 5;

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#fdf8f3;color:#3b2a1a;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:2rem;margin:0 0 1rem}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const MAINTENANCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_S}">
<title>${RESTORE_MESSAGES.maintenanceTitle}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${RESTORE_MESSAGES.maintenanceTitle}</h1>
<p>${RESTORE_MESSAGES.maintenance.replace(/'/g, '&#39;')}</p>
<p>This page reloads by itself.</p>
</main>
</body>
</html>
`;

/** A request for a file (a script, an image): served as usual. */
const isFile = (p: string) => /\.[a-z0-9]+$/i.test(p) && !p.endsWith('.html');

export function maintenance(sessionCookie: string) {
  return async function closedForRestore(ctx: Context, next: Next) {
    if (!maintenanceOn()) {
      const done = requestStarted();
      try {
        await next();
      } finally {
        done();
      }
      return;
    }
    if (ctx.path.startsWith('/api/')) {
      const cookie = ctx.cookies.get(sessionCookie, { signed: true });
      if (
        ctx.method === 'GET' &&
        ctx.path === ROUTES.restoreStatus.path &&
        cookie &&
        storedSessionKey(cookie) === maintenanceOwnerKey()
      ) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = restoreStatus();
        return;
      }
      ctx.status = 503;
      ctx.set('Retry-After', String(RETRY_AFTER_S));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { code: 'maintenance', message: RESTORE_MESSAGES.maintenance };
      return;
    }
    if (ctx.path === '/admin' || ctx.path.startsWith('/admin/') || isFile(ctx.path)) {
      await next();
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_S));
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = MAINTENANCE_PAGE;
  };
}
