// The signed-in customer's own account: GET /api/user and the profile update.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { currentUser, USER_FIELDS } from '../middleware/auth.js';
import { on } from './on.js';
import { userView } from '../services/userView.js';
import { secondFactorGuard } from './accountSecurity.js';

interface ProfileInput {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

export function userRouter(deps: AppDeps): Router {
  const router = new Router();
  const requireSecondFactor = secondFactorGuard(deps);

  on(router, ROUTES.user, (ctx) => userView(currentUser(ctx)!));

  on(router, ROUTES.updateUser, async (ctx, { body: input }) => {
    requireSecondFactor(ctx);
    const data: ProfileInput = {};
    if (input.firstName !== undefined) data.firstName = input.firstName.trim();
    if (input.lastName !== undefined) data.lastName = input.lastName.trim();
    if (input.phone !== undefined) data.phone = input.phone?.trim() || null;
    const user = await deps.prisma.user.update({
      where: { id: currentUser(ctx)!.id },
      data,
      select: USER_FIELDS,
    });
    ctx.state.user = user;
    return userView(user);
  });

  // The e-mail change (issue 27) is in accountSecurity.ts.

  return router;
}
