// koa-session's external store on the Session table, so every API process
// behind the proxy sees every session. One query per request reads the
// session and its user together (no second look-up of the user); a role or
// password change is seen at once because nothing is cached.
//
// Lifetimes (docs/security.md, section 3): counted from the login time stored
// in the row, 30 days for customers and 12 hours for staff (admin, owner),
// whatever the cookie says; a staff session also ends after 30 minutes
// without a request. The last request is written at most once a minute.
import type { Context } from 'koa';
import { isStaff } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';

type SessionData = Record<string, unknown>;

const MINUTE = 60_000;
export const SESSION_LIFETIMES = {
  customerMs: 30 * 24 * 60 * MINUTE,
  staffMs: 12 * 60 * MINUTE,
  staffIdleMs: 30 * MINUTE,
  /** How stale lastSeenAt may be before a request writes it again. */
  touchEveryMs: MINUTE,
};

export const lifetimeOf = (role: string | null | undefined) =>
  isStaff(role) ? SESSION_LIFETIMES.staffMs : SESSION_LIFETIMES.customerMs;

/** The user fields every request needs, read with the session. */
export const SESSION_USER_FIELDS = {
  id: true,
  role: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  totpEnabledAt: true,
} as const;

/** What the store leaves in ctx.state for the rest of the request. */
export interface SessionRecord {
  /** The public id of this device's session (GET /api/user/sessions). */
  id: string;
  sid: string;
  user: {
    id: string;
    role: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    totpEnabledAt: Date | null;
  } | null;
}

interface StoreOptions {
  ctx?: Context;
}

export function postgresSessionStore(prisma: PrismaClient) {
  return {
    async get(
      sid: string,
      _maxAge?: unknown,
      opts?: StoreOptions,
    ): Promise<SessionData | undefined> {
      const row = await prisma.session.findUnique({
        where: { sid },
        include: { user: { select: SESSION_USER_FIELDS } },
      });
      if (!row) return undefined;
      const now = Date.now();
      const staff = isStaff(row.user?.role);
      const ended =
        row.expire.getTime() <= now ||
        (row.userId !== null && row.user === null) ||
        now - row.createdAt.getTime() > lifetimeOf(row.user?.role) ||
        (staff && now - row.lastSeenAt.getTime() > SESSION_LIFETIMES.staffIdleMs);
      if (ended) {
        await prisma.session.deleteMany({ where: { sid } });
        return undefined;
      }
      if (now - row.lastSeenAt.getTime() > SESSION_LIFETIMES.touchEveryMs) {
        await prisma.session.updateMany({ where: { sid }, data: { lastSeenAt: new Date(now) } });
      }
      if (opts?.ctx) {
        opts.ctx.state.sessionRecord = { id: row.id, sid, user: row.user } satisfies SessionRecord;
      }
      return row.sess as SessionData;
    },
    async set(
      sid: string,
      sess: SessionData,
      maxAge: number | 'session' | undefined,
      opts?: StoreOptions,
    ): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * MINUTE;
      const expire = new Date(Date.now() + ttl);
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      const userAgent = opts?.ctx?.get('user-agent').slice(0, 255) || null;
      const row = await prisma.session.upsert({
        where: { sid },
        create: { sid, sess: sess as never, expire, userId, userAgent },
        update: { sess: sess as never, expire, userId },
        select: { id: true },
      });
      const state = opts?.ctx?.state as { sessionRecord?: SessionRecord } | undefined;
      if (state && state.sessionRecord?.sid !== sid)
        state.sessionRecord = { id: row.id, sid, user: null };
    },
    async destroy(sid: string): Promise<void> {
      await prisma.session.deleteMany({ where: { sid } });
    },
  };
}

/** Deletes expired sessions and rate-limit windows; run now and then by main.ts. */
export async function purgeExpired(prisma: PrismaClient): Promise<void> {
  const now = new Date();
  await prisma.session.deleteMany({ where: { expire: { lt: now } } });
  await prisma.rateLimit.deleteMany({ where: { resetAt: { lt: now } } });
}
