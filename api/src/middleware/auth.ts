// Who is asking. The session holds the user id (and the admin flag); the
// session store reads the user, above all the role, with the session in one
// query on every request (services/sessionStore.ts), so a demotion or a
// deleted account takes effect at once.
import type { Context, Next } from 'koa';
import { can, isStaff, leastRoleWith, type Permission } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { forbidden, HttpError, unauthorized } from './errors.js';
import {
  lifetimeOf,
  SESSION_USER_FIELDS,
  USER_FIELDS,
  type SessionRecord,
  type SessionUser,
} from '../services/sessionStore.js';
import { staffSecondFactorRequired } from '../services/secondFactor.js';

export { USER_FIELDS };

export type { SessionUser } from '../services/sessionStore.js';

export interface BakerySession {
  userId?: string;
  admin?: boolean;
  /** The second factor was checked in this session. */
  secondFactor?: boolean;
  /** A staff member signed in with a password too weak for staff (under 12 characters). */
  weakStaffPassword?: boolean;
  /** Password accepted, second factor awaited (admin login, 5 minutes). */
  pendingUserId?: string;
  pendingAt?: number;
  maxAge: number;
  regenerate(): Promise<void> | undefined;
  toJSON(): Record<string, unknown>;
  [key: string]: unknown;
}

export const sessionOf = (ctx: Context) =>
  (ctx as Context & { session: BakerySession | null }).session;

/** The store's record of this request's session (id, sid), if it has one. */
export const sessionRecordOf = (ctx: Context) =>
  ctx.state.sessionRecord as SessionRecord | undefined;

/** Puts the signed-in user (or nothing) in ctx.state.user. */
export function loadUser(prisma: PrismaClient) {
  return async function userLoader(ctx: Context, next: Next) {
    const session = sessionOf(ctx);
    const userId = session?.userId;
    if (userId) {
      const record = sessionRecordOf(ctx);
      // The store read the user with the session; another store falls back to a query.
      const user =
        record && record.user?.id === userId
          ? record.user
          : await prisma.user.findUnique({ where: { id: userId }, select: SESSION_USER_FIELDS });
      if (user) {
        ctx.state.user = user satisfies SessionUser;
        // Required by the owner's policy, or on by default for this new staff member (issue 27).
        if (isStaff(user.role) && !user.totpEnabledAt)
          ctx.state.secondFactorSetupRequired =
            (await staffSecondFactorRequired(prisma)) ||
            Boolean(
              (
                await prisma.user.findUnique({
                  where: { id: user.id },
                  select: { totpSetupRequired: true },
                })
              )?.totpSetupRequired,
            );
      } else (ctx as Context & { session: null }).session = null; // the account is gone
    }
    await next();
  };
}

export const currentUser = (ctx: Context): SessionUser | undefined =>
  ctx.state.user as SessionUser | undefined;

export async function requireUser(ctx: Context, next: Next) {
  if (!currentUser(ctx)) throw unauthorized('Not authenticated');
  await next();
}

/** Staff routes a staff member may use before the second factor the owner requires is set up (and before a first password is changed). */
const SETUP_PATHS = /^\/api\/admin\/(me|security-policy|second-factor(\/.*)?)$/;

/** Issue 38: the refusal of back-office calls until the password set up for the user is changed. */
export const FIRST_PASSWORD_MESSAGE =
  'Please choose your own password first: the one you signed in with was set up for you (Account → Your password).';

function checkStaff(ctx: Context): SessionUser {
  const user = currentUser(ctx);
  if (!user) throw unauthorized('Not authenticated');
  if (!isStaff(user.role as never)) throw forbidden('Admin access required');
  const session = sessionOf(ctx);
  if (session?.admin !== true)
    throw unauthorized('Admin session required', 'admin_session_required');
  if (user.totpEnabledAt && session.secondFactor !== true)
    throw unauthorized('Enter the code from your authenticator app', 'second_factor_required');
  // Issue 38: the seeded owner's password (the password route is not under /api/admin).
  if (user.passwordChangeRequired === true && !SETUP_PATHS.test(ctx.path))
    throw new HttpError(403, FIRST_PASSWORD_MESSAGE, {}, 'password_change_required');
  if (ctx.state.secondFactorSetupRequired === true && !SETUP_PATHS.test(ctx.path))
    throw new HttpError(
      403,
      'Staff accounts sign in with a second factor. Please set up your authenticator app first (Two-step sign-in).',
      {},
      'second_factor_setup_required',
    );
  return user;
}

/**
 * A staff route: an admin session whose role has `permission` in core's
 * permission table (roles.ts). Every /api/admin route goes through this.
 */
export function requirePermission(permission: Permission) {
  const refusal =
    leastRoleWith(permission) === 'owner' ? 'Owner access required' : 'Admin access required';
  return async function checkPermission(ctx: Context, next: Next) {
    if (!can(checkStaff(ctx).role, permission)) throw forbidden(refusal);
    await next();
  };
}

/** Any staff member with a dashboard session. */
export const requireStaff = requirePermission('useDashboard');

/** Starts a signed-in session under a new session id (no fixation), timed by the user's role. */
export async function signIn(ctx: Context, user: { id: string; role?: string }) {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware missing');
  for (const key of Object.keys(session.toJSON())) delete session[key];
  session.userId = user.id;
  // The cookie lasts as long as the session may (the store enforces it either way).
  session.maxAge = lifetimeOf(user.role);
  await session.regenerate();
  ctx.state.user = undefined;
}

/** Marks the session as an admin session (the caller has checked the role). */
export async function startAdminSession(ctx: Context) {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware missing');
  session.admin = true;
}

export function signOut(ctx: Context) {
  (ctx as Context & { session: null }).session = null;
  ctx.state.user = undefined;
}

/**
 * `Cache-Control: no-store` on every answer to a signed-in request (and on the
 * answer that signs in or out): personal data never rests in a browser's or a
 * proxy's cache. Applies to the API and to HTML pages; built assets keep theirs.
 */
export async function noStoreWhenSignedIn(ctx: Context, next: Next) {
  const signedIn = Boolean(ctx.state.user);
  try {
    await next();
  } finally {
    // Also on refusals: the error middleware outside keeps the header.
    const session = sessionOf(ctx);
    const personal = signedIn || Boolean(session?.userId || session?.pendingUserId);
    if (personal && (ctx.path.startsWith('/api/') || ctx.response.is('html')))
      ctx.set('Cache-Control', 'no-store');
  }
}
