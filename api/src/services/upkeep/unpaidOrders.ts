// The unpaid-order job (issue 27; rules in core/src/upkeep/unpaidOrders.ts):
// pending orders whose payment link went out are warned, then released
// (cancelled through orderAdmin's releaseUnpaidOrder, which frees their
// kitchen units through the counters' triggers), each customer mailed. And the
// cap on one account's unpaid orders, checked in the order's transaction.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import {
  DEFAULT_UNPAID_ORDER_SETTINGS,
  releaseTime,
  UNPAID_ORDER_MESSAGES,
  unpaidCapProblem,
  unpaidOrderStep,
  type UnpaidOrderSettings,
} from '@bakery/core';
import type { Logger, Notifications } from '../contracts.js';
import { conflict } from '../../errors.js';
import { releaseUnpaidOrder } from '../orderAdmin.js';

const HOUR_MS = 3_600_000;
/** Orders handled per run at most; the next run takes the rest. */
const BATCH = 200;

export async function unpaidOrderSettings(
  prisma: Pick<PrismaClient, 'unpaidOrderSetting'>,
): Promise<UnpaidOrderSettings> {
  const row = await prisma.unpaidOrderSetting.findUnique({ where: { id: 1 } });
  return row
    ? {
        releaseAfterHours: row.releaseAfterHours,
        warnBeforeHours: row.warnBeforeHours,
        maxOpenUnpaid: row.maxOpenUnpaid,
      }
    : { ...DEFAULT_UNPAID_ORDER_SETTINGS };
}

export async function saveUnpaidOrderSettings(
  prisma: PrismaClient,
  settings: UnpaidOrderSettings,
): Promise<UnpaidOrderSettings> {
  await prisma.unpaidOrderSetting.upsert({
    where: { id: 1 },
    create: { id: 1, ...settings },
    update: settings,
  });
  return unpaidOrderSettings(prisma);
}

export interface ReleaseRun {
  warned: string[];
  released: string[];
}

/** One pass: warns the orders coming due, releases the ones past their time. */
export async function releaseUnpaidOrders(
  deps: { prisma: PrismaClient; notifications: Notifications; log: Logger },
  now = new Date(),
): Promise<ReleaseRun> {
  const { prisma, notifications, log } = deps;
  const settings = await unpaidOrderSettings(prisma);
  const warnFrom = new Date(
    now.getTime() - (settings.releaseAfterHours - settings.warnBeforeHours) * HOUR_MS,
  );
  const candidates = await prisma.order.findMany({
    where: { paymentStatus: 'pending', paymentLinkSentAt: { not: null, lte: warnFrom } },
    select: { id: true, paymentStatus: true, paymentLinkSentAt: true, releaseWarnedAt: true },
    orderBy: { paymentLinkSentAt: 'asc' },
    take: BATCH,
  });
  const run: ReleaseRun = { warned: [], released: [] };
  const reason = UNPAID_ORDER_MESSAGES.releaseReason(settings.releaseAfterHours);
  for (const order of candidates) {
    const step = unpaidOrderStep(order, settings, now);
    if (step === 'warn') {
      // Only the process whose update lands sends the warning.
      const { count } = await prisma.order.updateMany({
        where: { id: order.id, paymentStatus: 'pending', releaseWarnedAt: null },
        data: { releaseWarnedAt: now },
      });
      if (count === 0) continue;
      run.warned.push(order.id);
      const at = releaseTime({ ...order, releaseWarnedAt: now }, settings)!;
      await notifications.unpaidOrderWarning?.(order.id, at);
    } else if (step === 'release') {
      const released = await releaseUnpaidOrder(
        { prisma },
        order.id,
        reason,
        (current) => unpaidOrderStep(current, settings, now) === 'release',
      );
      if (!released) continue;
      run.released.push(order.id);
      await notifications.unpaidOrderReleased?.(order.id, settings.releaseAfterHours);
    }
  }
  if (run.warned.length || run.released.length)
    log.info('unpaid orders', { warned: run.warned.length, released: run.released.length });
  return run;
}

/**
 * In the order's transaction: refuses (409 too_many_unpaid_orders) an order
 * from an account (or, for a guest, an e-mail address) that already holds
 * the owner's cap of unpaid orders. A transaction-scoped advisory lock on the
 * account makes parallel submissions count one after the other.
 */
export async function checkUnpaidCap(
  tx: Prisma.TransactionClient,
  who: { userId: string | null; email: string },
): Promise<void> {
  const key = who.userId ? `unpaid:${who.userId}` : `unpaid:${who.email.toLowerCase()}`;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 27))`;
  const mine = who.userId
    ? Prisma.sql`o."userId" = ${who.userId}::uuid`
    : Prisma.sql`o."userId" IS NULL AND o."customerEmail" = ${who.email.toLowerCase()}`;
  const rows = await tx.$queryRaw<{ n: number; cap: number | null; exempt: boolean }[]>`
    SELECT (SELECT count(*)::int FROM "Order" o WHERE o."paymentStatus" = 'pending' AND ${mine}) AS n,
           (SELECT "maxOpenUnpaid" FROM "UnpaidOrderSetting" WHERE "id" = 1) AS cap,
           EXISTS (SELECT 1 FROM "CapacityShareExemption" e
                   WHERE e."userId" = ${who.userId}::uuid) AS exempt`;
  const row = rows[0]!;
  // An account whose fair share staff lifted (a trusted regular) has no cap either.
  if (row.exempt) return;
  const cap = row.cap === null ? DEFAULT_UNPAID_ORDER_SETTINGS.maxOpenUnpaid : Number(row.cap);
  const problem = unpaidCapProblem(Number(row.n), {
    ...DEFAULT_UNPAID_ORDER_SETTINGS,
    maxOpenUnpaid: cap,
  });
  if (problem) throw conflict(problem, 'too_many_unpaid_orders');
}
