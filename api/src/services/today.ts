// The day at a glance (issue 23): today's pickups and deliveries by counter
// state, the money received today by how it was paid, and tomorrow's count.
// Takings are counted on the day the money came in ("paidAt", set by a trigger
// whatever marked the order paid), not on the day the order was placed. Each
// query reads one day through an index ("pickupDate", "paidAt").
import { Prisma } from '@bakery/prisma';
import { addDays, bakeryToday, dateRangeToUtc, type TodayView } from '@bakery/core';
import type { Db } from './stats.js';
import { PAID_SQL } from './dailySummary.js';

export async function dayAtAGlance(db: Db, now = new Date()): Promise<TodayView> {
  const today = bakeryToday(now);
  const tomorrow = addDays(today, 1);
  const { start, end } = dateRangeToUtc(today, today);
  const [due, takings, next] = await Promise.all([
    db.$queryRaw<{ method: string; state: string; paid: boolean; n: number }[]>(Prisma.sql`
      SELECT "deliveryMethod" AS method, "fulfillmentStatus" AS state,
             (${PAID_SQL}) AS paid, count(*)::int AS n
      FROM "Order" WHERE "pickupDate" = ${today} AND "archivedAt" IS NULL
      GROUP BY 1, 2, 3`),
    db.$queryRaw<{ method: string; cents: bigint; n: number }[]>(Prisma.sql`
      SELECT COALESCE("paymentMethod", CASE WHEN "squarePaymentId" IS NOT NULL THEN 'square' ELSE 'staff' END) AS method,
             round(sum("total") * 100)::bigint AS cents, count(*)::int AS n
      FROM "Order" WHERE "paidAt" >= ${start} AND "paidAt" < ${end}
      GROUP BY 1 ORDER BY 1`),
    db.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM "Order"
      WHERE "pickupDate" = ${tomorrow} AND "fulfillmentStatus" <> 'cancelled' AND "archivedAt" IS NULL`),
  ]);
  const count = (method: string, test: (row: { state: string; paid: boolean }) => boolean) =>
    due.filter((r) => r.method === method && test(r)).reduce((sum, r) => sum + r.n, 0);
  const summary = (method: string) => ({
    due: count(method, (r) => r.state !== 'cancelled'),
    ready: count(method, (r) => r.state === 'ready' || r.state === 'out_for_delivery'),
    handedOver: count(method, (r) => r.state === 'picked_up' || r.state === 'delivered'),
    notPaid: count(method, (r) => r.state !== 'cancelled' && !r.paid),
    cancelled: count(method, (r) => r.state === 'cancelled'),
  });
  const byMethod = takings.map((row) => ({
    method: row.method,
    amount: Number(row.cents) / 100,
    orders: row.n,
  }));
  return {
    date: today,
    pickups: summary('pickup'),
    deliveries: summary('delivery'),
    takings: {
      total: byMethod.reduce((sum, row) => Math.round((sum + row.amount) * 100) / 100, 0),
      byMethod,
    },
    tomorrow: next[0]?.n ?? 0,
  };
}
