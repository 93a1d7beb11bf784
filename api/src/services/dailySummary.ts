// The daily summary (issue 13, docs/statistics.md): what stats, analytics and
// the export's Daily totals read instead of scanning the orders.
//
// Three tables, kept by statement triggers on "Order" (the baseline
// migration's bakery_daily_summary_*) inside every writing transaction:
// - "DailyOrderSummary": per bakery day (the America/New_York date of
//   createdAt, the database's "bakery_day") and combination of
//   paymentStatus, orderStatus and isRushOrder: the number of orders and the
//   sums of subtotal, fees (cake options + rush + delivery), tax and total.
// - "DailyProductSales": per bakery day of the payment (the date of paidAt)
//   and productId, price x quantity and quantity of the lines of paid orders
//   (paid or completed).
// - "DailyTakings": per bakery day of the payment, the number of the paid
//   orders not refunded in full, what they received and the refunds on them
//   (analytics' average order).
// Revenue and takings are "DailyPayments" (per day of the payment row and
// method), kept by the trigger on "OrderPayment" (issue 36). The dashboard's
// "due so far" is "DailyDueSummary" (per pickup day, day placed and
// fulfillment state), kept by triggers of its own (migration due_summary);
// the dashboard's figures per day placed are "DailyOrderFigures" (one row
// per day, so a range of any length sums a row per day; migration
// order_figures).
// Each key has up to 8 rows, one per "slot" (pg_backend_pid() % 8 of the
// writing transaction), so that concurrent orders of a day do not queue on
// one row's lock; a key's figures are the sum of its slots. Every figure of
// a range of whole bakery days is a sum over its days and slots, so reading
// the summary gives exactly what the scan over the orders gave: every reader
// sums (stats.ts, analytics.ts, exports.ts).
//
// This module reads the summary, recomputes it from the orders (the check
// command: `pnpm --filter @bakery/api run summary:check`), and rebuilds it.
import { PAID_SQL, PAYMENT_CANCELLED_SQL } from '../db/orderStates.js';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { Tx } from '../db/types.js';

/** A range of bakery calendar days (America/New_York), both ends inclusive, either open. */
export interface DateRange {
  fromDate?: string;
  toDate?: string;
}

export const ORDER_SUMMARY = Prisma.raw('"DailyOrderSummary"');
export const PRODUCT_SALES = Prisma.raw('"DailyProductSales"');
export const TAKINGS = Prisma.raw('"DailyTakings"');
/** Money in and out per day and method (issue 36): revenue and takings. */
export const PAYMENTS = Prisma.raw('"DailyPayments"');
/** Orders per pickup day, day placed and fulfillment state: the dashboard's "due so far". */
export const DUE = Prisma.raw('"DailyDueSummary"');
/** The stat cards' figures per day placed (orders, pending, completed, rush, not cancelled, open). */
export const FIGURES = Prisma.raw('"DailyOrderFigures"');
export { PAID_SQL };

/** SQL condition: a paid order that keeps money (not refunded in full): sales and average count it. */
export const COUNTED_SQL = Prisma.sql`${PAID_SQL} AND "receivedAmount" > "refundedAmount"`;

/** SQL condition on a summary table's "day": the bakery days of the range (both ends inclusive, either open). */
export function daysInRange(range: DateRange): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (range.fromDate) parts.push(Prisma.sql`"day" >= ${range.fromDate}::date`);
  if (range.toDate) parts.push(Prisma.sql`"day" <= ${range.toDate}::date`);
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

// The recomputation from the orders: the same expressions as the triggers.
// The database's "bakery_day" (baseline migration), as the triggers read it.
const DAY = Prisma.sql`"bakery_day"("createdAt")`;
const PAID_DAY = Prisma.sql`"bakery_day"(COALESCE("paidAt", "createdAt"))`;
const PRICE = Prisma.sql`CASE WHEN item->>'price' ~ '^\\s*[-+]?[0-9]+(\\.[0-9]*)?\\s*$' THEN (item->>'price')::numeric ELSE 0 END`;
const QUANTITY = Prisma.sql`CASE WHEN item->>'quantity' ~ '^\\s*[-+]?[0-9]{1,9}\\s*$' THEN (item->>'quantity')::int ELSE 0 END`;

const RECOMPUTED_ORDER_SUMMARY = Prisma.sql`
  SELECT ${DAY} AS "day", "paymentStatus", "orderStatus", "isRushOrder",
    count(*)::int AS "orders", sum("subtotal") AS "subtotal",
    sum("cakeOptionsFee" + "rushFee" + "deliveryFee") AS "fees",
    sum("tax") AS "tax", sum("total") AS "total"
  FROM "Order"
  GROUP BY 1, 2, 3, 4`;

const RECOMPUTED_PRODUCT_SALES = Prisma.sql`
  SELECT ${PAID_DAY} AS "day", COALESCE(item->>'productId', '') AS "productId",
    sum(${PRICE} * ${QUANTITY})::numeric(16, 4) AS "revenue", sum(${QUANTITY})::int AS "quantity"
  FROM "Order",
    jsonb_array_elements(CASE WHEN jsonb_typeof("items") = 'array' THEN "items" ELSE '[]'::jsonb END) AS item
  WHERE ${COUNTED_SQL}
  GROUP BY 1, 2`;

const RECOMPUTED_TAKINGS = Prisma.sql`
  SELECT ${PAID_DAY} AS "day", count(*)::int AS "orders", sum("receivedAmount") AS "total",
    sum("refundedAmount") AS "refunded"
  FROM "Order"
  WHERE ${COUNTED_SQL}
  GROUP BY 1`;

const RECOMPUTED_PAYMENTS = Prisma.sql`
  SELECT "bakery_day"("at") AS "day", "method",
    sum(CASE WHEN "kind" = 'refund' THEN 0 ELSE "amount" END) AS "received",
    sum(CASE WHEN "kind" = 'refund' THEN -"amount" ELSE 0 END) AS "refunded",
    sum(CASE "kind" WHEN 'payment' THEN 1 WHEN 'reversal' THEN -1 ELSE 0 END)::int AS "payments"
  FROM "OrderPayment"
  GROUP BY 1, 2`;

const RECOMPUTED_DUE = Prisma.sql`
  SELECT "pickupDate", ${DAY} AS "day", "fulfillmentStatus", count(*)::int AS "orders"
  FROM "Order"
  WHERE "pickupDate" IS NOT NULL
  GROUP BY 1, 2, 3`;

const PENDING_SQL = Prisma.sql`"paymentStatus" = 'pending'`;
const RECOMPUTED_FIGURES = Prisma.sql`
  SELECT ${DAY} AS "day", count(*)::int AS "orders",
    (count(*) FILTER (WHERE ${PENDING_SQL}))::int AS "pending",
    (count(*) FILTER (WHERE "orderStatus" = 'complete' AND NOT ${PAYMENT_CANCELLED_SQL}))::int AS "completed",
    (count(*) FILTER (WHERE "isRushOrder"))::int AS "rush",
    (count(*) FILTER (WHERE NOT ${PAYMENT_CANCELLED_SQL}))::int AS "kept",
    COALESCE(sum("total") FILTER (WHERE ${PENDING_SQL}), 0) AS "open"
  FROM "Order"
  GROUP BY 1`;

const FIGURE_COLUMNS = ['orders', 'pending', 'completed', 'rush', 'kept', 'open'];

const STORED_FIGURES = Prisma.sql`
  SELECT "day", sum("orders")::int AS "orders", sum("pending")::int AS "pending",
    sum("completed")::int AS "completed", sum("rush")::int AS "rush", sum("kept")::int AS "kept",
    sum("open") AS "open"
  FROM ${FIGURES}
  GROUP BY 1`;

const STORED_DUE = Prisma.sql`
  SELECT "pickupDate", "day", "fulfillmentStatus", sum("orders")::int AS "orders"
  FROM ${DUE}
  GROUP BY 1, 2, 3`;

const STORED_PAYMENTS = Prisma.sql`
  SELECT "day", "method", sum("received") AS "received", sum("refunded") AS "refunded",
    sum("payments")::int AS "payments"
  FROM ${PAYMENTS}
  GROUP BY 1, 2`;

// The stored summary with its slots summed (see below).
const STORED_ORDER_SUMMARY = Prisma.sql`
  SELECT "day", "paymentStatus", "orderStatus", "isRushOrder", sum("orders")::int AS "orders",
    sum("subtotal") AS "subtotal", sum("fees") AS "fees", sum("tax") AS "tax", sum("total") AS "total"
  FROM ${ORDER_SUMMARY}
  GROUP BY 1, 2, 3, 4`;

const STORED_PRODUCT_SALES = Prisma.sql`
  SELECT "day", "productId", sum("revenue") AS "revenue", sum("quantity")::int AS "quantity"
  FROM ${PRODUCT_SALES}
  GROUP BY 1, 2`;

const STORED_TAKINGS = Prisma.sql`
  SELECT "day", sum("orders")::int AS "orders", sum("total") AS "total", sum("refunded") AS "refunded"
  FROM ${TAKINGS}
  GROUP BY 1`;

export interface SummaryDifference {
  table:
    | 'DailyOrderSummary'
    | 'DailyProductSales'
    | 'DailyTakings'
    | 'DailyPayments'
    | 'DailyDueSummary'
    | 'DailyOrderFigures';
  /** The row's key, e.g. { day, paymentStatus, orderStatus, isRushOrder }. */
  key: Record<string, string | boolean>;
  /** Recomputed from the orders (zeros when no order has that key). */
  expected: Record<string, string>;
  /** Stored in the summary (zeros when it has no such row). */
  stored: Record<string, string>;
}

type Row = Record<string, string | boolean | null>;

/** The check's column names for a field: expectedOrders and storedOrders. */
const expected = (field: string) => `expected${field[0]!.toUpperCase()}${field.slice(1)}`;
const stored = (field: string) => `stored${field[0]!.toUpperCase()}${field.slice(1)}`;

/**
 * Recomputes both tables from the orders and lists every row that differs
 * from the stored summary (rows of zeros and missing rows are alike). One
 * statement per table, so each comparison sees one snapshot.
 */
export async function checkDailySummary(db: Tx): Promise<SummaryDifference[]> {
  const orderRows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH r AS (${RECOMPUTED_ORDER_SUMMARY}), s AS (${STORED_ORDER_SUMMARY})
    SELECT to_char("day", 'YYYY-MM-DD') AS "day", "paymentStatus", "orderStatus", "isRushOrder",
      COALESCE(r."orders", 0)::text AS "expectedOrders", COALESCE(s."orders", 0)::text AS "storedOrders",
      COALESCE(r."subtotal", 0)::text AS "expectedSubtotal", COALESCE(s."subtotal", 0)::text AS "storedSubtotal",
      COALESCE(r."fees", 0)::text AS "expectedFees", COALESCE(s."fees", 0)::text AS "storedFees",
      COALESCE(r."tax", 0)::text AS "expectedTax", COALESCE(s."tax", 0)::text AS "storedTax",
      COALESCE(r."total", 0)::text AS "expectedTotal", COALESCE(s."total", 0)::text AS "storedTotal"
    FROM r FULL JOIN s USING ("day", "paymentStatus", "orderStatus", "isRushOrder")
    WHERE COALESCE(r."orders", 0) <> COALESCE(s."orders", 0)
      OR COALESCE(r."subtotal", 0) <> COALESCE(s."subtotal", 0)
      OR COALESCE(r."fees", 0) <> COALESCE(s."fees", 0)
      OR COALESCE(r."tax", 0) <> COALESCE(s."tax", 0)
      OR COALESCE(r."total", 0) <> COALESCE(s."total", 0)
    ORDER BY 1, 2, 3, 4`);
  const productRows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH r AS (${RECOMPUTED_PRODUCT_SALES}), s AS (${STORED_PRODUCT_SALES})
    SELECT to_char("day", 'YYYY-MM-DD') AS "day", "productId",
      COALESCE(r."revenue", 0)::text AS "expectedRevenue", COALESCE(s."revenue", 0)::text AS "storedRevenue",
      COALESCE(r."quantity", 0)::text AS "expectedQuantity", COALESCE(s."quantity", 0)::text AS "storedQuantity"
    FROM r FULL JOIN s USING ("day", "productId")
    WHERE COALESCE(r."revenue", 0) <> COALESCE(s."revenue", 0)
      OR COALESCE(r."quantity", 0) <> COALESCE(s."quantity", 0)
    ORDER BY 1, 2`);
  const takingRows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH r AS (${RECOMPUTED_TAKINGS}), s AS (${STORED_TAKINGS})
    SELECT to_char("day", 'YYYY-MM-DD') AS "day",
      COALESCE(r."orders", 0)::text AS "expectedOrders", COALESCE(s."orders", 0)::text AS "storedOrders",
      COALESCE(r."total", 0)::text AS "expectedTotal", COALESCE(s."total", 0)::text AS "storedTotal",
      COALESCE(r."refunded", 0)::text AS "expectedRefunded", COALESCE(s."refunded", 0)::text AS "storedRefunded"
    FROM r FULL JOIN s USING ("day")
    WHERE COALESCE(r."orders", 0) <> COALESCE(s."orders", 0)
      OR COALESCE(r."total", 0) <> COALESCE(s."total", 0)
      OR COALESCE(r."refunded", 0) <> COALESCE(s."refunded", 0)
    ORDER BY 1`);
  const paymentRows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH r AS (${RECOMPUTED_PAYMENTS}), s AS (${STORED_PAYMENTS})
    SELECT to_char("day", 'YYYY-MM-DD') AS "day", "method",
      COALESCE(r."received", 0)::text AS "expectedReceived", COALESCE(s."received", 0)::text AS "storedReceived",
      COALESCE(r."refunded", 0)::text AS "expectedRefunded", COALESCE(s."refunded", 0)::text AS "storedRefunded",
      COALESCE(r."payments", 0)::text AS "expectedPayments", COALESCE(s."payments", 0)::text AS "storedPayments"
    FROM r FULL JOIN s USING ("day", "method")
    WHERE COALESCE(r."received", 0) <> COALESCE(s."received", 0)
      OR COALESCE(r."refunded", 0) <> COALESCE(s."refunded", 0)
      OR COALESCE(r."payments", 0) <> COALESCE(s."payments", 0)
    ORDER BY 1, 2`);
  const dueRows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH r AS (${RECOMPUTED_DUE}), s AS (${STORED_DUE})
    SELECT "pickupDate", to_char("day", 'YYYY-MM-DD') AS "day", "fulfillmentStatus",
      COALESCE(r."orders", 0)::text AS "expectedOrders", COALESCE(s."orders", 0)::text AS "storedOrders"
    FROM r FULL JOIN s USING ("pickupDate", "day", "fulfillmentStatus")
    WHERE COALESCE(r."orders", 0) <> COALESCE(s."orders", 0)
    ORDER BY 1, 2, 3`);
  const figureRows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH r AS (${RECOMPUTED_FIGURES}), s AS (${STORED_FIGURES})
    SELECT to_char("day", 'YYYY-MM-DD') AS "day",
      ${Prisma.raw(
        FIGURE_COLUMNS.map(
          (c) =>
            `COALESCE(r."${c}", 0)::text AS "${expected(c)}", COALESCE(s."${c}", 0)::text AS "${stored(c)}"`,
        ).join(', '),
      )}
    FROM r FULL JOIN s USING ("day")
    WHERE ${Prisma.raw(FIGURE_COLUMNS.map((c) => `COALESCE(r."${c}", 0) <> COALESCE(s."${c}", 0)`).join(' OR '))}
    ORDER BY 1`);
  const split = (row: Row, fields: string[]) => ({
    expected: Object.fromEntries(fields.map((f) => [f, String(row[expected(f)])])),
    stored: Object.fromEntries(fields.map((f) => [f, String(row[stored(f)])])),
  });
  return [
    ...orderRows.map((row) => ({
      table: 'DailyOrderSummary' as const,
      key: {
        day: String(row.day),
        paymentStatus: String(row.paymentStatus),
        orderStatus: String(row.orderStatus),
        isRushOrder: Boolean(row.isRushOrder),
      },
      ...split(row, ['orders', 'subtotal', 'fees', 'tax', 'total']),
    })),
    ...productRows.map((row) => ({
      table: 'DailyProductSales' as const,
      key: { day: String(row.day), productId: String(row.productId) },
      ...split(row, ['revenue', 'quantity']),
    })),
    ...takingRows.map((row) => ({
      table: 'DailyTakings' as const,
      key: { day: String(row.day) },
      ...split(row, ['orders', 'total', 'refunded']),
    })),
    ...paymentRows.map((row) => ({
      table: 'DailyPayments' as const,
      key: { day: String(row.day), method: String(row.method) },
      ...split(row, ['received', 'refunded', 'payments']),
    })),
    ...dueRows.map((row) => ({
      table: 'DailyDueSummary' as const,
      key: {
        pickupDate: String(row.pickupDate),
        day: String(row.day),
        fulfillmentStatus: String(row.fulfillmentStatus),
      },
      ...split(row, ['orders']),
    })),
    ...figureRows.map((row) => ({
      table: 'DailyOrderFigures' as const,
      key: { day: String(row.day) },
      ...split(row, FIGURE_COLUMNS),
    })),
  ];
}

/**
 * Replaces the summary with a recomputation from the orders. Order writes
 * wait (SHARE lock on "Order") until it commits; reads go on.
 */
export async function rebuildDailySummary(prisma: PrismaClient): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`LOCK TABLE "Order" IN SHARE MODE`;
      await tx.$executeRaw`DELETE FROM "DailyOrderSummary"`;
      await tx.$executeRaw`DELETE FROM "DailyProductSales"`;
      await tx.$executeRaw`DELETE FROM "DailyTakings"`;
      await tx.$executeRaw`DELETE FROM "DailyDueSummary"`;
      await tx.$executeRaw`DELETE FROM "DailyOrderFigures"`;
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO ${FIGURES} ("day", ${Prisma.raw(FIGURE_COLUMNS.map((c) => `"${c}"`).join(', '))})
        ${RECOMPUTED_FIGURES}`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO ${DUE} ("pickupDate", "day", "fulfillmentStatus", "orders")
        ${RECOMPUTED_DUE}`);
      await tx.$executeRaw`LOCK TABLE "OrderPayment" IN SHARE MODE`;
      await tx.$executeRaw`DELETE FROM "DailyPayments"`;
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO ${PAYMENTS} ("day", "method", "received", "refunded", "payments")
        ${RECOMPUTED_PAYMENTS}`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO ${ORDER_SUMMARY}
          ("day", "paymentStatus", "orderStatus", "isRushOrder", "orders", "subtotal", "fees", "tax", "total")
        ${RECOMPUTED_ORDER_SUMMARY}`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO ${PRODUCT_SALES} ("day", "productId", "revenue", "quantity")
        ${RECOMPUTED_PRODUCT_SALES}`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO ${TAKINGS} ("day", "orders", "total", "refunded")
        ${RECOMPUTED_TAKINGS}`);
    },
    { maxWait: 10_000, timeout: 10 * 60 * 1000 },
  );
}

const SUMMARY_KEYS = {
  orders: {
    table: ORDER_SUMMARY,
    key: Prisma.raw('"day", "paymentStatus", "orderStatus", "isRushOrder"'),
    sums: ['orders', 'subtotal', 'fees', 'tax', 'total'],
  },
  products: {
    table: PRODUCT_SALES,
    key: Prisma.raw('"day", "productId"'),
    sums: ['revenue', 'quantity'],
  },
  takings: {
    table: TAKINGS,
    key: Prisma.raw('"day"'),
    sums: ['orders', 'total', 'refunded'],
  },
  payments: {
    table: PAYMENTS,
    key: Prisma.raw('"day", "method"'),
    sums: ['received', 'refunded', 'payments'],
  },
  figures: {
    table: FIGURES,
    key: Prisma.raw('"day"'),
    sums: FIGURE_COLUMNS,
  },
  due: {
    table: DUE,
    key: Prisma.raw('"pickupDate", "day", "fulfillmentStatus"'),
    sums: ['orders'],
  },
};

/**
 * Folds the slot rows of the days before `beforeDay` into slot 0, so old days
 * keep one row per key (hourly, main.ts). Gives up at once rather than wait
 * on a row a staff change holds (lock_timeout below PostgreSQL's deadlock
 * check): that change must never be the one aborted. Returns the rows folded.
 */
export async function foldSummarySlots(prisma: PrismaClient, beforeDay: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL lock_timeout = '200ms'`;
    let folded = 0;
    for (const { table, key, sums } of Object.values(SUMMARY_KEYS)) {
      const columns = Prisma.raw(sums.map((c) => `"${c}"`).join(', '));
      const summed = Prisma.raw(sums.map((c) => `sum("${c}")`).join(', '));
      const added = Prisma.raw(sums.map((c) => `"${c}" = s."${c}" + EXCLUDED."${c}"`).join(', '));
      folded += await tx.$executeRaw(Prisma.sql`
        WITH moved AS (
          DELETE FROM ${table} WHERE "slot" <> 0 AND "day" < ${beforeDay}::date RETURNING *)
        INSERT INTO ${table} AS s (${key}, "slot", ${columns})
        SELECT ${key}, 0, ${summed} FROM moved GROUP BY ${key} ORDER BY ${key}
        ON CONFLICT (${key}, "slot") DO UPDATE SET ${added}`);
    }
    return folded;
  });
}
