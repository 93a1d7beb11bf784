// The public catalogue answers (GET /api/menu, GET /api/config) are the same
// for everyone until the process restarts: built once, with an ETag and
// brotli/gzip copies made up front, and answered here before the session, the
// user or the database is touched. A revalidation with a matching
// If-None-Match gets 304.
import type { Context, Next } from 'koa';
import type { CachedAnswer } from '../services/cachedJson.js';

export { cachedJson, type CachedAnswer } from '../services/cachedJson.js';

/**
 * An answer that can change while the process runs (the menu with its
 * allergens, issue 26): asked on every request, it keeps its own cached
 * copies (and so its ETags) and says when they change; null: not answered here.
 */
export interface LiveAnswer {
  live(ctx: Context): Promise<CachedAnswer | null>;
}

/** Answers GET/HEAD of each path from its cached copy; built on first use. */
export function publicCache(answers: Record<string, (() => CachedAnswer) | LiveAnswer>) {
  const built = new Map<string, CachedAnswer>();
  return async function servePublicCache(ctx: Context, next: Next) {
    const make = answers[ctx.path];
    if (!make || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let answer = typeof make === 'function' ? built.get(ctx.path) : await make.live(ctx);
    if (typeof make === 'function' && !answer) {
      answer = make();
      built.set(ctx.path, answer);
    }
    if (!answer) return next();
    ctx.set('Cache-Control', answer.cacheControl);
    ctx.set('ETag', answer.etag);
    ctx.vary('Accept-Encoding');
    const match = ctx.get('if-none-match');
    if (match && match.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === answer.etag)) {
      ctx.status = 304;
      return;
    }
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    ctx.type = 'application/json; charset=utf-8';
    if (encoding === 'br' || encoding === 'gzip') {
      ctx.set('Content-Encoding', encoding);
      ctx.body = answer[encoding];
    } else {
      ctx.body = answer.identity;
    }
  };
}
