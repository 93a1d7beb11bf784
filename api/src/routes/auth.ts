// Accounts: signup, login, logout, forgot and reset password. Sign-in always
// starts a new session id; a reset ends every session of the user. Signup and
// forgot-password answer alike and as fast for known and unknown addresses
// (docs/security.md, sections 2 and 5).
import Router from '@koa/router';
import { on } from './on.js';
import { isStaff, passwordProblem, ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { sessionOf, signIn, signOut } from '../middleware/auth.js';
import { badRequest, unauthorized } from '../middleware/errors.js';
import {
  accountIdOf,
  callRateLimit,
  loginRateLimit,
  rememberDevice,
} from '../middleware/rateLimit.js';
import { logSecurityEvent } from '../services/securityLog.js';
import {
  createAccount,
  hashPassword,
  notifyPasswordChanged,
  normalizeEmail,
  resetPasswordWithToken,
  sendPasswordResetMail,
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

export function authRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, log } = deps;
  on(
    router,
    ROUTES.signup,
    {
      before: [
        callRateLimit(
          deps,
          'signup',
          'Too many accounts created from this address. Please try again later.',
        ),
      ],
    },
    async (ctx, { body: input }) => {
      const email = normalizeEmail(input.email);
      // Hashed first, so a taken address answers no faster than a new one.
      const password = await hashPassword(input.password);
      const user = await createAccount(
        prisma,
        {
          email,
          password,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: input.phone?.trim() || null,
        },
        DUPLICATE_EMAIL,
      );
      await signIn(ctx, user);
      return { user: userView(user) };
    },
  );

  on(
    router,
    ROUTES.login,
    { before: [loginRateLimit(deps)] },
    async (ctx, { body: { email, password } }) => {
      const user = await verifyCredentials(prisma, email, password);
      if (!user) {
        ctx.state.passwordRejected = true;
        logSecurityEvent(ctx, deps, 'info', 'sign-in failed', {
          userId: await accountIdOf(prisma, email),
        });
        throw unauthorized(INVALID_LOGIN, 'invalid_credentials');
      }
      ctx.state.passwordAccepted = true;
      await signIn(ctx, user);
      // A staff member with a second factor gets a session without it: it
      // cannot reach the back office or change the password or e-mail, and
      // the browser does not become a known device of the account.
      const withoutSecondFactor = isStaff(user.role) && Boolean(user.totpEnabledAt);
      if (!withoutSecondFactor) ctx.state.signedIn = true;
      // A staff password under the staff rule gets no admin session until it is changed.
      if (isStaff(user.role) && passwordProblem(password, { staff: true }))
        sessionOf(ctx)!.weakStaffPassword = true;
      logSecurityEvent(ctx, deps, 'info', 'sign-in', {
        userId: user.id,
        ...(withoutSecondFactor ? { secondFactor: 'not entered' } : {}),
      });
      return { user: userView(user) };
    },
  );

  on(router, ROUTES.logout, (ctx) => {
    signOut(ctx);
    return { success: true, message: 'Logged out' };
  });

  on(
    router,
    ROUTES.forgotPassword,
    {
      before: [
        callRateLimit(deps, 'forgot', 'Too many password reset requests. Please try again later.'),
      ],
    },
    async (ctx, { body: { email } }) => {
      // The answer goes out at once, the same for every address; the look-up,
      // the token and the queued mail follow, so timing reveals nothing.
      void sendPasswordResetMail(deps, normalizeEmail(email)).catch((error: unknown) =>
        log.error('password reset mail failed', { error: String(error) }),
      );
      return { success: true, message: FORGOT_ANSWER };
    },
  );

  on(router, ROUTES.resetPassword, async (ctx, { body: { token, password } }) => {
    const result = await resetPasswordWithToken(prisma, token, password);
    if (!result) throw badRequest(INVALID_RESET, { success: false });
    if ('problem' in result)
      throw badRequest(
        result.problem,
        {
          success: false,
          errors: [{ path: 'password', message: result.problem }],
        },
        'validation_failed',
      );
    logSecurityEvent(ctx, deps, 'info', 'password reset', { userId: result.user.id });
    signOut(ctx);
    // Whoever holds the mailbox may sign in from this browser even while the account is under attack.
    rememberDevice(ctx, deps, result.user.email);
    await notifyPasswordChanged(deps, result.user);
    return { success: true, message: RESET_DONE };
  });

  return router;
}
