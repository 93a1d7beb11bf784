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
import {
  adminPaymentBadge,
  BAKERY_TIME_ZONE,
  FULFILLMENT_STATES,
  fulfillmentOf,
  getCategory,
  currentCatalogue,
  getMenuItem,
  lineDescription,
  optionLabel,
  orderNumber,
  variantLabelOf,
  ORDER_CHANNEL_LABELS,
  type OrderChannel,
  type OrderLineView,
} from '@bakery/core';
import { guardedQuery } from '../db/queryGuard.js';
import { daysInRange, ORDER_SUMMARY, PAYMENTS, TAKINGS } from './dailySummary.js';
import { PAYMENT_CANCELLED_SQL } from '../db/orderStates.js';
import { inRange, type DateRange } from './stats.js';
import { decimalToNumber, lineCost, totalCostOf } from './recipes.js';
import { lineView } from './orderView.js';
import { daySerial, defineSheet, XlsxWriter } from './xlsx.js';
import type { ROUTES } from '@bakery/core';
import { writeStandingWorkbook } from './standing/export.js';
import type { Tx } from '../db/types.js';

const FETCH_SIZE = 2000;
/** Each FETCH may take this long; the export as a whole up to an hour. */
export const EXPORT_STATEMENT_TIMEOUT_MS = 60_000;
const EXPORT_MAX_MS = 60 * 60 * 1000;

type RawRow = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** An order as the sheets read it: the row from ordersQuery, its number and its lines. */
interface ExportOrder {
  raw: RawRow;
  number: string;
  lines: OrderLineView[];
}
type ExportLine = { order: ExportOrder; line: OrderLineView };

const orderText = (key: string) => (o: ExportOrder) => text(o.raw[key]);
const orderNum = (key: string) => (o: ExportOrder) => num(o.raw[key]);
const pickupDay = (o: ExportOrder) => daySerial(o.raw.pickupDate as string | null);

export const ORDERS_SHEET = defineSheet<ExportOrder>('Orders', [
  ['Order number', 13, (o) => o.number],
  ['Placed', 17, orderNum('placed'), 'dateTime'],
  ['Pickup date', 12, pickupDay, 'date'],
  ['Pickup time', 11, orderText('pickupTime')],
  ['Customer', 22, orderText('customerName')],
  ['Email', 28, orderText('customerEmail')],
  ['Phone', 15, orderText('customerPhone')],
  ['Method', 10, orderText('deliveryMethod')],
  ['Delivery address', 36, orderText('address')],
  ['Items', 50, (o) => o.lines.map((l) => `${l.quantity} x ${lineDescription(l)}`).join('; ')],
  ['Cake writing', 30, orderText('cakeWriting')],
  ['Subtotal', 11, orderNum('subtotal'), 'currency'],
  ['Cake options', 12, orderNum('cakeOptionsFee'), 'currency'],
  ['Rush fee', 10, orderNum('rushFee'), 'currency'],
  ['Delivery fee', 12, orderNum('deliveryFee'), 'currency'],
  ['Tax', 10, orderNum('tax'), 'currency'],
  ['Total', 11, orderNum('total'), 'currency'],
  // Statuses in words (issue 23): the badges staff read, not the stored values.
  ['Payment status', 15, (o) => adminPaymentBadge(text(o.raw.paymentStatus))],
  ['Order status', 13, (o) => (o.raw.orderStatus === 'complete' ? 'Complete' : 'In progress')],
  [
    'State',
    16,
    (o) => FULFILLMENT_STATES[fulfillmentOf(o.raw as { fulfillmentStatus?: string })].staffBadge,
  ],
  [
    'Delivery fee status',
    18,
    (o) => DELIVERY_FEE_WORDS[text(o.raw.deliveryFeeStatus)] ?? text(o.raw.deliveryFeeStatus),
  ],
  ['Rush', 7, (o) => (o.raw.isRushOrder ? 'Yes' : 'No')],
  ['Fulfilled', 17, orderNum('fulfilled'), 'dateTime'],
  ['Paid by', 12, (o) => text(o.raw.paymentMethod)],
  ['Refunded', 11, orderNum('refundedAmount'), 'currency'],
  ['Special instructions', 36, orderText('specialInstructions')],
  ['Delivery instructions', 36, orderText('deliveryInstructions')],
  // Issue 42: online, phone, counter or a walk-in's sale.
  [
    'Channel',
    10,
    (o) => ORDER_CHANNEL_LABELS[text(o.raw.channel) as OrderChannel] ?? text(o.raw.channel),
  ],
]);

const DELIVERY_FEE_WORDS: Record<string, string> = {
  not_applicable: 'Not applicable',
  pending: 'Pending',
  calculated: 'Calculated',
};

export const LINES_SHEET = defineSheet<ExportLine>('Order lines', [
  ['Order number', 13, ({ order }) => order.number],
  ['Placed', 17, ({ order }) => num(order.raw.placed), 'dateTime'],
  ['Pickup date', 12, ({ order }) => pickupDay(order), 'date'],
  ['Category', 16, ({ line }) => categoryLabel(line.productId)],
  ['Product', 30, ({ line }) => line.name || line.productId],
  ['Variant', 12, ({ line }) => variantLabelOf(line)],
  ['Filling', 16, ({ line }) => optionLabel(line.filling)],
  ['Add-in', 14, ({ line }) => optionLabel(line.addIn)],
  ['Unit price', 11, ({ line }) => line.price, 'currency'],
  ['Quantity', 9, ({ line }) => line.quantity],
  ['Line total', 11, ({ line }) => line.lineTotal, 'currency'],
  ['Payment status', 15, ({ order }) => adminPaymentBadge(text(order.raw.paymentStatus))],
]);

export const DAYS_SHEET = defineSheet<RawRow>('Daily totals', [
  ['Date', 12, (day) => daySerial(String(day.date)), 'date'],
  ['Orders', 9, (day) => num(day.orders)],
  ['Cancelled', 10, (day) => num(day.cancelled)],
  ['Paid orders', 11, (day) => num(day.paidOrders)],
  ['Subtotal', 12, (day) => num(day.subtotal), 'currency'],
  ['Fees', 11, (day) => num(day.fees), 'currency'],
  ['Tax', 11, (day) => num(day.tax), 'currency'],
  ['Total', 12, (day) => num(day.total), 'currency'],
  ['Revenue (paid)', 14, (day) => num(day.revenue), 'currency'],
]);

/** Issue 42: each count of a day's drawer in the range, as recorded. */
export const CASH_UP_SHEET = defineSheet<RawRow>('Cash-up', [
  ['Date', 12, (row) => daySerial(String(row.date)), 'date'],
  ['Expected cash', 14, (row) => num(row.expected), 'currency'],
  ['Counted', 12, (row) => num(row.counted), 'currency'],
  ['Difference', 12, (row) => num(row.difference), 'currency'],
  ['Note', 40, (row) => text(row.note)],
  ['Counted by', 28, (row) => text(row.actorEmail)],
]);

const cashUps = (tx: Tx, range: DateRange) =>
  tx.$queryRaw<RawRow[]>(Prisma.sql`
    SELECT to_char("day", 'YYYY-MM-DD') AS "date", "expected"::float8 AS "expected",
      "counted"::float8 AS "counted", "difference"::float8 AS "difference", "note", "actorEmail"
    FROM "CashUp" WHERE ${daysInRange(range)} ORDER BY "day", "at" LIMIT 5000`);

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
      "isRushOrder", ${serial('fulfilledAt')} AS "fulfilled", "cakeWriting",
      "fulfillmentStatus", "paymentMethod", "refundedAmount"::float8 AS "refundedAmount",
      "specialInstructions", "deliveryInstructions", "channel"
    FROM "Order"
    WHERE ${inRange(range)}
    ORDER BY "createdAt", "id"`;
}

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
): AsyncGenerator<RawRow[]> {
  await tx.$executeRaw(Prisma.sql`DECLARE ${Prisma.raw(name)} NO SCROLL CURSOR FOR ${query}`);
  const fetch = () => tx.$queryRawUnsafe<RawRow[]>(`FETCH ${FETCH_SIZE} FROM ${name}`);
  let next: Promise<RawRow[]> | null = fetch();
  try {
    while (next) {
      const rows: RawRow[] = await next;
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

let categoryLabels = new Map<string, string>();
let labelsOf: unknown = null;
/** The item's category as the live menu names it (a line keeps its own name and price). */
function categoryLabel(productId: unknown): string {
  // A publish (issue 22) may rename a category: the memo follows the live catalogue.
  if (labelsOf !== currentCatalogue()) {
    categoryLabels = new Map();
    labelsOf = currentCatalogue();
  }
  const id = text(productId);
  let label = categoryLabels.get(id);
  if (label === undefined) {
    const item = id ? getMenuItem(id) : undefined;
    label = item ? (getCategory(item.category)?.label ?? item.category) : '';
    categoryLabels.set(id, label);
  }
  return label;
}

/** The order's lines as the wire shows them (core's OrderLineView). */
const exportOrder = (raw: RawRow): ExportOrder => ({
  raw,
  number: orderNumber(String(raw.id)),
  lines: (Array.isArray(raw.items) ? raw.items : []).map(lineView),
});

/** One row per bakery day with orders, from the daily summary (the same snapshot as the other sheets). */
async function dailyTotals(tx: Tx, range: DateRange): Promise<RawRow[]> {
  // Orders (cancelled ones apart) and their sums by the day they were
  // placed; paid orders by the day the money came in; revenue from the
  // day's money rows (issue 36: the same figure as takings and revenueByDay).
  const rows = await tx.$queryRaw<RawRow[]>(Prisma.sql`
    WITH placed AS (
      SELECT "day",
        COALESCE(sum("orders") FILTER (WHERE NOT cancelled), 0)::int AS "orders",
        COALESCE(sum("orders") FILTER (WHERE cancelled), 0)::int AS "cancelled",
        sum("subtotal") FILTER (WHERE NOT cancelled) AS "subtotal",
        sum("fees") FILTER (WHERE NOT cancelled) AS "fees",
        sum("tax") FILTER (WHERE NOT cancelled) AS "tax",
        sum("total") FILTER (WHERE NOT cancelled) AS "total"
      FROM (SELECT *, ${PAYMENT_CANCELLED_SQL} AS cancelled FROM ${ORDER_SUMMARY}) s
      WHERE ${daysInRange(range)} GROUP BY "day"
    ), paid AS (
      SELECT "day", sum("orders")::int AS "paidOrders"
      FROM ${TAKINGS} WHERE ${daysInRange(range)} GROUP BY "day"
    ), received AS (
      SELECT "day", sum("received" - "refunded") AS "revenue"
      FROM ${PAYMENTS} WHERE ${daysInRange(range)} GROUP BY "day"
    )
    SELECT to_char("day", 'YYYY-MM-DD') AS "date",
      COALESCE(placed."orders", 0)::int AS "orders",
      COALESCE(placed."cancelled", 0)::int AS "cancelled",
      COALESCE(paid."paidOrders", 0)::int AS "paidOrders",
      COALESCE(placed."subtotal", 0)::float8 AS "subtotal", COALESCE(placed."fees", 0)::float8 AS "fees",
      COALESCE(placed."tax", 0)::float8 AS "tax", COALESCE(placed."total", 0)::float8 AS "total",
      COALESCE(received."revenue", 0)::float8 AS "revenue"
    FROM placed FULL JOIN paid USING ("day") FULL JOIN received USING ("day")
    -- The days analytics' revenueByDay lists: orders placed or money received.
    WHERE COALESCE(placed."orders", 0) <> 0 OR COALESCE(received."revenue", 0) <> 0
    ORDER BY "day"`);
  return rows;
}

/**
 * Writes the orders workbook (sheets Orders, Order lines, Daily totals, Cash-up) to
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
      const lineSheet = await workbook.spoolSheet(LINES_SHEET.name, LINES_SHEET.columns);
      let lines = 0;
      try {
        const orders = async function* () {
          for await (const batch of cursorRows(tx, 'export_orders', ordersQuery(range), signal)) {
            const records = batch.map(exportOrder);
            const lineBatch = records.flatMap((order) =>
              order.lines.map((line) => LINES_SHEET.row({ order, line })),
            );
            lines += lineBatch.length;
            await lineSheet.add(lineBatch);
            yield records;
          }
        };
        const count = await workbook.writeSheet(ORDERS_SHEET, orders());
        await workbook.addSpooledSheet(lineSheet);
        await workbook.writeSheet(DAYS_SHEET, await dailyTotals(tx, range));
        await workbook.writeSheet(CASH_UP_SHEET, await cashUps(tx, range));
        await workbook.finish();
        return { orders: count, lines };
      } catch (error) {
        await lineSheet.discard();
        throw error;
      }
    },
  );
}

type RecipeRow = Prisma.RecipeGetPayload<{
  include: { ingredients: { include: { ingredient: true } } };
}>;
type RecipeLine = RecipeRow['ingredients'][number] & { recipe: RecipeRow };
type IngredientRow = RecipeLine['ingredient'];

const RECIPES_SHEET = defineSheet<RecipeRow>('Recipes', [
  ['Recipe', 32, (r) => r.name],
  ['Category', 12, (r) => r.category],
  ['Serving size', 14, (r) => r.servingSize],
  ['Prep time', 10, (r) => r.prepTime],
  ['Bake time', 10, (r) => r.bakeTime],
  ['Active', 8, (r) => (r.isActive ? 'Yes' : 'No')],
  ['Ingredients', 11, (r) => r.ingredients.length],
  ['Total cost', 12, (r) => decimalToNumber(totalCostOf(r.ingredients), 2), 'currency'],
]);

const RECIPE_LINES_SHEET = defineSheet<RecipeLine>('Recipe ingredients', [
  ['Recipe', 32, (l) => l.recipe.name],
  ['Ingredient', 34, (l) => l.ingredient.name],
  ['Quantity', 10, (l) => decimalToNumber(l.quantity, 4), 'decimal4'],
  ['Unit', 8, (l) => l.ingredient.unit],
  ['Cost per unit', 13, (l) => decimalToNumber(l.ingredient.costPerUnit, 4), 'currency4'],
  [
    'Line cost',
    11,
    (l) => decimalToNumber(lineCost(l.quantity, l.ingredient.costPerUnit), 2),
    'currency',
  ],
  ['Notes', 30, (l) => l.notes],
]);

const INGREDIENTS_SHEET = defineSheet<IngredientRow>('Ingredients', [
  ['Ingredient', 34, (i) => i.name],
  ['Unit', 8, (i) => i.unit],
  ['Cost per unit', 13, (i) => decimalToNumber(i.costPerUnit, 4), 'currency4'],
  ['Category', 16, (i) => i.category],
  ['Supplier', 22, (i) => i.supplier],
  ['Notes', 30, (i) => i.notes],
]);

/** The recipes workbook: recipes with totals, their ingredient lines, and the pantry. */
export async function writeRecipesWorkbook(prisma: PrismaClient, out: Writable): Promise<void> {
  const recipes = await prisma.recipe.findMany({
    include: { ingredients: { include: { ingredient: true }, orderBy: { createdAt: 'asc' } } },
    orderBy: { name: 'asc' },
  });
  const ingredients = await prisma.ingredient.findMany({ orderBy: { name: 'asc' } });
  const workbook = new XlsxWriter(out);
  await workbook.writeSheet(RECIPES_SHEET, recipes);
  await workbook.writeSheet(
    RECIPE_LINES_SHEET,
    recipes.flatMap((recipe) => recipe.ingredients.map((line) => ({ ...line, recipe }))),
  );
  await workbook.writeSheet(INGREDIENTS_SHEET, ingredients);
  await workbook.finish();
}

/**
 * The workbooks whose route takes no input: each is served by the exports
 * router as `<file>-<today>.xlsx` (routes/admin/exports.ts registers every
 * entry), so a new one of these is its writer here, a `file` line in core's
 * route map and the screen's button (docs/architecture.md, "Change walks").
 */
export const PLAIN_WORKBOOKS = [
  { route: 'recipesWorkbook', what: 'recipes', file: 'recipes', write: writeRecipesWorkbook },
  {
    route: 'standingWorkbook',
    what: 'standing orders',
    file: 'standing-orders',
    write: writeStandingWorkbook,
  },
] as const satisfies readonly {
  route: keyof typeof ROUTES;
  what: string;
  file: string;
  write: (prisma: PrismaClient, out: Writable) => Promise<void>;
}[];
