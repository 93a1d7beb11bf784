// Small pieces the staff routers share: the acting user, and the id check that turns a malformed id into a 404 before the database
// sees it (ids are UUID columns; Postgres would throw on anything else).
import type { Context, Next } from 'koa';
import type { Actor } from '../../services/orders/index.js';
import { notFound } from '../../middleware/errors.js';
import { isUuid } from '@bakery/core';

/**
 * Answers 404 with `message` unless every named route parameter is a UUID.
 * Placed after the access check, so visitors and customers still get 401/403.
 */
export function knownIds(message: string, ...names: string[]) {
  return async function checkIds(ctx: Context, next: Next) {
    const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
    for (const name of names.length ? names : ['id']) {
      if (!isUuid(params[name])) throw notFound(message);
    }
    await next();
  };
}

/** The id parameter `name` of a route already checked by knownIds. */
export const idParam = (ctx: Context, name = 'id'): string =>
  (ctx as Context & { params: Record<string, string> }).params[name]!;

/** The signed-in staff member, as recorded in order history. */
export function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as { id: string; email: string };
  return { id: user.id, email: user.email };
}
