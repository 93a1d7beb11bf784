// Excel exports. The orders workbook is written with exceljs's streaming
// WorkbookWriter straight into the HTTP response, reading orders 1,000 at a
// time by keyset (createdAt, id), so memory stays flat however many orders
// the range holds. Each sheet is one pass over the range (a streaming zip
// writes its entries one after the other, so sheets cannot be interleaved
// without buffering). Cells hold real numbers and dates with formats.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { BAKERY_TIME_ZONE, getCategory, getMenuItem, orderNumber } from '@bakery/core';
import { inRange, ORDER_DAY, ORDERS, PAID, rangeBounds, type DateRange } from './stats.js';
import { decimalToNumber, totalCostOf, lineCost } from './recipes.js';

const PAGE_SIZE = 1000;
export const CURRENCY = '"$"#,##0.00';
const DATE = 'yyyy-mm-dd';
const DATE_TIME = 'yyyy-mm-dd hh:mm';
const HEADER_FONT = { bold: true } as const;
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3E8DA' } } as const;

type Column = { header: string; key: string; width: number; numFmt?: string };

// Excel dates carry no time zone: a cell shows the wall-clock time of the
// Date's UTC fields, so instants are shifted to the bakery's wall clock.
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

const money = (value: Prisma.Decimal | number | string | null | undefined) =>
  value === null || value === undefined ? 0 : Number(new Prisma.Decimal(value).toFixed(2));

/** Sheet options shared by every table: frozen header row, filter over the columns. */
function tableOptions(columns: Column[]) {
  return {
    views: [{ state: 'frozen' as const, ySplit: 1, xSplit: 0, activeCell: 'A2' }],
    autoFilter: { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } },
  };
}

function setColumns(sheet: ExcelJS.Worksheet, columns: Column[]) {
  sheet.columns = columns.map(({ header, key, width, numFmt }) => ({
    header,
    key,
    width,
    style: numFmt ? { numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = HEADER_FONT;
  header.fill = HEADER_FILL;
}

export const ORDER_COLUMNS: Column[] = [
  { header: 'Order number', key: 'orderNumber', width: 13 },
  { header: 'Placed', key: 'placed', width: 17, numFmt: DATE_TIME },
  { header: 'Pickup date', key: 'pickupDate', width: 12, numFmt: DATE },
  { header: 'Pickup time', key: 'pickupTime', width: 11 },
  { header: 'Customer', key: 'customer', width: 22 },
  { header: 'Email', key: 'email', width: 28 },
  { header: 'Phone', key: 'phone', width: 15 },
  { header: 'Method', key: 'method', width: 10 },
  { header: 'Delivery address', key: 'address', width: 36 },
  { header: 'Items', key: 'items', width: 50 },
  { header: 'Subtotal', key: 'subtotal', width: 11, numFmt: CURRENCY },
  { header: 'Cake options', key: 'cakeOptionsFee', width: 12, numFmt: CURRENCY },
  { header: 'Rush fee', key: 'rushFee', width: 10, numFmt: CURRENCY },
  { header: 'Delivery fee', key: 'deliveryFee', width: 12, numFmt: CURRENCY },
  { header: 'Tax', key: 'tax', width: 10, numFmt: CURRENCY },
  { header: 'Total', key: 'total', width: 11, numFmt: CURRENCY },
  { header: 'Payment status', key: 'paymentStatus', width: 15 },
  { header: 'Order status', key: 'orderStatus', width: 13 },
  { header: 'Delivery fee status', key: 'deliveryFeeStatus', width: 18 },
  { header: 'Rush', key: 'rush', width: 7 },
  { header: 'Fulfilled', key: 'fulfilledAt', width: 17, numFmt: DATE_TIME },
];

export const LINE_COLUMNS: Column[] = [
  { header: 'Order number', key: 'orderNumber', width: 13 },
  { header: 'Placed', key: 'placed', width: 17, numFmt: DATE_TIME },
  { header: 'Pickup date', key: 'pickupDate', width: 12, numFmt: DATE },
  { header: 'Category', key: 'category', width: 16 },
  { header: 'Product', key: 'product', width: 30 },
  { header: 'Variant', key: 'variant', width: 12 },
  { header: 'Filling', key: 'filling', width: 16 },
  { header: 'Add-in', key: 'addIn', width: 14 },
  { header: 'Unit price', key: 'unitPrice', width: 11, numFmt: CURRENCY },
  { header: 'Quantity', key: 'quantity', width: 9 },
  { header: 'Line total', key: 'lineTotal', width: 11, numFmt: CURRENCY },
  { header: 'Payment status', key: 'paymentStatus', width: 15 },
];

export const DAY_COLUMNS: Column[] = [
  { header: 'Date', key: 'date', width: 12, numFmt: DATE },
  { header: 'Orders', key: 'orders', width: 9 },
  { header: 'Paid orders', key: 'paidOrders', width: 11 },
  { header: 'Subtotal', key: 'subtotal', width: 12, numFmt: CURRENCY },
  { header: 'Fees', key: 'fees', width: 11, numFmt: CURRENCY },
  { header: 'Tax', key: 'tax', width: 11, numFmt: CURRENCY },
  { header: 'Total', key: 'total', width: 12, numFmt: CURRENCY },
  { header: 'Revenue (paid)', key: 'revenue', width: 14, numFmt: CURRENCY },
];

const exportSelect = {
  id: true,
  createdAt: true,
  customerName: true,
  customerEmail: true,
  customerPhone: true,
  pickupDate: true,
  pickupTime: true,
  deliveryMethod: true,
  deliveryAddress: true,
  deliveryCity: true,
  deliveryState: true,
  deliveryZip: true,
  items: true,
  subtotal: true,
  cakeOptionsFee: true,
  rushFee: true,
  deliveryFee: true,
  tax: true,
  total: true,
  paymentStatus: true,
  orderStatus: true,
  deliveryFeeStatus: true,
  isRushOrder: true,
  fulfilledAt: true,
} satisfies Prisma.OrderSelect;

type ExportOrder = Prisma.OrderGetPayload<{ select: typeof exportSelect }>;

type StoredItem = {
  productId?: string;
  name?: string;
  price?: number | string;
  quantity?: number | string;
  variant?: string | null;
  variantLabel?: string | null;
  filling?: string | null;
  addIn?: string | null;
  lineTotal?: number | string;
};

const itemsOf = (order: ExportOrder): StoredItem[] =>
  Array.isArray(order.items) ? (order.items as StoredItem[]) : [];

/** Orders of the range, oldest first, one page of PAGE_SIZE at a time. */
export async function* ordersInPages(prisma: PrismaClient, range: DateRange) {
  const { start, end } = rangeBounds(range);
  const createdAt = { ...(start ? { gte: start } : {}), ...(end ? { lt: end } : {}) };
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: ExportOrder[] = await prisma.order.findMany({
      select: exportSelect,
      where: {
        createdAt,
        ...(after
          ? {
              OR: [
                { createdAt: { gt: after.createdAt } },
                { createdAt: after.createdAt, id: { gt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE_SIZE,
    });
    if (page.length === 0) return;
    yield page;
    if (page.length < PAGE_SIZE) return;
    const last: ExportOrder = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

function orderRow(order: ExportOrder) {
  const address = [
    order.deliveryAddress,
    order.deliveryCity,
    order.deliveryState,
    order.deliveryZip,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    orderNumber: orderNumber(order.id),
    placed: bakeryWallClock(order.createdAt),
    pickupDate: calendarDateCell(order.pickupDate),
    pickupTime: order.pickupTime ?? '',
    customer: order.customerName,
    email: order.customerEmail,
    phone: order.customerPhone ?? '',
    method: order.deliveryMethod,
    address: order.deliveryMethod === 'delivery' ? address : '',
    items: itemsOf(order)
      .map(
        (item) =>
          `${item.quantity} x ${item.name ?? item.productId}${item.variantLabel || item.variant ? ` (${item.variantLabel ?? item.variant})` : ''}`,
      )
      .join('; '),
    subtotal: money(order.subtotal),
    cakeOptionsFee: money(order.cakeOptionsFee),
    rushFee: money(order.rushFee),
    deliveryFee: money(order.deliveryFee),
    tax: money(order.tax),
    total: money(order.total),
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    deliveryFeeStatus: order.deliveryFeeStatus,
    rush: order.isRushOrder ? 'Yes' : 'No',
    fulfilledAt: order.fulfilledAt ? bakeryWallClock(order.fulfilledAt) : null,
  };
}

function lineRows(order: ExportOrder) {
  const placed = bakeryWallClock(order.createdAt);
  const pickupDate = calendarDateCell(order.pickupDate);
  return itemsOf(order).map((item) => {
    const quantity = Number(item.quantity ?? 0);
    const unitPrice = money(item.price ?? 0);
    const menuItem = item.productId ? getMenuItem(item.productId) : undefined;
    return {
      orderNumber: orderNumber(order.id),
      placed,
      pickupDate,
      category: menuItem ? (getCategory(menuItem.category)?.label ?? menuItem.category) : '',
      product: item.name ?? item.productId ?? '',
      variant: item.variantLabel ?? item.variant ?? '',
      filling: item.filling ?? '',
      addIn: item.addIn ?? '',
      unitPrice,
      quantity,
      lineTotal:
        item.lineTotal !== undefined
          ? money(item.lineTotal)
          : money(new Prisma.Decimal(unitPrice).mul(quantity)),
      paymentStatus: order.paymentStatus,
    };
  });
}

/** Lets the zip and the socket catch up before the next page is written. */
async function yieldToOutput(out: Writable) {
  if (out.writableNeedDrain) await once(out, 'drain');
  await new Promise((resolve) => setImmediate(resolve));
}

async function dailyTotals(prisma: PrismaClient, range: DateRange) {
  return prisma.$queryRaw<
    {
      date: string;
      orders: bigint;
      paidOrders: bigint;
      subtotal: string;
      fees: string;
      tax: string;
      total: string;
      revenue: string;
    }[]
  >(Prisma.sql`
    SELECT ${ORDER_DAY} AS "date",
      count(*) AS "orders",
      count(*) FILTER (WHERE ${PAID}) AS "paidOrders",
      COALESCE(sum("subtotal"), 0)::text AS "subtotal",
      COALESCE(sum("cakeOptionsFee" + "rushFee" + "deliveryFee"), 0)::text AS "fees",
      COALESCE(sum("tax"), 0)::text AS "tax",
      COALESCE(sum("total"), 0)::text AS "total",
      COALESCE(sum("total") FILTER (WHERE ${PAID}), 0)::text AS "revenue"
    FROM ${ORDERS}
    WHERE ${inRange(range)}
    GROUP BY 1
    ORDER BY 1
  `);
}

/**
 * Writes the orders workbook (sheets Orders, Order lines, Daily totals) to
 * `out` and ends it. Resolves when the whole file has been handed to `out`.
 */
export async function writeOrdersWorkbook(
  prisma: PrismaClient,
  range: DateRange,
  out: Writable,
): Promise<{ orders: number }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Bakery back office';
  workbook.created = new Date();

  let count = 0;
  const orders = workbook.addWorksheet('Orders', tableOptions(ORDER_COLUMNS));
  setColumns(orders, ORDER_COLUMNS);
  for await (const page of ordersInPages(prisma, range)) {
    for (const order of page) orders.addRow(orderRow(order)).commit();
    count += page.length;
    await yieldToOutput(out);
  }
  orders.commit();

  const lines = workbook.addWorksheet('Order lines', tableOptions(LINE_COLUMNS));
  setColumns(lines, LINE_COLUMNS);
  for await (const page of ordersInPages(prisma, range)) {
    for (const order of page) for (const row of lineRows(order)) lines.addRow(row).commit();
    await yieldToOutput(out);
  }
  lines.commit();

  const days = workbook.addWorksheet('Daily totals', tableOptions(DAY_COLUMNS));
  setColumns(days, DAY_COLUMNS);
  for (const day of await dailyTotals(prisma, range)) {
    days
      .addRow({
        date: calendarDateCell(day.date),
        orders: Number(day.orders),
        paidOrders: Number(day.paidOrders),
        subtotal: money(day.subtotal),
        fees: money(day.fees),
        tax: money(day.tax),
        total: money(day.total),
        revenue: money(day.revenue),
      })
      .commit();
  }
  days.commit();

  await workbook.commit();
  return { orders: count };
}

/** The recipes workbook: recipes with totals, their ingredient lines, and the pantry. Small, so built in memory. */
export async function writeRecipesWorkbook(prisma: PrismaClient, out: Writable): Promise<void> {
  const recipes = await prisma.recipe.findMany({
    include: { ingredients: { include: { ingredient: true }, orderBy: { createdAt: 'asc' } } },
    orderBy: { name: 'asc' },
  });
  const ingredients = await prisma.ingredient.findMany({ orderBy: { name: 'asc' } });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Bakery back office';

  const recipeColumns: Column[] = [
    { header: 'Recipe', key: 'name', width: 32 },
    { header: 'Category', key: 'category', width: 12 },
    { header: 'Serving size', key: 'servingSize', width: 14 },
    { header: 'Prep time', key: 'prepTime', width: 10 },
    { header: 'Bake time', key: 'bakeTime', width: 10 },
    { header: 'Active', key: 'active', width: 8 },
    { header: 'Ingredients', key: 'ingredientCount', width: 11 },
    { header: 'Total cost', key: 'totalCost', width: 12, numFmt: CURRENCY },
  ];
  const sheet = workbook.addWorksheet('Recipes', tableOptions(recipeColumns));
  setColumns(sheet, recipeColumns);
  for (const recipe of recipes) {
    sheet
      .addRow({
        name: recipe.name,
        category: recipe.category,
        servingSize: recipe.servingSize ?? '',
        prepTime: recipe.prepTime ?? '',
        bakeTime: recipe.bakeTime ?? '',
        active: recipe.isActive ? 'Yes' : 'No',
        ingredientCount: recipe.ingredients.length,
        totalCost: decimalToNumber(totalCostOf(recipe.ingredients), 2),
      })
      .commit();
  }
  sheet.commit();

  const lineColumns: Column[] = [
    { header: 'Recipe', key: 'recipe', width: 32 },
    { header: 'Ingredient', key: 'ingredient', width: 34 },
    { header: 'Quantity', key: 'quantity', width: 10, numFmt: '0.0000' },
    { header: 'Unit', key: 'unit', width: 8 },
    { header: 'Cost per unit', key: 'costPerUnit', width: 13, numFmt: '"$"#,##0.0000' },
    { header: 'Line cost', key: 'lineCost', width: 11, numFmt: CURRENCY },
    { header: 'Notes', key: 'notes', width: 30 },
  ];
  const lineSheet = workbook.addWorksheet('Recipe ingredients', tableOptions(lineColumns));
  setColumns(lineSheet, lineColumns);
  for (const recipe of recipes) {
    for (const line of recipe.ingredients) {
      lineSheet
        .addRow({
          recipe: recipe.name,
          ingredient: line.ingredient.name,
          quantity: decimalToNumber(line.quantity, 4),
          unit: line.ingredient.unit,
          costPerUnit: decimalToNumber(line.ingredient.costPerUnit, 4),
          lineCost: decimalToNumber(lineCost(line.quantity, line.ingredient.costPerUnit), 2),
          notes: line.notes ?? '',
        })
        .commit();
    }
  }
  lineSheet.commit();

  const pantryColumns: Column[] = [
    { header: 'Ingredient', key: 'name', width: 34 },
    { header: 'Unit', key: 'unit', width: 8 },
    { header: 'Cost per unit', key: 'costPerUnit', width: 13, numFmt: '"$"#,##0.0000' },
    { header: 'Category', key: 'category', width: 16 },
    { header: 'Supplier', key: 'supplier', width: 22 },
    { header: 'Notes', key: 'notes', width: 30 },
  ];
  const pantry = workbook.addWorksheet('Ingredients', tableOptions(pantryColumns));
  setColumns(pantry, pantryColumns);
  for (const ingredient of ingredients) {
    pantry
      .addRow({
        name: ingredient.name,
        unit: ingredient.unit,
        costPerUnit: decimalToNumber(ingredient.costPerUnit, 4),
        category: ingredient.category ?? '',
        supplier: ingredient.supplier ?? '',
        notes: ingredient.notes ?? '',
      })
      .commit();
  }
  pantry.commit();
  await workbook.commit();
}
