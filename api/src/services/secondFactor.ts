// The staff second factor (docs/security.md, section 4): RFC 6238 TOTP with
// the otpauth package (SHA-1, 6 digits, 30 seconds: what every authenticator
// app reads from the QR code), a window of one step either side, each step
// accepted once; and ten single-use recovery codes stored as SHA-256 hashes.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { BAKERY_INFO } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';

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

/**
 * Checks a code of a user whose second factor is set up: a TOTP code not used
 * before (its step is claimed atomically), or an unused recovery code (taken
 * off the list atomically). Returns how it was accepted, or null.
 */
export async function checkSecondFactor(
  prisma: PrismaClient,
  user: { id: string; email: string; totpSecret: string | null },
  rawCode: string,
): Promise<'totp' | 'recovery' | null> {
  const code = rawCode.trim();
  if (!user.totpSecret) return null;
  const step = totpStep(user.totpSecret, user.email, code.replace(/\s/g, ''));
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
  await prisma.securityPolicy.upsert({
    where: { id: 1 },
    create: { id: 1, staffTotpRequired: required },
    update: { staffTotpRequired: required },
  });
  policyCache.set(prisma, { value: required, at: Date.now() });
}
