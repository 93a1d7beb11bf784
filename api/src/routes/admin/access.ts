// The admin session: who am I, auto-login for a signed-in admin or owner, and
// the admin sign-in form (same rate limit as the customer login), with its
// second step when the staff member has a second factor (docs/security.md).
import Router from '@koa/router';
import { on } from '../on.js';
import { isStaff, passwordProblem, type AdminMeView, type Role, ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import {
  currentUser,
  sessionOf,
  signIn,
  startAdminSession,
  type SessionUser,
} from '../../middleware/auth.js';
import { forbidden, HttpError, unauthorized } from '../../middleware/errors.js';
import {
  accountIdOf,
  loginRateLimit,
  rememberDevice,
  secondFactorAttempt,
} from '../../middleware/rateLimit.js';
import { logSecurityEvent } from '../../services/securityLog.js';
import { verifyCredentials } from '../../services/auth.js';
import { checkSecondFactor } from '../../services/secondFactor.js';
import { userById } from '../../services/users.js';

/** How long a password accepted at the admin login waits for the code. */
const PENDING_MS = 5 * 60 * 1000;
export const SECOND_FACTOR_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const WEAK_STAFF_PASSWORD =
  'Staff passwords must be at least 12 characters. Please choose a new password on your account page, or reset it with Forgot password.';

const secondFactorRequired = () => unauthorized(SECOND_FACTOR_MESSAGE, 'second_factor_required');
const passwordChangeRequired = () =>
  new HttpError(403, WEAK_STAFF_PASSWORD, {}, 'password_change_required');
import { userView } from '../../services/userView.js';

const identity = (user: SessionUser): AdminMeView => ({
  id: user.id,
  role: user.role as Role,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  passwordChangeRequired: user.passwordChangeRequired === true,
});

export function adminAccessRouter(deps: AppDeps): Router {
  const router = new Router();

  on(router, ROUTES.adminMe, (ctx) => {
    return identity(currentUser(ctx)!);
  });

  on(router, ROUTES.adminAutoLogin, async (ctx) => {
    const user = currentUser(ctx)!;
    if (!isStaff(user.role)) throw forbidden('Admin access requires an admin or owner account');
    const session = sessionOf(ctx)!;
    if (session.weakStaffPassword === true) throw passwordChangeRequired();
    if (user.totpEnabledAt && session.secondFactor !== true) throw secondFactorRequired();
    await startAdminSession(ctx);
    return { success: true, role: user.role };
  });

  on(
    router,
    ROUTES.adminLogin,
    { before: [loginRateLimit(deps)] },
    async (ctx, { body: { email, password } }) => {
      const user = await verifyCredentials(deps.prisma, email, password);
      // A customer's correct password gets the same answer as a wrong one.
      if (!user || !isStaff(user.role)) {
        ctx.state.passwordRejected = true;
        logSecurityEvent(ctx, deps, 'info', 'staff sign-in failed', {
          userId: user?.id ?? (await accountIdOf(deps.prisma, email)),
        });
        throw unauthorized('Invalid admin credentials', 'invalid_credentials');
      }
      ctx.state.passwordAccepted = true;
      const weak = passwordProblem(password, { staff: true }) !== null;
      if (user.totpEnabledAt) {
        // Not signed in yet: a fresh session waits for the code (a weak
        // password is dealt with after it, so it never skips the code).
        await signIn(ctx, { id: user.id, role: user.role });
        const session = sessionOf(ctx)!;
        delete session.userId;
        session.pendingUserId = user.id;
        session.pendingAt = Date.now();
        if (weak) session.pendingWeakPassword = true;
        logSecurityEvent(ctx, deps, 'info', 'staff password accepted; second factor awaited', {
          userId: user.id,
        });
        throw new HttpError(
          401,
          SECOND_FACTOR_MESSAGE,
          { secondFactorRequired: true },
          'second_factor_required',
        );
      }
      ctx.state.signedIn = true;
      if (weak) {
        // Signed in as a customer, so the password can be changed on the account page.
        await signIn(ctx, user);
        sessionOf(ctx)!.weakStaffPassword = true;
        logSecurityEvent(ctx, deps, 'info', 'staff sign-in with a weak password', {
          userId: user.id,
        });
        throw passwordChangeRequired();
      }
      await signIn(ctx, user);
      await startAdminSession(ctx);
      logSecurityEvent(ctx, deps, 'info', 'staff sign-in', { userId: user.id });
      return { success: true, user: userView(user) };
    },
  );

  // The second step of the admin login: a code from the authenticator app or a recovery code.
  on(router, ROUTES.adminLoginSecondFactor, async (ctx, { body: input }) => {
    const session = sessionOf(ctx);
    const userId = session?.pendingUserId;
    if (
      !userId ||
      typeof session.pendingAt !== 'number' ||
      Date.now() - session.pendingAt > PENDING_MS
    )
      throw unauthorized('Your sign-in has expired. Please sign in again.');
    const weak = session.pendingWeakPassword === true;
    const user = await userById(deps.prisma, userId);
    if (!user || !isStaff(user.role) || !user.totpEnabledAt)
      throw unauthorized('Your sign-in has expired. Please sign in again.');
    const accepted = await secondFactorAttempt(deps, ctx, user);
    const { code } = input as { code: string };
    const how = await checkSecondFactor(deps, user, code);
    if (!how) {
      logSecurityEvent(ctx, deps, 'warn', 'second factor wrong at sign-in', { userId });
      throw unauthorized('Invalid code. Please try again.', 'invalid_second_factor');
    }
    await accepted();
    await signIn(ctx, user);
    sessionOf(ctx)!.secondFactor = true;
    // The whole sign-in is done: this browser is now a known device of the account.
    rememberDevice(ctx, deps, user.email);
    logSecurityEvent(ctx, deps, 'info', 'staff sign-in with second factor', {
      userId: user.id,
      how,
    });
    if (weak) {
      sessionOf(ctx)!.weakStaffPassword = true;
      throw passwordChangeRequired();
    }
    await startAdminSession(ctx);
    return {
      success: true,
      user: userView(user),
      recoveryCodesLeft: how === 'recovery' ? user.recoveryCodes.length - 1 : undefined,
    };
  });

  return router;
}
