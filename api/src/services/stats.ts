// The dashboard's stat cards, computed by one SQL aggregate over the orders
// table (no order is loaded into memory). Each figure is defined here and in
// docs/statistics.md; keep the two in step.
//
// The range: `fromDate` and `toDate` are bakery calendar days (America/New_York),
// both inclusive, matched against the instant the order was placed
// (`createdAt`). Either end may be left open; no range means every order.
//
// - totalOrders: orders placed in the range, whatever their state (cancelled included).
// - pendingOrders: orders in the range whose payment is still pending (paymentStatus 'pending').
// - completedOrders: orders in the range whose orderStatus is 'complete' and that are not cancelled.
// - totalRevenue: the sum of `total` of orders in the range that are paid
//   (paymentStatus 'paid' or 'completed'); pending and cancelled orders earn nothing.
// - openPaymentAmount: the sum of `total` of orders in the range still awaiting
//   payment (paymentStatus 'pending'; cancelled orders are not owed).
// - todayOrders: orders placed on the bakery's today, whatever the range.
// - weeklyRevenue: revenue (as totalRevenue) of orders placed in the last 7 bakery
//   days, today included, whatever the range.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import {
  addDays,
  BAKERY_TIME_ZONE,
  bakeryToday,
  centsToDollars,
  dateRangeToUtc,
  type StatsView,
} from '@bakery/core';

export interface DateRange {
  fromDate?: string;
  toDate?: string;
}

/** The orders table and the expressions every aggregate shares. */
export const ORDERS = Prisma.raw('"Order"');
/** Payment states that count as revenue. */
export const PAID = Prisma.sql`"paymentStatus" IN ('paid', 'completed')`;
/** The bakery calendar day an order was placed on (createdAt is a timestamptz: its New York wall-clock date). */
export const ORDER_DAY = Prisma.sql`to_char("createdAt" AT TIME ZONE ${Prisma.raw(`'${BAKERY_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/** UTC bounds [start, end) of a bakery date range; missing ends stay open. */
export function rangeBounds(range: DateRange): { start: Date | null; end: Date | null } {
  return {
    start: range.fromDate ? dateRangeToUtc(range.fromDate, range.fromDate).start : null,
    end: range.toDate ? dateRangeToUtc(range.toDate, range.toDate).end : null,
  };
}

/** SQL condition: the order was placed within the range. */
export function inRange(range: DateRange): Prisma.Sql {
  const { start, end } = rangeBounds(range);
  const parts: Prisma.Sql[] = [];
  if (start) parts.push(Prisma.sql`"createdAt" >= ${start}`);
  if (end) parts.push(Prisma.sql`"createdAt" < ${end}`);
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

export interface StatsFigures {
  totalOrders: number;
  pendingOrders: number;
  completedOrders: number;
  totalRevenueCents: number;
  openPaymentCents: number;
  paidOrders: number;
  rushOrders: number;
  todayOrders: number;
  weeklyRevenueCents: number;
}

/** Every stat figure in one aggregate, in cents. */
export async function statsFigures(
  prisma: PrismaClient,
  range: DateRange,
  now = new Date(),
): Promise<StatsFigures> {
  const today = bakeryToday(now);
  const inRangeSql = inRange(range);
  const todaySql = inRange({ fromDate: today, toDate: today });
  const weekSql = inRange({ fromDate: addDays(today, -6), toDate: today });
  const [row] = await prisma.$queryRaw<Record<string, bigint | null>[]>(Prisma.sql`
    SELECT
      count(*) FILTER (WHERE ${inRangeSql}) AS "totalOrders",
      count(*) FILTER (WHERE ${inRangeSql} AND "paymentStatus" = 'pending') AS "pendingOrders",
      count(*) FILTER (WHERE ${inRangeSql} AND "orderStatus" = 'complete' AND "paymentStatus" <> 'cancelled') AS "completedOrders",
      count(*) FILTER (WHERE ${inRangeSql} AND ${PAID}) AS "paidOrders",
      count(*) FILTER (WHERE ${inRangeSql} AND "isRushOrder") AS "rushOrders",
      COALESCE(round(sum("total") FILTER (WHERE ${inRangeSql} AND ${PAID}) * 100), 0)::bigint AS "totalRevenueCents",
      COALESCE(round(sum("total") FILTER (WHERE ${inRangeSql} AND "paymentStatus" = 'pending') * 100), 0)::bigint AS "openPaymentCents",
      count(*) FILTER (WHERE ${todaySql}) AS "todayOrders",
      COALESCE(round(sum("total") FILTER (WHERE ${weekSql} AND ${PAID}) * 100), 0)::bigint AS "weeklyRevenueCents"
    FROM ${ORDERS}
    WHERE (${inRangeSql}) OR (${weekSql})
  `);
  const n = (name: string) => Number(row?.[name] ?? 0);
  return {
    totalOrders: n('totalOrders'),
    pendingOrders: n('pendingOrders'),
    completedOrders: n('completedOrders'),
    paidOrders: n('paidOrders'),
    rushOrders: n('rushOrders'),
    totalRevenueCents: n('totalRevenueCents'),
    openPaymentCents: n('openPaymentCents'),
    todayOrders: n('todayOrders'),
    weeklyRevenueCents: n('weeklyRevenueCents'),
  };
}

/** The StatsView of GET /api/admin/stats (money in dollars). */
export async function getStats(
  prisma: PrismaClient,
  range: DateRange,
  now = new Date(),
): Promise<StatsView> {
  const f = await statsFigures(prisma, range, now);
  return {
    totalOrders: f.totalOrders,
    pendingOrders: f.pendingOrders,
    completedOrders: f.completedOrders,
    totalRevenue: centsToDollars(f.totalRevenueCents),
    openPaymentAmount: centsToDollars(f.openPaymentCents),
    todayOrders: f.todayOrders,
    weeklyRevenue: centsToDollars(f.weeklyRevenueCents),
  };
}
