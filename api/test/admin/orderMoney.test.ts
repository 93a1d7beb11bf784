// Issue 36 on a real PostgreSQL: every money movement is a row, and the
// amount due, the takings and the revenue follow from the rows alone. An
// undone hand-over gives back a payment that never happened, a void is the
// owner's or the recorder's on the day, a refund never exceeds what came in,
// a customer's change keeps what she bought at its price, and a paid order
// made dearer owes the difference everywhere until it is taken.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, DEFAULT_SHOP_SETTINGS, type OrderView } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { insertOrder, signedIn, type Client } from './helpers.js';
import { loggingNotifications, type Notifications } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';

const mails: { kind: string; orderId: string; detail?: unknown }[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  paymentReceived: async (orderId) => void mails.push({ kind: 'paymentReceived', orderId }),
  orderReady: async (orderId) => void mails.push({ kind: 'orderReady', orderId }),
  refundRecorded: async (orderId, refund) =>
    void mails.push({ kind: 'refundRecorded', orderId, detail: refund }),
  orderChanged: async (orderId, changes) =>
    void mails.push({ kind: 'orderChanged', orderId, detail: changes }),
};

let server: TestServer;
let owner: Client;
let admin: Client;
let otherAdmin: Client;

beforeAll(async () => {
  server = await startTestServer({ notifications });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  otherAdmin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await owner?.put('/api/admin/settings', DEFAULT_SHOP_SETTINGS);
  await server?.close();
});

beforeEach(() => {
  mails.length = 0;
});

const today = () => bakeryToday();
const mailsFor = (orderId: string) => mails.filter((mail) => mail.orderId === orderId);

async function money() {
  const day = today();
  const [glance, stats] = await Promise.all([
    admin.get('/api/admin/today'),
    admin.get(`/api/admin/stats?fromDate=${day}&toDate=${day}`),
  ]);
  return {
    takings: glance.body.takings.total as number,
    revenue: stats.body.totalRevenue as number,
  };
}

async function customer() {
  const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
  await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
  return { user, client };
}

async function place(client: Client, productId: string, quantity: number, daysAhead: number) {
  const answer = await client.post('/api/submit-order', {
    orderData: orderPayload({ lines: [{ productId, quantity }], daysAhead }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.order as OrderView;
}

describe('Undo of a hand-over with payment', () => {
  it('reverses the payment: nothing received, takings equal revenue, no mail, and the money is asked again at pickup', async () => {
    const before = await money();
    const sam = await insertOrder(server.prisma, {
      customerName: 'Sam Ortiz',
      pickupDate: today(),
      items: [{ productId: 'chocolate-cake', name: 'Chocolate Cake', price: 158.16, quantity: 1 }],
      subtotal: 158.16,
      tax: 13.84,
      total: 172,
    });
    await admin.post(`/api/admin/orders/${sam.id}/ready`);
    mails.length = 0;
    const handed = await admin.post(`/api/admin/orders/${sam.id}/hand-over`, {
      payment: { method: 'card' },
    });
    expect(handed.status).toBe(200);
    expect(handed.body.order).toMatchObject({
      paymentStatus: 'completed',
      received: 172,
      amountDue: 0,
    });
    expect((await money()).takings - before.takings).toBeCloseTo(172);

    // The toast's Undo (Mark In Progress).
    const undo = await admin.patch(`/api/admin/orders/${sam.id}/fulfillment`, {
      orderStatus: 'in progress',
    });
    expect(undo.status).toBe(200);
    expect(undo.body.order).toMatchObject({
      fulfillmentStatus: 'ready',
      paymentStatus: 'pending',
      paymentMethod: null,
      paidAt: null,
      received: 0,
      amountDue: 172,
    });
    const after = await money();
    expect(after.takings).toBeCloseTo(before.takings);
    expect(after.revenue).toBeCloseTo(before.revenue);
    expect(after.takings).toBeCloseTo(after.revenue);
    expect(mailsFor(sam.id)).toEqual([]);

    // The rows say what happened: the payment, and its reversal.
    const rows = (await admin.get(`/api/admin/orders/${sam.id}/payments`)).body as {
      kind: string;
      amount: number;
      reversed: boolean;
    }[];
    expect(rows.map((r) => [r.kind, r.amount, r.reversed])).toEqual([
      ['payment', 172, true],
      ['reversal', -172, false],
    ]);

    // Nothing was received, so nothing can be refunded; at the real pickup the money is asked.
    const refund = await admin.post(`/api/admin/orders/${sam.id}/refunds`, {
      amount: 172,
      reason: 'handed over by mistake',
    });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(
      'Cannot record a refund: no money was received for this order',
    );
    const pickup = await admin.post(`/api/admin/orders/${sam.id}/hand-over`, {});
    expect(pickup.status).toBe(409);
    expect(pickup.body).toMatchObject({
      code: 'payment_due',
      message: 'Payment of $172.00 is due: take payment and hand over',
    });
  });
});

describe('Void and refund', () => {
  it('lets the recorder or the owner void a payment on its day, silently; another admin or a later day is refused', async () => {
    const order = await insertOrder(server.prisma, { pickupDate: addDays(today(), 2) });
    const taken = await admin.post(`/api/admin/orders/${order.id}/payments`, { method: 'cash' });
    expect(taken.status).toBe(200);
    expect(taken.body.order).toMatchObject({ paymentStatus: 'paid', amountDue: 0 });
    const [payment] = (await admin.get(`/api/admin/orders/${order.id}/payments`)).body;

    const stranger = await otherAdmin.post(
      `/api/admin/orders/${order.id}/payments/${payment.id}/void`,
      { reason: 'wrong order' },
    );
    expect(stranger.status).toBe(409);
    expect(stranger.body).toMatchObject({
      code: 'void_refused',
      message: 'Only the owner or the person who recorded a payment can void it',
    });
    const noReason = await admin.post(`/api/admin/orders/${order.id}/payments/${payment.id}/void`, {
      reason: '',
    });
    expect(noReason.status).toBe(400);

    // The next day: even its recorder is refused (a refund is the way then).
    await server.prisma.$executeRaw`
      UPDATE "OrderPayment" SET "at" = "at" - interval '1 day' WHERE "id" = ${payment.id}::uuid`;
    const late = await admin.post(`/api/admin/orders/${order.id}/payments/${payment.id}/void`, {
      reason: 'wrong order',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'A payment can be voided on the day it was recorded; record a refund instead',
    );
    const lateOther = await otherAdmin.post(
      `/api/admin/orders/${order.id}/payments/${payment.id}/void`,
      { reason: 'wrong order' },
    );
    expect(lateOther.status).toBe(409);
    await server.prisma.$executeRaw`
      UPDATE "OrderPayment" SET "at" = now() WHERE "id" = ${payment.id}::uuid`;

    mails.length = 0;
    const voided = await owner.post(`/api/admin/orders/${order.id}/payments/${payment.id}/void`, {
      reason: 'recorded on the wrong order',
    });
    expect(voided.status).toBe(200);
    expect(voided.body.order).toMatchObject({ paymentStatus: 'pending', received: 0 });
    expect(voided.body.order.amountDue).toBe(voided.body.order.total);
    expect(mailsFor(order.id)).toEqual([]);
    const again = await owner.post(`/api/admin/orders/${order.id}/payments/${payment.id}/void`, {
      reason: 'twice',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment was already voided');
  });

  it('refuses a refund above what was received, and mails what was refunded and how', async () => {
    const order = await insertOrder(server.prisma, { pickupDate: addDays(today(), 2) });
    await admin.post(`/api/admin/orders/${order.id}/payments`, { method: 'cash' });
    const total = Number(order.total);
    const tooMuch = await admin.post(`/api/admin/orders/${order.id}/refunds`, {
      amount: total + 0.01,
      reason: 'too much',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('refund_too_large');
    mails.length = 0;
    const part = await admin.post(`/api/admin/orders/${order.id}/refunds`, {
      amount: 5,
      reason: 'a loaf was small',
    });
    expect(part.status).toBe(200);
    // Goodwill: the $5 comes off the total, so nothing is due afterwards.
    expect(part.body.order).toMatchObject({ refundedAmount: 5, discount: 5, amountDue: 0 });
    expect(part.body.order.total).toBeCloseTo(total - 5);
    expect(mailsFor(order.id)).toEqual([
      { kind: 'refundRecorded', orderId: order.id, detail: { amountCents: 500, method: 'cash' } },
    ]);
  });
});

describe("A customer's change keeps what she bought", () => {
  it("prices Olivia's second loaf at what she paid, with the rush fee and tax rate of her order, and previews the saved total", async () => {
    const { client } = await customer();
    const menu = (await client.get('/api/menu')).body as { items: { id: string; price: number }[] };
    expect(menu.items.find((item) => item.id === 'banana-bread')?.price).toBe(20);
    const olivia = await place(client, 'banana-bread', 1, 5);
    expect(olivia).toMatchObject({ subtotal: 20, rushFee: 10, total: 32.63 });

    // The owner raises the loaf to $22, the rush fee to $15 and lowers tax to 7.5 %.
    expect(
      (await owner.patch('/api/admin/menu/items/banana-bread', { priceCents: 2200 })).status,
    ).toBe(200);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    const settings = {
      ...structuredClone(DEFAULT_SHOP_SETTINGS),
      rushFeeCents: 1500,
      taxRatePercent: 7.5,
    };
    expect((await owner.put('/api/admin/settings', settings)).status).toBe(200);

    const body = { items: [{ productId: 'banana-bread', quantity: 2 }] };
    const preview = await client.post(`/api/my-orders/${olivia.id}/preview`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 2 x $20 + $10 rush + 8.75 % of $50 = $54.38 (the product keeps the bought price for the line).
    expect(preview.body).toMatchObject({
      previousTotal: 32.63,
      total: 54.38,
      rushFee: 10,
      tax: 4.38,
    });
    expect(await server.prisma.order.findUnique({ where: { id: olivia.id } })).toMatchObject({
      items: [expect.objectContaining({ quantity: 1 })],
    });

    const saved = await client.patch(`/api/my-orders/${olivia.id}`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.order.total).toBe(preview.body.total);
    expect(saved.body.order).toMatchObject({ subtotal: 40, rushFee: 10, tax: 4.38, total: 54.38 });
    const changed = mailsFor(olivia.id).find((mail) => mail.kind === 'orderChanged');
    expect(changed?.detail).toEqual(
      expect.arrayContaining([
        'Total: $32.63 → $54.38 (Banana Bread kept at the price you paid, $20.00 each; Tax kept at 8.75%, the rate when you ordered)',
      ]),
    );

    // An added line takes today's price.
    const more = await client.post(`/api/my-orders/${olivia.id}/preview`, {
      items: [
        { productId: 'banana-bread', quantity: 2 },
        { productId: 'zucchini-bread', quantity: 1 },
      ],
    });
    expect(more.status).toBe(200);
    expect(more.body.changes.join(' ')).toContain("added at today's price");

    await owner.put('/api/admin/settings', DEFAULT_SHOP_SETTINGS);
    await owner.patch('/api/admin/menu/items/banana-bread', { priceCents: 2000 });
    await owner.post('/api/admin/menu/publish');
  });
});

describe('A paid order made dearer', () => {
  it('owes the difference on the desk, My Orders and the mail; hand-over refuses until it is taken; refunds stop at what came in', async () => {
    const { client } = await customer();
    const order = await place(client, 'banana-bread', 1, 10);
    expect((await admin.post('/api/confirm-payment', { orderId: order.id })).status).toBe(200);
    const dearer = await client.patch(`/api/my-orders/${order.id}`, {
      items: [{ productId: 'banana-bread', quantity: 10 }],
    });
    expect(dearer.status).toBe(200);
    const due = Math.round((dearer.body.order.total - order.total) * 100) / 100;
    expect(due).toBeGreaterThan(150);
    expect(dearer.body.order).toMatchObject({
      paymentStatus: 'paid',
      amountDue: due,
      received: order.total,
    });

    const mine = (await client.get('/api/my-orders')).body as OrderView[];
    expect(mine.find((o) => o.id === order.id)?.amountDue).toBe(due);
    const desk = (await admin.get(`/api/admin/orders`)).body as OrderView[];
    expect(desk.find((o) => o.id === order.id)?.amountDue).toBe(due);
    const changed = mailsFor(order.id).find((mail) => mail.kind === 'orderChanged');
    expect(changed?.detail).toEqual(
      expect.arrayContaining([
        `$${due.toFixed(2)} more is due for the change: pay it when you pick up your order.`,
      ]),
    );

    await admin.post(`/api/admin/orders/${order.id}/ready`);
    const single = await admin.post(`/api/admin/orders/${order.id}/hand-over`, {});
    expect(single.status).toBe(409);
    expect(single.body).toMatchObject({
      code: 'payment_due',
      message: `Payment of $${due.toFixed(2)} is due: take payment and hand over`,
    });
    const complete = await admin.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'complete',
    });
    expect(complete.status).toBe(409);
    const bulk = await admin.post('/api/admin/orders/hand-over', { ids: [order.id] });
    expect(bulk.body.results).toEqual([
      {
        id: order.id,
        ok: false,
        message: `Payment of $${due.toFixed(2)} is due: take payment and hand over`,
      },
    ]);
    const refund = await admin.post(`/api/admin/orders/${order.id}/refunds`, {
      amount: 150,
      reason: 'test',
    });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(
      `A refund can be at most $${order.total.toFixed(2)} (the rest of the $${order.total.toFixed(2)} paid)`,
    );

    const taken = await admin.post(`/api/admin/orders/${order.id}/hand-over`, {
      payment: { method: 'cash' },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.order).toMatchObject({
      fulfillmentStatus: 'picked_up',
      paymentStatus: 'completed',
      amountDue: 0,
      received: dearer.body.order.total,
    });
  });
});
