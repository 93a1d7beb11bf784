// Counters in the RateLimit table (not in memory), so the limits hold across
// every API process (docs/security.md, section 5). Every key is stored as a
// SHA-256 hash: fixed length, whatever the e-mail or address. Every attempt is
// counted before it is evaluated, in one atomic statement, so parallel
// requests cannot slip past a limit.
//
// Sign-in: per address (every attempt), per e-mail and address (a growing
// delay after 5 failures: 1, 2, 4 ... 60 minutes) and per e-mail from any
// address (the same growing delay after 10 failures), except for a browser
// that signed in to that account before (a signed "known device" cookie), so
// a stranger can slow down guessing on an account but never lock its owner
// out of their own devices. A correct password clears the e-mail-and-address
// counter.
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import { asyncCommitQuery, type PrismaClient } from '@bakery/prisma';
import type { Logger } from '../services/contracts.js';
import { tooManyRequests } from './errors.js';
import { coalescePerClient } from '../db/coalesce.js';
import { clientIp } from '../clientAddress.js';
import { logSecurityEvent } from '../services/securityLog.js';
export type { Limit, LockoutLimit, RateLimits } from '../settings.js';
import type { Limit, LockoutLimit, RateLimits } from '../settings.js';

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerEmail: {
    max: 10,
    windowMs: 15 * MINUTE,
    baseDelayMs: 5 * MINUTE,
    maxDelayMs: 60 * MINUTE,
  },
  loginPerEmailAndIp: {
    max: 5,
    windowMs: 15 * MINUTE,
    baseDelayMs: MINUTE,
    maxDelayMs: 60 * MINUTE,
  },
  loginPerIp: { max: 100, windowMs: 15 * MINUTE },
  secondFactorPerUser: { max: 10, windowMs: 15 * MINUTE },
  secondFactorPerSession: { max: 5, windowMs: 15 * MINUTE },
  loginFailuresAll: { max: 100, windowMs: MINUTE },
  signupPerIp: { max: 10, windowMs: 60 * MINUTE },
  forgotPerEmail: { max: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 50, windowMs: 15 * MINUTE },
  orderPerIp: { max: 300, windowMs: 10 * MINUTE },
  contactPerIp: { max: 20, windowMs: 15 * MINUTE },
  // The confirmation page may ask a few times per payment; 60 leaves room.
  confirmPerIp: { max: 60, windowMs: 10 * MINUTE },
  // Issue 39. The order page asks for a hold again each time the cart
  // changes: 30 in 10 minutes is a busy customer; an address (a household,
  // an office behind one router) gets ten times that.
  holdPerUser: { max: 30, windowMs: 10 * MINUTE },
  holdPerIp: { max: 300, windowMs: 10 * MINUTE },
  // "Tell me when it opens": a person asks once or twice per drop.
  notifyPerIp: { max: 10, windowMs: 60 * MINUTE },
  notifyPerDrop: { max: 500, windowMs: 60 * MINUTE },
  // Self-service changes: a customer edits a few times, not dozens.
  selfServicePerUser: { max: 20, windowMs: 60 * MINUTE },
};

interface Deps {
  prisma: PrismaClient;
  log?: Logger;
  config: { rateLimits?: Partial<RateLimits>; production?: boolean; secureCookies?: boolean };
}

/** The defaults, each overridden field by field (tests set small ones). */
export function limitsOf(deps: Deps): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS } as Record<string, Limit>;
  for (const [name, limit] of Object.entries(deps.config.rateLimits ?? {}))
    if (limit) limits[name] = { ...limits[name], ...limit } as Limit;
  return limits as unknown as RateLimits;
}

/** The stored key: a SHA-256 hash, 64 characters whatever the input. */
export const limitKey = (key: string) => createHash('sha256').update(key).digest('hex');

const upsertCounts = (rows: readonly { key: string; resetAt: Date; count: number }[]) => `
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES ${rows
      .map(({ key, resetAt, count }) => `('${key}', ${count}, '${resetAt.toISOString()}')`)
      .join(', ')}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."count" ELSE "RateLimit"."count" + EXCLUDED."count" END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "key", "count"`;

type Counted = { key: string; resetAt: Date }[];

/**
 * The calls of one event-loop turn counted in one statement (coalesce): a
 * key named by n calls adds n, and the calls get its counts in their order
 * (the first of them the count before the others').
 */
const countTogether = coalescePerClient(async (prisma: PrismaClient, calls: Counted[]) => {
  const totals = new Map<string, { key: string; resetAt: Date; count: number }>();
  for (const rows of calls)
    for (const row of rows) {
      const total = totals.get(row.key);
      if (total) total.count += 1;
      else totals.set(row.key, { ...row, count: 1 });
    }
  // Both values are made here (a hex digest, an ISO time), so they are written into the text.
  // In key order: two turns' statements naming the same keys lock their rows
  // in one order, so they can never wait on each other in a circle.
  const counted = await asyncCommitQuery<{ key: string; count: number }>(
    prisma,
    upsertCounts([...totals.values()].sort((a, b) => (a.key < b.key ? -1 : 1))),
  );
  const next = new Map(
    counted.map((row) => [row.key, Number(row.count) - totals.get(row.key)!.count + 1]),
  );
  return calls.map((rows) =>
    rows.map((row) => {
      const count = next.get(row.key) ?? 1;
      next.set(row.key, count + 1);
      return count;
    }),
  );
});

/**
 * Adds one to each key's current window (starting a new one when it has
 * passed); returns the new counts, in the keys' order. One round trip on the
 * pg pool whatever the number of keys (and for every call of the same
 * event-loop turn), committed asynchronously: a counter may lose its last
 * increments in a crash, and in exchange it does not wait for a disk flush
 * (every order request counts one; the flushes per second are this
 * machine's ceiling for orders).
 */
export async function hitAll(
  prisma: PrismaClient,
  keys: readonly { key: string; windowMs: number }[],
): Promise<number[]> {
  const now = Date.now();
  const rows = keys.map(({ key, windowMs }) => ({
    key: limitKey(key),
    resetAt: new Date(now + windowMs),
  }));
  // A key named twice by one call counts once for it.
  const distinct = [...new Map(rows.map((row) => [row.key, row])).values()];
  const counts = await countTogether(prisma, distinct);
  const byKey = new Map(distinct.map((row, i) => [row.key, counts[i]!]));
  return rows.map((row) => byKey.get(row.key) ?? 1);
}

/** Adds one to the key's current window; returns the new count (see hitAll). */
export async function hit(prisma: PrismaClient, key: string, windowMs: number): Promise<number> {
  return (await hitAll(prisma, [{ key, windowMs }]))[0]!;
}

/** The count of the key's current window (0 when none is open). */
export async function current(prisma: PrismaClient, key: string): Promise<number> {
  const row = await prisma.rateLimit.findUnique({ where: { key: limitKey(key) } });
  return row && row.resetAt.getTime() > Date.now() ? row.count : 0;
}

/** Forgets the key's window. */
export async function clear(prisma: PrismaClient, key: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key: limitKey(key) } });
}

/**
 * Counts an attempt against a lockout limit; true when it may be evaluated.
 * The first refusal of a window starts a delay that doubles with each
 * lockout of the last 24 hours (counted under `<key>:strikes`).
 */
export async function lockoutAttempt(
  prisma: PrismaClient,
  key: string,
  limit: LockoutLimit,
): Promise<boolean> {
  const count = await hit(prisma, key, limit.windowMs);
  if (count <= limit.max) return true;
  if (count === limit.max + 1) {
    const strikes = await hit(prisma, `${key}:strikes`, 24 * 60 * MINUTE);
    const base = limit.baseDelayMs ?? limit.windowMs;
    const delay = Math.min(limit.maxDelayMs ?? 60 * MINUTE, base * 2 ** Math.min(strikes - 1, 20));
    await prisma.rateLimit.updateMany({
      where: { key: limitKey(key) },
      data: { resetAt: new Date(Date.now() + delay) },
    });
  }
  return false;
}

const emailOf = (ctx: Context): string | null => {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};

// ------------------------------------------------------------ known devices

// The cookie holds this browser's random id and a tag per account it signed
// in to (up to five), signed with the app's keys: `<id>.<tag>.<tag>...`.
const KNOWN_DEVICES = 'bakery.known';
const KNOWN_DEVICES_MAX = 5;
const deviceTag = (email: string) => limitKey(`device:${email}`).slice(0, 16);
const knownCookie = (deps: Deps) =>
  (deps.config.secureCookies ?? deps.config.production) ? `__Host-${KNOWN_DEVICES}` : KNOWN_DEVICES;

function knownDevice(ctx: Context, deps: Deps): { id: string | null; tags: string[] } {
  const value = ctx.cookies.get(knownCookie(deps), { signed: true });
  const parts = value ? value.split('.') : [];
  return {
    id: parts.find((part) => /^[0-9a-f]{32}$/.test(part)) ?? null,
    tags: parts.filter((tag) => /^[0-9a-f]{16}$/.test(tag)),
  };
}

/** True when this browser has signed in to the account of `email` before. */
export const isKnownDevice = (ctx: Context, deps: Deps, email: string) =>
  knownDevice(ctx, deps).tags.includes(deviceTag(email.trim().toLowerCase()));

/** This browser's id when it signed in to the account of `email` before, else null. */
function knownDeviceId(ctx: Context, deps: Deps, email: string): string | null {
  const device = knownDevice(ctx, deps);
  return device.tags.includes(deviceTag(email)) ? (device.id ?? deviceTag(email)) : null;
}

/** Remembers (signed, for a year) that this browser signed in to the account of `email`. */
export function rememberDevice(ctx: Context, deps: Deps, email: string) {
  const tag = deviceTag(email.trim().toLowerCase());
  const device = knownDevice(ctx, deps);
  const id = device.id ?? randomBytes(16).toString('hex');
  const tags = [tag, ...device.tags.filter((t) => t !== tag)].slice(0, KNOWN_DEVICES_MAX);
  ctx.cookies.set(knownCookie(deps), [id, ...tags].join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    // Secure follows the scheme of PUBLIC_URL (production also runs on plain http://localhost).
    secure: Boolean(deps.config.secureCookies ?? deps.config.production),
    path: '/',
    maxAge: 365 * 24 * 60 * MINUTE,
  });
}

// ------------------------------------------------------------------ sign-in

const LOGIN_MESSAGE = 'Too many login attempts. Please try again in a few minutes.';
export const GLOBAL_LOGIN_MESSAGE =
  'Too many failed sign-ins at the shop right now. Please try again in a minute.';
const GLOBAL_FAILURES_KEY = 'login:failures:all';

/** The account id of an e-mail, for the log (never the e-mail itself). */
export async function accountIdOf(
  prisma: PrismaClient,
  email: string | null,
): Promise<string | null> {
  if (!email) return null;
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true },
  });
  return user?.id ?? null;
}

/**
 * Sign-in (customer and admin). Counts the attempt under every key before the
 * password is checked. A route that accepts the password sets
 * `ctx.state.passwordAccepted` (clears the e-mail-and-address counter, takes
 * the attempt off the e-mail's counter) and, once the person is signed in
 * (after the second factor, if any), `ctx.state.signedIn` (remembers the
 * device); one that refuses it sets `ctx.state.passwordRejected`, which
 * counts towards the shop-wide failure rate.
 *
 * A known device (this browser signed in to the account before) is counted
 * under its own id instead of the address and the e-mail, and is not held
 * back by the shop-wide rate: a stranger's guesses never lock it out.
 */
export function loginRateLimit(deps: Deps) {
  return async function limitLogins(ctx: Context, next: Next) {
    const limits = limitsOf(deps);
    const { prisma } = deps;
    const email = emailOf(ctx);
    const refuse = async (lock: string, message = LOGIN_MESSAGE) => {
      logSecurityEvent(ctx, deps, 'warn', 'login refused: too many attempts', {
        lock,
        userId: await accountIdOf(prisma, email),
      });
      return tooManyRequests(message);
    };
    if (
      (await hit(prisma, `login:ip:${clientIp(ctx)}`, limits.loginPerIp.windowMs)) >
      limits.loginPerIp.max
    )
      throw await refuse('address');
    const deviceId = email ? knownDeviceId(ctx, deps, email) : null;
    if (!deviceId && (await current(prisma, GLOBAL_FAILURES_KEY)) >= limits.loginFailuresAll.max)
      throw await refuse('shop-wide', GLOBAL_LOGIN_MESSAGE);
    // A known device's own count stands in for the address's: strangers cannot touch it.
    const pairKey = deviceId
      ? `login:device:${deviceId}:${email}`
      : `login:pair:${email}:${clientIp(ctx)}`;
    const emailKey = `login:email:${email}`;
    const countsForEmail = email !== null && !deviceId;
    if (email) {
      if (!(await lockoutAttempt(prisma, pairKey, limits.loginPerEmailAndIp)))
        throw await refuse(deviceId ? 'device' : 'account-and-address');
      if (countsForEmail && !(await lockoutAttempt(prisma, emailKey, limits.loginPerEmail)))
        throw await refuse('account');
    }
    try {
      await next();
    } finally {
      if (ctx.state.passwordRejected === true)
        await hit(prisma, GLOBAL_FAILURES_KEY, limits.loginFailuresAll.windowMs);
      if (email && ctx.state.passwordAccepted === true) {
        await clear(prisma, pairKey);
        if (countsForEmail)
          await prisma.$executeRaw`UPDATE "RateLimit" SET "count" = GREATEST("count" - 1, 0)
            WHERE "key" = ${limitKey(emailKey)}`;
      }
      if (email && ctx.state.signedIn === true) rememberDevice(ctx, deps, email);
    }
  };
}

/**
 * Second-factor codes: every attempt counted before it is checked, per
 * session (5 per 15 minutes: then sign in again) and per account (10 per 15
 * minutes). A browser that signed in to the account before counts under its
 * own id instead of the account, so a stranger who knows the password cannot
 * lock the staff member out of their own device. Returns what to call once
 * the code was right (it clears the counts).
 */
export async function secondFactorAttempt(
  deps: Deps,
  ctx: Context,
  user: { id: string; email: string },
): Promise<() => Promise<void>> {
  const limits = limitsOf(deps);
  const session = ctx.state.sessionRecord as { id?: string } | undefined;
  const deviceId = knownDeviceId(ctx, deps, user.email.toLowerCase());
  const keys: [string, Limit, string][] = [
    [
      `2fa:session:${session?.id ?? `ip:${clientIp(ctx)}`}`,
      limits.secondFactorPerSession,
      'session',
    ],
    [
      deviceId ? `2fa:device:${deviceId}:${user.id}` : `2fa:user:${user.id}`,
      limits.secondFactorPerUser,
      deviceId ? 'device' : 'account',
    ],
  ];
  for (const [key, limit, lock] of keys)
    if ((await hit(deps.prisma, key, limit.windowMs)) > limit.max) {
      logSecurityEvent(ctx, deps, 'warn', 'second factor refused: too many codes', {
        lock,
        userId: user.id,
      });
      throw tooManyRequests('Too many codes tried. Please wait a few minutes and sign in again.');
    }
  return async () => {
    for (const [key] of keys) await clear(deps.prisma, key);
  };
}

/**
 * Counts a call under each key (one round trip for all) and answers 429 with
 * `message` once any key's window is over its limit (issue 39: holds per
 * account and per address, notify per address and per drop, self-service
 * changes per account).
 */
export async function countCalls(
  deps: Deps,
  keys: readonly (readonly [string, Limit])[],
  message: string,
): Promise<void> {
  // Every key in one statement: a call counts against each of its limits.
  const counts = await hitAll(
    deps.prisma,
    keys.map(([key, limit]) => ({ key, windowMs: limit.windowMs })),
  );
  if (counts.some((count, i) => count > keys[i]![1].max)) throw tooManyRequests(message);
}

/** Counts every call per address (and per e-mail for forgot-password); 429 beyond the limit. */
export function callRateLimit(
  deps: Deps,
  name: 'forgot' | 'order' | 'contact' | 'confirm' | 'signup',
  message: string,
) {
  return async function limitCalls(ctx: Context, next: Next) {
    const limits = limitsOf(deps);
    const perIp = {
      forgot: limits.forgotPerIp,
      order: limits.orderPerIp,
      contact: limits.contactPerIp,
      confirm: limits.confirmPerIp,
      signup: limits.signupPerIp,
    }[name];
    const keys: [string, Limit][] = [[`${name}:ip:${clientIp(ctx)}`, perIp]];
    const email = name === 'forgot' ? emailOf(ctx) : null;
    if (email) keys.push([`forgot:email:${email}`, limits.forgotPerEmail]);
    for (const [key, limit] of keys) {
      if ((await hit(deps.prisma, key, limit.windowMs)) > limit.max) throw tooManyRequests(message);
    }
    await next();
  };
}
