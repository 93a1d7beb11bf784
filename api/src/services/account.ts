// A customer's own account: the signed-in devices, the data export and the
// deletion that keeps the orders for the books without the person (issue 15).
import type { SessionView } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { conflict, notFound } from '../errors.js';
import { lifetimeOf } from './sessionStore.js';

export const ACCOUNT_DELETED = 'Your account has been deleted.';
export const OPEN_ORDERS =
  'You have orders in progress. Your account can be deleted once they are complete or cancelled.';

/** The name and e-mail left on the orders of a deleted account (kept for the books). */
export const DELETED_CUSTOMER = { name: 'Deleted customer', email: 'deleted-account@invalid' };

interface Me {
  id: string;
  role: string;
  email: string;
}

/** The stored password hash, for the current-password check. */
export async function passwordHashOf(prisma: PrismaClient, userId: string) {
  const stored = await prisma.user.findUnique({
    where: { id: userId },
    select: { password: true },
  });
  return stored?.password ?? null;
}

/** The account's live sessions, newest use first; `currentId` is this request's. */
export async function signedInDevices(
  prisma: PrismaClient,
  me: Me,
  currentId: string | undefined,
): Promise<SessionView[]> {
  const since = new Date(Date.now() - lifetimeOf(me.role));
  const rows = await prisma.session.findMany({
    where: { userId: me.id, expire: { gt: new Date() }, createdAt: { gt: since } },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
    select: { id: true, createdAt: true, lastSeenAt: true, userAgent: true },
  });
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    current: row.id === currentId,
  }));
}

/** Ends one of the account's own sessions; another account's is "not found". */
export async function endDevice(prisma: PrismaClient, me: Me, sessionId: string): Promise<void> {
  const ended = await prisma.session.deleteMany({ where: { id: sessionId, userId: me.id } });
  if (ended.count === 0) throw notFound('Session not found');
}

/** Everything the shop holds about the account, as one JSON document. */
export async function accountExport(prisma: PrismaClient, userId: string) {
  const [account, orders, reviews, sessions] = await Promise.all([
    prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        phone: true,
        role: true,
        createdAt: true,
        updatedAt: true,
        passwordChangedAt: true,
        totpEnabledAt: true,
      },
    }),
    prisma.order.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      omit: { idempotencyKey: true, squarePaymentLinkId: true },
      include: { history: { select: { at: true, field: true, from: true, to: true } } },
    }),
    prisma.review.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: {
        id: true,
        rating: true,
        title: true,
        comment: true,
        isApproved: true,
        createdAt: true,
      },
    }),
    prisma.session.findMany({
      where: { userId },
      select: { createdAt: true, lastSeenAt: true, userAgent: true },
    }),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    orders,
    reviews,
    signedInDevices: sessions,
  };
}

/**
 * Deletes the account once no order is in progress. Orders stay for the
 * books (amounts, dates, items, tax) without the person.
 */
export async function deleteAccount(prisma: PrismaClient, me: Me): Promise<void> {
  const open = await prisma.order.count({
    where: { userId: me.id, orderStatus: 'in progress', paymentStatus: { not: 'cancelled' } },
  });
  if (open > 0) throw conflict(OPEN_ORDERS);
  await prisma.$transaction(async (tx) => {
    await tx.order.updateMany({
      where: { userId: me.id },
      data: {
        userId: null,
        customerName: DELETED_CUSTOMER.name,
        customerEmail: DELETED_CUSTOMER.email,
        customerPhone: null,
        specialInstructions: null,
        cakeWriting: null,
        deliveryAddress: null,
        deliveryInstructions: null,
      },
    });
    await tx.review.deleteMany({ where: { userId: me.id } });
    await tx.contactMessage.deleteMany({ where: { email: me.email } });
    await tx.outboundMail.deleteMany({ where: { to: me.email } });
    // Sessions and reset tokens go with the user (foreign keys cascade).
    await tx.user.delete({ where: { id: me.id } });
  });
}
