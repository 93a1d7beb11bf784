// User and role management: the owner's alone (403 for an admin). Password
// hashes never leave the database: every query selects the fields it shows.
import Router from '@koa/router';
import { isStaff, ROUTES, type Role, type UserView } from '@bakery/core';
import type { Prisma } from '@bakery/prisma';
import type { AppDeps } from '../../deps.js';
import { USER_FIELDS } from '../../middleware/auth.js';
import { conflict, notFound } from '../../errors.js';
import { on } from '../on.js';
import { createPasswordResetLink } from '../../services/auth.js';
import { idParam, knownIds } from './shared.js';

const userFields = { ...USER_FIELDS, createdAt: true } as const;

type UserRow = Prisma.UserGetPayload<{ select: typeof userFields }>;
const userView = (user: UserRow): UserView => ({
  ...user,
  role: user.role as Role,
  createdAt: user.createdAt.toISOString(),
});

export function adminUsersRouter(deps: AppDeps): Router {
  const router = new Router();
  const knownUser = knownIds('User not found', 'userId');

  on(router, ROUTES.users, async () => {
    const users = await deps.prisma.user.findMany({
      select: userFields,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    });
    return users.map(userView);
  });

  on(router, ROUTES.userRole, { before: [knownUser] }, async (ctx, { body: { role } }) => {
    const me = ctx.state.user as { id: string };
    const userId = idParam(ctx, 'userId');
    const user = await deps.prisma.$transaction(async (tx) => {
      // Serialise role changes so two owners cannot demote each other at once.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('user-roles'))`;
      const target = await tx.user.findUnique({ where: { id: userId }, select: userFields });
      if (!target) throw notFound('User not found');
      // The last-owner rule first: it is the more useful message to a lone owner.
      if (target.role === 'owner' && role !== 'owner') {
        const owners = await tx.user.count({ where: { role: 'owner' } });
        if (owners <= 1) throw conflict('The last owner cannot be demoted');
      }
      if (target.id === me.id) throw conflict('You cannot change your own role');
      if (target.role === role) return target;
      // New staff set up a second factor at their first sign-in (issue 27).
      const promoted = isStaff(role) && !isStaff(target.role);
      const updated = await tx.user.update({
        where: { id: userId },
        data: {
          role,
          ...(promoted && deps.config.newStaffSecondFactor ? { totpSetupRequired: true } : {}),
        },
        select: userFields,
      });
      // New staff sign in again: the staff password rule (12 characters), the
      // second factor and the shorter session lifetime apply from that sign-in.
      if (isStaff(role) && !isStaff(target.role))
        await tx.session.deleteMany({ where: { userId } });
      return updated;
    });
    deps.log.info('role changed', { userId, role, by: me.id });
    return { success: true, user: userView(user) };
  });

  on(router, ROUTES.userResetPassword, { before: [knownUser] }, async (ctx) => {
    const user = await deps.prisma.user.findUnique({
      where: { id: idParam(ctx, 'userId') },
      select: userFields,
    });
    if (!user) throw notFound('User not found');
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
