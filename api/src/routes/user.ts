// The signed-in customer's own account: GET /api/user and the profile update.
import Router from '@koa/router';
import { EmailChangeSchema, ProfileUpdateSchema } from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import type { AppDeps } from '../deps.js';
import { currentUser, requireUser, USER_FIELDS } from '../middleware/auth.js';
import { badRequest, conflict } from '../middleware/errors.js';
import { verifyPassword } from '../services/auth.js';
import { DUPLICATE_EMAIL } from './auth.js';
import { handle } from '../middleware/validate.js';
import { userView } from '../services/userView.js';

interface ProfileInput {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

export function userRouter(deps: AppDeps): Router {
  const router = new Router();

  router.get('/api/user', requireUser, (ctx) => {
    ctx.body = userView(currentUser(ctx)!);
  });

  router.patch(
    '/api/user',
    requireUser,
    handle({ body: ProfileUpdateSchema }, async (ctx, { body: input }) => {
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
      ctx.body = userView(user);
    }),
  );

  // A new e-mail address, confirmed with the current password (issue 14).
  router.patch(
    '/api/user/email',
    requireUser,
    handle({ body: EmailChangeSchema }, async (ctx, { body: input }) => {
      const me = currentUser(ctx)!;
      const stored = await deps.prisma.user.findUnique({
        where: { id: me.id },
        select: { password: true },
      });
      if (!stored || !(await verifyPassword(stored.password, input.currentPassword)))
        throw badRequest(CURRENT_PASSWORD_WRONG, undefined, 'invalid_credentials');
      const email = input.email.trim().toLowerCase();
      if (email !== me.email) {
        const taken = await deps.prisma.user.findUnique({ where: { email }, select: { id: true } });
        if (taken) throw conflict(DUPLICATE_EMAIL, 'already_exists');
      }
      let user;
      try {
        user = await deps.prisma.user.update({
          where: { id: me.id },
          data: { email },
          select: USER_FIELDS,
        });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
          throw conflict(DUPLICATE_EMAIL, 'already_exists');
        throw error;
      }
      deps.log.info('account e-mail changed', { userId: me.id });
      ctx.state.user = user;
      ctx.body = userView(user);
    }),
  );

  return router;
}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
