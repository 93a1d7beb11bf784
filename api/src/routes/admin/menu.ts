// The owner's menu (issue 22, docs/api.md): the draft's items and categories,
// publish, the versions and restore, Undo. manageMenu (the owner) for all;
// an admin (markSoldOut) may read the draft and change only an item's
// sold-out fields. Photos are uploaded by POST /api/admin/menu/images (its own module).
import Router from '@koa/router';
import { on } from '../on.js';
import { can, isSoldOutOnly, MENU_MESSAGES, ROUTES } from '@bakery/core';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import { currentUser } from '../../middleware/auth.js';
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

export function adminMenuRouter({ prisma }: AppDeps): Router {
  const router = new Router();
  const userId = (ctx: Context) => currentUser(ctx)!.id;

  on(router, ROUTES.adminMenu, async () => {
    return await draftView(prisma);
  });
  on(router, ROUTES.createMenuItem, (ctx, { body }) => createItem(prisma, body));
  on(router, ROUTES.updateMenuItem, async (ctx, { params, body }) => {
    if (!can(currentUser(ctx)!.role, 'manageMenu')) {
      // An admin's sold-out mark goes live at once (the owner's edits wait for Publish).
      if (!isSoldOutOnly(body)) throw forbidden(MENU_MESSAGES.soldOutOnly);
      const result = await publishSoldOut(prisma, params.id, body, userId(ctx));
      await reloadMenu();
      return result.item;
    }
    return await updateItem(prisma, params.id, body);
  });
  on(router, ROUTES.deleteMenuItem, async (ctx, { params }) => {
    await deleteItem(prisma, params.id);
    return { success: true };
  });
  on(router, ROUTES.createMenuCategory, (ctx, { body }) => createCategory(prisma, body));
  on(router, ROUTES.updateMenuCategory, (ctx, { params, body }) =>
    updateCategory(prisma, params.id, body),
  );
  on(router, ROUTES.deleteMenuCategory, async (ctx, { params }) => {
    await deleteCategory(prisma, params.id);
    return { success: true };
  });
  on(router, ROUTES.publishMenu, async (ctx) => {
    const result = await publishDraft(prisma, userId(ctx));
    await reloadMenu();
    return result;
  });
  on(router, ROUTES.discardMenuDraft, async () => {
    await discardDraft(prisma);
    return await draftView(prisma);
  });
  on(router, ROUTES.menuVersions, (ctx, { query }) =>
    listVersions(prisma, query.limit, query.before),
  );
  on(router, ROUTES.restoreMenuVersion, async (ctx, { params }) => {
    const result = await restoreVersion(prisma, params.id, userId(ctx));
    await reloadMenu();
    return result;
  });
  return router;
}
