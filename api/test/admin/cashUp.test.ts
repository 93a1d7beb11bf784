// The cash-up (issue 42) on a real PostgreSQL: over a seeded week of cash,
// card and Square rows (payments, refunds, voids, a sale late in the
// evening), each day's expected cash equals the sum of that bakery day's
// cash rows to the cent; a count is stored with its difference and note;
// the day report is a PDF.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { signedInCustomer } from '../support/factories.js';
import { Client, insertOrder, signedIn } from './helpers.js';

let server: TestServer;
let staff: Client;
const today = bakeryToday();
const week = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
/** The cash each seeded day should hold, summed here row by row, in cents. */
const seededCash = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  const { prisma } = server;
  for (const [index, day] of week.entries()) {
    const order = await insertOrder(prisma, {
      pickupDate: day,
      items: [{ productId: 'lemon-loaf', name: 'Lemon Loaf', price: 500, quantity: 2 }],
    });
    // Noon-ish in the bakery's zone, and 22:30-23:30 there (the next day in UTC).
    const noon = new Date(`${day}T17:00:00Z`);
    const lateEvening = new Date(`${addDays(day, 1)}T03:30:00Z`);
    const cents = (n: number) => (n / 100).toFixed(2);
    const row = (
      method: string,
      kind: string,
      amountCents: number,
      at: Date,
      reversesId?: string,
    ) =>
      prisma.orderPayment.create({
        data: {
          orderId: order.id,
          method,
          kind,
          amount: cents(amountCents),
          at,
          actorEmail: 'seed@example.com',
          ...(reversesId ? { reversesId } : {}),
        },
      });
    const a = 1234 + index * 101; // cash payment
    const b = 999 + index * 7; // cash payment late in the evening
    const c = 2500; // card payment: not cash
    const d = 350 + index; // cash refund
    const e = 777; // cash payment voided the same day
    await row('cash', 'payment', a, noon);
    await row('cash', 'payment', b, lateEvening);
    await row('card', 'payment', c, noon);
    await row('square', 'payment', 4100, noon);
    await row('cash', 'refund', -d, noon);
    const voided = await row('cash', 'payment', e, noon);
    await row('cash', 'reversal', -e, noon, voided.id);
    await row('card', 'refund', -100, noon);
    seededCash.set(day, a + b - d + e - e);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const cashUp = async (date: string) => {
  const answer = await staff.get(`/api/admin/cash-up?date=${date}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('GET /api/admin/cash-up', () => {
  it("expects, for every day of a seeded week, the sum of that bakery day's cash rows to the cent", async () => {
    // A walk-in's cash sale today counts too.
    const sale = await staff.post('/api/admin/sales', {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
      payment: { method: 'cash', tenderedCents: 5000 },
    });
    expect(sale.status).toBe(201);
    const saleCents = Math.round(sale.body.order.total * 100);

    let weekExpected = 0;
    let weekSeeded = 0;
    for (const day of week) {
      const view = await cashUp(day);
      const seeded = seededCash.get(day)! + (day === today ? saleCents : 0);
      expect(view.expectedCents, day).toBe(seeded);
      expect(view.expectedCents).toBe(view.cashInCents - view.cashOutCents);
      weekExpected += view.expectedCents;
      weekSeeded += seeded;
    }
    expect(weekExpected).toBe(weekSeeded);
    // Nothing was taken the day before the week.
    expect((await cashUp(addDays(week[0]!, -1))).expectedCents).toBe(0);
  });

  it('answers 400 for a day that is not one, and 403 to a customer', async () => {
    const bad = await staff.get('/api/admin/cash-up?date=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose the day (YYYY-MM-DD)');
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    expect((await client.get(`/api/admin/cash-up?date=${today}`)).status).toBe(403);
  });
});

describe('POST /api/admin/cash-up', () => {
  it('stores the count with its difference and note; the report is a PDF', async () => {
    const day = week[2]!;
    const expected = seededCash.get(day)!;
    const counted = await staff.post('/api/admin/cash-up', {
      date: day,
      countedCents: expected - 250,
      note: 'Two dollars fifty short: a coin under the till',
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(201);
    expect(counted.body.counts[0]).toMatchObject({
      countedCents: expected - 250,
      expectedCents: expected,
      differenceCents: -250,
      note: 'Two dollars fifty short: a coin under the till',
    });
    const stored = await server.prisma.cashUp.findMany({
      where: { day: new Date(`${day}T00:00:00Z`) },
    });
    expect(stored.map((s) => Number(s.difference))).toEqual([-2.5]);

    const report = await staff.request('GET', `/api/admin/cash-up/report?date=${day}`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await report.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the orders workbook', () => {
  it('lists the counts in its Cash-up sheet and the walk-in sale by its channel', async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    const response = await owner.request(
      'GET',
      `/api/admin/exports/orders.xlsx?fromDate=${week[0]}&toDate=${today}`,
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Cash-up')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(sheet.rowCount).toBe(2);
    expect(cell('Date')).toEqual(new Date(`${week[2]}T00:00:00Z`));
    expect(cell('Expected cash')).toBe(seededCash.get(week[2]!)! / 100);
    expect(cell('Difference')).toBe(-2.5);
    expect(cell('Note')).toBe('Two dollars fifty short: a coin under the till');

    const orders = workbook.getWorksheet('Orders')!;
    const orderHeader = (orders.getRow(1).values as string[]).slice(1);
    const channels = Array.from(
      { length: orders.rowCount - 1 },
      (_, i) => orders.getRow(i + 2).getCell(orderHeader.indexOf('Channel') + 1).value,
    );
    expect(channels.filter((c) => c === 'Walk-in')).toHaveLength(1);
  });
});
