// Drops and pickup windows (issue 25, docs/kitchen.md): the public list, "tell
// me when it opens" and its unsubscribe link, checkout holds; the owner's
// windows, drops ("Duplicate for next week") and hold minutes.
import Router from '@koa/router';
import { DONE, on } from './on.js';
import { formatInstant, ROUTES } from '@bakery/core';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import { clientIp } from '../clientAddress.js';
import { countCalls, limitsOf } from '../middleware/rateLimit.js';
import {
  createDrop,
  currentDrops,
  deleteDrop,
  duplicateDrop,
  holdMinutes,
  listDrops,
  confirmSubscription,
  placeHold,
  releaseAllHolds,
  releaseHold,
  setHoldMinutes,
  subscribe,
  unsubscribe,
  updateDrop,
  type DropInput,
} from '../services/kitchen/drops.js';
import {
  createWindow,
  deleteWindow,
  listWindows,
  updateWindow,
  type WindowInput,
} from '../services/kitchen/windows.js';
import { announcementChanged } from '../services/kitchen/announcement.js';

/**
 * Whose hold: the signed-in account (the route map refuses anyone else with
 * 401; issue 39 ended the guest's X-Hold-Key, which served no checkout).
 */
const holderOf = (ctx: Context): string => currentUser(ctx)!.id;

export const NOTIFY_TOO_OFTEN = 'Too many requests to be e-mailed. Please try again later.';

/** Text for the small HTML pages of the mailed links. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const HOLDS_TOO_OFTEN = 'Too many holds asked for. Please wait a few minutes.';

export function dropsRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;

  on(router, ROUTES.drops, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await currentDrops(prisma);
  });

  // Issue 39: per address (the client's) and per drop, and per e-mail so that
  // one inbox is not sent confirmation after confirmation.
  const limitNotify = async (ctx: Context, next: () => Promise<unknown>) => {
    const limits = limitsOf(deps);
    const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
    const keys: [string, typeof limits.notifyPerIp][] = [
      [`notify:ip:${clientIp(ctx)}`, limits.notifyPerIp],
      [`notify:drop:${String(ctx.params.id)}`, limits.notifyPerDrop],
    ];
    if (typeof email === 'string')
      keys.push([`notify:email:${email.trim().toLowerCase()}`, limits.notifyPerIp]);
    await countCalls(deps, keys, NOTIFY_TOO_OFTEN);
    await next();
  };

  on(router, ROUTES.dropNotify, { before: [limitNotify] }, (ctx, { params, body }) =>
    subscribe(prisma, deps.notifications, params.id, body.email),
  );

  on(router, ROUTES.dropConfirm, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const confirmed = token ? await confirmSubscription(prisma, token) : null;
    ctx.type = 'text/html; charset=utf-8';
    return confirmed
      ? `<!doctype html><title>Confirmed</title><p>Thank you: we will e-mail you when the ${escapeHtml(confirmed.dropName)} drop opens on ${escapeHtml(formatInstant(confirmed.opensAt))}.</p>`
      : '<!doctype html><title>Confirm</title><p>This link is not valid.</p>';
  });

  on(router, ROUTES.dropUnsubscribe, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const email = token ? await unsubscribe(prisma, token) : null;
    ctx.type = 'text/html; charset=utf-8';
    return email
      ? '<!doctype html><title>Unsubscribed</title><p>Done: we will not e-mail you about this drop again.</p>'
      : '<!doctype html><title>Unsubscribe</title><p>This link is not valid.</p>';
  });

  /** Holds per account and per address (issue 39): asking and letting go count alike. */
  const limitHolds = async (ctx: Context, next: () => Promise<unknown>) => {
    const limits = limitsOf(deps);
    await countCalls(
      deps,
      [
        [`hold:user:${holderOf(ctx)}`, limits.holdPerUser],
        [`hold:ip:${clientIp(ctx)}`, limits.holdPerIp],
      ],
      HOLDS_TOO_OFTEN,
    );
    await next();
  };

  on(router, ROUTES.dropHold, { before: [limitHolds] }, async (ctx, { params, body }) => {
    ctx.set('Cache-Control', 'no-store');
    return await placeHold(prisma, params.id, holderOf(ctx), body.items);
  });

  on(router, ROUTES.dropReleaseHold, { before: [limitHolds] }, async (ctx, { params }) => {
    await releaseHold(prisma, params.id, holderOf(ctx));
    return { success: true };
  });

  /** A removal by id (a window, a drop): `{ success: true }` once it is gone. */
  const removal =
    (remove: (db: typeof prisma, id: string) => Promise<unknown>) =>
    async (_ctx: Context, { params }: { params: { id: string } }) => {
      await remove(prisma, params.id);
      return DONE;
    };

  // ------------------------------------------------------------- windows
  // Issue 37: what customers need to read an order's window, limits left out.
  on(router, ROUTES.pickupWindows, async () =>
    (await listWindows(prisma)).map(({ weekday, start, end, fulfillment }) => ({
      weekday,
      start,
      end,
      fulfillment,
    })),
  );
  on(router, ROUTES.windows, () => listWindows(prisma));
  on(router, ROUTES.addWindow, (_ctx, { body }) => createWindow(prisma, body as WindowInput));
  on(router, ROUTES.saveWindow, (_ctx, { params, body }) =>
    updateWindow(prisma, params.id, body as WindowInput),
  );
  on(router, ROUTES.removeWindow, removal(deleteWindow));

  // --------------------------------------------------------------- drops
  on(router, ROUTES.adminDrops, async () => ({
    drops: await listDrops(prisma),
    holdMinutes: await holdMinutes(prisma),
  }));
  // Before /api/admin/drops/:id, which would take 'settings' for an id.
  on(router, ROUTES.dropSettings, (_ctx, { body }) => setHoldMinutes(prisma, body.holdMinutes));
  // A saved drop shows on the home page at once (issue 37), not a second later.
  const announced = <T>(change: Promise<T>) => change.finally(() => announcementChanged());
  on(router, ROUTES.addDrop, (_ctx, { body }) => announced(createDrop(prisma, body as DropInput)));
  on(router, ROUTES.saveDrop, (_ctx, { params, body }) =>
    announced(updateDrop(prisma, params.id, body as DropInput)),
  );
  on(
    router,
    ROUTES.removeDrop,
    removal((db, id) => announced(deleteDrop(db, id))),
  );
  on(router, ROUTES.duplicateDrop, (_ctx, { params }) =>
    announced(duplicateDrop(prisma, params.id)),
  );
  on(router, ROUTES.releaseDropHolds, (_ctx, { params }) => releaseAllHolds(prisma, params.id));
  return router;
}
