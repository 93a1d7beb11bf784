// Accounts: signup, login, logout, forgot and reset password. Sign-in always
// starts a new session id; a reset ends every session of the user.
import Router from '@koa/router';
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignupSchema } from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import type { AppDeps } from '../deps.js';
import { signIn, signOut, USER_FIELDS } from '../middleware/auth.js';
import { badRequest, conflict, unauthorized } from '../middleware/errors.js';
import { callRateLimit, loginRateLimit } from '../middleware/rateLimit.js';
import { validate } from '../middleware/validate.js';
import {
  createPasswordResetLink,
  hashPassword,
  normalizeEmail,
  resetPasswordWithToken,
  verifyCredentials,
} from '../services/auth.js';
import { userView } from '../services/userView.js';

export const DUPLICATE_EMAIL = 'An account with this email already exists';
export const INVALID_LOGIN = 'Invalid email or password';
export const FORGOT_ANSWER =
  'If an account exists for that email, we have sent a password reset link. Please check your inbox.';
export const INVALID_RESET = 'Invalid or expired reset link. Please request a new password reset.';
export const RESET_DONE =
  'Your password has been reset. You can now log in with your new password.';

interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
}

export function authRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, log } = deps;

  router.post('/api/signup', validate(SignupSchema, 'body'), async (ctx) => {
    const input = ctx.state.input as SignupInput;
    const email = normalizeEmail(input.email);
    if (await prisma.user.findUnique({ where: { email }, select: { id: true } }))
      throw conflict(DUPLICATE_EMAIL, 'already_exists');
    let user;
    try {
      user = await prisma.user.create({
        data: {
          email,
          password: await hashPassword(input.password),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: input.phone?.trim() || null,
        },
        select: USER_FIELDS,
      });
    } catch (error) {
      // Two signups racing for one address: the unique index decides.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
        throw conflict(DUPLICATE_EMAIL, 'already_exists');
      throw error;
    }
    await signIn(ctx, user);
    ctx.status = 201;
    ctx.body = { user: userView(user) };
  });

  router.post('/api/login', loginRateLimit(deps), validate(LoginSchema, 'body'), async (ctx) => {
    const { email, password } = ctx.state.input as { email: string; password: string };
    const user = await verifyCredentials(prisma, email, password);
    if (!user) throw unauthorized(INVALID_LOGIN, 'invalid_credentials');
    await signIn(ctx, user);
    ctx.body = { user: userView(user) };
  });

  router.post('/api/logout', (ctx) => {
    signOut(ctx);
    ctx.body = { success: true, message: 'Logged out' };
  });

  router.post(
    '/api/forgot-password',
    callRateLimit(deps, 'forgot', 'Too many password reset requests. Please try again later.'),
    validate(ForgotPasswordSchema, 'body'),
    async (ctx) => {
      const { email } = ctx.state.input as { email: string };
      const user = await prisma.user.findUnique({
        where: { email: normalizeEmail(email) },
        select: { id: true, email: true, firstName: true },
      });
      if (user) {
        try {
          const resetUrl = await createPasswordResetLink(deps, user.id);
          await deps.notifications.passwordReset(
            { email: user.email, firstName: user.firstName },
            resetUrl,
          );
        } catch (error) {
          // The answer must not reveal whether the address has an account, even when mail fails.
          log.error('password reset mail failed', { userId: user.id, error: String(error) });
        }
      }
      ctx.body = { success: true, message: FORGOT_ANSWER };
    },
  );

  router.post('/api/reset-password', validate(ResetPasswordSchema, 'body'), async (ctx) => {
    const { token, password } = ctx.state.input as { token: string; password: string };
    const userId = await resetPasswordWithToken(prisma, token, password);
    if (!userId) throw badRequest(INVALID_RESET, { success: false });
    log.info('password reset', { userId });
    signOut(ctx);
    ctx.body = { success: true, message: RESET_DONE };
  });

  return router;
}
