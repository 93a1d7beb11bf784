// The signed-in customer's own account: GET /api/user and the profile update.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../middleware/auth.js';
import { on } from './on.js';
import { userView } from '../services/userView.js';
import { updateProfile } from '../services/users.js';
import { secondFactorGuard } from './accountSecurity.js';

export function userRouter(deps: AppDeps): Router {
  const router = new Router();
  const requireSecondFactor = secondFactorGuard(deps);

  on(router, ROUTES.user, (ctx) => userView(currentUser(ctx)!));

  on(router, ROUTES.updateUser, async (ctx, { body: input }) => {
    requireSecondFactor(ctx);
    const user = await updateProfile(deps.prisma, currentUser(ctx)!.id, input);
    ctx.state.user = user;
    return userView(user);
  });

  // The e-mail change (issue 27) is in accountSecurity.ts.

  return router;
}
