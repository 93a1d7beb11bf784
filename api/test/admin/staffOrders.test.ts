// Orders at the counter and on the phone (issue 42), over HTTP on a real
// PostgreSQL: staff enter an order for a customer without an account, priced
// and booked as the storefront's would be (the same 409 on a full day), the
// lead time waived only with a reason, cash taken with its change; lines
// added at pickup raise the amount due and the hand-over waits for it. A
// quick sale takes units from today's capacity only where the owner wants it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  bakeryToday,
  DEFAULT_SHOP_SETTINGS,
  RUSH_FEE_CENTS,
  type CartLine,
} from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { Client, signedIn } from './helpers.js';
import { loggingNotifications, type Notifications } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';

const confirmations: string[] = [];
const receipts: string[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  orderReceived: async (orderId) => {
    confirmations.push(orderId);
  },
  paymentReceived: async (orderId) => {
    const order = await server.prisma.order.findUnique({ where: { id: orderId } });
    if (order?.channel === 'walk-in') receipts.push(orderId);
  },
};

let server: TestServer;
let staff: Client;
let staffEmail: string;

beforeAll(async () => {
  server = await startTestServer({ notifications });
  const signed = await signedIn(server.baseUrl, server.prisma, 'admin');
  staff = signed.client;
  staffEmail = signed.user.email;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  confirmations.length = 0;
  receipts.length = 0;
  await server.prisma.capacityLimit.deleteMany();
});

const today = () => bakeryToday();
const cake = (quantity: number): CartLine => ({
  productId: 'lemon-cake',
  quantity,
  variantId: '6in',
});

/** A phone order's body: Ann's lemon loaves `daysAhead` days away, nothing paid. */
function phoneOrder(overrides: Record<string, unknown> = {}, daysAhead = 10) {
  return {
    customerName: 'Ann Lee',
    customerPhone: '8505551234',
    items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 2 }],
    pickupDate: addDays(today(), daysAhead),
    pickupTime: '10:00 AM',
    ...overrides,
  };
}

const orderCount = () => server.prisma.order.count();
const history = (orderId: string) =>
  server.prisma.orderHistory.findMany({ where: { orderId }, orderBy: { at: 'asc' } });
const cakeLoad = async (date: string) =>
  (
    await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date, category: 'cakes' } },
    })
  )?.units ?? 0;

async function setCakeLimit(maxUnits: number) {
  await server.prisma.capacityLimit.upsert({
    where: { category: 'cakes' },
    create: { category: 'cakes', maxUnits },
    update: { maxUnits },
  });
}

describe('POST /api/admin/orders', () => {
  it('prices and books a phone order as the storefront would, and records who took it', async () => {
    const { client: customer, user } = await signedInCustomer(server.baseUrl, server.prisma);
    await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
    const online = await customer.post('/api/submit-order', {
      orderData: orderPayload({ lines: [cake(1)], daysAhead: 12 }),
    });
    expect(online.status, JSON.stringify(online.body)).toBe(201);

    const taken = await staff.post(
      '/api/admin/orders',
      phoneOrder(
        {
          customerEmail: 'Ann@Example.com',
          items: [{ productId: 'lemon-cake', variant: '6in', quantity: 1 }],
        },
        12,
      ),
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const order = taken.body.order;
    expect(order).toMatchObject({
      customerName: 'Ann Lee',
      customerEmail: 'ann@example.com',
      customerPhone: '8505551234',
      userId: null,
      channel: 'phone',
      paymentStatus: 'pending',
      subtotal: online.body.order.subtotal,
      tax: online.body.order.tax,
      total: online.body.order.total,
      amountDue: online.body.order.total,
    });
    expect(taken.body.message).toBe(
      `Order taken ($${order.total.toFixed(2)}); payment due at pickup`,
    );
    // Booked in the day's counters as the customer's cake was.
    expect(await cakeLoad(addDays(today(), 12))).toBe(2);
    const rows = await history(order.id);
    expect(rows).toEqual([
      expect.objectContaining({ field: 'channel', to: 'phone', actorEmail: staffEmail }),
    ]);
    expect(confirmations).toEqual([online.body.order.id, order.id]);
  });

  it('refuses a full day with the same 409 code and message as the storefront', async () => {
    await setCakeLimit(1);
    const first = await signedInCustomer(server.baseUrl, server.prisma);
    const second = await signedInCustomer(server.baseUrl, server.prisma);
    for (const { user } of [first, second])
      await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
    const placed = await first.client.post('/api/submit-order', {
      orderData: orderPayload({ lines: [cake(1)], daysAhead: 15 }),
    });
    expect(placed.status).toBe(201);
    const online = await second.client.post('/api/submit-order', {
      orderData: orderPayload({ lines: [cake(1)], daysAhead: 15 }),
    });
    expect(online.status).toBe(409);

    const before = await orderCount();
    const refused = await staff.post(
      '/api/admin/orders',
      phoneOrder({ items: [{ productId: 'lemon-cake', variant: '6in', quantity: 1 }] }, 15),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(online.body.code);
    expect(refused.body.message).toBe(online.body.message);
    expect(await orderCount()).toBe(before);
    expect(await cakeLoad(addDays(today(), 15))).toBe(1);
  });

  it('is refused to a customer (403)', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const before = await orderCount();
    const answer = await client.post('/api/admin/orders', phoneOrder());
    expect(answer.status).toBe(403);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    [
      'without a name',
      { customerName: '' },
      'customerName',
      'Customer name must be at least 2 characters',
    ],
    [
      'without a phone or an e-mail',
      { customerPhone: '' },
      'customerPhone',
      'Enter a phone number or an e-mail address',
    ],
    [
      'with a date that is not one',
      { pickupDate: '2026-02-31x' },
      'pickupDate',
      'Please select a pickup date',
    ],
    [
      'with a date in the past, even with the lead time waived',
      { pickupDate: '2020-01-01', leadTimeOverride: { reason: 'Regular customer' } },
      'pickupDate',
      'Pickup date cannot be in the past',
    ],
  ])('answers 400 naming the field %s and stores nothing', async (_, change, field, message) => {
    const before = await orderCount();
    const answer = await staff.post('/api/admin/orders', phoneOrder(change));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ path: field, message }));
    expect(await orderCount()).toBe(before);
  });

  it('holds to the lead time unless staff waive it with a reason, kept in the history', async () => {
    const tomorrow = phoneOrder({}, 1);
    const refused = await staff.post('/api/admin/orders', tomorrow);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(
      expect.objectContaining({
        path: 'pickupDate',
        message: 'Pickup date must be at least 3 days in advance',
      }),
    );
    const noReason = await staff.post('/api/admin/orders', {
      ...tomorrow,
      leadTimeOverride: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toContainEqual(
      expect.objectContaining({
        path: 'leadTimeOverride.reason',
        message: 'Say why the lead time is waived',
      }),
    );

    const taken = await staff.post('/api/admin/orders', {
      ...tomorrow,
      leadTimeOverride: { reason: 'Birthday, baked with Friday batch' },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.order).toMatchObject({ isRushOrder: true, rushFee: RUSH_FEE_CENTS / 100 });
    const rows = await history(taken.body.order.id);
    expect(rows.map((r) => [r.field, r.to])).toContainEqual([
      'leadTimeOverride',
      'Birthday, baked with Friday batch',
    ]);
    // No e-mail: no confirmation mail.
    expect(confirmations).toEqual([]);
  });

  it('takes cash and answers the change; refuses cash that does not cover the total', async () => {
    const before = await orderCount();
    const short = await staff.post(
      '/api/admin/orders',
      phoneOrder({ channel: 'counter', payment: { method: 'cash', tenderedCents: 500 } }),
    );
    expect(short.status).toBe(400);
    expect(short.body.errors[0].path).toBe('payment.tenderedCents');
    expect(short.body.message).toMatch(/^The cash tendered is less than the \$\d+\.\d\d due$/);
    expect(await orderCount()).toBe(before);

    const paid = await staff.post(
      '/api/admin/orders',
      phoneOrder({ channel: 'counter', payment: { method: 'cash', tenderedCents: 10_000 } }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const totalCents = Math.round(paid.body.order.total * 100);
    expect(paid.body.changeCents).toBe(10_000 - totalCents);
    expect(paid.body.order).toMatchObject({
      channel: 'counter',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      amountDue: 0,
    });
    const rows = await server.prisma.orderPayment.findMany({
      where: { orderId: paid.body.order.id },
    });
    expect(rows.map((r) => [r.kind, r.method, Number(r.amount) * 100, r.actorEmail])).toEqual([
      ['payment', 'cash', totalCents, staffEmail],
    ]);
  });
});

describe('POST /api/admin/orders/{id}/items', () => {
  it('adds lines at today’s price, books them, raises the amount due; hand-over waits for it', async () => {
    const daysAhead = 18;
    const date = addDays(today(), daysAhead);
    const taken = await staff.post(
      '/api/admin/orders',
      phoneOrder(
        {
          items: [{ productId: 'lemon-cake', variant: '6in', quantity: 1 }],
          payment: { method: 'card' },
        },
        daysAhead,
      ),
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const order = taken.body.order;
    expect(order.amountDue).toBe(0);
    const cakePrice = order.items[0].price;
    await server.prisma.order.update({
      where: { id: order.id },
      data: { fulfillmentStatus: 'ready', pickupCode: 'ADD-ONS-1' },
    });

    const added = await staff.post(`/api/admin/orders/${order.id}/items`, {
      items: [
        { productId: 'lemon-cake', variant: '6in', quantity: 1 },
        { productId: 'lemon-poppy-seed-loaf', quantity: 2 },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = added.body.order;
    expect(after.items).toEqual([
      expect.objectContaining({ productId: 'lemon-cake', quantity: 2, price: cakePrice }),
      expect.objectContaining({ productId: 'lemon-poppy-seed-loaf', quantity: 2 }),
    ]);
    const due = Math.round((after.total - order.total) * 100) / 100;
    expect(due).toBeGreaterThan(0);
    expect(after.amountDue).toBe(due);
    expect(added.body.message).toBe(
      `Items added. New total $${after.total.toFixed(2)}; $${due.toFixed(2)} due`,
    );
    expect(await cakeLoad(date)).toBe(2);
    const rows = await history(order.id);
    expect(rows.find((r) => r.field === 'itemsAdded')).toMatchObject({
      actorEmail: staffEmail,
      from: `$${order.total.toFixed(2)}`,
    });

    const refused = await staff.post(`/api/admin/orders/${order.id}/hand-over`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Payment of $${due.toFixed(2)} is due: take payment and hand over`,
    );
    const handed = await staff.post(`/api/admin/orders/${order.id}/hand-over`, {
      payment: { method: 'cash' },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.order).toMatchObject({ amountDue: 0, fulfillmentStatus: 'picked_up' });
  });

  it('refuses a full day with 409 and leaves the order as it was', async () => {
    await setCakeLimit(1);
    const daysAhead = 19;
    const taken = await staff.post(
      '/api/admin/orders',
      phoneOrder({ items: [{ productId: 'lemon-cake', variant: '6in', quantity: 1 }] }, daysAhead),
    );
    expect(taken.status).toBe(201);
    const refused = await staff.post(`/api/admin/orders/${taken.body.order.id}/items`, {
      items: [{ productId: 'lemon-cake', variant: '8in', quantity: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('capacity_full');
    const stored = await server.prisma.order.findUniqueOrThrow({
      where: { id: taken.body.order.id },
    });
    expect(Number(stored.total)).toBe(taken.body.order.total);
    expect(await cakeLoad(addDays(today(), daysAhead))).toBe(1);
  });

  it('is refused to a customer (403)', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const answer = await client.post(
      '/api/admin/orders/00000000-0000-4000-8000-000000000000/items',
      { items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }] },
    );
    expect(answer.status).toBe(403);
  });
});

describe('POST /api/admin/sales', () => {
  it("records a walk-in's cash sale in today's takings and the statistics, with its change", async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    const takingsBefore = (await staff.get('/api/admin/today')).body.takings;
    const statsBefore = (await owner.get('/api/admin/stats')).body;
    const cashBefore =
      takingsBefore.byMethod.find((m: { method: string }) => m.method === 'cash')?.amount ?? 0;

    const short = await staff.post('/api/admin/sales', {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 3 }],
      payment: { method: 'cash', tenderedCents: 100 },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].path).toBe('payment.tenderedCents');

    const sale = await staff.post('/api/admin/sales', {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 3 }],
      payment: { method: 'cash', tenderedCents: 10_000 },
      customerEmail: 'walkin@example.com',
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const { order } = sale.body;
    const totalCents = Math.round(order.total * 100);
    expect(order).toMatchObject({
      customerName: 'Walk-in',
      channel: 'walk-in',
      paymentStatus: 'completed',
      fulfillmentStatus: 'picked_up',
      rushFee: 0,
      amountDue: 0,
    });
    expect(sale.body.changeCents).toBe(10_000 - totalCents);
    expect(receipts).toEqual([order.id]);

    const takings = (await staff.get('/api/admin/today')).body.takings;
    expect(Math.round(takings.total * 100)).toBe(
      Math.round(takingsBefore.total * 100) + totalCents,
    );
    const cash = takings.byMethod.find((m: { method: string }) => m.method === 'cash').amount;
    expect(Math.round(cash * 100)).toBe(Math.round(cashBefore * 100) + totalCents);
    const stats = (await owner.get('/api/admin/stats')).body;
    expect(stats.todayOrders).toBe(statsBefore.todayOrders + 1);
    expect(stats.completedOrders).toBe(statsBefore.completedOrders + 1);
    expect(Math.round(stats.totalRevenue * 100)).toBe(
      Math.round(statsBefore.totalRevenue * 100) + totalCents,
    );
  });

  it('takes card without tendered cash and refuses a link or a customer (403)', async () => {
    const card = await staff.post('/api/admin/sales', {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
      payment: { method: 'card' },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body.changeCents).toBeNull();
    expect(card.body.order.paymentMethod).toBe('card');
    const link = await staff.post('/api/admin/sales', {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
      payment: { method: 'link' },
    });
    expect(link.status).toBe(400);
    expect(link.body.message).toBe('A quick sale is paid by cash or card');
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const refused = await client.post('/api/admin/sales', {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
      payment: { method: 'card' },
    });
    expect(refused.status).toBe(403);
  });

  it('takes units from today’s capacity only where the owner wants it; a full day refuses it as it refuses an order', async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    const cakeToday = { productId: 'lemon-cake', variant: '6in', quantity: 1 };
    const sale = () =>
      staff.post('/api/admin/sales', { items: [cakeToday], payment: { method: 'card' } });
    // A phone order for today, the lead time waived (the same booking as any order's).
    const orderToday = () =>
      staff.post('/api/admin/orders', {
        ...phoneOrder({ items: [cakeToday] }, 0),
        leadTimeOverride: { reason: 'Baked with this morning’s batch' },
      });
    const walkIns = () => server.prisma.order.count({ where: { channel: 'walk-in' } });
    expect((await orderToday()).status).toBe(201);

    // Off (the default): the shelf is baked apart; a sale on a full day is recorded and counted.
    await setCakeLimit(await cakeLoad(today()));
    const counted = await sale();
    expect(counted.status, JSON.stringify(counted.body)).toBe(201);
    const full = await cakeLoad(today());

    const on = await owner.put('/api/admin/settings', {
      ...DEFAULT_SHOP_SETTINGS,
      quickSalesUseCapacity: true,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    try {
      // On: the last cake of the day is sold and booked...
      await setCakeLimit(full + 1);
      const booked = await sale();
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(await cakeLoad(today())).toBe(full + 1);
      // ...then the day is full: refused with the order's own 409 code and words, nothing stored.
      const order = await orderToday();
      expect(order.status).toBe(409);
      expect(order.body.code).toBe('capacity_full');
      const before = await walkIns();
      const payments = await server.prisma.orderPayment.count();
      const refused = await sale();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: order.body.code, message: order.body.message });
      expect(await walkIns()).toBe(before);
      expect(await server.prisma.orderPayment.count()).toBe(payments);
      expect(await cakeLoad(today())).toBe(full + 1);
    } finally {
      await owner.put('/api/admin/settings', DEFAULT_SHOP_SETTINGS);
    }
  });
});
