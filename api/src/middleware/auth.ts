// Who is asking. The session holds only the user id (and the admin flag); the
// user, and above all the role, is read from the database on every request,
// so a demotion or a deleted account takes effect at once.
import type { Context, Next } from 'koa';
import { can, isStaff, leastRoleWith, type Permission } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { forbidden, unauthorized } from './errors.js';

export const USER_FIELDS = {
  id: true,
  role: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
} as const;

export interface SessionUser {
  id: string;
  role: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

interface BakerySession {
  userId?: string;
  admin?: boolean;
  regenerate(): Promise<void> | undefined;
  toJSON(): Record<string, unknown>;
  [key: string]: unknown;
}

const sessionOf = (ctx: Context) => (ctx as Context & { session: BakerySession | null }).session;

/** Puts the signed-in user (or nothing) in ctx.state.user. */
export function loadUser(prisma: PrismaClient) {
  return async function userLoader(ctx: Context, next: Next) {
    const session = sessionOf(ctx);
    const userId = session?.userId;
    if (userId) {
      const user = await prisma.user.findUnique({ where: { id: userId }, select: USER_FIELDS });
      if (user) ctx.state.user = user satisfies SessionUser;
      else (ctx as Context & { session: null }).session = null; // the account is gone
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

function checkStaff(ctx: Context): SessionUser {
  const user = currentUser(ctx);
  if (!user) throw unauthorized('Not authenticated');
  if (!isStaff(user.role as never)) throw forbidden('Admin access required');
  if (sessionOf(ctx)?.admin !== true)
    throw unauthorized('Admin session required', 'admin_session_required');
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

/** Starts a signed-in session under a new session id (no fixation). */
export async function signIn(ctx: Context, user: { id: string }) {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware missing');
  for (const key of Object.keys(session.toJSON())) delete session[key];
  session.userId = user.id;
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
