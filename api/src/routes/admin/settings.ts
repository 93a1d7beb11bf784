// The owner's shop settings (issue 22 part 4): GET and PUT /api/admin/settings
// (core's manageSettings). PUT takes the whole document, checked by core's
// ShopSettingsSchema (400 with each field and message), and puts it in force
// in every API process (services/settings/shopSettings.ts).
import Router from '@koa/router';
import { on } from '../on.js';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { readShopSettings, saveShopSettings } from '../../services/settings/shopSettings.js';

export function adminSettingsRouter(deps: AppDeps): Router {
  const router = new Router();

  on(router, ROUTES.adminSettings, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await readShopSettings(deps.prisma);
  });

  on(router, ROUTES.saveAdminSettings, async (ctx, { body }) => {
    const user = ctx.state.user as { email: string };
    const view = await saveShopSettings(deps.prisma, body, user.email);
    deps.log.info('shop settings changed', { by: user.email });
    ctx.set('Cache-Control', 'no-store');
    return view;
  });
  return router;
}
