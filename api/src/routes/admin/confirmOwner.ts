// A change that needs the owner herself (issue 39: fewer backups; issue 38:
// a connection's secrets): her password, or an authenticator code when she
// has one set up, in the request's `confirm` field. A wrong or missing one
// is 403 `confirmation_required` with the caller's message; too many wrong
// passwords are still 429.
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../middleware/auth.js';
import { HttpError } from '../../middleware/errors.js';
import { checkSecondFactor, secondFactorRecord } from '../../services/secondFactor.js';
import { currentPasswordCheck } from '../accountSecurity.js';

export function ownerConfirmation(deps: AppDeps) {
  const checkCurrentPassword = currentPasswordCheck(deps);
  return async function confirmOwner(
    ctx: Context,
    confirm: string | undefined,
    message: string,
  ): Promise<void> {
    const refuse = () => new HttpError(403, message, {}, 'confirmation_required');
    const given = confirm?.trim() ?? '';
    if (!given) throw refuse();
    const me = currentUser(ctx)!;
    const record = await secondFactorRecord(deps.prisma, me.id);
    const byCode =
      record?.totpEnabledAt &&
      (await checkSecondFactor(deps, { ...record, email: me.email }, given)) !== null;
    if (byCode) return;
    try {
      await checkCurrentPassword(ctx, given);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) throw error;
      throw refuse();
    }
  };
}
