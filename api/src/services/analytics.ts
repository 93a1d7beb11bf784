// The Analytics & Reports tab: the stat figures plus ratios and breakdowns,
// all by SQL aggregates over the daily summary (services/dailySummary.ts),
// never over the orders (see services/stats.ts for the range and
// docs/statistics.md for every definition).
//
// - averageOrder: what the paid orders of the range kept (received less
//   refunded) / their number; refunded-in-full and cancelled orders are out
//   (0 when none).
// - completionRate: completedOrders / totalOrders x 100, a percentage with one
//   decimal (0 when there are no orders).
// - rushOrders: orders in the range flagged as rush orders (any state).
// - revenueByDay: for each bakery day of the range, the revenue received that
//   day (as totalRevenue) and the number of orders placed that day and not
//   cancelled (as the workbook's Daily totals); days without either appear
//   with zeros when both ends are given.
// - revenueByCategory: item revenue (price x quantity of each line, before
//   fees and tax) and quantity of paid orders (not refunded in full) whose
//   payment came in on a day of the range, per menu category,
//   read from each order's items (the triggers split them into
//   "DailyProductSales" per day and product; core's catalogue maps products
//   to categories here).
import { Prisma } from '@bakery/prisma';
import {
  addDays,
  centsToDollars,
  getCategory,
  getMenuItem,
  type AnalyticsView,
} from '@bakery/core';
import { statsFigures, type DateRange } from './stats.js';
import type { Raw } from '../db/types.js';
import { daysInRange, FIGURES, PAYMENTS, PRODUCT_SALES } from './dailySummary.js';

const MAX_FILLED_DAYS = 370;

export async function revenueByDay(db: Raw, range: DateRange) {
  // Orders by the day they were placed, revenue by the day the money came in.
  const rows = await db.$queryRaw<{ date: string; revenueCents: bigint; orders: bigint }[]>(
    Prisma.sql`
    WITH placed AS (
      SELECT "day", sum("kept")::bigint AS "orders"
      FROM ${FIGURES} WHERE ${daysInRange(range)}
      GROUP BY "day"
    ), received AS (
      SELECT "day", round(sum("received" - "refunded") * 100)::bigint AS "revenueCents"
      FROM ${PAYMENTS} WHERE ${daysInRange(range)} GROUP BY "day"
    )
    SELECT to_char("day", 'YYYY-MM-DD') AS "date",
      COALESCE(received."revenueCents", 0)::bigint AS "revenueCents",
      COALESCE(placed."orders", 0)::bigint AS "orders"
    FROM placed FULL JOIN received USING ("day")
    WHERE COALESCE(placed."orders", 0) <> 0 OR COALESCE(received."revenueCents", 0) <> 0
    ORDER BY "day"
  `,
  );
  const found = new Map(
    rows.map((row) => [
      row.date,
      {
        date: row.date,
        revenue: centsToDollars(Number(row.revenueCents)),
        orders: Number(row.orders),
      },
    ]),
  );
  const { fromDate, toDate } = range;
  if (!fromDate || !toDate || fromDate > toDate) return [...found.values()];
  const days: { date: string; revenue: number; orders: number }[] = [];
  for (
    let day = fromDate, i = 0;
    day <= toDate && i < MAX_FILLED_DAYS;
    day = addDays(day, 1), i++
  ) {
    days.push(found.get(day) ?? { date: day, revenue: 0, orders: 0 });
  }
  return days;
}

export async function revenueByCategory(db: Raw, range: DateRange) {
  const rows = await db.$queryRaw<{ productId: string; revenueCents: bigint; quantity: bigint }[]>(
    Prisma.sql`
    SELECT "productId",
      COALESCE(round(sum("revenue") * 100), 0)::bigint AS "revenueCents",
      COALESCE(sum("quantity"), 0)::bigint AS "quantity"
    FROM ${PRODUCT_SALES}
    WHERE ${daysInRange(range)}
    GROUP BY 1
    HAVING sum("quantity") <> 0 OR sum("revenue") <> 0
  `,
  );
  const byCategory = new Map<
    string,
    { category: string; label: string; revenueCents: number; quantity: number }
  >();
  for (const row of rows) {
    const item = getMenuItem(row.productId);
    const category = item?.category ?? 'other';
    const label = item ? (getCategory(item.category)?.label ?? item.category) : 'Other';
    const entry = byCategory.get(category) ?? { category, label, revenueCents: 0, quantity: 0 };
    entry.revenueCents += Number(row.revenueCents);
    entry.quantity += Number(row.quantity);
    byCategory.set(category, entry);
  }
  return [...byCategory.values()]
    .sort((a, b) => b.revenueCents - a.revenueCents || a.category.localeCompare(b.category))
    .map(({ category, label, revenueCents, quantity }) => ({
      category,
      label,
      revenue: centsToDollars(revenueCents),
      quantity,
    }));
}

export async function getAnalytics(
  db: Raw,
  range: DateRange,
  now = new Date(),
): Promise<AnalyticsView> {
  // Side by side: under guardedRawQuery each statement has a connection of its own.
  const [f, byDay, byCategory] = await Promise.all([
    statsFigures(db, range, now),
    revenueByDay(db, range),
    revenueByCategory(db, range),
  ]);
  return {
    averageOrder: f.paidOrders ? centsToDollars(Math.round(f.paidOrdersCents / f.paidOrders)) : 0,
    completionRate: f.totalOrders ? Math.round((f.completedOrders / f.totalOrders) * 1000) / 10 : 0,
    rushOrders: f.rushOrders,
    todayOrders: f.todayOrders,
    totalRevenue: centsToDollars(f.totalRevenueCents),
    weeklyRevenue: centsToDollars(f.weeklyRevenueCents),
    revenueByDay: byDay,
    revenueByCategory: byCategory,
  };
}
