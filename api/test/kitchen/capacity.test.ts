// Daily capacity: owner settings, public availability, refusals that name the
// category and date and write nothing, and the race for the last cake.
import { addDays, bakeryToday, formatLongDate, type CartLine } from '@bakery/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '@bakery/prisma';
import { bookStoredOrder } from '../../src/services/kitchen/index.js';
import { Client, insertOrder, signedIn } from '../admin/helpers.js';
import { orderPayload } from '../support/factories.js';
import { startKitchenServer, type KitchenServer } from './kitchenServer.js';

let server: KitchenServer;
let owner: Client;
let admin: Client;

const today = bakeryToday();
const dayAhead = (n: number) => addDays(today, n);
const cake = (quantity = 1): CartLine => ({ productId: 'lemon-cake', quantity, variantId: '6in' });
const cakeItems = (quantity: number) => [
  { productId: 'lemon-cake', name: 'Lemon Chiffon Cake', price: 45, quantity, variant: '6in' },
];

async function setCakeLimit(maxUnits: number) {
  const answer = await owner.put('/api/admin/kitchen/capacity', {
    limits: [{ category: 'cakes', maxUnits }],
  });
  expect(answer.status).toBe(200);
}

/** The row the order route would write for one 6-inch cake. */
const cakeOrder = (customerName: string, pickupDate: string) => ({
  customerName,
  customerEmail: 'racer@example.com',
  pickupDate,
  pickupTime: '10:00 AM',
  items: cakeItems(1),
  subtotal: 45,
  tax: 3.94,
  total: 48.94,
});

/**
 * An order written in a transaction as the paths that change a stored order
 * write it: stored, booked through the one booking, then its lines written.
 */
async function bookAndWrite(
  tx: Prisma.TransactionClient,
  customerName: string,
  date: string,
  quantity: number,
  beforeWrite?: () => Promise<void>,
) {
  const order = await tx.order.create({ data: { ...cakeOrder(customerName, date), items: [] } });
  await bookStoredOrder(tx, {
    orderId: order.id,
    date,
    pickupTime: order.pickupTime,
    deliveryMethod: order.deliveryMethod,
    lines: [{ productId: 'lemon-cake', quantity, variant: '6in' }],
    holder: null,
    userId: null,
    today,
    holds: 'all',
  });
  await beforeWrite?.();
  await tx.order.update({ where: { id: order.id }, data: { items: cakeItems(quantity) } });
}

const ordersOn = (date: string) => server.prisma.order.count({ where: { pickupDate: date } });

beforeAll(async () => {
  server = await startKitchenServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('capacity settings', () => {
  it('start at core defaults; the owner changes them, staff may only read', async () => {
    const first = await admin.get('/api/admin/kitchen/capacity');
    expect(first.status).toBe(200);
    expect(
      first.body.limits.find((l: { category: string }) => l.category === 'cakes'),
    ).toMatchObject({ maxUnits: 4, isDefault: true, unit: 'cakes' });

    const refused = await admin.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'cakes', maxUnits: 9 }],
    });
    expect(refused.status).toBe(403);
    const invalid = await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'cakes', maxUnits: -2 }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Enter a whole number of units from 0 to 10,000');

    const changed = await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'cookies', maxUnits: 200 }],
    });
    expect(
      changed.body.limits.find((l: { category: string }) => l.category === 'cookies'),
    ).toMatchObject({ maxUnits: 200, isDefault: false });
  });

  it('closed dates are added by the owner, shown closed to everyone, and reopened', async () => {
    const date = dayAhead(20);
    expect(
      (await admin.post('/api/admin/kitchen/closed-dates', { date, reason: 'Staff holiday' }))
        .status,
    ).toBe(403);
    await insertOrder(server.prisma, { pickupDate: date, items: cakeItems(1) });
    const added = await owner.post('/api/admin/kitchen/closed-dates', {
      date,
      reason: 'Staff holiday',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ date, reason: 'Staff holiday', bookedOrders: 1 });
    expect((await admin.get('/api/admin/kitchen/closed-dates')).body).toContainEqual({
      date,
      reason: 'Staff holiday',
    });

    const visitor = new Client(server.baseUrl);
    const days = (
      await visitor.get(`/api/availability?fromDate=${addDays(date, -1)}&toDate=${date}`)
    ).body.days;
    expect(days[0]).toMatchObject({ closed: false });
    expect(days[1]).toMatchObject({
      date,
      closed: true,
      closedReason: 'Staff holiday',
      cakesLeft: 0,
    });

    expect((await owner.del(`/api/admin/kitchen/closed-dates/${date}`)).status).toBe(200);
    expect((await owner.del(`/api/admin/kitchen/closed-dates/${date}`)).status).toBe(404);
  });
});

describe('availability', () => {
  it('counts booked cakes, ignores cancelled orders and says when few are left', async () => {
    await setCakeLimit(4);
    const date = dayAhead(21);
    await insertOrder(server.prisma, { pickupDate: date, items: cakeItems(2) });
    await insertOrder(server.prisma, {
      pickupDate: date,
      items: cakeItems(2),
      paymentStatus: 'cancelled',
    });
    const answer = await new Client(server.baseUrl).get(
      `/api/availability?fromDate=${date}&toDate=${date}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.days).toEqual([
      expect.objectContaining({
        date,
        closed: false,
        cakesLeft: 2,
        full: [],
        notice: 'Only 2 cakes left for this date',
      }),
    ]);
    await insertOrder(server.prisma, { pickupDate: date, items: cakeItems(2) });
    const full = (
      await new Client(server.baseUrl).get(`/api/availability?fromDate=${date}&toDate=${date}`)
    ).body.days[0];
    expect(full).toMatchObject({ cakesLeft: 0, full: ['cakes'], notice: null });
  });

  it('refuses a range that is backwards or longer than 92 days', async () => {
    const visitor = new Client(server.baseUrl);
    const long = await visitor.get(`/api/availability?fromDate=${today}&toDate=${dayAhead(200)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Choose a range of at most 92 days');
    expect((await visitor.get('/api/availability')).status).toBe(400);
  });
});

describe('the one booking inside the order transaction', () => {
  it('refuses naming category and date, and nothing is written', async () => {
    await setCakeLimit(4);
    const date = dayAhead(22);
    await insertOrder(server.prisma, { pickupDate: date, items: cakeItems(3) });
    const attempt = server.prisma.$transaction((tx) => bookAndWrite(tx, 'Late Larry', date, 2));
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: `We can take only 1 more cake for ${formatLongDate(date)}. Please choose another date or fewer cakes.`,
    });
    expect(await ordersOn(date)).toBe(1);
  });

  it("two at once for the last cake: the day's locked counters let exactly one through", async () => {
    await setCakeLimit(1);
    const date = dayAhead(23);
    const attempts = Array.from({ length: 5 }, (_, i) =>
      server.prisma.$transaction(
        (tx) =>
          // Widen the window between check and write, as a slow request would.
          bookAndWrite(tx, `Racer ${i}`, date, 1, () => new Promise((r) => setTimeout(r, 100))),
        { timeout: 20_000, maxWait: 20_000 },
      ),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as Error).message);
    expect(refusals).toEqual(
      Array(4).fill(
        `We are fully booked for cakes on ${formatLongDate(date)}. Please choose another date.`,
      ),
    );
    expect(await ordersOn(date)).toBe(1);
  });
});

describe('POST /api/submit-order respects capacity', () => {
  it('refuses an order over the limit with 409 naming category and date, storing nothing', async () => {
    await setCakeLimit(2);
    const date = dayAhead(24);
    const { client } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const answer = await client.post('/api/submit-order', {
      orderData: orderPayload({ lines: [cake(3)], daysAhead: 24 }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      `We can take only 2 more cakes for ${formatLongDate(date)}. Please choose another date or fewer cakes.`,
    );
    expect(await ordersOn(date)).toBe(0);
  });

  it('five customers submitting the last cake at the same moment: exactly one order is stored', async () => {
    await setCakeLimit(1);
    const date = dayAhead(25);
    const customers = await Promise.all(
      Array.from({ length: 5 }, () => signedIn(server.baseUrl, server.prisma, 'customer')),
    );
    const answers = await Promise.all(
      customers.map(({ client }) =>
        client.post('/api/submit-order', {
          orderData: orderPayload({ lines: [cake(1)], daysAhead: 25 }),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(4).fill(
        `We are fully booked for cakes on ${formatLongDate(date)}. Please choose another date.`,
      ),
    );
    expect(await ordersOn(date)).toBe(1);
  });
});

// The Capacity panel's figures: per coming day and category, units booked
// against the limit, closed days and full categories, staff only.
const cookies = (quantity: number) => [
  { productId: 'sugar-cookies', name: 'Sugar Cookies', price: 30, quantity, variant: '12-count' },
];

interface Cell {
  category: string;
  booked: number;
  limit: number;
  full: boolean;
  over: boolean;
}
const cell = (day: { categories: Cell[] }, category: string) =>
  day.categories.find((c) => c.category === category);

describe('GET /api/admin/kitchen/capacity/days', () => {
  it('shows 14 days from today, booked against the limit, closed and full days flagged', async () => {
    await owner.put('/api/admin/kitchen/capacity', {
      limits: [
        { category: 'cakes', maxUnits: 4 },
        { category: 'cookies', maxUnits: 120 },
      ],
    });
    const tomorrow = addDays(today, 1);
    const inThree = addDays(today, 3);
    await insertOrder(server.prisma, { pickupDate: tomorrow, items: cakeItems(3) });
    await insertOrder(server.prisma, { pickupDate: tomorrow, items: cookies(2) });
    await insertOrder(server.prisma, {
      pickupDate: tomorrow,
      items: cakeItems(1),
      paymentStatus: 'cancelled',
    });
    await insertOrder(server.prisma, { pickupDate: inThree, items: cakeItems(4) });
    const closedOn = addDays(today, 5);
    await insertOrder(server.prisma, { pickupDate: closedOn, items: cakeItems(1) });
    await owner.post('/api/admin/kitchen/closed-dates', { date: closedOn, reason: 'Inventory' });

    const answer = await admin.get('/api/admin/kitchen/capacity/days');
    expect(answer.status).toBe(200);
    const { days } = answer.body;
    expect(days).toHaveLength(14);
    expect(days[0].date).toBe(today);
    expect(days[13].date).toBe(addDays(today, 13));

    expect(cell(days[1], 'cakes')).toMatchObject({ booked: 3, limit: 4, full: false });
    expect(cell(days[1], 'cookies')).toMatchObject({ booked: 24, limit: 120, full: false });
    expect(cell(days[3], 'cakes')).toMatchObject({ booked: 4, limit: 4, full: true });
    expect(days[5]).toMatchObject({ closed: true, closedReason: 'Inventory' });
    // A closed day keeps the orders it already had, and takes nothing more.
    expect(cell(days[5], 'cakes')).toMatchObject({ booked: 1, full: true });
    expect(cell(days[5], 'breads')).toMatchObject({ booked: 0, full: true });

    // The owner lowers the limit below what is booked: the day says it is over.
    await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'cakes', maxUnits: 2 }],
    });
    const lowered = (await admin.get('/api/admin/kitchen/capacity/days')).body.days;
    expect(cell(lowered[1], 'cakes')).toMatchObject({
      booked: 3,
      limit: 2,
      full: true,
      over: true,
    });
  });

  it('is for staff only', async () => {
    const visitor = new Client(server.baseUrl);
    expect((await visitor.get('/api/admin/kitchen/capacity/days')).status).toBe(401);
    const { client: customer } = await signedIn(server.baseUrl, server.prisma, 'customer');
    expect((await customer.get('/api/admin/kitchen/capacity/days')).status).toBe(403);
  });
});
