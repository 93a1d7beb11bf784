// The day at a glance (issue 23): today's pickups and deliveries by counter
// state, the money received today by how it was paid, and tomorrow's count.
// Takings are the day's money rows (issue 36: payments less reversals less
// refunds, by method, as "DailyPayments" sums them), the same figure as the
// day's revenue in the statistics, whatever day the order was placed. Each
// query reads one day through an index ("pickupDate", the summary's key).
import { Prisma } from '@bakery/prisma';
import {
  addDays,
  bakeryToday,
  HANDED_OVER_STATUSES,
  READY_STATUSES,
  type FulfillmentStatus,
  type TodayView,
  centsToDollars,
} from '@bakery/core';
import type { Raw } from '../db/types.js';
import { PAYMENTS } from './dailySummary.js';
import { NOT_CANCELLED_SQL } from '../db/orderStates.js';

export async function dayAtAGlance(db: Raw, now = new Date()): Promise<TodayView> {
  const today = bakeryToday(now);
  const tomorrow = addDays(today, 1);
  const [due, takings, next] = await Promise.all([
    db.$queryRaw<{ method: string; state: string; paid: boolean; n: number }[]>(Prisma.sql`
      SELECT "deliveryMethod" AS method, "fulfillmentStatus" AS state,
             ("receivedAmount" - "refundedAmount" >= "total") AS paid, count(*)::int AS n
      FROM "Order" WHERE "pickupDate" = ${today} AND "archivedAt" IS NULL
        AND "channel" <> 'walk-in' -- a walk-in's sale is no pickup (issue 42); takings count it
      GROUP BY 1, 2, 3`),
    db.$queryRaw<{ method: string; cents: bigint; n: number }[]>(Prisma.sql`
      SELECT "method", round(sum("received" - "refunded") * 100)::bigint AS cents,
             sum("payments")::int AS n
      FROM ${PAYMENTS} WHERE "day" = ${today}::date
      GROUP BY 1 HAVING sum("received") <> 0 OR sum("refunded") <> 0 OR sum("payments") <> 0
      ORDER BY 1`),
    db.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM "Order"
      WHERE "pickupDate" = ${tomorrow} AND ${NOT_CANCELLED_SQL} AND "archivedAt" IS NULL`),
  ]);
  const count = (method: string, test: (row: { state: string; paid: boolean }) => boolean) =>
    due.filter((r) => r.method === method && test(r)).reduce((sum, r) => sum + r.n, 0);
  const summary = (method: string) => ({
    due: count(method, (r) => r.state !== 'cancelled'),
    ready: count(method, (r) => READY_STATUSES.includes(r.state as FulfillmentStatus)),
    handedOver: count(method, (r) => HANDED_OVER_STATUSES.includes(r.state as FulfillmentStatus)),
    notPaid: count(method, (r) => r.state !== 'cancelled' && !r.paid),
    cancelled: count(method, (r) => r.state === 'cancelled'),
  });
  const byMethod = takings.map((row) => ({
    method: row.method,
    amount: centsToDollars(Number(row.cents)),
    orders: row.n,
  }));
  return {
    date: today,
    pickups: summary('pickup'),
    deliveries: summary('delivery'),
    takings: {
      total: centsToDollars(takings.reduce((sum, row) => sum + Number(row.cents), 0)),
      byMethod,
    },
    tomorrow: next[0]?.n ?? 0,
  };
}
