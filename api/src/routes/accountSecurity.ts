// Account security (issue 15, docs/security.md): the signed-in devices of an
// account and signing each out, the password change, the data export and the
// account deletion for customers; the staff second factor (TOTP and recovery
// codes) and the owner's policy that requires it of every staff member.
import Router from '@koa/router';
import {
  ACCOUNT_CHANGE_NEEDS_SECOND_FACTOR,
  AccountDeletionSchema,
  EMAIL_LINK_INVALID,
  EMAIL_UNCHANGED_MESSAGE,
  EmailChangeSchema,
  emailChangeSentMessage,
  EmailLinkSchema,
  isStaff,
  isUuid,
  passwordProblem,
  PasswordChangeSchema,
  SecondFactorCodeSchema,
  SecondFactorDisableSchema,
  SecurityPolicySchema,
  type SecondFactorStatus,
  type SessionView,
} from '@bakery/core';
import type { Context } from 'koa';
import type { Prisma } from '@bakery/prisma';
import type { AppDeps } from '../deps.js';
import {
  currentUser,
  requirePermission,
  requireStaff,
  requireUser,
  sessionOf,
  sessionRecordOf,
  signOut,
} from '../middleware/auth.js';
import {
  badRequest,
  conflict,
  HttpError,
  notFound,
  tooManyRequests,
} from '../middleware/errors.js';
import { clear, hit, limitsOf, secondFactorAttempt } from '../middleware/rateLimit.js';
import { handle } from '../middleware/validate.js';
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
import { lifetimeOf } from '../services/sessionStore.js';
import {
  checkSecondFactor,
  newRecoveryCodes,
  openSeed,
  sealSeed,
  newTotpSecret,
  setStaffSecondFactorRequired,
  staffSecondFactorRequired,
  totpFor,
  totpStep,
} from '../services/secondFactor.js';

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const PASSWORD_CHANGED =
  'Your password has been changed. Every other device has been signed out.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';
export const OPEN_ORDERS =
  'You have orders in progress. Your account can be deleted once they are complete or cancelled.';
export const STAFF_CANNOT_DELETE =
  'Staff accounts cannot be deleted here. Please ask the owner to change your role first.';
export const STAFF_DEFAULT_REQUIRES_SECOND_FACTOR =
  'Two-step sign-in stays on for staff accounts. If you lost your phone, sign in with a recovery code, or ask the owner to clear it.';
export const POLICY_REQUIRES_SECOND_FACTOR =
  'The owner requires a second factor for all staff, so it cannot be turned off.';

/** The name and e-mail left on the orders of a deleted account (kept for the books). */
export const DELETED_CUSTOMER = { name: 'Deleted customer', email: 'deleted-account@invalid' };

export function accountSecurityRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, log } = deps;

  /** Guesses at the current password count like sign-in attempts (5 per 15 minutes per account). */
  async function checkCurrentPassword(ctx: Context, password: string) {
    const me = currentUser(ctx)!;
    const limit = limitsOf(deps).loginPerEmailAndIp;
    const key = `current-password:${me.id}`;
    if ((await hit(prisma, key, limit.windowMs)) > limit.max)
      throw tooManyRequests('Too many attempts. Please try again in a few minutes.');
    const stored = await prisma.user.findUnique({
      where: { id: me.id },
      select: { password: true },
    });
    if (!stored || !(await verifyPassword(stored.password, password)))
      throw badRequest(
        CURRENT_PASSWORD_WRONG,
        { success: false, errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }] },
        'invalid_credentials',
      );
    await clear(prisma, key);
  }

  /**
   * A staff member with a second factor changes the password or e-mail only in
   * a session that entered a code (the staff sign-in): the password alone, e.g.
   * through the customer login, cannot take the account over.
   */
  function requireSecondFactorForAccountChange(ctx: Context) {
    const me = currentUser(ctx)!;
    if (isStaff(me.role) && me.totpEnabledAt && sessionOf(ctx)?.secondFactor !== true) {
      logSecurityEvent(ctx, deps, 'warn', 'account change refused: no second factor entered', {
        userId: me.id,
      });
      throw new HttpError(403, ACCOUNT_CHANGE_NEEDS_SECOND_FACTOR, {}, 'second_factor_needed');
    }
  }

  // ------------------------------------------------------ signed-in devices

  router.get('/api/user/sessions', requireUser, async (ctx) => {
    const me = currentUser(ctx)!;
    const since = new Date(Date.now() - lifetimeOf(me.role));
    const rows = await prisma.session.findMany({
      where: { userId: me.id, expire: { gt: new Date() }, createdAt: { gt: since } },
      orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
      select: { id: true, createdAt: true, lastSeenAt: true, userAgent: true },
    });
    const currentId = sessionRecordOf(ctx)?.id;
    const sessions: SessionView[] = rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      current: row.id === currentId,
    }));
    ctx.body = { sessions };
  });

  router.delete('/api/user/sessions/:id', requireUser, async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!isUuid(id)) throw notFound('Session not found');
    const me = currentUser(ctx)!;
    const ended = await prisma.session.deleteMany({ where: { id, userId: me.id } });
    if (ended.count === 0) throw notFound('Session not found');
    if (sessionRecordOf(ctx)?.id === id) signOut(ctx);
    log.info('session ended by its user', { userId: me.id });
    ctx.body = { success: true, message: 'Signed out of that device.' };
  });

  // --------------------------------------------------------------- password

  router.post(
    '/api/user/password',
    requireUser,
    handle({ body: PasswordChangeSchema }, async (ctx, { body: input }) => {
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
      await changePassword(prisma, me.id, input.newPassword, sessionRecordOf(ctx)?.sid);
      const session = sessionOf(ctx);
      if (session) delete session.weakStaffPassword;
      logSecurityEvent(ctx, deps, 'info', 'password changed', { userId: me.id });
      await notifyPasswordChanged(deps, me);
      ctx.body = { success: true, message: PASSWORD_CHANGED };
    }),
  );

  // ---------------------------------------------------------- e-mail change

  // The change waits for the link mailed to the new address; the answer is
  // the same whether that address has an account or not.
  router.patch(
    '/api/user/email',
    requireUser,
    handle({ body: EmailChangeSchema }, async (ctx, { body: input }) => {
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
      ctx.body = { success: true, message: emailChangeSentMessage(email) };
    }),
  );

  const linkRefused = (reason: 'invalid' | 'taken', undo = false) =>
    reason === 'invalid'
      ? badRequest(EMAIL_LINK_INVALID, { success: false }, 'invalid_link')
      : conflict(
          undo
            ? 'Your previous address has another account now, so it cannot be given back. Please write to us.'
            : 'That address has an account now, so the change cannot be made. Please ask for it again with another address.',
          'already_exists',
        );

  router.post(
    '/api/user/email/confirm',
    handle({ body: EmailLinkSchema }, async (ctx, { body: { token } }) => {
      const result = await confirmEmailChange(deps, token, sessionRecordOf(ctx)?.sid);
      if (!result.ok) throw linkRefused(result.reason);
      const me = currentUser(ctx);
      if (me && me.id === result.userId) ctx.state.user = { ...me, email: result.email };
      ctx.body = {
        success: true,
        message: `Your e-mail address is now ${result.email}. Every other device was signed out.`,
      };
    }),
  );

  router.post(
    '/api/user/email/undo',
    handle({ body: EmailLinkSchema }, async (ctx, { body: { token } }) => {
      const result = await undoEmailChange(deps, token);
      if (!result.ok) throw linkRefused(result.reason, true);
      if (currentUser(ctx)?.id === result.userId) signOut(ctx);
      ctx.body = {
        success: true,
        message: `Your e-mail address is ${result.email} again and every device was signed out. If you did not make the change, please choose a new password with "Forgot password" now.`,
      };
    }),
  );

  // ------------------------------------------------- export and deletion

  router.get('/api/user/export', requireUser, async (ctx) => {
    const me = currentUser(ctx)!;
    const [account, orders, reviews, sessions] = await Promise.all([
      prisma.user.findUnique({
        where: { id: me.id },
        select: {
          id: true,
          email: true,
          firstName: true,
          lastName: true,
          phone: true,
          role: true,
          createdAt: true,
          updatedAt: true,
          passwordChangedAt: true,
          totpEnabledAt: true,
        },
      }),
      prisma.order.findMany({
        where: { userId: me.id },
        orderBy: { createdAt: 'asc' },
        omit: { idempotencyKey: true, squarePaymentLinkId: true },
        include: { history: { select: { at: true, field: true, from: true, to: true } } },
      }),
      prisma.review.findMany({
        where: { userId: me.id },
        orderBy: { createdAt: 'asc' },
        select: {
          id: true,
          rating: true,
          title: true,
          comment: true,
          isApproved: true,
          createdAt: true,
        },
      }),
      prisma.session.findMany({
        where: { userId: me.id },
        select: { createdAt: true, lastSeenAt: true, userAgent: true },
      }),
    ]);
    ctx.set('Content-Disposition', 'attachment; filename="my-bakery-account.json"');
    ctx.body = {
      exportedAt: new Date().toISOString(),
      account,
      orders,
      reviews,
      signedInDevices: sessions,
    };
  });

  router.delete(
    '/api/user',
    requireUser,
    handle({ body: AccountDeletionSchema }, async (ctx, { body: { currentPassword } }) => {
      const me = currentUser(ctx)!;
      if (isStaff(me.role)) throw conflict(STAFF_CANNOT_DELETE);
      await checkCurrentPassword(ctx, currentPassword);
      const open = await prisma.order.count({
        where: { userId: me.id, orderStatus: 'in progress', paymentStatus: { not: 'cancelled' } },
      });
      if (open > 0) throw conflict(OPEN_ORDERS);
      await prisma.$transaction(async (tx) => {
        // Orders stay for the books (amounts, dates, items, tax), without the person.
        await tx.order.updateMany({
          where: { userId: me.id },
          data: {
            userId: null,
            customerName: DELETED_CUSTOMER.name,
            customerEmail: DELETED_CUSTOMER.email,
            customerPhone: null,
            specialInstructions: null,
            cakeWriting: null,
            deliveryAddress: null,
            deliveryInstructions: null,
          },
        });
        await tx.review.deleteMany({ where: { userId: me.id } });
        await tx.contactMessage.deleteMany({ where: { email: me.email } });
        await tx.outboundMail.deleteMany({ where: { to: me.email } });
        // Sessions and reset tokens go with the user (foreign keys cascade).
        await tx.user.delete({ where: { id: me.id } });
      });
      signOut(ctx);
      log.info('account deleted by its user', { userId: me.id });
      ctx.body = { success: true, message: ACCOUNT_DELETED };
    }),
  );

  // ------------------------------------------------ staff second factor

  async function status(userId: string): Promise<SecondFactorStatus> {
    const user = await prisma.user.findUnique({
      where: { id: userId },
      select: { totpEnabledAt: true, recoveryCodes: true, totpSetupRequired: true },
    });
    const policy = await staffSecondFactorRequired(prisma);
    return {
      enabled: Boolean(user?.totpEnabledAt),
      required: policy || Boolean(user?.totpSetupRequired),
      // Why it is required: the owner's policy, or on by default for new staff.
      requiredBy: policy ? 'policy' : user?.totpSetupRequired ? 'new-staff' : null,
      recoveryCodesLeft: user?.totpEnabledAt ? user.recoveryCodes.length : 0,
    };
  }

  const invalidCode = () =>
    badRequest('Invalid code. Please try again.', {}, 'invalid_second_factor');

  /** Stores ten new recovery codes (their hashes) with `data`; the answer shows the codes once. */
  async function withNewRecoveryCodes(userId: string, data: Prisma.UserUpdateInput = {}) {
    const { codes, hashes } = newRecoveryCodes();
    await prisma.user.update({ where: { id: userId }, data: { ...data, recoveryCodes: hashes } });
    return { success: true, recoveryCodes: codes };
  }

  router.get('/api/admin/second-factor', requireStaff, async (ctx) => {
    ctx.body = await status(currentUser(ctx)!.id);
  });

  // A new secret, not yet in force: the authenticator app reads it from otpauthUrl (or the key typed in).
  router.post('/api/admin/second-factor/setup', requireStaff, async (ctx) => {
    const me = currentUser(ctx)!;
    if (me.totpEnabledAt) throw conflict('Your second factor is already set up.');
    const secret = newTotpSecret();
    await prisma.user.update({
      where: { id: me.id },
      data: { totpSecret: sealSeed(deps, secret) },
    });
    ctx.body = { secret, otpauthUrl: totpFor(secret, me.email).toString() };
  });

  router.post(
    '/api/admin/second-factor/enable',
    requireStaff,
    handle({ body: SecondFactorCodeSchema }, async (ctx, { body: { code } }) => {
      const me = currentUser(ctx)!;
      const accepted = await secondFactorAttempt(deps, ctx, me);
      const user = await prisma.user.findUnique({ where: { id: me.id } });
      const seed = openSeed(deps, user?.totpSecret ?? null);
      if (!user || !seed || user.totpEnabledAt)
        throw conflict('Start the set-up first: your second factor has no new key.');
      const step = totpStep(seed, user.email, code.replace(/\s/g, ''));
      if (step === null) throw invalidCode();
      await accepted();
      ctx.body = await withNewRecoveryCodes(me.id, {
        totpEnabledAt: new Date(),
        totpLastStep: step,
      });
      sessionOf(ctx)!.secondFactor = true;
      logSecurityEvent(ctx, deps, 'info', 'second factor set up', { userId: me.id });
    }),
  );

  router.post(
    '/api/admin/second-factor/recovery-codes',
    requireStaff,
    handle({ body: SecondFactorCodeSchema }, async (ctx, { body: { code } }) => {
      const me = currentUser(ctx)!;
      const accepted = await secondFactorAttempt(deps, ctx, me);
      const user = await prisma.user.findUnique({ where: { id: me.id } });
      if (!user?.totpEnabledAt) throw conflict('Set up your second factor first.');
      if ((await checkSecondFactor(deps, user, code)) !== 'totp') throw invalidCode();
      await accepted();
      ctx.body = await withNewRecoveryCodes(me.id);
    }),
  );

  router.post(
    '/api/admin/second-factor/disable',
    requireStaff,
    handle(
      { body: SecondFactorDisableSchema },
      async (ctx, { body: { currentPassword, code } }) => {
        const me = currentUser(ctx)!;
        if (await staffSecondFactorRequired(prisma)) throw conflict(POLICY_REQUIRES_SECOND_FACTOR);
        const own = await prisma.user.findUnique({
          where: { id: me.id },
          select: { totpSetupRequired: true },
        });
        if (own?.totpSetupRequired) throw conflict(STAFF_DEFAULT_REQUIRES_SECOND_FACTOR);
        await checkCurrentPassword(ctx, currentPassword);
        const accepted = await secondFactorAttempt(deps, ctx, me);
        const user = await prisma.user.findUnique({ where: { id: me.id } });
        if (!user?.totpEnabledAt) throw conflict('Your second factor is not set up.');
        if (!(await checkSecondFactor(deps, user, code))) throw invalidCode();
        await accepted();
        await prisma.user.update({
          where: { id: me.id },
          data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] },
        });
        logSecurityEvent(ctx, deps, 'warn', 'second factor turned off', { userId: me.id });
        ctx.body = { success: true, message: 'Your second factor is turned off.' };
      },
    ),
  );

  // ------------------------------------------------------ owner's policy

  router.get('/api/admin/security-policy', requirePermission('manageUsers'), async (ctx) => {
    ctx.body = { staffTotpRequired: await staffSecondFactorRequired(prisma) };
  });

  router.put(
    '/api/admin/security-policy',
    requirePermission('manageUsers'),
    handle({ body: SecurityPolicySchema }, async (ctx, { body: { staffTotpRequired } }) => {
      await setStaffSecondFactorRequired(prisma, staffTotpRequired);
      log.info('security policy changed', { staffTotpRequired, by: currentUser(ctx)!.id });
      ctx.body = { success: true, staffTotpRequired };
    }),
  );
  return router;
}
