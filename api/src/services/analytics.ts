// The Analytics & Reports tab: the stat figures plus ratios and breakdowns,
// all by SQL aggregates over the range (see services/stats.ts for the range
// and docs/statistics.md for every definition).
//
// - averageOrder: totalRevenue / number of paid orders in the range (0 when none).
// - completionRate: completedOrders / totalOrders x 100, a percentage with one
//   decimal (0 when there are no orders).
// - rushOrders: orders in the range flagged as rush orders (any state).
// - revenueByDay: for each bakery day of the range, revenue of paid orders placed
//   that day and the number of orders placed (any state); days without orders
//   appear with zeros when both ends of the range are given.
// - revenueByCategory: item revenue (price x quantity of each line, before
//   fees and tax) and quantity of paid orders in the range, per menu category,
//   read from each order's items with jsonb_array_elements.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import {
  addDays,
  centsToDollars,
  getCategory,
  getMenuItem,
  type AnalyticsView,
} from '@bakery/core';
import { inRange, ORDER_DAY, ORDERS, PAID, statsFigures, type DateRange } from './stats.js';

const MAX_FILLED_DAYS = 370;

export async function revenueByDay(prisma: PrismaClient, range: DateRange) {
  const rows = await prisma.$queryRaw<
    { date: string; revenueCents: bigint; orders: bigint }[]
  >(Prisma.sql`
    SELECT ${ORDER_DAY} AS "date",
      COALESCE(round(sum("total") FILTER (WHERE ${PAID}) * 100), 0)::bigint AS "revenueCents",
      count(*) AS "orders"
    FROM ${ORDERS}
    WHERE ${inRange(range)}
    GROUP BY 1
    ORDER BY 1
  `);
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

export async function revenueByCategory(prisma: PrismaClient, range: DateRange) {
  const rows = await prisma.$queryRaw<
    { productId: string; revenueCents: bigint; quantity: bigint }[]
  >(Prisma.sql`
    SELECT item->>'productId' AS "productId",
      COALESCE(round(sum((item->>'price')::numeric * (item->>'quantity')::int) * 100), 0)::bigint AS "revenueCents",
      COALESCE(sum((item->>'quantity')::int), 0)::bigint AS "quantity"
    FROM ${ORDERS} AS o, jsonb_array_elements(o."items") AS item
    WHERE ${inRange(range)} AND ${PAID}
    GROUP BY 1
  `);
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
  prisma: PrismaClient,
  range: DateRange,
  now = new Date(),
): Promise<AnalyticsView> {
  const [f, byDay, byCategory] = await Promise.all([
    statsFigures(prisma, range, now),
    revenueByDay(prisma, range),
    revenueByCategory(prisma, range),
  ]);
  return {
    averageOrder: f.paidOrders ? centsToDollars(Math.round(f.totalRevenueCents / f.paidOrders)) : 0,
    completionRate: f.totalOrders ? Math.round((f.completedOrders / f.totalOrders) * 1000) / 10 : 0,
    rushOrders: f.rushOrders,
    todayOrders: f.todayOrders,
    totalRevenue: centsToDollars(f.totalRevenueCents),
    weeklyRevenue: centsToDollars(f.weeklyRevenueCents),
    revenueByDay: byDay,
    revenueByCategory: byCategory,
  };
}
