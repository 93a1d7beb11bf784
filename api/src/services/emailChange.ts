// Changing an account's e-mail address (issue 27, docs/security.md section 2):
// the change waits for a link mailed to the NEW address; when it is followed
// the address changes, the account's other sessions end, and the OLD address
// gets a notice with an undo link. A new address that already has an account
// gets a note instead of a link, and the request answers the same either way.
// Tokens are random (256 bits), stored only as SHA-256 hashes, used once.
import { randomBytes } from 'node:crypto';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { AppConfig } from '../config.js';
import type { Logger, Notifications } from './contracts.js';
import { hashToken } from './auth.js';
import { EMAIL_CHANGE_VALID_HOURS, EMAIL_UNDO_VALID_DAYS } from './mail/messages.js';

interface Deps {
  prisma: PrismaClient;
  config: AppConfig;
  notifications: Notifications;
  log: Logger;
}

const HOUR = 60 * 60 * 1000;
const newToken = () => randomBytes(32).toString('base64url');

/** Mails the link (or, for a taken address, the note). Never tells the caller which. */
export async function requestEmailChange(
  deps: Deps,
  user: { id: string; email: string; firstName: string },
  newEmail: string,
): Promise<void> {
  const { prisma } = deps;
  const taken = await prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
  // An earlier request not yet confirmed is replaced by this one.
  await prisma.emailChange.deleteMany({ where: { userId: user.id, confirmedAt: null } });
  if (taken) {
    deps.log.info('e-mail change asked for an address that has an account', { userId: user.id });
    await deps.notifications.emailChangeTaken?.({ email: newEmail });
    return;
  }
  const token = newToken();
  await prisma.emailChange.create({
    data: {
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      confirmToken: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_VALID_HOURS * HOUR),
    },
  });
  deps.log.info('e-mail change asked; link mailed to the new address', { userId: user.id });
  await deps.notifications.emailChangeConfirm?.(
    { email: newEmail, firstName: user.firstName },
    `${deps.config.publicUrl}/confirm-email/${token}`,
  );
}

export type EmailLinkResult =
  { ok: true; userId: string; email: string } | { ok: false; reason: 'invalid' | 'taken' };

/**
 * Follows a confirmation link: the address changes, every session of the
 * account but `keepSid` ends, and the old address gets the undo link.
 */
export async function confirmEmailChange(
  deps: Deps,
  token: string,
  keepSid: string | undefined,
): Promise<EmailLinkResult> {
  const { prisma } = deps;
  const undo = newToken();
  let result: EmailLinkResult;
  let notice: { oldEmail: string; firstName: string; newEmail: string } | null = null;
  try {
    result = await prisma.$transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx.emailChange.updateMany({
        where: {
          confirmToken: hashToken(token),
          confirmedAt: null,
          undoneAt: null,
          expiresAt: { gt: now },
        },
        data: {
          confirmedAt: now,
          undoToken: hashToken(undo),
          undoExpiresAt: new Date(now.getTime() + EMAIL_UNDO_VALID_DAYS * 24 * HOUR),
        },
      });
      if (claimed.count !== 1) return { ok: false as const, reason: 'invalid' as const };
      const change = await tx.emailChange.findUniqueOrThrow({
        where: { confirmToken: hashToken(token) },
      });
      const user = await tx.user.findUnique({ where: { id: change.userId } });
      // The account changed its address meanwhile (or the change was undone): the link is void.
      if (!user || user.email !== change.oldEmail)
        return { ok: false as const, reason: 'invalid' as const };
      await tx.user.update({ where: { id: user.id }, data: { email: change.newEmail } });
      await tx.session.deleteMany({
        where: { userId: user.id, ...(keepSid ? { sid: { not: keepSid } } : {}) },
      });
      notice = { oldEmail: change.oldEmail, firstName: user.firstName, newEmail: change.newEmail };
      return { ok: true as const, userId: user.id, email: change.newEmail };
    });
  } catch (error) {
    // The new address got an account between the request and the link.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      return { ok: false, reason: 'taken' };
    throw error;
  }
  if (result.ok && notice) {
    const { oldEmail, firstName, newEmail } = notice;
    deps.log.info('account e-mail changed', { userId: result.userId });
    try {
      await deps.notifications.emailChanged?.(
        { email: oldEmail, firstName },
        newEmail,
        `${deps.config.publicUrl}/undo-email-change/${undo}`,
      );
    } catch (error) {
      deps.log.error('e-mail changed notice failed', {
        userId: result.userId,
        error: String(error),
      });
    }
  }
  return result;
}

/**
 * Follows an undo link from the old address: the account gets it back and
 * every session of the account ends (whoever made the change is signed out).
 */
export async function undoEmailChange(deps: Deps, token: string): Promise<EmailLinkResult> {
  const { prisma } = deps;
  try {
    const result = await prisma.$transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx.emailChange.updateMany({
        where: { undoToken: hashToken(token), undoneAt: null, undoExpiresAt: { gt: now } },
        data: { undoneAt: now },
      });
      if (claimed.count !== 1) return { ok: false as const, reason: 'invalid' as const };
      const change = await tx.emailChange.findUniqueOrThrow({
        where: { undoToken: hashToken(token) },
      });
      await tx.user.update({ where: { id: change.userId }, data: { email: change.oldEmail } });
      await tx.session.deleteMany({ where: { userId: change.userId } });
      await tx.emailChange.deleteMany({ where: { userId: change.userId, confirmedAt: null } });
      return { ok: true as const, userId: change.userId, email: change.oldEmail };
    });
    if (result.ok) deps.log.warn('account e-mail change undone', { userId: result.userId });
    return result;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      return { ok: false, reason: 'taken' };
    throw error;
  }
}
