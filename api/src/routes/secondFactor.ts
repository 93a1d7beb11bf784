// The staff second factor (TOTP and recovery codes, issue 15 and 27) and the
// owner's policy that requires it of every staff member (docs/security.md).
import Router from '@koa/router';
import QRCode from 'qrcode';
import { ROUTES } from '@bakery/core';
import type { AppDeps } from '../deps.js';
import { currentUser, sessionOf } from '../middleware/auth.js';
import { badRequest, conflict } from '../errors.js';
import { secondFactorAttempt } from '../middleware/rateLimit.js';
import { logSecurityEvent } from '../services/securityLog.js';
import {
  checkSecondFactor,
  newTotpSecret,
  openSeed,
  secondFactorRecord,
  secondFactorSetUpRequired,
  secondFactorStatus,
  setStaffSecondFactorRequired,
  staffSecondFactorRequired,
  storeNewSeed,
  totpFor,
  totpStep,
  turnOffSecondFactor,
  withNewRecoveryCodes,
} from '../services/secondFactor.js';
import { currentPasswordCheck } from './accountSecurity.js';
import { on } from './on.js';

export const STAFF_DEFAULT_REQUIRES_SECOND_FACTOR =
  'Two-step sign-in stays on for staff accounts. If you lost your phone, sign in with a recovery code, or ask the owner to clear it.';
export const POLICY_REQUIRES_SECOND_FACTOR =
  'The owner requires a second factor for all staff, so it cannot be turned off.';

export function secondFactorRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, log } = deps;
  const checkCurrentPassword = currentPasswordCheck(deps);

  const invalidCode = () =>
    badRequest('Invalid code. Please try again.', {}, 'invalid_second_factor');

  on(router, ROUTES.secondFactor, (ctx) => secondFactorStatus(prisma, currentUser(ctx)!.id));

  // A new secret, not yet in force: the authenticator app reads it from otpauthUrl (or the key typed in).
  on(router, ROUTES.secondFactorSetup, async (ctx) => {
    const me = currentUser(ctx)!;
    if (me.totpEnabledAt) throw conflict('Your second factor is already set up.');
    const secret = newTotpSecret();
    await storeNewSeed(deps, me.id, secret);
    const otpauthUrl = totpFor(secret, me.email).toString();
    // The same URL as a QR code the phone's app scans (issue 38): an SVG, as a data URL.
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, width: 200 });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    return { secret, otpauthUrl, qrCode };
  });

  on(router, ROUTES.secondFactorEnable, async (ctx, { body: { code } }) => {
    const me = currentUser(ctx)!;
    const accepted = await secondFactorAttempt(deps, ctx, me);
    const user = await secondFactorRecord(prisma, me.id);
    const seed = openSeed(deps, user?.totpSecret ?? null);
    if (!user || !seed || user.totpEnabledAt)
      throw conflict('Start the set-up first: your second factor has no new key.');
    const step = totpStep(seed, user.email, code.replace(/\s/g, ''));
    if (step === null) throw invalidCode();
    await accepted();
    const answer = await withNewRecoveryCodes(prisma, me.id, {
      totpEnabledAt: new Date(),
      totpLastStep: step,
    });
    sessionOf(ctx)!.secondFactor = true;
    logSecurityEvent(ctx, deps, 'info', 'second factor set up', { userId: me.id });
    return answer;
  });

  on(router, ROUTES.secondFactorRecoveryCodes, async (ctx, { body: { code } }) => {
    const me = currentUser(ctx)!;
    const accepted = await secondFactorAttempt(deps, ctx, me);
    const user = await secondFactorRecord(prisma, me.id);
    if (!user?.totpEnabledAt) throw conflict('Set up your second factor first.');
    if ((await checkSecondFactor(deps, user, code)) !== 'totp') throw invalidCode();
    await accepted();
    return await withNewRecoveryCodes(prisma, me.id);
  });

  on(router, ROUTES.secondFactorDisable, async (ctx, { body: { currentPassword, code } }) => {
    const me = currentUser(ctx)!;
    if (await staffSecondFactorRequired(prisma)) throw conflict(POLICY_REQUIRES_SECOND_FACTOR);
    if (await secondFactorSetUpRequired(prisma, me.id))
      throw conflict(STAFF_DEFAULT_REQUIRES_SECOND_FACTOR);
    await checkCurrentPassword(ctx, currentPassword);
    const accepted = await secondFactorAttempt(deps, ctx, me);
    const user = await secondFactorRecord(prisma, me.id);
    if (!user?.totpEnabledAt) throw conflict('Your second factor is not set up.');
    if (!(await checkSecondFactor(deps, user, code))) throw invalidCode();
    await accepted();
    await turnOffSecondFactor(prisma, me.id);
    logSecurityEvent(ctx, deps, 'warn', 'second factor turned off', { userId: me.id });
    return { success: true, message: 'Your second factor is turned off.' };
  });

  // ------------------------------------------------------ owner's policy

  on(router, ROUTES.securityPolicy, async () => ({
    staffTotpRequired: await staffSecondFactorRequired(prisma),
  }));

  on(router, ROUTES.saveSecurityPolicy, async (ctx, { body: { staffTotpRequired } }) => {
    await setStaffSecondFactorRequired(prisma, staffTotpRequired);
    log.info('security policy changed', { staffTotpRequired, by: currentUser(ctx)!.id });
    return { success: true, staffTotpRequired };
  });
  return router;
}
