// The Koa application: the middleware chain of docs/api.md, then every router,
// then the built apps. createApp has no side effects beyond the app object, so
// tests start it on port 0 against their own database.
import { randomBytes, randomUUID } from 'node:crypto';
import Koa, { type Context, type Next } from 'koa';
import helmet from 'koa-helmet';
import session from 'koa-session';
import type { AppConfig } from './config.js';
import { clientAddressMiddleware } from './clientAddress.js';
import { countRequest } from './serverLoad.js';
import type { AppDeps } from './deps.js';
import type { Logger } from './services/contracts.js';
import { errorMiddleware, forbidden, HttpError } from './middleware/errors.js';
import { loadUser, noStoreWhenSignedIn } from './middleware/auth.js';
import {
  postgresSessionStore,
  SESSION_COOKIE,
  SESSION_LIFETIMES,
} from './services/sessionStore.js';
import { routers } from './routes/index.js';
import { publicCache } from './middleware/publicCache.js';
import { menuReady, publicMenu, publishedCatalogueAnswer } from './services/menu/live.js';
import { livePagesDir } from './services/menu/pages.js';
import { liveMenuAnswer } from './services/allergens/menuAnswer.js';
import { kitchenWritesMarkStale } from './services/allergens/statements.js';
import { liveConfigAnswer } from './routes/config.js';
import { liveAvailabilityAnswer } from './services/kitchen/availabilityAnswer.js';
import { MENU_IMAGES_PATH } from './routes/admin/menuImages.js';
import { safePath } from './services/logger.js';
import { mediaFiles, staticApps } from './static.js';
import { dropAnnouncementHtml } from './services/kitchen/announcement.js';
import { compressAnswers } from './middleware/compressAnswers.js';
import { CookieSigner } from './cookieSigner.js';
import { jsonBody } from './middleware/jsonBody.js';
import { inlineHashes, styleSources } from './csp.js';
import { maintenance } from './middleware/maintenance.js';
import { ROUTES } from '@bakery/core';

/** The cookie's life; the store ends a session sooner by role (docs/security.md, section 3). */
const SESSION_MAX_AGE_MS = SESSION_LIFETIMES.customerMs;
export const BODY_LIMIT = '100kb';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by servers, not browsers: no Origin to check, authenticated by signature. */
const CROSS_ORIGIN_EXEMPT = new Set(['/api/square/webhook']);

function requestLog(log: Logger) {
  return async function logRequest(ctx: Context, next: Next) {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    // A child logger that stamps every entry of this request with its id.
    const requestLog = log.child?.({ requestId }) ?? log;
    ctx.state.log = requestLog;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      // Never a body or a token: the path only, with a reset link's token cut out.
      requestLog.info('request', {
        ...(log.child ? {} : { requestId }),
        method: ctx.method,
        path: safePath(ctx.path),
        status: ctx.status,
        ms: Math.round(performance.now() - started),
        userId: (ctx.state.user as { id?: string } | undefined)?.id,
      });
    }
  };
}

function isLoopback(origin: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** Refuses state-changing requests sent by pages of another origin (CSRF), on top of SameSite=Lax. */
function sameOrigin(config: AppConfig) {
  const allowed = new Set<string>();
  try {
    allowed.add(new URL(config.publicUrl).origin);
  } catch {
    // an invalid PUBLIC_URL only loses this extra allowance
  }
  // In development the storefront's and the back office's dev servers (other localhost ports) may call in.
  const devLoopback = !config.production;
  return async function checkOrigin(ctx: Context, next: Next) {
    if (STATE_CHANGING.has(ctx.method) && !CROSS_ORIGIN_EXEMPT.has(ctx.path)) {
      const origin = ctx.get('origin');
      if (origin) {
        // Koa 3's ctx.origin is the Origin header itself; compare with the address this request came to.
        const own = `${ctx.protocol}://${ctx.host}`;
        if (origin !== own && !allowed.has(origin) && !(devLoopback && isLoopback(origin)))
          throw forbidden('Cross-site request refused', 'cross_site_refused');
      } else if (ctx.get('sec-fetch-site') === 'cross-site') {
        throw forbidden('Cross-site request refused', 'cross_site_refused');
      }
    }
    await next();
  };
}

/** A body must be JSON: other content types are refused instead of silently ignored. */
async function jsonOnly(ctx: Context, next: Next) {
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (
    hasBody &&
    STATE_CHANGING.has(ctx.method) &&
    !ctx.is('application/json', 'application/*+json') &&
    // The uploads: a menu photo as multipart form data (routes/admin/menuImages.ts),
    // a backup file as its raw bytes (routes/admin/upkeep.ts).
    !(ctx.path === MENU_IMAGES_PATH && ctx.method === 'POST' && ctx.is('multipart/form-data')) &&
    !(
      ctx.path === ROUTES.uploadBackup.path &&
      ctx.method === 'POST' &&
      ctx.is('application/octet-stream')
    )
  ) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  await next();
}

export function createApp(deps: AppDeps): Koa {
  const { config, log, prisma } = deps;
  // X-Forwarded-Proto and -Host count only from the proxies' own addresses:
  // clientAddressMiddleware removes them from any other peer, and sets ctx.ip.
  const app = new Koa({ proxy: config.trustProxy });
  // Cookies signed with HMAC-SHA256 (Koa's default is SHA-1), as keygrip signs them.
  app.keys = new CookieSigner([config.sessionSecret]) as unknown as Koa['keys'];
  // __Host- cookies need Secure, Path=/ and no Domain: whenever cookies are Secure.
  const secureCookies = (config as { secureCookies?: boolean }).secureCookies ?? config.production;
  const sessionCookie = secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  app.silent = true; // errors are logged by the error middleware, with the request id

  const inline = inlineHashes(config.storefrontDist);
  const styleSource = styleSources(inline.style);
  app.use(countRequest);
  app.use(clientAddressMiddleware(config));
  app.use(requestLog(log));
  app.use(errorMiddleware(log));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          // Issue 15: forms post only to the shop; styles from the shop's own
          // files and the storefront's inlined <style> blocks by hash, with
          // 'unsafe-inline' for the back office only (api/src/csp.ts). No https:.
          'form-action': ["'self'"],
          'style-src': [(req) => styleSource(req.url)],
          // The storefront's one inline script (index.html), by hash.
          'script-src': ["'self'", ...inline.script],
          // Only when the shop's address is https: a plain http://localhost must not upgrade.
          'upgrade-insecure-requests': config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
    }),
  );
  // Issue 38: closed for a restore: "back in a minute", before anything reads the database.
  app.use(maintenance(sessionCookie));
  // The published menu (issue 22): loaded before the first request that may read it.
  app.use(
    menuReady({
      prisma,
      databaseUrl: deps.databaseUrl ?? config.databaseUrl ?? '',
      storefrontDist: config.storefrontDist,
      log,
      warm: config.nodeEnv !== 'test',
    }),
  );
  // The public catalogue: cached, compressed and ETagged, before any session or database work.
  app.use(
    publicCache({
      // Issue 26: with each item's allergens, per kitchen revision and ?without= filter.
      '/api/menu': liveMenuAnswer(prisma, publicMenu),
      '/api/catalogue': publishedCatalogueAnswer,
      // Issue 38: payments and mail connected in Settings change it while the process runs.
      '/api/config': liveConfigAnswer(deps),
      // Issue 25: polled by every open order page; in production built at most
      // once a second per range (tests and development read it fresh).
      '/api/availability': liveAvailabilityAnswer(prisma, config.production ? 1000 : 0),
    }),
  );
  // Uploaded menu photos: immutable files, before any session or database work.
  app.use(mediaFiles(config.mediaDir));
  // JSON answers compressed (brotli at a fast level, else gzip) above 1 KB.
  app.use(compressAnswers({ threshold: 1024, brotliQuality: 4, gzipLevel: 6 }));
  app.use(sameOrigin(config));
  app.use(jsonOnly);
  // Nesting deeper than MAX_JSON_DEPTH is refused before parsing; keeps
  // ctx.request.rawBody: the Square webhook signature is over the exact bytes.
  // DELETE /api/user carries the current password.
  app.use(jsonBody({ limit: BODY_LIMIT, methods: ['POST', 'PUT', 'PATCH', 'DELETE'] }));
  app.use(
    session(
      {
        key: sessionCookie,
        maxAge: SESSION_MAX_AGE_MS,
        httpOnly: true,
        sameSite: 'lax',
        // Secure follows the scheme of PUBLIC_URL: production on plain http://localhost still signs in.
        secure: config.secureCookies,
        signed: true,
        // No renewal: a session lasts from the login, at most its role's lifetime.
        renew: false,
        store: postgresSessionStore(prisma),
        genid: () => randomBytes(32).toString('base64url'),
      },
      app,
    ),
  );
  app.use(loadUser(prisma));
  app.use(noStoreWhenSignedIn);
  app.use(kitchenWritesMarkStale);
  for (const router of routers(deps)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(
    staticApps({
      ...config,
      livePages: livePagesDir,
      announcement: () => dropAnnouncementHtml(prisma).catch(() => null),
    }),
  );
  return app;
}
