// Drops and pickup windows (issue 25, docs/kitchen.md): the public list, "tell
// me when it opens" and its unsubscribe link, checkout holds; the owner's
// windows, drops ("Duplicate for next week") and hold minutes.
import Router from '@koa/router';
import { DONE, on } from './on.js';
import { ROUTES } from '@bakery/core';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import { badRequest } from '../errors.js';
import { holdKeyOf } from '../services/orderSubmission.js';
import {
  createDrop,
  currentDrops,
  deleteDrop,
  duplicateDrop,
  holdMinutes,
  listDrops,
  placeHold,
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

/** Whose hold: the account, else the guest's X-Hold-Key (400 without one). */
function holderOf(ctx: Context): string {
  const user = currentUser(ctx);
  if (user) return user.id;
  const key = holdKeyOf(ctx.get('X-Hold-Key'));
  if (!key) throw badRequest('Send an X-Hold-Key header (16 to 64 letters, digits, - or _)');
  return key;
}

export function dropsRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;

  on(router, ROUTES.drops, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await currentDrops(prisma);
  });

  on(router, ROUTES.dropNotify, (ctx, { params, body }) =>
    subscribe(prisma, params.id, body.email),
  );

  on(router, ROUTES.dropUnsubscribe, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const email = token ? await unsubscribe(prisma, token) : null;
    ctx.type = 'text/html; charset=utf-8';
    return email
      ? '<!doctype html><title>Unsubscribed</title><p>Done: we will not e-mail you about this drop again.</p>'
      : '<!doctype html><title>Unsubscribe</title><p>This link is not valid.</p>';
  });

  on(router, ROUTES.dropHold, async (ctx, { params, body }) => {
    ctx.set('Cache-Control', 'no-store');
    return await placeHold(prisma, params.id, holderOf(ctx), body.items);
  });

  on(router, ROUTES.dropReleaseHold, async (ctx, { params }) => {
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
  on(router, ROUTES.addDrop, (_ctx, { body }) => createDrop(prisma, body as DropInput));
  on(router, ROUTES.saveDrop, (_ctx, { params, body }) =>
    updateDrop(prisma, params.id, body as DropInput),
  );
  on(router, ROUTES.removeDrop, removal(deleteDrop));
  on(router, ROUTES.duplicateDrop, (_ctx, { params }) => duplicateDrop(prisma, params.id));
  return router;
}
