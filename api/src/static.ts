// The built single-page apps: the storefront at `/` and the staff renderer at
// `/admin/*`. A GET that accepts HTML and matches no file gets the app's
// index.html (client-side routes); unknown /api paths never reach here. A path
// outside the apps' route tables (spec section 2) still gets index.html, whose
// 'Page Not Found' screen the app draws, but with a real 404 status so crawlers
// and monitors see it as missing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

interface SpaOptions {
  /** URL prefix without a trailing slash ('' for the root). */
  prefix: string;
  root: string;
  /** The app's client-side routes (paths after the prefix). */
  routes: RegExp;
}

const STOREFRONT_ROUTES =
  /^\/(menu|order|about|confirmation|login|signup|forgot-password|my-orders|reset-password(\/[^/]+)?)?\/?$/;
const ADMIN_ROUTES = /^\/(login|dashboard)?\/?$/;

async function sendFile(ctx: Context, root: string, file: string): Promise<boolean> {
  try {
    const hashed = file.startsWith('/assets/');
    await send(ctx, file, {
      root,
      index: 'index.html',
      // Vite fingerprints everything under assets/; index.html must always be revalidated.
      maxage: hashed ? 365 * 24 * 60 * 60 * 1000 : 0,
      immutable: hashed,
      setHeaders: (res, filePath) => {
        if (filePath.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    });
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return false;
    throw error;
  }
}

function spa({ prefix, root, routes }: SpaOptions) {
  return async (ctx: Context): Promise<boolean> => {
    const rest = prefix ? ctx.path.slice(prefix.length) || '/' : ctx.path;
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.body = {
        message: `This app is not built yet (${path.relative(process.cwd(), root) || root}): run pnpm run build`,
      };
      return true;
    }
    if (rest !== '/' && (await sendFile(ctx, root, rest))) return true;
    if (!ctx.accepts('html')) return false;
    const served = await sendFile(ctx, root, '/index.html');
    if (served && !routes.test(rest)) ctx.status = 404;
    return served;
  };
}

export function staticApps(options: { storefrontDist: string; adminDist: string }) {
  const storefront = spa({ prefix: '', root: options.storefrontDist, routes: STOREFRONT_ROUTES });
  const admin = spa({ prefix: '/admin', root: options.adminDist, routes: ADMIN_ROUTES });
  return async function serveApps(ctx: Context, next: Next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { code: 'not_found', message: `Not found: ${ctx.method} ${ctx.path}` };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 404;
      ctx.body = { code: 'not_found', message: 'Not found' };
      return;
    }
    if (ctx.path === '/admin') return ctx.redirect('/admin/');
    const served = ctx.path.startsWith('/admin/') ? await admin(ctx) : await storefront(ctx);
    if (!served) {
      ctx.status = 404;
      ctx.body = { code: 'not_found', message: 'Not found' };
    }
  };
}
