// The reminder before an occurrence's lock (issue 41): at most once per
// occurrence (remindedAt is claimed by one UPDATE, so two runs send one), by
// e-mail, with a one-tap skip link. The link carries a random token; only its
// SHA-256 is stored. It works once (the row turns "skipped"), and only until
// the lock; an expired or reused link is refused with a message.
import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  bakeryToday,
  formatCents,
  formatLockTime,
  formatLongDate,
  occurrenceLock,
  STANDING_MESSAGES,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { badRequest } from '../../errors.js';
import { centsOf } from '../../db/money.js';
import type { BookingDeps } from './booking.js';
import { skipDate } from './customer.js';
import { standingSettings } from './record.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sends the reminders due at `now`; the number sent. */
export async function sendStandingReminders(deps: BookingDeps, now = new Date()): Promise<number> {
  const { prisma } = deps;
  const { reminderHours } = await standingSettings(prisma);
  const today = bakeryToday(now);
  // Lock hours are at most a few days: a week ahead covers every reminder due now.
  const candidates = await prisma.standingOccurrence.findMany({
    where: {
      state: 'ordered',
      remindedAt: null,
      date: { gt: today, lte: addDays(today, 8 + Math.ceil(reminderHours / 24)) },
    },
    take: 2000,
  });
  const orders = await prisma.order.findMany({
    where: { id: { in: candidates.flatMap((c) => (c.orderId ? [c.orderId] : [])) } },
    select: {
      id: true,
      pickupTime: true,
      customerEmail: true,
      customerPhone: true,
      items: true,
      total: true,
      paymentStatus: true,
    },
  });
  const byId = new Map(orders.map((o) => [o.id, o]));
  let sent = 0;
  for (const occurrence of candidates) {
    const order = occurrence.orderId ? byId.get(occurrence.orderId) : undefined;
    if (!order || order.paymentStatus === 'cancelled') continue;
    const lockAt = occurrenceLock(occurrence.date, order.pickupTime);
    const remindAt = lockAt.getTime() - reminderHours * 3_600_000;
    if (now.getTime() < remindAt || now >= lockAt) continue;
    const token = randomBytes(24).toString('base64url');
    const claimed = await prisma.standingOccurrence.updateMany({
      where: {
        standingOrderId: occurrence.standingOrderId,
        date: occurrence.date,
        remindedAt: null,
      },
      data: { remindedAt: now, skipTokenHash: hashOf(token) },
    });
    if (claimed.count === 0) continue;
    const lines = (Array.isArray(order.items) ? order.items : []) as {
      name?: string;
      quantity?: number;
    }[];
    await deps.notifications.standingReminder?.(
      order.customerEmail,
      {
        date: formatLongDate(occurrence.date),
        items: lines.map((l) => `${l.quantity ?? 1} × ${l.name ?? ''}`).join(', '),
        lockAt: formatLockTime(lockAt),
        total: formatCents(centsOf(order.total)),
        phone: order.customerPhone,
      },
      token,
    );
    sent += 1;
  }
  return sent;
}

/** The occurrence a skip link names, checked: 400 invalid_link with why it cannot be used. */
async function linkedOccurrence(prisma: PrismaClient, token: string, now: Date) {
  const occurrence = await prisma.standingOccurrence.findUnique({
    where: { skipTokenHash: hashOf(token) },
    include: { standingOrder: true },
  });
  if (!occurrence) throw badRequest(STANDING_MESSAGES.linkInvalid, {}, 'invalid_link');
  if (occurrence.state === 'skipped')
    throw badRequest(STANDING_MESSAGES.linkUsed, {}, 'invalid_link');
  const order = occurrence.orderId
    ? await prisma.order.findUnique({
        where: { id: occurrence.orderId },
        select: { pickupTime: true, items: true, paymentStatus: true },
      })
    : null;
  if (occurrence.state !== 'ordered' || !order || order.paymentStatus === 'cancelled')
    throw badRequest(STANDING_MESSAGES.linkUsed, {}, 'invalid_link');
  const lockAt = occurrenceLock(occurrence.date, order.pickupTime);
  if (now >= lockAt) throw badRequest(STANDING_MESSAGES.linkExpired, {}, 'invalid_link');
  return { occurrence, order, lockAt };
}

/** What the confirmation page shows before the POST. */
export async function readSkipLink(prisma: PrismaClient, token: string, now = new Date()) {
  const { occurrence, order, lockAt } = await linkedOccurrence(prisma, token, now);
  const lines = (Array.isArray(order.items) ? order.items : []) as {
    name?: string;
    quantity?: number;
  }[];
  return {
    date: occurrence.date,
    standingOrderId: occurrence.standingOrderId,
    items: lines.map((l) => `${l.quantity ?? 1} × ${l.name ?? ''}`).join(', '),
    lockAt: lockAt.toISOString(),
  };
}

/** The link's POST: skips the date once (its units given back), until the lock. */
export async function useSkipLink(deps: BookingDeps, token: string, now = new Date()) {
  const { prisma } = deps;
  const date = await prisma.$transaction(async (tx) => {
    const found = await tx.standingOccurrence.findUnique({
      where: { skipTokenHash: hashOf(token) },
      select: { standingOrderId: true },
    });
    if (found)
      await tx.$queryRaw`SELECT 1 FROM "StandingOrder" WHERE "id" = ${found.standingOrderId}::uuid FOR UPDATE`;
    const { occurrence } = await linkedOccurrence(tx as unknown as PrismaClient, token, now);
    const row = occurrence.standingOrder;
    const user = await tx.user.findUnique({ where: { id: row.userId }, select: { email: true } });
    await skipDate(tx, row, occurrence.date, { id: row.userId, email: user?.email ?? '' }, now);
    // The token stays: the state "skipped" is what tells a reuse apart.
    return occurrence.date;
  });
  return {
    success: true as const,
    message: `Skipped: nothing will be baked for you on ${formatLongDate(date)}.`,
  };
}
