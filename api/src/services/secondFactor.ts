// The staff second factor (docs/security.md, section 4): RFC 6238 TOTP with
// the otpauth package (SHA-1, 6 digits, 30 seconds: what every authenticator
// app reads from the QR code), a window of one step either side, each step
// accepted once; and ten single-use recovery codes stored as SHA-256 hashes.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { BAKERY_INFO, type SecondFactorStatus } from '@bakery/core';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import type { Logger } from './contracts.js';
import { isSealed, open, seal } from './secretBox.js';
import { settingsRow } from '../db/settingsRow.js';

const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const totpFor = (secret: string, email: string) =>
  new TOTP({
    issuer: BAKERY_INFO.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Ten codes like `k3f9q-2mx7z` and their hashes (only the hashes are stored). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/** The time step a 6-digit code belongs to (within one step of now), or null. */
export function totpStep(
  secret: string,
  email: string,
  code: string,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

interface SeedDeps {
  prisma: PrismaClient;
  config: { sessionSecret: string };
}

/** The stored (encrypted) form of a new seed. */
export const sealSeed = (deps: SeedDeps, seed: string) => seal(deps.config.sessionSecret, seed);

/** The seed of a stored value (encrypted, or plain from before issue 27), or null. */
export const openSeed = (deps: SeedDeps, stored: string | null) =>
  stored ? open(deps.config.sessionSecret, stored) : null;

/**
 * Checks a code of a user whose second factor is set up: a TOTP code not used
 * before (its step is claimed atomically), or an unused recovery code (taken
 * off the list atomically). Returns how it was accepted, or null.
 */
export async function checkSecondFactor(
  deps: SeedDeps,
  user: { id: string; email: string; totpSecret: string | null },
  rawCode: string,
): Promise<'totp' | 'recovery' | null> {
  const { prisma } = deps;
  const code = rawCode.trim();
  const seed = openSeed(deps, user.totpSecret);
  if (!seed) return null;
  const step = totpStep(seed, user.email, code.replace(/\s/g, ''));
  if (step !== null) {
    const claimed = await prisma.$executeRaw`UPDATE "User" SET "totpLastStep" = ${step}
      WHERE "id" = ${user.id}::uuid AND ("totpLastStep" IS NULL OR "totpLastStep" < ${step})`;
    return claimed === 1 ? 'totp' : null;
  }
  const hash = hashCode(code);
  const used = await prisma.$executeRaw`UPDATE "User"
      SET "recoveryCodes" = array_remove("recoveryCodes", ${hash})
      WHERE "id" = ${user.id}::uuid AND ${hash} = ANY("recoveryCodes")`;
  return used === 1 ? 'recovery' : null;
}

/**
 * Encrypts the seeds stored in plain text before issue 27 (run by the release
 * step; a seed in use is also read as it is until then).
 */
export async function sealPlainSeeds(deps: SeedDeps & { log: Logger }): Promise<number> {
  const plain = await deps.prisma.user.findMany({
    where: { totpSecret: { not: null } },
    select: { id: true, totpSecret: true },
  });
  let sealed = 0;
  for (const row of plain) {
    if (!row.totpSecret || isSealed(row.totpSecret)) continue;
    const done = await deps.prisma.user.updateMany({
      where: { id: row.id, totpSecret: row.totpSecret },
      data: { totpSecret: sealSeed(deps, row.totpSecret) },
    });
    sealed += done.count;
  }
  if (sealed) deps.log.info('second-factor seeds encrypted', { count: sealed });
  return sealed;
}

// ------------------------------------------------------------- the policy

const POLICY_TTL_MS = 5_000;
const policyCache = new WeakMap<PrismaClient, { value: boolean; at: number }>();

/** True when the owner requires a second factor of every staff member (cached 5 seconds). */
export async function staffSecondFactorRequired(prisma: PrismaClient): Promise<boolean> {
  const cached = policyCache.get(prisma);
  if (cached && Date.now() - cached.at < POLICY_TTL_MS) return cached.value;
  const row = await prisma.securityPolicy.findUnique({ where: { id: 1 } });
  const value = row?.staffTotpRequired ?? false;
  policyCache.set(prisma, { value, at: Date.now() });
  return value;
}

export async function setStaffSecondFactorRequired(
  prisma: PrismaClient,
  required: boolean,
): Promise<void> {
  await prisma.securityPolicy.upsert(settingsRow({ staffTotpRequired: required }));
  policyCache.set(prisma, { value: required, at: Date.now() });
}

/** A staff member's second factor, as their security panel shows it. */
export async function secondFactorStatus(
  prisma: PrismaClient,
  userId: string,
): Promise<SecondFactorStatus> {
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

/** The account's row with its second-factor fields. */
export const secondFactorRecord = (prisma: PrismaClient, userId: string) =>
  prisma.user.findUnique({ where: { id: userId } });

/** Keeps a new secret, not yet in force, sealed. */
export async function storeNewSeed(deps: SeedDeps, userId: string, secret: string): Promise<void> {
  await deps.prisma.user.update({
    where: { id: userId },
    data: { totpSecret: sealSeed(deps, secret) },
  });
}

/** Stores ten new recovery codes (their hashes) with `data`; the answer shows the codes once. */
export async function withNewRecoveryCodes(
  prisma: PrismaClient,
  userId: string,
  data: Prisma.UserUpdateInput = {},
) {
  const { codes, hashes } = newRecoveryCodes();
  await prisma.user.update({ where: { id: userId }, data: { ...data, recoveryCodes: hashes } });
  return { success: true, recoveryCodes: codes };
}

/** Whether the staff member's second factor is on by default (new staff) rather than chosen. */
export async function secondFactorSetUpRequired(prisma: PrismaClient, userId: string) {
  const own = await prisma.user.findUnique({
    where: { id: userId },
    select: { totpSetupRequired: true },
  });
  return Boolean(own?.totpSetupRequired);
}

export async function turnOffSecondFactor(prisma: PrismaClient, userId: string): Promise<void> {
  await prisma.user.update({
    where: { id: userId },
    data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] },
  });
}
