// The dashboard's stat cards, computed by one SQL aggregate over the daily
// summary (services/dailySummary.ts: per bakery day and order state, kept by
// triggers on "Order"), so the cost depends on the number of days, not of
// orders. Each figure is defined here and in docs/statistics.md; keep the two
// in step.
//
// The range: `fromDate` and `toDate` are bakery calendar days (America/New_York),
// both inclusive, matched against the instant the order was placed
// (`createdAt`). Either end may be left open; no range means every order.
//
// - totalOrders: orders placed in the range, whatever their state (cancelled included).
// - pendingOrders: orders in the range whose payment is still pending (paymentStatus 'pending').
// - completedOrders: orders in the range whose orderStatus is 'complete' and that are not cancelled.
// - totalRevenue: the money received in the range, less the money given back
//   in it (issue 36): the sum of the payment rows ("OrderPayment", summed per
//   day in "DailyPayments") recorded on a day of the range: payments less
//   their reversals less refunds. The same figure as the Overview's takings
//   for a day; a payment taken at the counter today is today's revenue,
//   whenever the order was placed.
// - openPaymentAmount: the sum of `total` of orders in the range still awaiting
//   payment (paymentStatus 'pending'; cancelled orders are not owed).
// - todayOrders: orders placed on the bakery's today, whatever the range.
// - weeklyRevenue: revenue (as totalRevenue) received in the last 7 bakery
//   days, today included, whatever the range.
// - paidOrders (analytics' average order): the paid orders (paid or completed,
//   not refunded in full) whose payment came in on a day of the range, and
//   paidOrdersCents what they kept (received less refunded).
import { Prisma } from '@bakery/prisma';
import { addDays, bakeryToday, centsToDollars, dateRangeToUtc, type StatsView } from '@bakery/core';
import { daysInRange, DUE, FIGURES, PAYMENTS, TAKINGS, type DateRange } from './dailySummary.js';
import type { Raw } from '../db/types.js';
import { HANDED_OVER_SQL, NOT_CANCELLED_SQL } from '../db/orderStates.js';

/** Raw SQL only: the client, a transaction's, or a raw session's (guardedRawQuery). */

export type { DateRange } from './dailySummary.js';

/** The orders table and the expressions every aggregate shares. */
export const ORDERS = Prisma.raw('"Order"');

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
  paidOrdersCents: number;
  rushOrders: number;
  todayOrders: number;
  weeklyRevenueCents: number;
}

/** Every stat figure in one aggregate over the daily summary, in cents. */
export async function statsFigures(
  db: Raw,
  range: DateRange,
  now = new Date(),
): Promise<StatsFigures> {
  const today = bakeryToday(now);
  const inRangeSql = daysInRange(range);
  const todaySql = daysInRange({ fromDate: today, toDate: today });
  const weekSql = daysInRange({ fromDate: addDays(today, -6), toDate: today });
  const [row] = await db.$queryRaw<Record<string, bigint | null>[]>(Prisma.sql`
    WITH placed AS (
      SELECT
        COALESCE(sum("orders") FILTER (WHERE ${inRangeSql}), 0)::bigint AS "totalOrders",
        COALESCE(sum("pending") FILTER (WHERE ${inRangeSql}), 0)::bigint AS "pendingOrders",
        COALESCE(sum("completed") FILTER (WHERE ${inRangeSql}), 0)::bigint AS "completedOrders",
        COALESCE(sum("rush") FILTER (WHERE ${inRangeSql}), 0)::bigint AS "rushOrders",
        COALESCE(round(sum("open") FILTER (WHERE ${inRangeSql}) * 100), 0)::bigint AS "openPaymentCents",
        COALESCE(sum("orders") FILTER (WHERE ${todaySql}), 0)::bigint AS "todayOrders"
      FROM ${FIGURES}
      WHERE (${inRangeSql}) OR (${todaySql})
    ), paid AS (
      SELECT
        COALESCE(sum("orders"), 0)::bigint AS "paidOrders",
        COALESCE(round(sum("total" - "refunded") * 100), 0)::bigint AS "paidOrdersCents"
      FROM ${TAKINGS}
      WHERE ${inRangeSql}
    ), received AS (
      SELECT
        COALESCE(round(sum("received" - "refunded") FILTER (WHERE ${inRangeSql}) * 100), 0)::bigint AS "totalRevenueCents",
        COALESCE(round(sum("received" - "refunded") FILTER (WHERE ${weekSql}) * 100), 0)::bigint AS "weeklyRevenueCents"
      FROM ${PAYMENTS}
      WHERE (${inRangeSql}) OR (${weekSql})
    )
    SELECT * FROM placed, paid, received
  `);
  const n = (name: string) => Number(row?.[name] ?? 0);
  return {
    totalOrders: n('totalOrders'),
    pendingOrders: n('pendingOrders'),
    completedOrders: n('completedOrders'),
    paidOrders: n('paidOrders'),
    paidOrdersCents: n('paidOrdersCents'),
    rushOrders: n('rushOrders'),
    totalRevenueCents: n('totalRevenueCents'),
    openPaymentCents: n('openPaymentCents'),
    todayOrders: n('todayOrders'),
    weeklyRevenueCents: n('weeklyRevenueCents'),
  };
}

/** How far back "due so far" looks, in pickup days. */
export const DUE_WINDOW_DAYS = 90;

/**
 * Orders placed in the range and due in the last DUE_WINDOW_DAYS days (not
 * cancelled), and how many were handed over: from the due summary (rows per
 * pickup day, day placed and state), never the orders themselves.
 */
async function dueFigures(db: Raw, range: DateRange, now: Date) {
  const today = bakeryToday(now);
  const [row] = await db.$queryRaw<{ due: number; handed: number }[]>(Prisma.sql`
    SELECT COALESCE(sum("orders"), 0)::int AS due,
           COALESCE(sum("orders") FILTER (WHERE ${HANDED_OVER_SQL}), 0)::int AS handed
    FROM ${DUE}
    WHERE "pickupDate" BETWEEN ${addDays(today, -(DUE_WINDOW_DAYS - 1))} AND ${today}
      AND ${NOT_CANCELLED_SQL} AND ${daysInRange(range)}`);
  return { dueOrders: row?.due ?? 0, dueHandedOver: row?.handed ?? 0 };
}

/** The StatsView of GET /api/admin/stats (money in dollars). */
export async function getStats(db: Raw, range: DateRange, now = new Date()): Promise<StatsView> {
  const [f, due] = await Promise.all([statsFigures(db, range, now), dueFigures(db, range, now)]);
  return {
    ...due,
    totalOrders: f.totalOrders,
    pendingOrders: f.pendingOrders,
    completedOrders: f.completedOrders,
    totalRevenue: centsToDollars(f.totalRevenueCents),
    openPaymentAmount: centsToDollars(f.openPaymentCents),
    todayOrders: f.todayOrders,
    weeklyRevenue: centsToDollars(f.weeklyRevenueCents),
  };
}
