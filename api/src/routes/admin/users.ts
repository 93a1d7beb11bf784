// User and role management: the owner's alone (403 for an admin). Password
// hashes never leave the database: every query selects the fields it shows.
import Router from '@koa/router';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { on } from '../on.js';
import { createPasswordResetLink } from '../../services/auth.js';
import { changeUserRole, listUsers, managedUser } from '../../services/users.js';
import { idParam, knownIds } from './shared.js';

export function adminUsersRouter(deps: AppDeps): Router {
  const router = new Router();
  const knownUser = knownIds('User not found', 'userId');

  on(router, ROUTES.users, () => listUsers(deps.prisma));

  on(router, ROUTES.userRole, { before: [knownUser] }, async (ctx, { body: { role } }) => {
    const me = ctx.state.user as { id: string };
    const userId = idParam(ctx, 'userId');
    const user = await changeUserRole(deps.prisma, {
      userId,
      role,
      byUserId: me.id,
      newStaffSecondFactor: deps.config.newStaffSecondFactor,
    });
    deps.log.info('role changed', { userId, role, by: me.id });
    return { success: true, user };
  });

  on(router, ROUTES.userResetPassword, { before: [knownUser] }, async (ctx) => {
    const user = await managedUser(deps.prisma, idParam(ctx, 'userId'));
    const resetUrl = await createPasswordResetLink(deps, user.id);
    try {
      await deps.notifications.passwordReset(
        { email: user.email, firstName: user.firstName },
        resetUrl,
      );
    } catch (error) {
      deps.log.error('password reset mail failed', { userId: user.id, error: String(error) });
    }
    const needsConfiguration = !deps.notifications.mailConfigured;
    return {
      message: needsConfiguration
        ? `Email provider is not configured: the password reset link for ${user.email} was written to the server's mail outbox instead of being sent. Configure SMTP to email it.`
        : `Password reset email sent to ${user.email}`,
      needsConfiguration,
    };
  });

  return router;
}
