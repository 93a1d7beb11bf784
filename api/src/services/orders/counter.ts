// The counter: Mark Ready (one, many, a day; asked twice for a far day),
// its Undo, bulk hand-over, the kitchen's stages, the pickup code.
import { type PrismaClient } from '@bakery/prisma';
import {
  bakeryToday,
  BULK_READY_MAX,
  fulfillmentOf,
  addDays,
  formatLongDate,
  BEFORE_READY_STATUSES,
  READY_STATUSES,
  readyActionFor,
} from '@bakery/core';
import { conflict, notFound } from '../../errors.js';
import { type OrderAdminDeps, type Actor, newPickupCode } from './record.js';
import { takeOrderAction } from './engine.js';
import { fulfill } from './lifecycle.js';

/**
 * Mark Ready (pickup) or Out for Delivery: the order gets its pickup code and
 * the customer is mailed (with the code, the address, a map link and the
 * time). Idempotent: an order already ready changes and sends nothing.
 */
export async function markReady(deps: OrderAdminDeps, id: string, actor: Actor, now = new Date()) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await takeOrderAction(deps, id, readyActionFor, actor, {
        done: (current) => READY_STATUSES.includes(fulfillmentOf(current)),
        work: (_tx, current) => ({ pickupCode: current.pickupCode ?? newPickupCode() }),
        now,
      });
    } catch (error) {
      // Two orders drew the same code (1 in 148 million): draw again.
      if ((error as { code?: string }).code === 'P2002' && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * Mark Ready for several orders: the given ids, or every open order due on
 * `pickupDate` (between `fromTime` and `toTime`, half-hour slots as stored).
 * Each order is its own transaction; one refusal does not stop the others.
 */
/**
 * Issue 36: marking ready mails the customers "ready for pickup" now, so
 * orders due on a day other than today or tomorrow need a second yes
 * (`confirmed`): 409 confirmation_required names the days and the customers.
 */
async function ensureSoonEnough(prisma: PrismaClient, ids: string[], now: Date) {
  const today = bakeryToday(now);
  const soon = [today, addDays(today, 1)];
  const later = await prisma.order.findMany({
    where: {
      id: { in: ids },
      pickupDate: { notIn: soon },
      fulfillmentStatus: { in: [...BEFORE_READY_STATUSES] },
    },
    select: { pickupDate: true, customerName: true },
    orderBy: [{ pickupDate: 'asc' }, { customerName: 'asc' }],
  });
  const dated = later.filter((row) => row.pickupDate);
  if (dated.length === 0) return;
  const days = [...new Set(dated.map((row) => formatLongDate(row.pickupDate!)))];
  const names = [...new Set(dated.map((row) => row.customerName))];
  const named =
    names.length > 5
      ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`
      : names.join(', ');
  throw conflict(
    `${dated.length === 1 ? 'This order is' : `${dated.length} of these orders are`} due ${days.join(', ')}, not today or tomorrow. Marking ${dated.length === 1 ? 'it' : 'them'} ready e-mails ${names.length === 1 ? 'the customer' : `${names.length} customers`} (${named}) that ${dated.length === 1 ? 'the order is' : 'their orders are'} ready now. Confirm to go on.`,
    'confirmation_required',
  );
}

export async function markReadyBulk(
  deps: OrderAdminDeps,
  selection: { ids?: string[]; pickupDate?: string; times?: string[]; confirmed?: boolean },
  actor: Actor,
  now = new Date(),
) {
  const ids = selection.ids?.length
    ? selection.ids.slice(0, BULK_READY_MAX)
    : (
        await deps.prisma.order.findMany({
          where: {
            pickupDate: selection.pickupDate,
            ...(selection.times?.length ? { pickupTime: { in: selection.times } } : {}),
            fulfillmentStatus: { in: [...BEFORE_READY_STATUSES] },
            archivedAt: null,
          },
          select: { id: true },
          orderBy: [{ pickupTime: 'asc' }, { id: 'asc' }],
          take: BULK_READY_MAX,
        })
      ).map((row) => row.id);
  if (!selection.confirmed) await ensureSoonEnough(deps.prisma, ids, now);
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids) {
    try {
      const { changed } = await markReady(deps, id, actor);
      results.push({ id, ok: true, ...(changed ? {} : { message: 'Already ready' }) });
    } catch (error) {
      results.push({ id, ok: false, message: (error as Error).message });
    }
  }
  return results;
}

/**
 * The Undo of Mark Ready (bulk or one): each order still ready (or out for
 * delivery) goes back to the state it was marked ready from; its pickup code
 * stays. Nothing is mailed (the ready mail may already be out).
 */
export async function undoReadyBulk(deps: OrderAdminDeps, ids: string[], actor: Actor) {
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids.slice(0, BULK_READY_MAX)) {
    try {
      await takeOrderAction(deps, id, 'undoReady', actor, {
        known: async (tx, current) => {
          const marked = await tx.orderHistory.findFirst({
            where: { orderId: id, field: 'fulfillmentStatus', to: fulfillmentOf(current) },
            orderBy: [{ at: 'desc' }, { id: 'desc' }],
            select: { from: true },
          });
          return { readyFrom: marked?.from ?? null };
        },
      });
      results.push({ id, ok: true });
    } catch (error) {
      results.push({ id, ok: false, message: (error as Error).message });
    }
  }
  return results;
}

/**
 * Hand Over for ticked orders, each on its own: a paid order leaves the
 * counter; an unpaid one is refused (payment_due, naming the amount) and left
 * as it was, since its money must be taken with it one at a time.
 */
export async function handOverBulk(deps: OrderAdminDeps, ids: string[], actor: Actor) {
  const results: { id: string; ok: boolean; message?: string }[] = [];
  for (const id of ids.slice(0, BULK_READY_MAX)) {
    try {
      const { alreadyFulfilled } = await fulfill(deps, id, actor, null);
      results.push({
        id,
        ok: true,
        ...(alreadyFulfilled ? { message: 'Already handed over' } : {}),
      });
    } catch (error) {
      results.push({ id, ok: false, message: (error as Error).message });
    }
  }
  return results;
}

/** Confirm Order / Start Baking: a step of the kitchen's progress (the table mails nothing). */
export async function advanceStage(
  deps: OrderAdminDeps,
  id: string,
  action: 'confirm' | 'startBaking',
  actor: Actor,
) {
  return (await takeOrderAction(deps, id, action, actor)).order;
}

/** The order whose pickup code was typed or scanned at the counter (404 otherwise). */
export async function findByPickupCode(prisma: PrismaClient, code: string) {
  const order = await prisma.order.findUnique({ where: { pickupCode: code } });
  if (!order) throw notFound('No order has this pickup code');
  return order;
}
