// Drops and pickup windows (issue 25, docs/kitchen.md): the public list, "tell
// me when it opens" and its unsubscribe link, checkout holds; the owner's
// windows, drops ("Duplicate for next week") and hold minutes.
import Router from '@koa/router';
import {
  DropHoldSchema,
  DropInputSchema,
  DropNotifySchema,
  HoldMinutesSchema,
  WindowInputSchema,
  type Permission,
} from '@bakery/core';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { currentUser, requirePermission } from '../middleware/auth.js';
import { handle, type InputOf } from '../middleware/validate.js';
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

type Parts = Parameters<typeof handle>[0];
const IdParam = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

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

  router.get('/api/drops', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await currentDrops(prisma);
  });

  router.post(
    '/api/drops/:id/notify',
    handle({ params: IdParam, body: DropNotifySchema }, async (ctx, { params, body }) => {
      ctx.body = await subscribe(prisma, params.id, body.email);
    }),
  );

  router.get('/api/drops/unsubscribe', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const email = token ? await unsubscribe(prisma, token) : null;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = email
      ? '<!doctype html><title>Unsubscribed</title><p>Done: we will not e-mail you about this drop again.</p>'
      : '<!doctype html><title>Unsubscribe</title><p>This link is not valid.</p>';
  });

  router.post(
    '/api/drops/:id/holds',
    handle({ params: IdParam, body: DropHoldSchema }, async (ctx, { params, body }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 201;
      ctx.body = await placeHold(prisma, params.id, holderOf(ctx), body.items);
    }),
  );

  router.delete(
    '/api/drops/:id/holds',
    handle({ params: IdParam }, async (ctx, { params }) => {
      await releaseHold(prisma, params.id, holderOf(ctx));
      ctx.body = { success: true };
    }),
  );

  function staffCall<P extends Parts>(
    method: 'get' | 'put' | 'post' | 'delete',
    path: string,
    permission: Permission,
    parts: P,
    act: (input: InputOf<P>) => Promise<unknown>,
    status = 200,
  ) {
    router[method](
      path,
      requirePermission(permission),
      handle(parts, async (ctx, input) => {
        const answer = await act(input);
        ctx.status = status;
        ctx.body = answer;
      }),
    );
  }
  const done = { success: true } as const;

  // ------------------------------------------------------------- windows
  staffCall('get', '/api/admin/kitchen/windows', 'viewKitchen', {}, () => listWindows(prisma));
  staffCall(
    'post',
    '/api/admin/kitchen/windows',
    'manageKitchen',
    { body: WindowInputSchema },
    ({ body }) => createWindow(prisma, body as WindowInput),
    201,
  );
  staffCall(
    'put',
    '/api/admin/kitchen/windows/:id',
    'manageKitchen',
    { params: IdParam, body: WindowInputSchema },
    ({ params, body }) => updateWindow(prisma, params.id, body as WindowInput),
  );
  staffCall(
    'delete',
    '/api/admin/kitchen/windows/:id',
    'manageKitchen',
    { params: IdParam },
    async ({ params }) => {
      await deleteWindow(prisma, params.id);
      return done;
    },
  );

  // --------------------------------------------------------------- drops
  staffCall('get', '/api/admin/drops', 'viewKitchen', {}, async () => ({
    drops: await listDrops(prisma),
    holdMinutes: await holdMinutes(prisma),
  }));
  // Before /api/admin/drops/:id, which would take 'settings' for an id.
  staffCall(
    'put',
    '/api/admin/drops/settings',
    'manageKitchen',
    { body: HoldMinutesSchema },
    ({ body }) => setHoldMinutes(prisma, body.holdMinutes),
  );
  staffCall(
    'post',
    '/api/admin/drops',
    'manageKitchen',
    { body: DropInputSchema },
    ({ body }) => createDrop(prisma, body as DropInput),
    201,
  );
  staffCall(
    'put',
    '/api/admin/drops/:id',
    'manageKitchen',
    { params: IdParam, body: DropInputSchema },
    ({ params, body }) => updateDrop(prisma, params.id, body as DropInput),
  );
  staffCall(
    'delete',
    '/api/admin/drops/:id',
    'manageKitchen',
    { params: IdParam },
    async ({ params }) => {
      await deleteDrop(prisma, params.id);
      return done;
    },
  );
  staffCall(
    'post',
    '/api/admin/drops/:id/duplicate',
    'manageKitchen',
    { params: IdParam },
    ({ params }) => duplicateDrop(prisma, params.id),
    201,
  );
  return router;
}
