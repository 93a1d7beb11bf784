// Customer self-service until the lock time (issue 24): change the date,
// time or quantities of one's own order, or cancel it, until 48 hours before
// the pickup; re-priced by the server with the rules of a new order, checked
// against the day's capacity without counting the order twice, each change in
// the history and the customer's mail. After the lock: 409 order_locked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  BAKERY_TIME_ZONE,
  bakeryToday,
  formatLockTime,
  lockTime,
  type CartLine,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, orderPayload, signedInCustomer } from '../support/factories.js';
import { insertOrder } from '../admin/helpers.js';
import {
  loggingNotifications,
  type Notifications,
  type Payments,
} from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { changeMyOrder } from '../../src/services/selfService.js';

let prismaForPayments: PrismaClient;
const linkRequests: string[] = [];
const payments: Payments = {
  configured: true,
  async ensurePaymentLink(orderId) {
    linkRequests.push(orderId);
    const order = await prismaForPayments.order.findUnique({ where: { id: orderId } });
    const url = `https://square.link/u/${orderId.slice(0, 8)}-${order!.total.toFixed(2)}`;
    await prismaForPayments.order.update({
      where: { id: orderId },
      data: { squarePaymentUrl: url },
    });
    return url;
  },
};
const mails: { kind: string; orderId: string; changes?: string[] }[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  orderChanged: async (orderId, changes) => {
    mails.push({ kind: 'changed', orderId, changes });
  },
  orderCancelled: async (orderId) => {
    mails.push({ kind: 'cancelled', orderId });
  },
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ payments, notifications });
  prismaForPayments = server.prisma;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  linkRequests.length = 0;
  mails.length = 0;
});

const today = () => bakeryToday();
const loaf = (quantity: number): CartLine => ({ productId: 'lemon-poppy-seed-loaf', quantity });
const cake = (quantity: number): CartLine => ({
  productId: 'lemon-cake',
  quantity,
  variantId: '6in',
});

async function customer() {
  const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
  // The fair share of unpaid orders is another rule (kitchen tests): lifted here.
  await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
  return { user, client };
}

async function place(client: Client, lines: CartLine[], daysAhead: number) {
  const answer = await client.post('/api/submit-order', {
    orderData: orderPayload({ lines, daysAhead }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.order as { id: string; total: number; subtotal: number; tax: number };
}

const change = (client: Client, id: string, body: unknown) =>
  client.patch(`/api/my-orders/${id}`, body);
const cancel = (client: Client, id: string) => client.post(`/api/my-orders/${id}/cancel`);

async function setCakeLimit(maxUnits: number) {
  await server.prisma.capacityLimit.upsert({
    where: { category: 'cakes' },
    create: { category: 'cakes', maxUnits },
    update: { maxUnits },
  });
}

const history = (orderId: string) =>
  server.prisma.orderHistory.findMany({
    where: { orderId },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
  });

/** "3:07 PM" in the bakery's zone. */
const clockAt = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: BAKERY_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);

describe('the lock time (48 hours before the pickup)', () => {
  it('takes a change one minute before the lock and refuses it one minute after with 409 order_locked', async () => {
    const { user } = await customer();
    const row = await insertOrder(server.prisma, {
      userId: user.id,
      customerEmail: user.email,
      pickupDate: addDays(today(), 10),
      pickupTime: '10:00 AM',
      items: [{ productId: 'lemon-poppy-seed-loaf', name: 'Lemon Loaf', price: 12, quantity: 1 }],
    });
    const lockAt = lockTime(row)!;
    const who = { id: user.id, email: user.email };
    const refused = changeMyOrder(server.deps, {
      id: row.id,
      customer: who,
      change: { pickupTime: '11:00 AM' },
      now: new Date(lockAt.getTime() + 60_000),
    });
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'order_locked',
      message: `Changes closed on ${formatLockTime(lockAt)}: call us at (850) 555-0142.`,
    });
    const taken = await changeMyOrder(server.deps, {
      id: row.id,
      customer: who,
      change: { pickupTime: '11:00 AM' },
      now: new Date(lockAt.getTime() - 60_000),
    });
    expect(taken.order.pickupTime).toBe('11:00 AM');
  });

  it('answers 409 order_locked over HTTP once the pickup is less than 48 hours away, for a change and a cancel', async () => {
    const { user, client } = await customer();
    const pickup = new Date(Date.now() + 47 * 3_600_000);
    const row = await insertOrder(server.prisma, {
      userId: user.id,
      customerEmail: user.email,
      pickupDate: bakeryToday(pickup),
      pickupTime: clockAt(pickup),
    });
    // Placed 47 hours before its pickup, after the 48-hour lock: it never had
    // changes open, and is not told they closed before it was placed (issue 38).
    for (const answer of [
      await change(client, row.id, { pickupTime: '10:00 AM' }),
      await cancel(client, row.id),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: 'order_locked',
        message:
          'This order was placed less than 48 hours before its pickup, so it cannot be changed online: call us at (850) 555-0142.',
      });
    }
    const stored = await server.prisma.order.findUnique({ where: { id: row.id } });
    expect(stored).toMatchObject({ pickupTime: row.pickupTime, paymentStatus: 'pending' });
    const listed = await client.get('/api/my-orders');
    expect(listed.body[0]).toMatchObject({ id: row.id, changeableUntil: null });
  });

  it('lists an open order with the time changes close', async () => {
    const { client } = await customer();
    const order = await place(client, [loaf(1)], 10);
    const listed = await client.get('/api/my-orders');
    const row = listed.body.find((o: { id: string }) => o.id === order.id);
    const stored = (await server.prisma.order.findUnique({ where: { id: order.id } }))!;
    expect(row.changeableUntil).toBe(lockTime(stored)!.toISOString());
  });

  it('refuses a ready order (the bakery has it) even before the lock time', async () => {
    const { user, client } = await customer();
    const row = await insertOrder(server.prisma, {
      userId: user.id,
      pickupDate: addDays(today(), 10),
      fulfillmentStatus: 'ready',
    });
    const answer = await cancel(client, row.id);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('invalid_state');
  });
});

describe('PATCH /api/my-orders/{id}', () => {
  it('moving from 10 to 5 days ahead adds the $10 rush fee and its tax; moving back removes them', async () => {
    const { user, client } = await customer();
    const placed = await place(client, [loaf(2)], 10);
    const soon = await change(client, placed.id, { pickupDate: addDays(today(), 5) });
    expect(soon.status, JSON.stringify(soon.body)).toBe(200);
    expect(soon.body.order).toMatchObject({
      pickupDate: addDays(today(), 5),
      rushFee: 10,
      isRushOrder: true,
      subtotal: placed.subtotal,
      tax: Math.round((placed.tax + 0.88) * 100) / 100,
      total: Math.round((placed.total + 10.88) * 100) / 100,
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Pickup date: /),
        // Issue 36: the mail says why the total changed.
        `Total: $${placed.total.toFixed(2)} → $${(placed.total + 10.88).toFixed(2)} (Rush fee of $10.00 added: the new date is less than 7 days away)`,
      ]),
    );
    const rows = await history(placed.id);
    expect(rows.filter((r) => r.field === 'rushFee')).toEqual([
      expect.objectContaining({ from: '0.00', to: '10.00', actorEmail: user.email }),
    ]);

    const back = await change(client, placed.id, { pickupDate: addDays(today(), 10) });
    expect(back.status).toBe(200);
    expect(back.body.order).toMatchObject({
      rushFee: 0,
      isRushOrder: false,
      tax: placed.tax,
      total: placed.total,
    });
    const listed = await client.get('/api/my-orders');
    expect(listed.body.find((o: { id: string }) => o.id === placed.id)).toMatchObject({
      total: placed.total,
      pickupDate: addDays(today(), 10),
    });
  });

  it('re-prices a quantity change with the catalogue price and refreshes the payment link', async () => {
    const { client } = await customer();
    const placed = await place(client, [loaf(2)], 12);
    const unit = placed.subtotal / 2;
    const answer = await change(client, placed.id, {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 5 }],
    });
    expect(answer.status).toBe(200);
    const subtotal = unit * 5;
    const tax = Math.round(subtotal * 8.75) / 100;
    expect(answer.body.order).toMatchObject({
      subtotal,
      tax,
      total: Math.round((subtotal + tax) * 100) / 100,
      items: [expect.objectContaining({ productId: 'lemon-poppy-seed-loaf', quantity: 5 })],
    });
    expect(answer.body.order.squarePaymentUrl).toContain(answer.body.order.total.toFixed(2));
    expect(linkRequests).toContain(placed.id);
    expect(mails[0]!.changes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Items: 2 x .* → 5 x /)]),
    );
  });

  it('marks a paid order that gets cheaper for a refund; a dearer one owes only the difference', async () => {
    const { client } = await customer();
    const placed = await place(client, [loaf(3)], 12);
    await server.prisma.order.update({
      where: { id: placed.id },
      data: { paymentStatus: 'paid', paidAt: new Date(), fulfillmentStatus: 'confirmed' },
    });
    const cheaper = await change(client, placed.id, {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
    });
    expect(cheaper.status).toBe(200);
    expect(cheaper.body.order).toMatchObject({ paymentStatus: 'paid', refundPending: true });
    const difference = placed.total - cheaper.body.order.total;
    const refundRows = (await history(placed.id)).filter((r) => r.field === 'refundDue');
    expect(refundRows.map((r) => r.to)).toEqual([`$${difference.toFixed(2)}`]);

    linkRequests.length = 0;
    const dearer = await change(client, placed.id, {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 4 }],
    });
    expect(dearer.status).toBe(200);
    // Never a link for the whole total again: the payment stays paid and the
    // difference is recorded for staff to collect.
    expect(dearer.body.order.paymentStatus).toBe('paid');
    expect(linkRequests).toEqual([]);
    // Issue 36: what is owed follows from the money received (the first three
    // loaves, none refunded yet), not from the last total: one loaf's worth,
    // and the refund flag is recomputed (nothing is owed back any more).
    const owed = Math.round((dearer.body.order.total - placed.total) * 100) / 100;
    expect(dearer.body.order).toMatchObject({
      amountDue: owed,
      refundDue: 0,
      refundPending: false,
    });
    const balanceRows = (await history(placed.id)).filter((r) => r.field === 'balanceDue');
    expect(balanceRows.map((r) => r.to)).toEqual([`$${owed.toFixed(2)}`]);
  });

  it('refuses a date the kitchen cannot take with 409 capacity_full and changes nothing', async () => {
    await setCakeLimit(1);
    const first = await customer();
    const second = await customer();
    const full = addDays(today(), 20);
    await place(first.client, [cake(1)], 20);
    const mine = await place(second.client, [cake(1)], 21);
    const moved = await change(second.client, mine.id, { pickupDate: full });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('capacity_full');
    const stored = await server.prisma.order.findUnique({ where: { id: mine.id } });
    expect(stored!.pickupDate).toBe(addDays(today(), 21));
    expect(
      await server.prisma.dailyKitchenLoad.findMany({
        where: { date: { in: [full, addDays(today(), 21)] }, category: 'cakes' },
        orderBy: { date: 'asc' },
      }),
    ).toEqual([
      expect.objectContaining({ date: full, units: 1 }),
      expect.objectContaining({ date: addDays(today(), 21), units: 1 }),
    ]);
  });

  it("does not count the order's own units twice: one more cake on a day it fills", async () => {
    await setCakeLimit(2);
    const { client } = await customer();
    const mine = await place(client, [cake(1)], 25);
    const more = await change(client, mine.id, {
      items: [{ productId: 'lemon-cake', quantity: 2, variant: '6in' }],
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    const tooMany = await change(client, mine.id, {
      items: [
        { productId: 'lemon-cake', quantity: 2, variant: '6in' },
        { productId: 'lemon-cake', quantity: 1, variant: '8in' },
      ],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('capacity_full');
    const load = await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date: addDays(today(), 25), category: 'cakes' } },
    });
    expect(load?.units).toBe(2);
  });

  it('keeps the rush fee as booked when only the quantity changes on the same date', async () => {
    const { user, client } = await customer();
    // Booked 12 days ahead a week ago: 5 days away now, not a rush order.
    const row = await insertOrder(server.prisma, {
      userId: user.id,
      customerEmail: user.email,
      createdAt: new Date(Date.now() - 7 * 86_400_000),
      pickupDate: addDays(today(), 5),
      items: [{ productId: 'lemon-poppy-seed-loaf', name: 'Lemon Loaf', price: 12, quantity: 1 }],
    });
    const answer = await change(client, row.id, {
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 2 }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ rushFee: 0, isRushOrder: false });
    const note = (await history(row.id)).find((r) => r.field === 'customerChange');
    expect(note).toMatchObject({ actorEmail: user.email });
    expect(note!.to).toMatch(/^Items: 1 x .* → 2 x /);
  });

  it('refuses a date less than 3 days ahead', async () => {
    const { client } = await customer();
    const placed = await place(client, [loaf(1)], 10);
    const answer = await change(client, placed.id, { pickupDate: addDays(today(), 2) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Pickup date must be at least 3 days in advance');
  });
});

describe('POST /api/my-orders/{id}/cancel', () => {
  it("cancels before the lock, frees the day's capacity and tells the customer", async () => {
    await setCakeLimit(1);
    const first = await customer();
    const second = await customer();
    const mine = await place(first.client, [cake(1)], 30);
    const refused = await second.client.post('/api/submit-order', {
      orderData: orderPayload({ lines: [cake(1)], daysAhead: 30 }),
    });
    expect(refused.status).toBe(409);

    const answer = await cancel(first.client, mine.id);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      fulfillmentStatus: 'cancelled',
      paymentStatus: 'cancelled',
      changeableUntil: null,
    });
    expect(answer.body.order.cancelledAt).toEqual(expect.any(String));
    expect(mails).toEqual([{ kind: 'cancelled', orderId: mine.id }]);
    const rows = await history(mine.id);
    expect(rows.map((r) => r.field)).toEqual(
      expect.arrayContaining(['paymentStatus', 'fulfillmentStatus', 'cancelReason']),
    );
    expect(rows.every((r) => r.actorEmail === first.user.email)).toBe(true);

    const now = await second.client.post('/api/submit-order', {
      orderData: orderPayload({ lines: [cake(1)], daysAhead: 30 }),
    });
    expect(now.status).toBe(201);
  });

  it('marks a paid order for a refund', async () => {
    const { client } = await customer();
    const placed = await place(client, [loaf(2)], 14);
    await server.prisma.order.update({
      where: { id: placed.id },
      data: { paymentStatus: 'paid', paidAt: new Date(), fulfillmentStatus: 'confirmed' },
    });
    const answer = await cancel(client, placed.id);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ paymentStatus: 'cancelled', refundPending: true });
    const due = (await history(placed.id)).find((r) => r.field === 'refundDue');
    expect(due?.to).toBe(`$${placed.total.toFixed(2)}`);
  });
});

describe("another customer's order", () => {
  it('answers 404 to a change or a cancel and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    const placed = await place(owner.client, [loaf(2)], 10);
    const changed = await change(other.client, placed.id, { pickupTime: '2:00 PM' });
    expect(changed.status).toBe(404);
    expect(changed.body.code).toBe('not_found');
    const cancelled = await cancel(other.client, placed.id);
    expect(cancelled.status).toBe(404);
    expect((await cancel(other.client, 'not-an-id')).status).toBe(404);
    const stored = await server.prisma.order.findUnique({ where: { id: placed.id } });
    expect(stored).toMatchObject({ pickupTime: '10:00 AM', paymentStatus: 'pending' });
    expect(await history(placed.id)).toEqual([]);
  });
});

describe('GET /api/my-orders/{id}/calendar.ics', () => {
  it("serves the customer's own order as a calendar event, and 404 to another customer", async () => {
    const owner = await customer();
    const other = await customer();
    const placed = await place(owner.client, [loaf(1)], 10);
    const response = await owner.client.request('GET', `/api/my-orders/${placed.id}/calendar.ics`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const file = await response.text();
    const stored = (await server.prisma.order.findUnique({ where: { id: placed.id } }))!;
    const start = lockTime(stored, 0)!.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(file).toContain(`DTSTART:${start}`);
    expect(file).toContain('SUMMARY:Pick up order #');
    const refused = await other.client.get(`/api/my-orders/${placed.id}/calendar.ics`);
    expect(refused.status).toBe(404);
  });
});
