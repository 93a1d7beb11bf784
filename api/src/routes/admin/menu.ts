// The owner's menu (issue 22, docs/api.md): the draft's items and categories,
// publish, the versions and restore, Undo. manageMenu (the owner) for all;
// an admin (markSoldOut) may read the draft and change only an item's
// sold-out fields. Photos are uploaded by POST /api/admin/menu/images (its own module).
import Router from '@koa/router';
import {
  can,
  isSoldOutOnly,
  MENU_MESSAGES,
  MenuCategoryCreateSchema,
  MenuCategoryPatchSchema,
  MenuItemCreateSchema,
  MenuItemPatchSchema,
} from '@bakery/core';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import { currentUser, requirePermission } from '../../middleware/auth.js';
import { handle } from '../../middleware/validate.js';
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  updateCategory,
  updateItem,
} from '../../services/menu/draft.js';
import { reloadMenu } from '../../services/menu/live.js';
import {
  discardDraft,
  draftView,
  listVersions,
  publishDraft,
  publishSoldOut,
  restoreVersion,
} from '../../services/menu/versions.js';

const IdParam = z.object({ id: z.string().trim().min(1).max(60) });
const VersionParam = z.object({ id: z.uuid({ error: MENU_MESSAGES.versionNotFound }) });
const VersionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().min(1).optional(),
});

export function adminMenuRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma } = deps;
  const owner = requirePermission('manageMenu');
  const soldOut = requirePermission('markSoldOut');
  const userId = (ctx: Context) => currentUser(ctx)!.id;

  router.get('/api/admin/menu', soldOut, async (ctx) => {
    ctx.body = await draftView(prisma);
  });
  router.post(
    '/api/admin/menu/items',
    owner,
    handle({ body: MenuItemCreateSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await createItem(prisma, body);
    }),
  );
  router.patch(
    '/api/admin/menu/items/:id',
    soldOut,
    handle({ params: IdParam, body: MenuItemPatchSchema }, async (ctx, { params, body }) => {
      if (!can(currentUser(ctx)!.role, 'manageMenu')) {
        // An admin's sold-out mark goes live at once (the owner's edits wait for Publish).
        if (!isSoldOutOnly(body)) throw forbidden(MENU_MESSAGES.soldOutOnly);
        const result = await publishSoldOut(prisma, params.id, body, userId(ctx));
        await reloadMenu();
        ctx.body = result.item;
        return;
      }
      ctx.body = await updateItem(prisma, params.id, body);
    }),
  );
  router.delete(
    '/api/admin/menu/items/:id',
    owner,
    handle({ params: IdParam }, async (ctx, { params }) => {
      await deleteItem(prisma, params.id);
      ctx.body = { success: true };
    }),
  );
  router.post(
    '/api/admin/menu/categories',
    owner,
    handle({ body: MenuCategoryCreateSchema }, async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = await createCategory(prisma, body);
    }),
  );
  router.patch(
    '/api/admin/menu/categories/:id',
    owner,
    handle({ params: IdParam, body: MenuCategoryPatchSchema }, async (ctx, { params, body }) => {
      ctx.body = await updateCategory(prisma, params.id, body);
    }),
  );
  router.delete(
    '/api/admin/menu/categories/:id',
    owner,
    handle({ params: IdParam }, async (ctx, { params }) => {
      await deleteCategory(prisma, params.id);
      ctx.body = { success: true };
    }),
  );
  router.post('/api/admin/menu/publish', owner, async (ctx) => {
    const result = await publishDraft(prisma, userId(ctx));
    await reloadMenu();
    ctx.status = 201;
    ctx.body = result;
  });
  router.post('/api/admin/menu/discard', owner, async (ctx) => {
    await discardDraft(prisma);
    ctx.body = await draftView(prisma);
  });
  router.get(
    '/api/admin/menu/versions',
    soldOut,
    handle({ query: VersionsQuery }, async (ctx, { query }) => {
      ctx.body = await listVersions(prisma, query.limit, query.before);
    }),
  );
  router.post(
    '/api/admin/menu/versions/:id/restore',
    owner,
    handle({ params: VersionParam }, async (ctx, { params }) => {
      const result = await restoreVersion(prisma, params.id, userId(ctx));
      await reloadMenu();
      ctx.status = 201;
      ctx.body = result;
    }),
  );
  return router;
}
