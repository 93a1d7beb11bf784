// The admin session: who am I, auto-login for a signed-in admin or owner, and
// the admin sign-in form (same rate limit as the customer login).
import Router from '@koa/router';
import { AdminLoginSchema, isStaff } from '@bakery/core';
import type { AppDeps } from '../../app.js';
import { requireStaff, requireUser, startAdminSession, signIn } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { forbidden, unauthorized } from '../../middleware/errors.js';
import { loginRateLimit } from '../../middleware/rateLimit.js';
import { verifyCredentials } from '../../services/auth.js';

type SessionUser = { id: string; role: string; email: string; firstName: string; lastName: string; phone?: string | null };

const identity = (user: SessionUser) => ({ id: user.id, role: user.role, email: user.email, firstName: user.firstName, lastName: user.lastName });

export function adminAccessRouter(deps: AppDeps): Router {
  const router = new Router();

  router.get('/api/admin/me', requireStaff, (ctx) => {
    ctx.body = identity(ctx.state.user as SessionUser);
  });

  router.post('/api/admin/auto-login', requireUser, async (ctx) => {
    const user = ctx.state.user as SessionUser;
    if (!isStaff(user.role as never)) throw forbidden('Admin access requires an admin or owner account');
    await startAdminSession(ctx);
    ctx.body = { success: true, role: user.role };
  });

  router.post('/api/admin/login', loginRateLimit(deps), validate(AdminLoginSchema, 'body'), async (ctx) => {
    const { email, password } = ctx.state.input as { email: string; password: string };
    const user = (await verifyCredentials(deps.prisma, email, password)) as SessionUser | null;
    // A customer's correct password gets the same answer as a wrong one.
    if (!user || !isStaff(user.role as never)) throw unauthorized('Invalid admin credentials');
    await signIn(ctx, user);
    await startAdminSession(ctx);
    ctx.body = { success: true, user: { ...identity(user), phone: user.phone ?? null } };
  });

  return router;
}
