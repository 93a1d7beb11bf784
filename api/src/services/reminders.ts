// The day-before reminder (issue 23): every open order due tomorrow gets one
// e-mail. Each sweep claims its orders and queues their mails in ONE
// transaction ("reminderSentAt" set with the mail row's INSERT), so a reminder
// goes out at most once, whichever process sweeps and however often it
// restarts; FOR UPDATE SKIP LOCKED lets several API processes sweep at once.
import { addDays, bakeryToday, OPEN_FULFILLMENT_STATUSES, type WindowShape } from '@bakery/core';
// Cancelled and handed-over orders get no reminder (core's open states).
import type { Prisma, PrismaClient } from '@bakery/prisma';
import type { StoredOrder } from './mail/messages.js';
import { loadWindows } from './kitchen/windows.js';

export interface ReminderMail {
  reminderRow(
    order: StoredOrder,
    windows?: readonly WindowShape[],
  ): { id: string; insert: Prisma.Sql };
  wake(): void;
}

/** Orders claimed per sweep (a busy day takes a few sweeps). */
const SWEEP_MAX = 200;

/** Queues the reminders of orders due tomorrow not yet reminded; returns how many. */
export async function sendDueReminders(
  prisma: PrismaClient,
  mail: ReminderMail,
  now = new Date(),
): Promise<number> {
  const tomorrow = addDays(bakeryToday(now), 1);
  const sent = await prisma.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id"::text AS id FROM "Order"
      WHERE "pickupDate" = ${tomorrow} AND "reminderSentAt" IS NULL AND "archivedAt" IS NULL
        AND "fulfillmentStatus" = ANY(${[...OPEN_FULFILLMENT_STATUSES]}::varchar[])
      ORDER BY "id" LIMIT ${SWEEP_MAX} FOR UPDATE SKIP LOCKED`;
    if (claimed.length === 0) return 0;
    const orders = await tx.order.findMany({ where: { id: { in: claimed.map((r) => r.id) } } });
    // Issue 37: an order booked in a window is reminded of the window.
    const windows = await loadWindows(tx);
    for (const order of orders) await tx.$executeRaw(mail.reminderRow(order, windows).insert);
    await tx.order.updateMany({
      where: { id: { in: orders.map((o) => o.id) } },
      data: { reminderSentAt: now },
    });
    return orders.length;
  });
  if (sent > 0) mail.wake();
  return sent;
}
