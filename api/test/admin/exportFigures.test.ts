// The orders workbook agrees with the stat cards and analytics for the same
// range (issue 13), and no workbook carries a formula a customer or staff
// member typed (issue 15, item 9): text starting with = + - @, tab or CR is
// written with a leading apostrophe in the orders, recipes and bake sheet
// workbooks alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addDays, bakeryToday, dateRangeToUtc, itemsInCategory } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from './helpers.js';
import { spreadsheetText } from '../../src/services/xlsx.js';

let server: TestServer;
let staff: Client;
const today = bakeryToday();
const fromDate = addDays(today, -9);
const range = `fromDate=${fromDate}&toDate=${today}`;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  const products = [...itemsInCategory('breads'), ...itemsInCategory('cookies')].slice(0, 4);
  const states = ['pending', 'paid', 'completed', 'cancelled'] as const;
  // 120 orders over 12 days (two outside the range), some placed just before New York midnight.
  for (let i = 0; i < 120; i++) {
    const day = addDays(today, -(i % 12));
    const { start } = dateRangeToUtc(day, day);
    const minutes = i % 5 === 0 ? 24 * 60 - 3 : (i * 37) % (24 * 60);
    const product = products[i % products.length]!;
    await insertOrder(server.prisma, {
      createdAt: new Date(start.getTime() + minutes * 60_000),
      paymentStatus: states[i % 4],
      orderStatus: i % 3 === 0 ? 'complete' : 'in progress',
      isRushOrder: i % 7 === 0,
      rushFee: i % 7 === 0 ? 10 : 0,
      items: [
        {
          productId: product.id,
          name: product.name,
          price: product.priceCents / 100,
          quantity: 1 + (i % 3),
        },
      ],
    });
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function workbook(path: string) {
  const response = await staff.request('GET', path);
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
}

/** The rows of a sheet as objects keyed by the header. */
function rowsOf(sheet: ExcelJS.Worksheet) {
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    rows.push(Object.fromEntries(header.map((name, i) => [name, row.getCell(i + 1).value])));
  });
  return rows;
}

const sumCents = (values: unknown[]) =>
  values.reduce<number>((sum, value) => sum + Math.round(Number(value) * 100), 0) / 100;

describe('orders.xlsx and the stats', () => {
  it('hold the same figures for the same range', async () => {
    const stats = (await staff.get(`/api/admin/stats?${range}`)).body;
    const analytics = (await staff.get(`/api/admin/analytics?${range}`)).body;
    const book = await workbook(`/api/admin/exports/orders.xlsx?${range}`);
    const orders = rowsOf(book.getWorksheet('Orders')!);
    const paid = orders.filter((o) => ['Paid', 'Completed'].includes(String(o['Payment status'])));
    const pending = orders.filter((o) => o['Payment status'] === 'Pending');

    expect(stats.totalOrders).toBe(100);
    expect(orders).toHaveLength(stats.totalOrders);
    expect(pending).toHaveLength(stats.pendingOrders);
    expect(
      orders.filter((o) => o['Order status'] === 'Complete' && o['Payment status'] !== 'Cancelled'),
    ).toHaveLength(stats.completedOrders);
    expect(sumCents(paid.map((o) => o.Total))).toBe(stats.totalRevenue);
    expect(sumCents(pending.map((o) => o.Total))).toBe(stats.openPaymentAmount);
    expect(orders.filter((o) => o.Rush === 'Yes')).toHaveLength(analytics.rushOrders);

    // Daily totals: the same days, orders and revenue as analytics' revenueByDay.
    const days = rowsOf(book.getWorksheet('Daily totals')!);
    const byDay = (analytics.revenueByDay as { date: string; revenue: number; orders: number }[])
      .filter((day) => day.orders > 0)
      .map(({ date, revenue, orders }) => ({ date, revenue, orders }));
    expect(
      days.map((day) => ({
        date: (day.Date as Date).toISOString().slice(0, 10),
        revenue: day['Revenue (paid)'],
        orders: day.Orders,
      })),
    ).toEqual(byDay);
    expect(sumCents(days.map((day) => day['Revenue (paid)']))).toBe(stats.totalRevenue);

    // Order lines of paid orders add up to analytics' revenue by category.
    const lines = rowsOf(book.getWorksheet('Order lines')!);
    const paidLines = lines.filter((line) =>
      ['Paid', 'Completed'].includes(String(line['Payment status'])),
    );
    const categoryRevenue = (analytics.revenueByCategory as { revenue: number }[]).map(
      (category) => category.revenue,
    );
    expect(sumCents(paidLines.map((line) => line['Line total']))).toBe(sumCents(categoryRevenue));
  });
});

describe('formula injection', () => {
  it('spreadsheetText prefixes = + - @, tab and CR, and nothing else', () => {
    expect(['=1+1', '+1 555', '-2', '@SUM(A1)', '\tx', '\rx'].map(spreadsheetText)).toEqual([
      "'=1+1",
      "'+1 555",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['Dana', ' =x', '', "'quoted", 'a=b'].map(spreadsheetText)).toEqual([
      'Dana',
      ' =x',
      '',
      "'quoted",
      'a=b',
    ]);
  });

  it('writes typed formulas as text in all three workbooks', async () => {
    const evil = '=HYPERLINK("http://evil.example","Click")';
    const pickupDate = addDays(today, 5);
    const order = await insertOrder(server.prisma, {
      createdAt: new Date(),
      pickupDate,
      items: [{ productId: 'lemon-loaf', name: '@SUM(1+1)', price: 20, quantity: 1 }],
    });
    await server.prisma.order.update({
      where: { id: order.id },
      data: { customerName: evil, specialInstructions: '+cmd|calc' },
    });
    await server.prisma.ingredient.create({
      data: { name: '-2+3 flour', unit: 'lb', costPerUnit: 1.5, notes: '=1/0' },
    });

    const orders = rowsOf(
      (
        await workbook(`/api/admin/exports/orders.xlsx?fromDate=${today}&toDate=${today}`)
      ).getWorksheet('Orders')!,
    );
    const row = orders.find((o) => o.Customer === `'${evil}`);
    expect(row, 'the customer name is text with an apostrophe').toBeTruthy();
    expect(String(row!.Items)).toBe('1 x @SUM(1+1)'); // does not start with @: unchanged
    const lines = rowsOf(
      (
        await workbook(`/api/admin/exports/orders.xlsx?fromDate=${today}&toDate=${today}`)
      ).getWorksheet('Order lines')!,
    );
    expect(lines.map((line) => line.Product)).toContain("'@SUM(1+1)");

    const recipes = await workbook('/api/admin/exports/recipes.xlsx');
    const pantry = rowsOf(recipes.getWorksheet('Ingredients')!);
    expect(pantry.find((i) => i.Ingredient === "'-2+3 flour")).toMatchObject({ Notes: "'=1/0" });

    const bake = await workbook(
      `/api/admin/exports/bake-sheet.xlsx?fromDate=${pickupDate}&toDate=${pickupDate}`,
    );
    const notes = rowsOf(bake.getWorksheet('Instructions')!);
    expect(notes.find((n) => n.Customer === `'${evil}`)).toMatchObject({
      'Special instructions': "'+cmd|calc",
    });
    // No cell of any sheet holds a formula.
    for (const book of [recipes, bake])
      book.eachSheet((sheet) =>
        sheet.eachRow((r) => r.eachCell((cell) => expect(cell.formula).toBeUndefined())),
      );
  });
});
