// The built apps: the storefront at `/` and the staff renderer at `/admin/*`.
//
// Delivery (issue 16, docs/storefront.md):
// - The builds write a brotli (.br) and a gzip (.gz) copy beside every text
//   file (scripts/build/precompress.mjs); the copy the browser accepts is sent
//   as is, with `Vary: Accept-Encoding`, so nothing is compressed per request.
// - Fingerprinted files under /assets/ are cached for a year (immutable); HTML
//   is revalidated on every visit (no-cache + ETag, answered 304 when
//   unchanged); other public files (images, icon) for a day.
// - The storefront build prerenders its pages: /menu is dist/menu/index.html,
//   /reset-password/<token> the shell dist/reset-password/index.html, a path
//   outside the route table (spec section 2) dist/404.html with status 404.
//   An app without those files (the admin renderer) gets its index.html.
//   A page may have a visitor's variant beside it (dist/order/guest.html):
//   a request without a session cookie, i.e. nobody signed in, gets that one.
// Unknown /api paths never reach here.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { SESSION_COOKIE } from './services/sessionStore.js';
import { MEDIA_PATH } from './services/photos/menuPhotos.js';

interface SpaOptions {
  /** URL prefix without a trailing slash ('' for the root). */
  prefix: string;
  root: string;
  /** Pages rendered again after a menu publish (issue 22): served before root's. */
  pages?: () => string | null;
  /** The app's client-side routes (paths after the prefix). */
  routes: RegExp;
  /**
   * HTML put before the app's root on the pages of ANNOUNCED (issue 37: the
   * next drop, server-rendered so it shows before any JavaScript), or null.
   */
  announcement?: () => Promise<string | null>;
}

/** The pages that carry the announcement: the home page and the menu. */
const ANNOUNCED = /^\/(menu\/?)?$/;

const STOREFRONT_ROUTES =
  /^\/(menu|order|cart|account|about|drops(\/[^/]+)?|confirmation|login|signup|forgot-password|my-orders|reset-password(\/[^/]+)?|standing-orders(\/[^/]+)?|confirm-email\/[^/]+|undo-email-change\/[^/]+)?\/?$/;
const ADMIN_ROUTES = /^\/(login|dashboard)?\/?$/;

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

function cacheControl(file: string): string {
  if (file.startsWith('/assets/')) return `public, max-age=${YEAR_SECONDS}, immutable`;
  // The admin's service worker (issue 42) too: a new build's must be seen at once.
  if (file.endsWith('.html') || file === '/sw.js') return 'no-cache';
  return `public, max-age=${DAY_SECONDS}, stale-while-revalidate=${7 * DAY_SECONDS}`;
}

/** Sends one file of the app (its .br or .gz copy when accepted); false when there is none. */
async function sendFile(
  ctx: Context,
  root: string,
  file: string,
  conditional = true,
): Promise<boolean> {
  let served: string | undefined;
  try {
    ctx.vary('Accept-Encoding');
    served = await send(ctx, file, {
      root,
      // Directories are not files: /menu is answered by pageFile below.
      index: false,
      format: false,
      brotli: true,
      gzip: true,
      setHeaders: (res, _filePath, stats) => {
        res.setHeader('Cache-Control', cacheControl(file));
        // One tag per representation: the .br, .gz and plain files differ in size.
        res.setHeader(
          'ETag',
          `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`,
        );
      },
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return false;
    throw error;
  }
  if (!served) return false;
  if (conditional && ctx.fresh) {
    // If-None-Match / If-Modified-Since match: the browser's copy is current.
    ctx.status = 304;
    ctx.body = null;
  }
  return true;
}

/** The prerendered page for a path: its own file, or the nearest parent's (a shell). */
function pageFile(root: string, rest: string): string | undefined {
  const segments = rest.split('/').filter(Boolean);
  for (let n = segments.length; n > 0; n -= 1) {
    const file = `/${segments.slice(0, n).join('/')}/index.html`;
    if (existsSync(path.join(root, file))) return file;
  }
  return undefined;
}

/** The page's visitor variant (guest.html) when the request carries no session cookie. */
function forVisitor(ctx: Context, root: string, file: string): string {
  const guest = file.replace(/index\.html$/, 'guest.html');
  if (guest === file || !isFile(root, guest)) return file;
  ctx.vary('Cookie');
  const signedIn = [SESSION_COOKIE, `__Host-${SESSION_COOKIE}`].some((n) => ctx.cookies.get(n));
  return signedIn ? file : guest;
}

function isFile(root: string, file: string): boolean {
  try {
    return statSync(path.join(root, file)).isFile();
  } catch {
    return false;
  }
}

/** A prerendered page: from the live pages' folder when it has it, else from the build. */
async function sendPage(ctx: Context, root: string, pages: string | null, file: string) {
  if (pages && isFile(pages, file)) return sendFile(ctx, pages, file);
  return sendFile(ctx, root, file);
}

/**
 * A prerendered page with `html` before its root element (outside what React
 * hydrates): read plain and sent whole, revalidated on every visit as pages are.
 */
async function sendAnnounced(
  ctx: Context,
  root: string,
  pages: string | null,
  file: string,
  html: string,
): Promise<boolean> {
  const dir = pages && isFile(pages, file) ? pages : root;
  if (!isFile(dir, file)) return false;
  const page = await readFile(path.join(dir, file), 'utf8');
  const at = page.indexOf('<div id="root"');
  if (at < 0) return sendFile(ctx, dir, file);
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'html';
  ctx.body = `${page.slice(0, at)}${html}${page.slice(at)}`;
  return true;
}

function spa({ prefix, root, routes, pages: livePages = () => null, announcement }: SpaOptions) {
  return async (ctx: Context): Promise<boolean> => {
    const rest = prefix ? ctx.path.slice(prefix.length) || '/' : ctx.path;
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.body = {
        message: `This app is not built yet (${path.relative(process.cwd(), root) || root}): run pnpm run build`,
      };
      return true;
    }
    const pages = livePages();
    if (rest.endsWith('.html') && (await sendPage(ctx, root, pages, rest))) return true;
    if (rest !== '/' && !rest.endsWith('/') && (await sendFile(ctx, root, rest))) return true;
    if (!ctx.accepts('html')) return false;
    if (announcement && ANNOUNCED.test(rest)) {
      const html = await announcement();
      const page = rest === '/' ? '/index.html' : pageFile(root, rest);
      if (
        html &&
        page &&
        (await sendAnnounced(ctx, root, pages, forVisitor(ctx, root, page), html))
      )
        return true;
    }
    if (rest === '/') return sendPage(ctx, root, pages, forVisitor(ctx, root, '/index.html'));
    if (routes.test(rest)) {
      const page = pageFile(root, rest);
      return sendPage(ctx, root, pages, page ? forVisitor(ctx, root, page) : '/index.html');
    }
    const notFound = isFile(root, '/404.html') ? '/404.html' : '/index.html';
    const served =
      pages && isFile(pages, notFound)
        ? await sendFile(ctx, pages, notFound, false)
        : await sendFile(ctx, root, notFound, false);
    if (served) ctx.status = 404;
    return served;
  };
}

export function staticApps(options: {
  storefrontDist: string;
  adminDist: string;
  livePages?: () => string | null;
  announcement?: () => Promise<string | null>;
}) {
  const storefront = spa({
    prefix: '',
    root: options.storefrontDist,
    routes: STOREFRONT_ROUTES,
    pages: options.livePages,
    announcement: options.announcement,
  });
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

/**
 * The uploaded menu photos under `mediaDir` at /media/menu/<id>/<width>.<ext>
 * (issue 22): a photo's files never change (a new upload is a new id), so
 * they are cached for a year, immutable. Only the sizes are served, never the
 * kept original; anything else under /media is a 404.
 */
export function mediaFiles(mediaDir: string) {
  return async function serveMedia(ctx: Context, next: Next) {
    if (!ctx.path.startsWith('/media/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const match = MEDIA_PATH.exec(ctx.path);
    if (match) {
      try {
        await send(ctx, ctx.path.slice('/media'.length), { root: mediaDir, index: false });
      } catch {
        // Not found: the 404 below.
      }
      if (ctx.body) {
        ctx.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
        ctx.set('X-Content-Type-Options', 'nosniff');
        return;
      }
    }
    ctx.status = 404;
    ctx.body = { code: 'not_found', message: 'Not found' };
  };
}
