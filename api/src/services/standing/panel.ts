// The owner's standing-orders panel (issue 41): active subscribers, per item
// and day for the next four weeks the units promised to standing orders
// beside one-off orders (both read from the booked orders: an occurrence is
// an order), and the occurrences a date could not take.
import { addDays, bakeryToday, type StandingPanelView } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { standingSettings } from './record.js';
import { CANCELLED_PAYMENT } from '../../db/orderStates.js';

const PANEL_DAYS = 28;
const REFUSED_LIMIT = 100;

export async function standingPanel(
  prisma: PrismaClient,
  now = new Date(),
): Promise<StandingPanelView> {
  const today = bakeryToday(now);
  const fromDate = addDays(today, 1);
  const toDate = addDays(today, PANEL_DAYS);
  const [active, units, refused, settings] = await Promise.all([
    prisma.$queryRaw<{ orders: bigint; subscribers: bigint }[]>`
      SELECT count(*) AS "orders", count(DISTINCT "userId") AS "subscribers"
      FROM "StandingOrder"
      WHERE "endedAt" IS NULL AND ("endDate" IS NULL OR "endDate" >= ${today})`,
    prisma.$queryRaw<
      { date: string; productId: string; name: string; standing: bigint; oneOff: bigint }[]
    >`
      SELECT o."pickupDate" AS "date", line->>'productId' AS "productId",
             max(line->>'name') AS "name",
             sum(CASE WHEN o."standingOrderId" IS NOT NULL THEN (line->>'quantity')::int ELSE 0 END) AS "standing",
             sum(CASE WHEN o."standingOrderId" IS NULL THEN (line->>'quantity')::int ELSE 0 END) AS "oneOff"
      FROM "Order" o, jsonb_array_elements(o."items") AS line
      WHERE o."pickupDate" BETWEEN ${fromDate} AND ${toDate} AND o."paymentStatus" <> ${CANCELLED_PAYMENT}
      GROUP BY 1, 2
      ORDER BY 1, 3`,
    prisma.$queryRaw<
      { standingOrderId: string; date: string; customerEmail: string; reason: string }[]
    >`
      SELECT so."standingOrderId", so."date", u."email" AS "customerEmail", coalesce(so."reason", '') AS "reason"
      FROM "StandingOccurrence" so
      JOIN "StandingOrder" s ON s."id" = so."standingOrderId"
      JOIN "User" u ON u."id" = s."userId"
      WHERE so."state" = 'refused' AND so."date" >= ${today}
      ORDER BY so."date", u."email"
      LIMIT ${REFUSED_LIMIT}`,
    standingSettings(prisma),
  ]);
  return {
    activeSubscribers: Number(active[0]?.subscribers ?? 0),
    activeStandingOrders: Number(active[0]?.orders ?? 0),
    fromDate,
    toDate,
    units: units.map((u) => ({
      date: u.date,
      productId: u.productId,
      name: u.name,
      standing: Number(u.standing),
      oneOff: Number(u.oneOff),
    })),
    refused,
    settings,
  };
}
