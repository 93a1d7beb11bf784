// The admin session: who am I, auto-login for a signed-in admin or owner, and
// the admin sign-in form (same rate limit as the customer login).
import Router from '@koa/router';
import {
  AdminLoginSchema,
  isStaff,
  type AdminLogin,
  type AdminMeView,
  type Role,
} from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import {
  currentUser,
  requireStaff,
  requireUser,
  signIn,
  startAdminSession,
  type SessionUser,
} from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { forbidden, unauthorized } from '../../middleware/errors.js';
import { loginRateLimit } from '../../middleware/rateLimit.js';
import { verifyCredentials } from '../../services/auth.js';
import { userView } from '../../services/userView.js';

const identity = (user: SessionUser): AdminMeView => ({
  id: user.id,
  role: user.role as Role,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
});

export function adminAccessRouter(deps: AppDeps): Router {
  const router = new Router();

  router.get('/api/admin/me', requireStaff, (ctx) => {
    ctx.body = identity(currentUser(ctx)!);
  });

  router.post('/api/admin/auto-login', requireUser, async (ctx) => {
    const user = currentUser(ctx)!;
    if (!isStaff(user.role)) throw forbidden('Admin access requires an admin or owner account');
    await startAdminSession(ctx);
    ctx.body = { success: true, role: user.role };
  });

  router.post(
    '/api/admin/login',
    loginRateLimit(deps),
    validate(AdminLoginSchema, 'body'),
    async (ctx) => {
      const { email, password } = ctx.state.input as AdminLogin;
      const user = await verifyCredentials(deps.prisma, email, password);
      // A customer's correct password gets the same answer as a wrong one.
      if (!user || !isStaff(user.role))
        throw unauthorized('Invalid admin credentials', 'invalid_credentials');
      await signIn(ctx, user);
      await startAdminSession(ctx);
      ctx.body = { success: true, user: userView(user) };
    },
  );

  return router;
}
