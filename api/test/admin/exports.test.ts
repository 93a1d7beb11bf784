// Excel exports read back with exceljs: sheets, header, frozen row, filter,
// real number and date cells with currency formats, and totals that add up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { itemsInCategory, MENU_ITEMS } from '@bakery/core';
import { startTestServer } from '../support/testServer.js';
import { Client, signedIn, insertOrder } from './helpers.js';
import { seedKitchen } from '../../src/services/recipes.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;
const bread = itemsInCategory('breads')[0]!;
const cookie = itemsInCategory('cookies')[0]!;
const cake = itemsInCategory('cakes')[0]!;
const withAddIns = MENU_ITEMS.find((item) => item.addIns)!;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  const p = server.prisma;
  await insertOrder(p, {
    createdAt: new Date('2026-05-01T14:30:00Z'), // 10:30 New York
    subtotal: 65,
    tax: 5.69,
    total: 70.69,
    paymentStatus: 'paid',
    pickupDate: '2026-05-09',
    items: [
      { productId: bread.id, name: bread.name, price: 20, quantity: 1 },
      { productId: cookie.id, name: cookie.name, price: 15, quantity: 3, variant: '6-count' },
    ],
  });
  await insertOrder(p, {
    createdAt: new Date('2026-05-01T20:00:00Z'),
    subtotal: 40,
    tax: 3.5,
    rushFee: 0,
    deliveryFee: 0,
    total: 43.5,
    paymentStatus: 'pending',
  });
  await insertOrder(p, {
    createdAt: new Date('2026-05-03T03:00:00Z'),
    subtotal: 20,
    tax: 1.75,
    total: 21.75,
    paymentStatus: 'cancelled',
  }); // 5/2 23:00 New York
  await insertOrder(p, {
    createdAt: new Date('2026-06-01T12:00:00Z'),
    total: 999,
    paymentStatus: 'paid',
  }); // outside
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function download(client: Client, path: string) {
  const response = await client.request('GET', path);
  const buffer = Buffer.from(await response.arrayBuffer());
  return { response, buffer };
}

async function workbookOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

describe('GET /api/admin/exports/orders.xlsx', () => {
  it('streams a workbook of four sheets with typed, formatted cells', async () => {
    const { response, buffer } = await download(
      staff,
      '/api/admin/exports/orders.xlsx?fromDate=2026-05-01&toDate=2026-05-02',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(
      'orders-2026-05-01-to-2026-05-02.xlsx',
    );
    // Streamed: sent in chunks as rows are written, with no length known up front.
    expect(response.headers.get('content-length')).toBeNull();
    const workbook = await workbookOf(buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Orders',
      'Order lines',
      'Daily totals',
      'Cash-up',
    ]);

    const orders = workbook.getWorksheet('Orders')!;
    expect(orders.getRow(1).getCell(1).value).toBe('Order number');
    expect(orders.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(orders.autoFilter).toBeTruthy();
    expect(orders.rowCount).toBe(4); // header + 3 orders, oldest first

    const header = (orders.getRow(1).values as string[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const first = orders.getRow(2);
    expect(first.getCell(col('Placed')).value).toEqual(new Date('2026-05-01T10:30:00Z')); // New York wall clock
    expect(first.getCell(col('Pickup date')).value).toEqual(new Date('2026-05-09T00:00:00Z'));
    expect(first.getCell(col('Pickup date')).type).toBe(ExcelJS.ValueType.Date);
    const total = first.getCell(col('Total'));
    expect(total.type).toBe(ExcelJS.ValueType.Number);
    expect(total.value).toBe(70.69);
    expect(total.numFmt).toContain('$');
    expect(first.getCell(col('Payment status')).value).toBe('Paid');
    // Issue 23: statuses in words, and the state at the counter.
    expect(first.getCell(col('Order status')).value).toBe('In progress');
    expect(first.getCell(col('State')).value).toBe('Confirmed');
    expect(
      [2, 3, 4].map((row) => orders.getRow(row).getCell(col('Delivery fee status')).value),
    ).not.toContain('not_applicable');
    expect(header).toEqual(
      expect.arrayContaining(['Special instructions', 'Delivery instructions']),
    );
    expect(String(first.getCell(col('Items')).value)).toContain(`3 x ${cookie.name}`);
    const totals = [2, 3, 4].map((row) => orders.getRow(row).getCell(col('Total')).value);
    expect(totals).toEqual([70.69, 43.5, 21.75]);

    const lines = workbook.getWorksheet('Order lines')!;
    expect(lines.rowCount).toBe(1 + 2 + 1 + 1);
    const lineHeader = (lines.getRow(1).values as string[]).slice(1);
    const cookieLine = lines.getRow(3);
    expect(cookieLine.getCell(lineHeader.indexOf('Quantity') + 1).value).toBe(3);
    expect(cookieLine.getCell(lineHeader.indexOf('Line total') + 1).value).toBe(45);
    expect(cookieLine.getCell(lineHeader.indexOf('Category') + 1).value).toBe('Cookies');

    const days = workbook.getWorksheet('Daily totals')!;
    const dayHeader = (days.getRow(1).values as string[]).slice(1);
    const day = (row: number, name: string) =>
      days.getRow(row).getCell(dayHeader.indexOf(name) + 1).value;
    // Issue 36: the cancelled order's day (nothing else placed or received) is not listed.
    expect(days.rowCount).toBe(2);
    expect(day(2, 'Date')).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(day(2, 'Orders')).toBe(2);
    expect(day(2, 'Total')).toBe(114.19);
    expect(day(2, 'Revenue (paid)')).toBe(70.69);
  });

  it('is refused to a customer and a visitor', async () => {
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect((await customer.get('/api/admin/exports/orders.xlsx')).status).toBe(403);
    expect((await new Client(server.baseUrl).get('/api/admin/exports/orders.xlsx')).status).toBe(
      401,
    );
  });

  it('refuses a bad range with 400', async () => {
    expect((await staff.get('/api/admin/exports/orders.xlsx?fromDate=2026-13-45')).status).toBe(
      400,
    );
  });
});

describe('orders.xlsx in words', () => {
  it('shows the cake writing and every option by its catalogue label, never its id', async () => {
    const order = await insertOrder(server.prisma, {
      createdAt: new Date('2026-07-01T15:00:00Z'),
      paymentStatus: 'paid',
      items: [
        // Stored as an older order stored it: ids only, no variant label.
        {
          productId: cake.id,
          name: cake.name,
          price: 60,
          quantity: 1,
          variant: '8in',
          filling: 'cream-cheese-buttercream',
        },
        {
          productId: withAddIns.id,
          name: withAddIns.name,
          price: 20,
          quantity: 2,
          addIn: 'pecans',
        },
      ],
    });
    await server.prisma.order.update({
      where: { id: order.id },
      data: { cakeWriting: 'Happy 7th, Mia!', cakeOptions: { hasWriting: true, hasBows: false } },
    });
    const { response, buffer } = await download(
      staff,
      '/api/admin/exports/orders.xlsx?fromDate=2026-07-01&toDate=2026-07-01',
    );
    expect(response.status).toBe(200);
    const workbook = await workbookOf(buffer);

    const orders = workbook.getWorksheet('Orders')!;
    const header = (orders.getRow(1).values as string[]).slice(1);
    const cell = (name: string) => orders.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(cell('Cake writing')).toBe('Happy 7th, Mia!');
    expect(cell('Items')).toBe(
      `1 x ${cake.name} (8 inch), filling: Cream cheese buttercream (dairy-free); ` +
        `2 x ${withAddIns.name}, add-in: Pecans`,
    );

    const lines = workbook.getWorksheet('Order lines')!;
    const lineHeader = (lines.getRow(1).values as string[]).slice(1);
    const line = (row: number, name: string) =>
      lines.getRow(row).getCell(lineHeader.indexOf(name) + 1).value;
    expect([line(2, 'Variant'), line(2, 'Filling'), line(2, 'Add-in')]).toEqual([
      '8 inch',
      'Cream cheese buttercream (dairy-free)',
      null,
    ]);
    expect(line(3, 'Add-in')).toBe('Pecans');
    const everyCell = JSON.stringify([...header, ...lineHeader, orders.getRow(2).values]);
    expect(everyCell).not.toMatch(/cream-cheese-buttercream|"pecans"|"8in"/);
  });
});

describe('GET /api/admin/exports/bake-sheet.xlsx', () => {
  it('streams the workbook (no length known up front) and refuses a reversed range', async () => {
    const { response, buffer } = await download(
      staff,
      '/api/admin/exports/bake-sheet.xlsx?fromDate=2026-12-20&toDate=2026-12-21',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-disposition')).toContain(
      'bake-sheet-2026-12-20-to-2026-12-21.xlsx',
    );
    const workbook = await workbookOf(buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Bake sheet',
      'Cakes',
      'Instructions',
      'Shopping list',
    ]);
    const reversed = await staff.get(
      '/api/admin/exports/bake-sheet.xlsx?fromDate=2026-12-21&toDate=2026-12-20',
    );
    expect(reversed.status).toBe(400);
  });
});

describe('GET /api/admin/exports/recipes.xlsx', () => {
  it('lists recipes with their costed lines', async () => {
    await seedKitchen(server.prisma);
    const { response, buffer } = await download(staff, '/api/admin/exports/recipes.xlsx');
    expect(response.status).toBe(200);
    const workbook = await workbookOf(buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Recipes',
      'Recipe ingredients',
      'Ingredients',
    ]);
    const recipes = workbook.getWorksheet('Recipes')!;
    const header = (recipes.getRow(1).values as string[]).slice(1);
    const apiRecipes = (await staff.get('/api/admin/recipes')).body as {
      name: string;
      totalCost: number;
    }[];
    expect(recipes.rowCount).toBe(apiRecipes.length + 1);
    for (let row = 2; row <= recipes.rowCount; row++) {
      const name = recipes.getRow(row).getCell(header.indexOf('Recipe') + 1).value;
      const cost = recipes.getRow(row).getCell(header.indexOf('Total cost') + 1);
      expect(cost.type).toBe(ExcelJS.ValueType.Number);
      expect(cost.value).toBe(apiRecipes.find((recipe) => recipe.name === name)!.totalCost);
    }
    // The line costs of a recipe add up to its total within rounding.
    const lines = workbook.getWorksheet('Recipe ingredients')!;
    const lineHeader = (lines.getRow(1).values as string[]).slice(1);
    const first = apiRecipes[0]!;
    let sum = 0;
    lines.eachRow((row, index) => {
      if (index > 1 && row.getCell(lineHeader.indexOf('Recipe') + 1).value === first.name) {
        sum += Number(row.getCell(lineHeader.indexOf('Line cost') + 1).value);
      }
    });
    expect(Math.abs(sum - first.totalCost)).toBeLessThan(0.05);
  });
});
