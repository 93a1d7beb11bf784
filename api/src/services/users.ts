// User and role management (the owner's) and the user rows the sign-in and
// profile routes read or write. Password hashes never leave the database:
// every query for the user list selects the fields it shows.
import { isStaff, type Role, type UserView } from '@bakery/core';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import type { Db } from '../db/types.js';
import { USER_FIELDS } from './sessionStore.js';
import { conflict, notFound } from '../errors.js';

const userFields = { ...USER_FIELDS, createdAt: true } as const;

type UserRow = Prisma.UserGetPayload<{ select: typeof userFields }>;
const managedUserView = (user: UserRow): UserView => ({
  ...user,
  role: user.role as Role,
  createdAt: user.createdAt.toISOString(),
});

/** Every account, newest first, as the owner's user list shows it. */
export async function listUsers(prisma: Db): Promise<UserView[]> {
  const users = await prisma.user.findMany({
    select: userFields,
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  return users.map(managedUserView);
}

/**
 * The owner changes a user's role. Role changes are serialised so two owners
 * cannot demote each other at once; the last owner stays an owner, and no one
 * changes their own role. New staff set up a second factor at their first
 * sign-in (issue 27) when `newStaffSecondFactor`, and sign in again.
 */
export async function changeUserRole(
  prisma: PrismaClient,
  input: { userId: string; role: Role; byUserId: string; newStaffSecondFactor: boolean },
): Promise<UserView> {
  const { userId, role } = input;
  const user = await prisma.$transaction(async (tx) => {
    // Serialise role changes so two owners cannot demote each other at once.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('user-roles'))`;
    const target = await tx.user.findUnique({ where: { id: userId }, select: userFields });
    if (!target) throw notFound('User not found');
    // The last-owner rule first: it is the more useful message to a lone owner.
    if (target.role === 'owner' && role !== 'owner') {
      const owners = await tx.user.count({ where: { role: 'owner' } });
      if (owners <= 1) throw conflict('The last owner cannot be demoted');
    }
    if (target.id === input.byUserId) throw conflict('You cannot change your own role');
    if (target.role === role) return target;
    // New staff set up a second factor at their first sign-in (issue 27).
    const promoted = isStaff(role) && !isStaff(target.role);
    const updated = await tx.user.update({
      where: { id: userId },
      data: {
        role,
        ...(promoted && input.newStaffSecondFactor ? { totpSetupRequired: true } : {}),
      },
      select: userFields,
    });
    // New staff sign in again: the staff password rule (12 characters), the
    // second factor and the shorter session lifetime apply from that sign-in.
    if (isStaff(role) && !isStaff(target.role)) await tx.session.deleteMany({ where: { userId } });
    return updated;
  });
  return managedUserView(user);
}

/** One account as the user list shows it, or 404. */
export async function managedUser(prisma: Db, userId: string): Promise<UserView> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: userFields });
  if (!user) throw notFound('User not found');
  return managedUserView(user);
}

/** The whole user row (the second sign-in step checks its second factor), or null. */
export function userById(prisma: Db, userId: string) {
  return prisma.user.findUnique({ where: { id: userId } });
}

/** The profile fields a customer may change; undefined leaves a field as it is. */
export interface ProfileInput {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

/** Saves the signed-in user's own profile (trimmed; an empty phone is none). */
export function updateProfile(prisma: Db, userId: string, input: ProfileInput) {
  const data: ProfileInput = {};
  if (input.firstName !== undefined) data.firstName = input.firstName.trim();
  if (input.lastName !== undefined) data.lastName = input.lastName.trim();
  if (input.phone !== undefined) data.phone = input.phone?.trim() || null;
  return prisma.user.update({ where: { id: userId }, data, select: USER_FIELDS });
}
