// Excel exports, written with the streaming XlsxWriter (services/xlsx.ts)
// straight into the HTTP response.
//
// The orders workbook reads the range once, with a server-side cursor
// (DECLARE / FETCH 2,000 rows at a time, the next FETCH sent before the
// current batch is written) in one REPEATABLE READ transaction, so its three
// sheets see the same snapshot and memory stays flat however many orders the
// range holds. Orders streams into the response; Order lines is written in
// the same pass into a deflated temporary file and copied in after it; Daily
// totals comes from the daily summary. Wall-clock times and money are
// computed in SQL. The export stops reading as soon as its download is
// cancelled (the abort signal) or its output closes; the running FETCH is
// cancelled (middleware/queryGuard.ts).
import type { Writable } from 'node:stream';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { BAKERY_TIME_ZONE, getCategory, getMenuItem, orderNumber } from '@bakery/core';
import { guardedQuery } from '../middleware/queryGuard.js';
import { daysInRange, ORDER_SUMMARY } from './dailySummary.js';
import { inRange, PAID, type DateRange } from './stats.js';
import { decimalToNumber, lineCost, totalCostOf } from './recipes.js';
import { daySerial, XlsxWriter, type Row, type XlsxColumn } from './xlsx.js';

const FETCH_SIZE = 2000;
/** Each FETCH may take this long; the export as a whole up to an hour. */
const EXPORT_STATEMENT_TIMEOUT_MS = 60_000;
const EXPORT_MAX_MS = 60 * 60 * 1000;
/** @deprecated kept for callers of the old exceljs writer; XlsxColumn formats replace it. */
export const CURRENCY = '"$"#,##0.00';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BAKERY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant as the bakery's wall clock (a Date whose UTC fields are New York's): Excel dates carry no zone. */
export function bakeryWallClock(instant: Date): Date {
  const parts = Object.fromEntries(
    wallClock.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return new Date(
    Date.UTC(
      +parts.year!,
      +parts.month! - 1,
      +parts.day!,
      +parts.hour!,
      +parts.minute!,
      +parts.second!,
    ),
  );
}

/** A `YYYY-MM-DD` calendar date (or the date part of an ISO string / Date) as an Excel date cell. */
export function calendarDateCell(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const text = value instanceof Date ? value.toISOString() : value;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : null;
}

export const ORDER_COLUMNS: XlsxColumn[] = [
  { header: 'Order number', width: 13 },
  { header: 'Placed', width: 17, format: 'dateTime' },
  { header: 'Pickup date', width: 12, format: 'date' },
  { header: 'Pickup time', width: 11 },
  { header: 'Customer', width: 22 },
  { header: 'Email', width: 28 },
  { header: 'Phone', width: 15 },
  { header: 'Method', width: 10 },
  { header: 'Delivery address', width: 36 },
  { header: 'Items', width: 50 },
  { header: 'Subtotal', width: 11, format: 'currency' },
  { header: 'Cake options', width: 12, format: 'currency' },
  { header: 'Rush fee', width: 10, format: 'currency' },
  { header: 'Delivery fee', width: 12, format: 'currency' },
  { header: 'Tax', width: 10, format: 'currency' },
  { header: 'Total', width: 11, format: 'currency' },
  { header: 'Payment status', width: 15 },
  { header: 'Order status', width: 13 },
  { header: 'Delivery fee status', width: 18 },
  { header: 'Rush', width: 7 },
  { header: 'Fulfilled', width: 17, format: 'dateTime' },
];

export const LINE_COLUMNS: XlsxColumn[] = [
  { header: 'Order number', width: 13 },
  { header: 'Placed', width: 17, format: 'dateTime' },
  { header: 'Pickup date', width: 12, format: 'date' },
  { header: 'Category', width: 16 },
  { header: 'Product', width: 30 },
  { header: 'Variant', width: 12 },
  { header: 'Filling', width: 16 },
  { header: 'Add-in', width: 14 },
  { header: 'Unit price', width: 11, format: 'currency' },
  { header: 'Quantity', width: 9 },
  { header: 'Line total', width: 11, format: 'currency' },
  { header: 'Payment status', width: 15 },
];

export const DAY_COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 12, format: 'date' },
  { header: 'Orders', width: 9 },
  { header: 'Paid orders', width: 11 },
  { header: 'Subtotal', width: 12, format: 'currency' },
  { header: 'Fees', width: 11, format: 'currency' },
  { header: 'Tax', width: 11, format: 'currency' },
  { header: 'Total', width: 12, format: 'currency' },
  { header: 'Revenue (paid)', width: 14, format: 'currency' },
];

// Wall-clock instants as Excel serial numbers, computed by PostgreSQL.
const serial = (column: string) =>
  Prisma.raw(
    `(extract(epoch FROM ("${column}" AT TIME ZONE '${BAKERY_TIME_ZONE}')) / 86400 + 25569)::float8`,
  );
function ordersQuery(range: DateRange): Prisma.Sql {
  return Prisma.sql`
    SELECT "id"::text AS "id", ${serial('createdAt')} AS "placed", "pickupDate", "pickupTime",
      "customerName", "customerEmail", "customerPhone", "deliveryMethod",
      CASE WHEN "deliveryMethod" = 'delivery' THEN
        concat_ws(', ', NULLIF("deliveryAddress", ''), NULLIF("deliveryCity", ''),
          NULLIF("deliveryState", ''), NULLIF("deliveryZip", '')) END AS "address",
      "items",
      "subtotal"::float8 AS "subtotal", "cakeOptionsFee"::float8 AS "cakeOptionsFee",
      "rushFee"::float8 AS "rushFee", "deliveryFee"::float8 AS "deliveryFee", "tax"::float8 AS "tax",
      "total"::float8 AS "total", "paymentStatus", "orderStatus", "deliveryFeeStatus",
      "isRushOrder", ${serial('fulfilledAt')} AS "fulfilled"
    FROM "Order"
    WHERE ${inRange(range)}
    ORDER BY "createdAt", "id"`;
}

type Tx = Prisma.TransactionClient;
type Raw = Record<string, unknown>;

/**
 * The rows of `query`, FETCH_SIZE at a time, from a server-side cursor. The
 * next FETCH is sent before the current batch is handed on, so PostgreSQL
 * reads while this process writes.
 */
async function* cursorRows(
  tx: Tx,
  name: string,
  query: Prisma.Sql,
  signal?: AbortSignal,
): AsyncGenerator<Raw[]> {
  await tx.$executeRaw(Prisma.sql`DECLARE ${Prisma.raw(name)} NO SCROLL CURSOR FOR ${query}`);
  const fetch = () => tx.$queryRawUnsafe<Raw[]>(`FETCH ${FETCH_SIZE} FROM ${name}`);
  let next: Promise<Raw[]> | null = fetch();
  try {
    while (next) {
      const rows: Raw[] = await next;
      signal?.throwIfAborted();
      next = rows.length === FETCH_SIZE ? fetch() : null;
      // A failed prefetch is reported when it is awaited, not as unhandled.
      next?.catch(() => undefined);
      if (rows.length) yield rows;
    }
  } finally {
    if (next) await next.catch(() => undefined);
    if (!signal?.aborted) await tx.$executeRawUnsafe(`CLOSE ${name}`).catch(() => undefined);
  }
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const categoryLabels = new Map<string, string>();
function categoryLabel(productId: unknown): string {
  const id = text(productId);
  let label = categoryLabels.get(id);
  if (label === undefined) {
    const item = id ? getMenuItem(id) : undefined;
    label = item ? (getCategory(item.category)?.label ?? item.category) : '';
    categoryLabels.set(id, label);
  }
  return label;
}

type StoredItem = {
  productId?: unknown;
  name?: unknown;
  price?: unknown;
  quantity?: unknown;
  variant?: unknown;
  variantLabel?: unknown;
  filling?: unknown;
  addIn?: unknown;
  lineTotal?: unknown;
};

const itemsOf = (raw: Raw): StoredItem[] =>
  Array.isArray(raw.items) ? (raw.items as StoredItem[]) : [];
/** Dollars to the cent (stored prices have at most 2 decimals). */
const dollars = (value: unknown) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
};

function orderRow(raw: Raw, number: string): Row {
  return [
    number,
    num(raw.placed),
    daySerial(raw.pickupDate as string | null),
    text(raw.pickupTime),
    text(raw.customerName),
    text(raw.customerEmail),
    text(raw.customerPhone),
    text(raw.deliveryMethod),
    text(raw.address),
    itemsOf(raw)
      .map((item) => {
        const variant = text(item.variantLabel) || text(item.variant);
        return `${text(item.quantity)} x ${text(item.name ?? item.productId)}${variant ? ` (${variant})` : ''}`;
      })
      .join('; '),
    num(raw.subtotal),
    num(raw.cakeOptionsFee),
    num(raw.rushFee),
    num(raw.deliveryFee),
    num(raw.tax),
    num(raw.total),
    text(raw.paymentStatus),
    text(raw.orderStatus),
    text(raw.deliveryFeeStatus),
    raw.isRushOrder ? 'Yes' : 'No',
    num(raw.fulfilled),
  ];
}

function lineRows(raw: Raw, number: string): Row[] {
  const placed = num(raw.placed);
  const pickupDate = daySerial(raw.pickupDate as string | null);
  const paymentStatus = text(raw.paymentStatus);
  return itemsOf(raw).map((item) => {
    const quantity = Number(item.quantity ?? 0);
    const unitPrice = dollars(item.price);
    return [
      number,
      placed,
      pickupDate,
      categoryLabel(item.productId),
      text(item.name ?? item.productId),
      text(item.variantLabel ?? item.variant),
      text(item.filling),
      text(item.addIn),
      unitPrice,
      quantity,
      item.lineTotal !== undefined && item.lineTotal !== null
        ? dollars(item.lineTotal)
        : dollars(unitPrice * quantity),
      paymentStatus,
    ];
  });
}

/** One row per bakery day with orders, from the daily summary (the same snapshot as the other sheets). */
async function dailyTotals(tx: Tx, range: DateRange): Promise<Row[]> {
  const rows = await tx.$queryRaw<Raw[]>(Prisma.sql`
    SELECT to_char("day", 'YYYY-MM-DD') AS "date",
      sum("orders")::int AS "orders",
      COALESCE(sum("orders") FILTER (WHERE ${PAID}), 0)::int AS "paidOrders",
      sum("subtotal")::float8 AS "subtotal", sum("fees")::float8 AS "fees",
      sum("tax")::float8 AS "tax", sum("total")::float8 AS "total",
      COALESCE(sum("total") FILTER (WHERE ${PAID}), 0)::float8 AS "revenue"
    FROM ${ORDER_SUMMARY}
    WHERE ${daysInRange(range)}
    GROUP BY "day"
    HAVING sum("orders") <> 0
    ORDER BY "day"`);
  return rows.map((day) => [
    daySerial(String(day.date)),
    num(day.orders),
    num(day.paidOrders),
    num(day.subtotal),
    num(day.fees),
    num(day.tax),
    num(day.total),
    num(day.revenue),
  ]);
}

/**
 * Writes the orders workbook (sheets Orders, Order lines, Daily totals) to
 * `out` and ends it. Stops, cancelling its query, when `signal` fires.
 */
export async function writeOrdersWorkbook(
  prisma: PrismaClient,
  range: DateRange,
  out: Writable,
  signal?: AbortSignal,
): Promise<{ orders: number; lines: number }> {
  return guardedQuery(
    prisma,
    {
      signal,
      label: 'export',
      timeoutMs: EXPORT_STATEMENT_TIMEOUT_MS,
      maxDurationMs: EXPORT_MAX_MS,
      isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead,
    },
    async (tx) => {
      await tx.$executeRaw`SET LOCAL jit = off`;
      const workbook = new XlsxWriter(out);
      // One pass over the orders: their lines go to a spooled sheet meanwhile.
      const lineSheet = await workbook.spoolSheet('Order lines', LINE_COLUMNS);
      let lines = 0;
      try {
        const rows = async function* () {
          for await (const batch of cursorRows(tx, 'export_orders', ordersQuery(range), signal)) {
            const orderRows: Row[] = [];
            const lineBatch: Row[] = [];
            for (const raw of batch) {
              const number = orderNumber(String(raw.id));
              orderRows.push(orderRow(raw, number));
              for (const line of lineRows(raw, number)) lineBatch.push(line);
            }
            lines += lineBatch.length;
            await lineSheet.add(lineBatch);
            yield orderRows;
          }
        };
        const orders = await workbook.addSheet('Orders', ORDER_COLUMNS, rows());
        await workbook.addSpooledSheet(lineSheet);
        await workbook.addSheet('Daily totals', DAY_COLUMNS, await dailyTotals(tx, range));
        await workbook.finish();
        return { orders, lines };
      } catch (error) {
        await lineSheet.discard();
        throw error;
      }
    },
  );
}

/** The recipes workbook: recipes with totals, their ingredient lines, and the pantry. */
export async function writeRecipesWorkbook(prisma: PrismaClient, out: Writable): Promise<void> {
  const recipes = await prisma.recipe.findMany({
    include: { ingredients: { include: { ingredient: true }, orderBy: { createdAt: 'asc' } } },
    orderBy: { name: 'asc' },
  });
  const ingredients = await prisma.ingredient.findMany({ orderBy: { name: 'asc' } });
  const workbook = new XlsxWriter(out);

  await workbook.addSheet(
    'Recipes',
    [
      { header: 'Recipe', width: 32 },
      { header: 'Category', width: 12 },
      { header: 'Serving size', width: 14 },
      { header: 'Prep time', width: 10 },
      { header: 'Bake time', width: 10 },
      { header: 'Active', width: 8 },
      { header: 'Ingredients', width: 11 },
      { header: 'Total cost', width: 12, format: 'currency' },
    ],
    recipes.map((recipe) => [
      recipe.name,
      recipe.category,
      recipe.servingSize ?? '',
      recipe.prepTime ?? '',
      recipe.bakeTime ?? '',
      recipe.isActive ? 'Yes' : 'No',
      recipe.ingredients.length,
      decimalToNumber(totalCostOf(recipe.ingredients), 2),
    ]),
  );

  await workbook.addSheet(
    'Recipe ingredients',
    [
      { header: 'Recipe', width: 32 },
      { header: 'Ingredient', width: 34 },
      { header: 'Quantity', width: 10, format: 'decimal4' },
      { header: 'Unit', width: 8 },
      { header: 'Cost per unit', width: 13, format: 'currency4' },
      { header: 'Line cost', width: 11, format: 'currency' },
      { header: 'Notes', width: 30 },
    ],
    recipes.flatMap((recipe) =>
      recipe.ingredients.map((line) => [
        recipe.name,
        line.ingredient.name,
        decimalToNumber(line.quantity, 4),
        line.ingredient.unit,
        decimalToNumber(line.ingredient.costPerUnit, 4),
        decimalToNumber(lineCost(line.quantity, line.ingredient.costPerUnit), 2),
        line.notes ?? '',
      ]),
    ),
  );

  await workbook.addSheet(
    'Ingredients',
    [
      { header: 'Ingredient', width: 34 },
      { header: 'Unit', width: 8 },
      { header: 'Cost per unit', width: 13, format: 'currency4' },
      { header: 'Category', width: 16 },
      { header: 'Supplier', width: 22 },
      { header: 'Notes', width: 30 },
    ],
    ingredients.map((ingredient) => [
      ingredient.name,
      ingredient.unit,
      decimalToNumber(ingredient.costPerUnit, 4),
      ingredient.category ?? '',
      ingredient.supplier ?? '',
      ingredient.notes ?? '',
    ]),
  );
  await workbook.finish();
}
