// koa-session's external store on the Session table, so every API process
// behind the proxy sees every session. One query per request reads the
// session and its user together (no second look-up of the user); a role or
// password change is seen at once because nothing is cached.
//
// Lifetimes (docs/security.md, section 3): counted from the login time stored
// in the row, 30 days for customers and 12 hours for staff (admin, owner),
// whatever the cookie says; a staff session also ends after 30 minutes
// without a request, a customer session after 2 days without one (issue 27).
// The last request is written at most once a minute.
//
// The table holds the SHA-256 of the cookie's id (the `sid` column), never
// the id: a copy of the database cannot be replayed as a cookie (issue 27).
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { isStaff } from '@bakery/core';
import { asyncCommitQuery, sqlPool, type Prisma, type PrismaClient } from '@bakery/prisma';
import { coalescePerClient } from '../db/coalesce.js';

/** The session cookie's name (`__Host-` before it when cookies are Secure). */
export const SESSION_COOKIE = 'bakery.sid';

type SessionData = Record<string, unknown>;

const MINUTE = 60_000;
export const SESSION_LIFETIMES = {
  customerMs: 30 * 24 * 60 * MINUTE,
  staffMs: 12 * 60 * MINUTE,
  staffIdleMs: 30 * MINUTE,
  /** A customer (or not signed-in) session without a request for this long has ended. */
  customerIdleMs: 2 * 24 * 60 * MINUTE,
  /** How stale lastSeenAt may be before a request writes it again. */
  touchEveryMs: MINUTE,
};

export const lifetimeOf = (role: string | null | undefined) =>
  isStaff(role) ? SESSION_LIFETIMES.staffMs : SESSION_LIFETIMES.customerMs;

export const idleLimitOf = (role: string | null | undefined) =>
  isStaff(role) ? SESSION_LIFETIMES.staffIdleMs : SESSION_LIFETIMES.customerIdleMs;

/** The stored key of a cookie's session id: its SHA-256, hex (64 characters). */
export const storedSessionKey = (sid: string) => createHash('sha256').update(sid).digest('hex');

/** The user fields an answer shows (sign-in, profile, the owner's user list). */
export const USER_FIELDS = {
  id: true,
  role: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
} as const;

/** The user fields every request needs, read with the session. */
export const SESSION_USER_FIELDS = {
  ...USER_FIELDS,
  totpEnabledAt: true,
  passwordChangeRequired: true,
} as const;

export type SessionUserRow = Prisma.UserGetPayload<{ select: typeof SESSION_USER_FIELDS }>;

/** The signed-in user of a request (the store read it with the session). */
export type SessionUser = Omit<SessionUserRow, 'totpEnabledAt' | 'passwordChangeRequired'> & {
  /** Set when the user has a second factor (staff). */
  totpEnabledAt?: Date | null;
  /** Issue 38: the password was set up for the user (the seeded owner's): changed at first sign-in. */
  passwordChangeRequired?: boolean;
};

/** What the store leaves in ctx.state for the rest of the request. */
export interface SessionRecord {
  /** The public id of this device's session (GET /api/user/sessions). */
  id: string;
  /** The stored key (the `sid` column): the SHA-256 of the cookie's id, never the id. */
  sid: string;
  user: SessionUserRow | null;
}

interface SessionRow {
  id: string;
  sess: SessionData;
  expire: Date;
  createdAt: Date;
  lastSeenAt: Date;
  userId: string | null;
  user: SessionUserRow | null;
}

const SESSION_SQL = `SELECT s."sid", s."id", s."sess", s."expire", s."createdAt", s."lastSeenAt", s."userId",
  CASE WHEN u."id" IS NULL THEN NULL ELSE json_build_object(${Object.keys(SESSION_USER_FIELDS)
    .map((field) => `'${field}', u."${field}"`)
    .join(', ')}) END AS "user"
  FROM "Session" s LEFT JOIN "User" u ON u."id" = s."userId" WHERE s."sid" = ANY($1::text[])`;

/** The sessions of the requests that arrived in one event-loop turn, read together. */
const readSessions = coalescePerClient(async (prisma: PrismaClient, sids: string[]) => {
  // Named, so each pool connection parses and plans it once.
  const { rows } = await sqlPool(prisma).query<SessionRow & { sid: string }>({
    name: 'sessions-with-users',
    text: SESSION_SQL,
    values: [sids],
  });
  const bySid = new Map(rows.map((row) => [row.sid, row]));
  return sids.map((key) => bySid.get(key) ?? null);
});

/**
 * The session `sid` and its user in one statement on the pg pool: this runs
 * on every request, where Prisma's include was two queries and about 1 ms of
 * CPU. Requests arriving together share the statement (coalesce).
 */
async function readSession(prisma: PrismaClient, sid: string): Promise<SessionRow | null> {
  const row = await readSessions(prisma, sid);
  if (!row) return null;
  const user = row.user as (SessionUserRow & { totpEnabledAt: string | null }) | null;
  // JSON carries the timestamp as text.
  const totp = user?.totpEnabledAt;
  return { ...row, user: user && { ...user, totpEnabledAt: totp ? new Date(totp) : null } };
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
      const key = storedSessionKey(sid);
      const row = await readSession(prisma, key);
      if (!row) return undefined;
      const now = Date.now();
      const role = row.user?.role;
      const ended =
        row.expire.getTime() <= now ||
        (row.userId !== null && row.user === null) ||
        now - row.createdAt.getTime() > lifetimeOf(role) ||
        now - row.lastSeenAt.getTime() > idleLimitOf(role);
      if (ended) {
        await prisma.session.deleteMany({ where: { sid: key } });
        return undefined;
      }
      if (now - row.lastSeenAt.getTime() > SESSION_LIFETIMES.touchEveryMs) {
        // Straight to pg and committed without waiting for the disk flush: a
        // drop's buyers all touch their sessions in its first second, and a
        // lost touch only shortens an idle limit by a minute. Both values are
        // made here (a hex digest, an ISO time), so they are written into the text.
        await asyncCommitQuery(
          prisma,
          `UPDATE "Session" SET "lastSeenAt" = '${new Date(now).toISOString()}' WHERE "sid" = '${key}'`,
        );
      }
      if (opts?.ctx) {
        opts.ctx.state.sessionRecord = {
          id: row.id,
          sid: key,
          user: row.user,
        } satisfies SessionRecord;
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
      const key = storedSessionKey(sid);
      const row = await prisma.session.upsert({
        where: { sid: key },
        create: { sid: key, sess: sess as never, expire, userId, userAgent },
        update: { sess: sess as never, expire, userId },
        select: { id: true },
      });
      const state = opts?.ctx?.state as { sessionRecord?: SessionRecord } | undefined;
      if (state && state.sessionRecord?.sid !== key)
        state.sessionRecord = { id: row.id, sid: key, user: null };
    },
    async destroy(sid: string): Promise<void> {
      await prisma.session.deleteMany({ where: { sid: storedSessionKey(sid) } });
    },
  };
}

/** Deletes ended sessions and expired rate-limit windows; run now and then by main.ts. */
export async function purgeExpired(prisma: PrismaClient): Promise<void> {
  const now = new Date();
  // Idle longer than a customer may be: ended whatever the role (staff idle out sooner).
  const idleSince = new Date(now.getTime() - SESSION_LIFETIMES.customerIdleMs);
  await prisma.session.deleteMany({
    where: { OR: [{ expire: { lt: now } }, { lastSeenAt: { lt: idleSince } }] },
  });
  await prisma.rateLimit.deleteMany({ where: { resetAt: { lt: now } } });
}
