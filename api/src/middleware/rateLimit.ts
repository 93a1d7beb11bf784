// Fixed-window counters in the RateLimit table (not in memory), so the limits
// hold across every API process. Sign-in counts failed attempts per e-mail
// and per address; once a limit is reached even the right password waits for
// the window to pass. Forgot-password and order submission count every call.
import type { Context, Next } from 'koa';
import type { PrismaClient } from '@bakery/prisma';
import { tooManyRequests } from './errors.js';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  loginPerEmail: Limit;
  loginPerIp: Limit;
  forgotPerEmail: Limit;
  forgotPerIp: Limit;
  orderPerIp: Limit;
  contactPerIp: Limit;
  confirmPerIp: Limit;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 100, windowMs: 15 * MINUTE },
  forgotPerEmail: { max: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 50, windowMs: 15 * MINUTE },
  orderPerIp: { max: 300, windowMs: 10 * MINUTE },
  contactPerIp: { max: 20, windowMs: 15 * MINUTE },
  // The confirmation page may ask a few times per payment; 60 leaves room.
  confirmPerIp: { max: 60, windowMs: 10 * MINUTE },
};

interface Deps {
  prisma: PrismaClient;
  config: { rateLimits?: Partial<RateLimits> };
}

const limitsOf = (deps: Deps): RateLimits => ({
  ...DEFAULT_RATE_LIMITS,
  ...deps.config.rateLimits,
});

/** Adds one to the key's current window (starting a new one when it has passed); returns the new count. */
export async function hit(prisma: PrismaClient, key: string, windowMs: number): Promise<number> {
  const resetAt = new Date(Date.now() + windowMs);
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count"`;
  return Number(rows[0]?.count ?? 1);
}

/** The count of the key's current window (0 when none is open). */
export async function current(prisma: PrismaClient, key: string): Promise<number> {
  const row = await prisma.rateLimit.findUnique({ where: { key } });
  return row && row.resetAt.getTime() > Date.now() ? row.count : 0;
}

const emailOf = (ctx: Context): string | null => {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  return typeof email === 'string' && email.trim()
    ? email.trim().toLowerCase().slice(0, 255)
    : null;
};

const LOGIN_MESSAGE = 'Too many login attempts. Please try again in a few minutes.';

/** Sign-in (customer and admin): refuses once failures reach the limit; counts 401 answers. */
export function loginRateLimit(deps: Deps) {
  return async function limitLogins(ctx: Context, next: Next) {
    const limits = limitsOf(deps);
    const email = emailOf(ctx);
    const keys: [string, Limit][] = [[`login:ip:${ctx.ip}`, limits.loginPerIp]];
    if (email) keys.push([`login:email:${email}`, limits.loginPerEmail]);
    for (const [key, limit] of keys) {
      if ((await current(deps.prisma, key)) >= limit.max) throw tooManyRequests(LOGIN_MESSAGE);
    }
    try {
      await next();
    } catch (error) {
      if ((error as { status?: number }).status === 401) {
        for (const [key, limit] of keys) await hit(deps.prisma, key, limit.windowMs);
      }
      throw error;
    }
  };
}

/** Counts every call per address (and per e-mail for forgot-password); 429 beyond the limit. */
export function callRateLimit(
  deps: Deps,
  name: 'forgot' | 'order' | 'contact' | 'confirm',
  message: string,
) {
  return async function limitCalls(ctx: Context, next: Next) {
    const limits = limitsOf(deps);
    const perIp = {
      forgot: limits.forgotPerIp,
      order: limits.orderPerIp,
      contact: limits.contactPerIp,
      confirm: limits.confirmPerIp,
    }[name];
    const keys: [string, Limit][] = [[`${name}:ip:${ctx.ip}`, perIp]];
    const email = name === 'forgot' ? emailOf(ctx) : null;
    if (email) keys.push([`forgot:email:${email}`, limits.forgotPerEmail]);
    for (const [key, limit] of keys) {
      if ((await hit(deps.prisma, key, limit.windowMs)) > limit.max) throw tooManyRequests(message);
    }
    await next();
  };
}
