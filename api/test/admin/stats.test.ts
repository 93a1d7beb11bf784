// Stat cards, analytics and the order list's range on a hand-built set of
// orders whose figures are worked out by hand below. The range crosses the
// 2026-03-08 daylight-saving change, and orders sit a minute either side of
// the New York midnights that bound it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsInCategory } from '@bakery/core';
import { startTestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;
let customer: Client;

const bread = itemsInCategory('breads')[0]!;
const cookie = itemsInCategory('cookies')[0]!;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
  const p = server.prisma;
  // In the range 2026-03-07 .. 2026-03-09 (New York):
  // A: 00:30 on 3/7 EST, paid, complete, 2 breads at $20.
  await insertOrder(p, {
    createdAt: new Date('2026-03-07T05:30:00Z'),
    total: 50,
    paymentStatus: 'paid',
    orderStatus: 'complete',
    items: [{ productId: bread.id, name: bread.name, price: 20, quantity: 2 }],
  });
  // C: 23:30 on 3/8 EDT, pending, rush.
  await insertOrder(p, {
    createdAt: new Date('2026-03-09T03:30:00Z'),
    total: 21.75,
    paymentStatus: 'pending',
    isRushOrder: true,
    rushFee: 10,
  });
  // D: 23:59 on 3/9 EDT, payment completed, still in progress; 3 cookies at $15 + 1 bread.
  await insertOrder(p, {
    createdAt: new Date('2026-03-10T03:59:00Z'),
    total: 100.1,
    paymentStatus: 'completed',
    items: [
      { productId: cookie.id, name: cookie.name, price: 15, quantity: 3 },
      { productId: bread.id, name: bread.name, price: 20, quantity: 1 },
    ],
  });
  // F: 3/8, cancelled although marked complete, rush.
  await insertOrder(p, {
    createdAt: new Date('2026-03-08T15:00:00Z'),
    total: 30,
    paymentStatus: 'cancelled',
    orderStatus: 'complete',
    isRushOrder: true,
  });
  // G: 3/8, pending delivery.
  await insertOrder(p, {
    createdAt: new Date('2026-03-08T16:00:00Z'),
    total: 40,
    paymentStatus: 'pending',
    deliveryMethod: 'delivery',
  });
  // Outside: B 23:59 on 3/6 EST, E 00:00 on 3/10 EDT.
  await insertOrder(p, {
    createdAt: new Date('2026-03-07T04:59:00Z'),
    total: 1000,
    paymentStatus: 'paid',
    orderStatus: 'complete',
  });
  await insertOrder(p, {
    createdAt: new Date('2026-03-10T04:00:00Z'),
    total: 500,
    paymentStatus: 'pending',
  });
  // Recent: H today paid, I three days ago paid, J eight days ago paid (outside the week), K today cancelled.
  const now = Date.now();
  await insertOrder(p, { createdAt: new Date(now - 1000), total: 12.34, paymentStatus: 'paid' });
  await insertOrder(p, {
    createdAt: new Date(now - 3 * DAY),
    total: 10,
    paymentStatus: 'completed',
  });
  await insertOrder(p, { createdAt: new Date(now - 8 * DAY), total: 99, paymentStatus: 'paid' });
  await insertOrder(p, { createdAt: new Date(now - 2000), total: 7, paymentStatus: 'cancelled' });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const RANGE = 'fromDate=2026-03-07&toDate=2026-03-09';

describe('GET /api/admin/stats', () => {
  it('computes every figure of the range as docs/statistics.md defines it', async () => {
    const { status, body } = await staff.get(`/api/admin/stats?${RANGE}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      totalOrders: 5, // A C D F G
      pendingOrders: 2, // C G
      completedOrders: 1, // A (F is cancelled)
      totalRevenue: 150.1, // A 50 + D 100.10
      openPaymentAmount: 61.75, // C 21.75 + G 40
      todayOrders: 2, // H K, whatever the range
      weeklyRevenue: 22.34, // H 12.34 + I 10
      dueOrders: 0, // every order here is due later
      dueHandedOver: 0,
    });
  });

  it('counts every order without a range', async () => {
    const { body } = await staff.get('/api/admin/stats');
    expect(body.totalOrders).toBe(11);
    expect(body.totalRevenue).toBe(1271.44); // 150.10 + 1000 + 12.34 + 10 + 99
  });

  it('refuses a malformed or reversed range with 400 and a message', async () => {
    const bad = await staff.get('/api/admin/stats?fromDate=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Dates must be in the form YYYY-MM-DD');
    const reversed = await staff.get('/api/admin/stats?fromDate=2026-03-09&toDate=2026-03-07');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The start date must not be after the end date');
  });

  it('is refused to a customer and to a visitor', async () => {
    expect((await customer.get('/api/admin/stats')).status).toBe(403);
    expect((await new Client(server.baseUrl).get('/api/admin/stats')).status).toBe(401);
  });
});

describe('GET /api/admin/analytics', () => {
  it('gives ratios, rush orders and revenue by day and category', async () => {
    const { status, body } = await staff.get(`/api/admin/analytics?${RANGE}`);
    expect(status).toBe(200);
    expect(body.averageOrder).toBe(75.05); // 150.10 over 2 paid orders
    expect(body.completionRate).toBe(20); // 1 of 5
    expect(body.rushOrders).toBe(2); // C F
    expect(body.totalRevenue).toBe(150.1);
    expect(body.revenueByDay).toEqual([
      { date: '2026-03-07', revenue: 50, orders: 1 },
      // The cancelled order of that day is left out (issue 36, as Daily totals).
      { date: '2026-03-08', revenue: 0, orders: 2 },
      { date: '2026-03-09', revenue: 100.1, orders: 1 },
    ]);
    expect(body.revenueByCategory).toEqual([
      { category: 'breads', label: 'Breads', revenue: 60, quantity: 3 },
      { category: 'cookies', label: 'Cookies', revenue: 45, quantity: 3 },
    ]);
  });

  it('answers zeros for an empty range', async () => {
    const { body } = await staff.get('/api/admin/analytics?fromDate=2025-01-01&toDate=2025-01-02');
    expect(body.averageOrder).toBe(0);
    expect(body.completionRate).toBe(0);
    expect(body.revenueByDay).toEqual([
      { date: '2025-01-01', revenue: 0, orders: 0 },
      { date: '2025-01-02', revenue: 0, orders: 0 },
    ]);
    expect(body.revenueByCategory).toEqual([]);
  });
});

describe('GET /api/admin/orders', () => {
  it('lists the range newest first, with the dashboard fields', async () => {
    const { status, body } = await staff.get(`/api/admin/orders?${RANGE}`);
    expect(status).toBe(200);
    expect(body.map((order: { total: number }) => order.total)).toEqual([100.1, 21.75, 40, 30, 50]);
    const first = body[0];
    expect(first.orderNumber).toBe(first.id.slice(-8).toUpperCase());
    expect(first.items[0]).toMatchObject({ productId: cookie.id, quantity: 3 });
    expect(first).toHaveProperty('customerEmail', 'dana@example.com');
    expect(first).toHaveProperty('deliveryFeeStatus');
  });

  it('filters by status', async () => {
    const { body } = await staff.get(`/api/admin/orders?${RANGE}&status=pending`);
    expect(body.map((order: { total: number }) => order.total)).toEqual([21.75, 40]);
    // An order status filters on orderStatus: F (cancelled, complete) and A.
    const complete = await staff.get(`/api/admin/orders?${RANGE}&status=complete`);
    expect(complete.body.map((order: { total: number }) => order.total)).toEqual([30, 50]);
    const inProgress = await staff.get(
      `/api/admin/orders?${RANGE}&status=${encodeURIComponent('in progress')}`,
    );
    expect(inProgress.body.map((order: { total: number }) => order.total)).toEqual([
      100.1, 21.75, 40,
    ]);
  });

  it('pages with limit and X-Next-Cursor', async () => {
    const seen: number[] = [];
    let path = `/api/admin/orders?${RANGE}&limit=2`;
    for (let page = 0; page < 5; page++) {
      const { body, headers } = await staff.get(path);
      seen.push(...body.map((order: { total: number }) => order.total));
      const next = headers.get('x-next-cursor');
      if (!next) break;
      path = `/api/admin/orders?${RANGE}&limit=2&cursor=${encodeURIComponent(next)}`;
    }
    expect(seen).toEqual([100.1, 21.75, 40, 30, 50]);
  });

  it('refuses a bad status, limit or cursor with 400', async () => {
    expect((await staff.get('/api/admin/orders?status=lost')).status).toBe(400);
    expect((await staff.get('/api/admin/orders?limit=0')).body.message).toBe(
      'Limit must be at least 1',
    );
    expect((await staff.get('/api/admin/orders?cursor=nonsense')).body.message).toBe(
      'Invalid cursor',
    );
  });

  it('never shows a customer the staff list', async () => {
    const { status, body } = await customer.get('/api/admin/orders');
    expect(status).toBe(403);
    expect(Array.isArray(body)).toBe(false);
  });
});
