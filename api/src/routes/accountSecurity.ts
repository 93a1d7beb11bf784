// Account security (issue 15, docs/security.md): the signed-in devices of an
// account and signing each out, the password and e-mail change, the data
// export and the account deletion. The staff second factor is in
// secondFactor.ts; the database work is in services/account.ts.
import Router from '@koa/router';
import {
  ACCOUNT_CHANGE_NEEDS_SECOND_FACTOR,
  ACCOUNT_NEEDS_SECOND_FACTOR,
  EMAIL_LINK_INVALID,
  EMAIL_UNCHANGED_MESSAGE,
  emailChangeSentMessage,
  isStaff,
  isUuid,
  passwordProblem,
  ROUTES,
} from '@bakery/core';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.js';
import { currentUser, sessionOf, sessionRecordOf, signOut } from '../middleware/auth.js';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../errors.js';
import { clear, hit, limitsOf } from '../middleware/rateLimit.js';
import { logSecurityEvent } from '../services/securityLog.js';
import {
  changePassword,
  normalizeEmail,
  notifyPasswordChanged,
  verifyPassword,
} from '../services/auth.js';
import {
  confirmEmailChange,
  requestEmailChange,
  undoEmailChange,
} from '../services/emailChange.js';
import {
  ACCOUNT_DELETED,
  accountExport,
  deleteAccount,
  endDevice,
  passwordHashOf,
  signedInDevices,
} from '../services/account.js';
import { on } from './on.js';

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const FIRST_PASSWORD_SAME = 'Choose a new password: not the one that was set up for you.';
export const PASSWORD_CHANGED =
  'Your password has been changed. Every other device has been signed out.';
export const STAFF_CANNOT_DELETE =
  'Staff accounts cannot be deleted here. Please ask the owner to change your role first.';
export { ACCOUNT_DELETED, DELETED_CUSTOMER, OPEN_ORDERS } from '../services/account.js';

/** Guesses at the current password count like sign-in attempts (5 per 15 minutes per account). */
export function currentPasswordCheck(deps: AppDeps) {
  const { prisma } = deps;
  return async function checkCurrentPassword(ctx: Context, password: string) {
    const me = currentUser(ctx)!;
    const limit = limitsOf(deps).loginPerEmailAndIp;
    const key = `current-password:${me.id}`;
    if ((await hit(prisma, key, limit.windowMs)) > limit.max)
      throw tooManyRequests('Too many attempts. Please try again in a few minutes.');
    const stored = await passwordHashOf(prisma, me.id);
    if (!stored || !(await verifyPassword(stored, password)))
      throw badRequest(
        CURRENT_PASSWORD_WRONG,
        { success: false, errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }] },
        'invalid_credentials',
      );
    await clear(prisma, key);
  };
}

/**
 * A staff member with a second factor acts on the account only in a session
 * that entered a code (the staff sign-in): a session made by the password
 * alone (e.g. through the customer login) gets 403 `second_factor_needed`.
 */
export function secondFactorGuard(deps: AppDeps) {
  return function requireSecondFactor(
    ctx: Context,
    message: string = ACCOUNT_NEEDS_SECOND_FACTOR,
  ): void {
    const me = currentUser(ctx)!;
    if (isStaff(me.role) && me.totpEnabledAt && sessionOf(ctx)?.secondFactor !== true) {
      logSecurityEvent(ctx, deps, 'warn', 'account call refused: no second factor entered', {
        userId: me.id,
        path: ctx.path,
      });
      throw new HttpError(403, message, {}, 'second_factor_needed');
    }
  };
}

export function accountSecurityRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, log } = deps;
  const checkCurrentPassword = currentPasswordCheck(deps);

  /**
   * A staff member with a second factor changes the password or e-mail only in
   * a session that entered a code (the staff sign-in): the password alone, e.g.
   * through the customer login, cannot take the account over.
   */
  const requireSecondFactor = secondFactorGuard(deps);
  const requireSecondFactorForAccountChange = (ctx: Context) =>
    requireSecondFactor(ctx, ACCOUNT_CHANGE_NEEDS_SECOND_FACTOR);

  // ------------------------------------------------------ signed-in devices

  on(router, ROUTES.sessions, async (ctx) => {
    requireSecondFactor(ctx);
    return {
      sessions: await signedInDevices(prisma, currentUser(ctx)!, sessionRecordOf(ctx)?.id),
    };
  });

  on(router, ROUTES.endSession, async (ctx) => {
    requireSecondFactor(ctx);
    const id = (ctx.params as { id?: string }).id ?? '';
    if (!isUuid(id)) throw notFound('Session not found');
    const me = currentUser(ctx)!;
    await endDevice(prisma, me, id);
    if (sessionRecordOf(ctx)?.id === id) signOut(ctx);
    log.info('session ended by its user', { userId: me.id });
    return { success: true, message: 'Signed out of that device.' };
  });

  // --------------------------------------------------------------- password

  on(router, ROUTES.changePassword, async (ctx, { body: input }) => {
    const me = currentUser(ctx)!;
    requireSecondFactorForAccountChange(ctx);
    const problem = passwordProblem(input.newPassword, { staff: isStaff(me.role) });
    if (problem)
      throw badRequest(
        problem,
        { success: false, errors: [{ path: 'newPassword', message: problem }] },
        'validation_failed',
      );
    await checkCurrentPassword(ctx, input.currentPassword);
    // Issue 38: the password set up for her is replaced by one of her own.
    if (me.passwordChangeRequired && input.newPassword === input.currentPassword)
      throw badRequest(
        FIRST_PASSWORD_SAME,
        { success: false, errors: [{ path: 'newPassword', message: FIRST_PASSWORD_SAME }] },
        'validation_failed',
      );
    await changePassword(prisma, me.id, input.newPassword, sessionRecordOf(ctx)?.sid);
    const session = sessionOf(ctx);
    if (session) delete session.weakStaffPassword;
    logSecurityEvent(ctx, deps, 'info', 'password changed', { userId: me.id });
    await notifyPasswordChanged(deps, me);
    return { success: true, message: PASSWORD_CHANGED };
  });

  // ---------------------------------------------------------- e-mail change

  // The change waits for the link mailed to the new address; the answer is
  // the same whether that address has an account or not.
  on(router, ROUTES.changeEmail, async (ctx, { body: input }) => {
    const me = currentUser(ctx)!;
    requireSecondFactorForAccountChange(ctx);
    await checkCurrentPassword(ctx, input.currentPassword);
    const email = normalizeEmail(input.email);
    if (email === me.email)
      throw badRequest(
        EMAIL_UNCHANGED_MESSAGE,
        { success: false, errors: [{ path: 'email', message: EMAIL_UNCHANGED_MESSAGE }] },
        'validation_failed',
      );
    await requestEmailChange(deps, me, email);
    return { success: true, message: emailChangeSentMessage(email) };
  });

  const linkRefused = (reason: 'invalid' | 'taken', undo = false) =>
    reason === 'invalid'
      ? badRequest(EMAIL_LINK_INVALID, { success: false }, 'invalid_link')
      : conflict(
          undo
            ? 'Your previous address has another account now, so it cannot be given back. Please write to us.'
            : 'That address has an account now, so the change cannot be made. Please ask for it again with another address.',
          'already_exists',
        );

  on(router, ROUTES.confirmEmail, async (ctx, { body: { token } }) => {
    const result = await confirmEmailChange(deps, token, sessionRecordOf(ctx)?.sid);
    if (!result.ok) throw linkRefused(result.reason);
    const me = currentUser(ctx);
    if (me && me.id === result.userId) ctx.state.user = { ...me, email: result.email };
    return {
      success: true,
      message: `Your e-mail address is now ${result.email}. Every other device was signed out.`,
    };
  });

  on(router, ROUTES.undoEmail, async (ctx, { body: { token } }) => {
    const result = await undoEmailChange(deps, token);
    if (!result.ok) throw linkRefused(result.reason, true);
    if (currentUser(ctx)?.id === result.userId) signOut(ctx);
    return {
      success: true,
      message: `Your e-mail address is ${result.email} again and every device was signed out. If you did not make the change, please choose a new password with "Forgot password" now.`,
    };
  });

  // ------------------------------------------------- export and deletion

  on(router, ROUTES.exportAccount, async (ctx) => {
    requireSecondFactor(ctx);
    ctx.set('Content-Disposition', 'attachment; filename="my-bakery-account.json"');
    return accountExport(prisma, currentUser(ctx)!.id);
  });

  on(router, ROUTES.deleteAccount, async (ctx, { body: { currentPassword } }) => {
    const me = currentUser(ctx)!;
    if (isStaff(me.role)) throw conflict(STAFF_CANNOT_DELETE);
    await checkCurrentPassword(ctx, currentPassword);
    await deleteAccount(prisma, me);
    signOut(ctx);
    log.info('account deleted by its user', { userId: me.id });
    return { success: true, message: ACCOUNT_DELETED };
  });
  return router;
}
