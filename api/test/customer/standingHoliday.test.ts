// The owner's holiday pause (issue 41): every standing order skips its dates
// in the holiday, booked ones cancelled with their units given back at once,
// the booking job does not book them again, the dates after go on, and each
// customer is told once which of her dates are skipped. Owner only; bad
// dates are refused naming the field and nothing changes. And the owner's
// workbook of standing orders.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, formatLongDate } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedInCustomer } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import {
  loggingNotifications,
  type Notifications,
  type StandingHolidayNotice,
} from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { standingHolidayMail } from '../../src/services/mail/messages.js';

const told: { to: string; holiday: StandingHolidayNotice }[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  standingHoliday: async (to, holiday) => {
    told.push({ to, holiday });
  },
};

let server: TestServer;
let owner: Client;
const today = bakeryToday();
const first = addDays(today, 10);
const LOAF = 'lemon-poppy-seed-loaf';

beforeAll(async () => {
  server = await startTestServer({ notifications });
  await server.prisma.bookingSetting.upsert({
    where: { id: 1 },
    create: { id: 1, horizonDays: 28 },
    update: { horizonDays: 28 },
  });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

type Occurrence = { date: string; state: string; orderId: string | null };

async function subscriber(quantity: number) {
  const { client, user } = await signedInCustomer(server.baseUrl, server.prisma);
  const answer = await client.post('/api/standing-orders', {
    items: [{ productId: LOAF, quantity }],
    everyWeeks: 1,
    firstDate: first,
    pickupTime: '10:00 AM',
    deliveryMethod: 'pickup',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { client, email: user.email, id: answer.body.standingOrder.id as string };
}

async function occurrences(client: Client, id: string): Promise<Occurrence[]> {
  const list = await client.get('/api/standing-orders');
  const mine = (list.body.standingOrders as { id: string; occurrences: Occurrence[] }[]).find(
    (s) => s.id === id,
  );
  return mine!.occurrences;
}

const breadUnitsOn = async (date: string) =>
  (
    await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date, category: 'breads' } },
    })
  )?.units ?? 0;

describe('the owner pauses standing orders for a holiday', () => {
  it('skips every subscriber in the holiday, frees the units, tells each once, and goes on after', async () => {
    const ann = await subscriber(2);
    const bob = await subscriber(1);
    const holiday = addDays(first, 7);
    const before = await occurrences(ann.client, ann.id);
    expect(before.find((o) => o.date === holiday)).toMatchObject({ state: 'ordered' });
    expect(await breadUnitsOn(holiday)).toBe(3);
    const annOrder = before.find((o) => o.date === holiday)!.orderId!;

    const paused = await owner.post('/api/admin/standing-orders/holiday', {
      fromDate: addDays(holiday, -1),
      toDate: addDays(holiday, 3),
      reason: 'Christmas',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toMatchObject({ skipped: 2, customers: 2 });

    const after = await occurrences(ann.client, ann.id);
    expect(after.find((o) => o.date === holiday)).toMatchObject({ state: 'skipped' });
    expect(after.find((o) => o.date === first)).toMatchObject({ state: 'ordered' });
    expect(after.find((o) => o.date === addDays(first, 14))).toMatchObject({ state: 'ordered' });
    expect(
      (await server.prisma.order.findUniqueOrThrow({ where: { id: annOrder } })).paymentStatus,
    ).toBe('cancelled');
    expect(await breadUnitsOn(holiday)).toBe(0);

    // The booking job does not book a holiday date again.
    const run = await owner.post('/api/admin/standing-orders/run', {});
    expect(run.status).toBe(200);
    expect((await occurrences(bob.client, bob.id)).find((o) => o.date === holiday)).toMatchObject({
      state: 'skipped',
    });
    expect(await breadUnitsOn(holiday)).toBe(0);

    // One notice per customer, naming her date in words.
    expect(told.map((t) => t.to).sort()).toEqual([ann.email, bob.email].sort());
    const annNotice = told.find((t) => t.to === ann.email)!.holiday;
    expect(annNotice.dates).toEqual([formatLongDate(holiday)]);
    const mail = standingHolidayMail(annNotice, 'https://bakery.test/standing-orders');
    expect(mail.subject).toBe('Your standing order is paused: Christmas');
    expect(mail.text).toContain(`We skipped your standing order for ${formatLongDate(holiday)}.`);
    expect(mail.text).toContain(
      `it carries on as before from ${formatLongDate(addDays(holiday, 4))}`,
    );
  });

  it('is the owner’s: staff and customers are refused, bad dates name the field, nothing changes', async () => {
    const carol = await subscriber(1);
    const holiday = addDays(first, 7);
    const body = { fromDate: holiday, toDate: holiday, reason: 'Inventory day' };
    const staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    expect((await staff.post('/api/admin/standing-orders/holiday', body)).status).toBe(403);
    expect((await carol.client.post('/api/admin/standing-orders/holiday', body)).status).toBe(403);

    const todayRefused = await owner.post('/api/admin/standing-orders/holiday', {
      ...body,
      fromDate: today,
    });
    expect(todayRefused.status).toBe(400);
    expect(todayRefused.body).toMatchObject({
      field: 'fromDate',
      message: 'Choose a first day after today',
    });
    const backwards = await owner.post('/api/admin/standing-orders/holiday', {
      ...body,
      toDate: addDays(holiday, -1),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The last day must be on or after the first day');
    const tooLong = await owner.post('/api/admin/standing-orders/holiday', {
      ...body,
      toDate: addDays(holiday, 40),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('A holiday pause covers at most 31 days');
    const noReason = await owner.post('/api/admin/standing-orders/holiday', {
      ...body,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Say why the bakery is closed (customers read it)');

    expect(
      (await occurrences(carol.client, carol.id)).find((o) => o.date === holiday),
    ).toMatchObject({ state: 'ordered' });
  });
});

describe("the owner's standing-orders workbook", () => {
  it('lists each standing order with its items and state, and the next weeks by item', async () => {
    const dana = await subscriber(3);
    await dana.client.post(`/api/standing-orders/${dana.id}/pause`, { until: addDays(first, 14) });
    const response = await owner.request('GET', '/api/admin/exports/standing-orders.xlsx');
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = book.getWorksheet('Standing orders')!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      'Customer',
      'E-mail',
      'Items',
      'Every (weeks)',
      'Weekday',
      'Pickup',
      'First date',
      'End date',
      'State',
    ]);
    const rows = sheet
      .getRows(2, sheet.rowCount - 1)!
      .map((row) => (row.values as unknown[]).slice(1));
    const danaRow = rows.find((row) => row[1] === dana.email)!;
    expect(danaRow[2]).toBe('3 × Lemon Poppy Seed Loaf');
    expect(danaRow[3]).toBe(1);
    expect(danaRow[8]).toBe(`Paused until ${formatLongDate(addDays(first, 14))}`);
    const units = book.getWorksheet('Next 4 weeks')!;
    expect((units.getRow(1).values as string[]).slice(1)).toEqual([
      'Date',
      'Item',
      'Standing',
      'One-off',
      'Total',
    ]);
    const firstDay = units
      .getRows(2, units.rowCount - 1)!
      .map((row) => (row.values as unknown[]).slice(1))
      .find((row) => row[0] === first && row[1] === 'Lemon Poppy Seed Loaf');
    // Ann 2, Bob 1, Carol 1 booked on the first date; Dana paused before it.
    expect(firstDay?.[2]).toBe(4);
    const staff = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect((await staff.request('GET', '/api/admin/exports/standing-orders.xlsx')).status).toBe(
      403,
    );
  });
});
