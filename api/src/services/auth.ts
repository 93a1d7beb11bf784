// Passwords and reset links. Passwords are hashed with argon2id at OWASP's
// parameters and rehashed at login when the parameters change. Reset tokens
// are random, stored only as a SHA-256 hash, valid for one hour, used once.
import argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import { isStaff, passwordProblem } from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { AppConfig } from '../config.js';
import { conflict } from '../errors.js';
import { USER_FIELDS } from './sessionStore.js';
import type { Logger, Notifications } from './contracts.js';

export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;
const NEEDS_REHASH_PARAMS = {
  memoryCost: ARGON2_OPTIONS.memoryCost,
  timeCost: ARGON2_OPTIONS.timeCost,
  parallelism: ARGON2_OPTIONS.parallelism,
};
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

// Verified against when the e-mail is unknown, so both answers take as long.
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The user with this e-mail and password, or null. Rehashes an outdated hash. */
export async function verifyCredentials(prisma: PrismaClient, email: string, password: string) {
  const user = await prisma.user.findUnique({ where: { email: normalizeEmail(email) } });
  if (!user) {
    await verifyPassword(await timingDummy(), password);
    return null;
  }
  if (!(await verifyPassword(user.password, password))) return null;
  if (argon2.needsRehash(user.password, NEEDS_REHASH_PARAMS)) {
    await prisma.user.update({
      where: { id: user.id },
      data: { password: await hashPassword(password) },
    });
  }
  const { password: _hash, ...safe } = user;
  return safe;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a single-use reset token for the user (1 hour) and returns the link
 * `${PUBLIC_URL}/reset-password/<token>`. Earlier unused tokens stay valid
 * until they expire; a successful reset uses up all of them.
 */
export async function createPasswordResetLink(
  deps: { prisma: PrismaClient; config: AppConfig },
  userId: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deps.prisma.passwordResetToken.create({
    data: { userId, token: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  });
  return `${deps.config.publicUrl}/reset-password/${token}`;
}

/**
 * Sends a reset link to the account with this (normalised) e-mail, if there
 * is one; nothing happens for an unknown address.
 */
export async function sendPasswordResetMail(
  deps: { prisma: PrismaClient; config: AppConfig; notifications: Notifications },
  email: string,
): Promise<void> {
  const user = await deps.prisma.user.findUnique({
    where: { email },
    select: { id: true, email: true, firstName: true },
  });
  if (!user) return;
  const resetUrl = await createPasswordResetLink(deps, user.id);
  await deps.notifications.passwordReset(
    { email: user.email, firstName: user.firstName },
    resetUrl,
  );
}

/**
 * Creates a customer account with an already hashed password; 409
 * `already_exists` (with `duplicateMessage`) when the e-mail is taken, also
 * when two signups race for one address (the unique index decides).
 */
export async function createAccount(
  prisma: PrismaClient,
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    phone: string | null;
  },
  duplicateMessage: string,
) {
  if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } }))
    throw conflict(duplicateMessage, 'already_exists');
  try {
    return await prisma.user.create({ data: input, select: USER_FIELDS });
  } catch (error) {
    // Two signups racing for one address: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw conflict(duplicateMessage, 'already_exists');
    throw error;
  }
}

/**
 * Sets a new password with a reset token: marks every token of the user used
 * and ends all of the user's sessions. Returns the user, `{ problem }` when
 * the password breaks the staff rule (12 characters) for a staff account (the
 * token stays valid), or null when the token is unknown, used or expired
 * (nothing changes then).
 */
export async function resetPasswordWithToken(
  prisma: PrismaClient,
  token: string,
  password: string,
): Promise<
  { user: { id: string; email: string; firstName: string } } | { problem: string } | null
> {
  const owner = await prisma.passwordResetToken.findUnique({
    where: { token: hashToken(token) },
    select: { user: { select: { role: true } } },
  });
  const problem =
    owner && isStaff(owner.user.role) ? passwordProblem(password, { staff: true }) : null;
  if (problem) return { problem };
  const hash = await hashPassword(password);
  return prisma.$transaction(async (tx) => {
    // Claiming the token with a conditional update makes a second use fail even when two arrive at once.
    const now = new Date();
    const row = await tx.passwordResetToken.findUnique({ where: { token: hashToken(token) } });
    if (!row || row.usedAt || row.expiresAt <= now) return null;
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    await tx.passwordResetToken.updateMany({
      where: { userId: row.userId, usedAt: null },
      data: { usedAt: now },
    });
    const user = await tx.user.update({
      where: { id: row.userId },
      data: { password: hash, passwordChangedAt: now, passwordChangeRequired: false },
      select: { id: true, email: true, firstName: true },
    });
    await tx.session.deleteMany({ where: { userId: row.userId } });
    return { user };
  });
}

/**
 * Sets a new password for a signed-in user and ends every other session of
 * theirs (the one making the change, `keepSid`, stays signed in).
 */
export async function changePassword(
  prisma: PrismaClient,
  userId: string,
  password: string,
  keepSid: string | undefined,
): Promise<void> {
  const hash = await hashPassword(password);
  await prisma.$transaction([
    prisma.user.update({
      where: { id: userId },
      data: { password: hash, passwordChangedAt: new Date(), passwordChangeRequired: false },
    }),
    prisma.session.deleteMany({
      where: { userId, ...(keepSid ? { sid: { not: keepSid } } : {}) },
    }),
  ]);
}

/** The "your password was changed" mail (queued; a failure is logged, never shown). */
export async function notifyPasswordChanged(
  deps: { notifications: Notifications; log: Logger },
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  try {
    await deps.notifications.passwordChanged?.({ email: user.email, firstName: user.firstName });
  } catch (error) {
    deps.log.error('password changed mail failed', { userId: user.id, error: String(error) });
  }
}
