// Idempotency-Key on the desk's actions (issue 42), over HTTP on a real
// PostgreSQL: the desk's offline queue sends each hand-over, cash sale and
// staff order again until it hears an answer; with the same key the server
// acts once and answers the first answer again, a refusal included. The same
// key with another body is refused. Mark Ready and Out for Delivery, queued
// offline too, move the order and mail the customer once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { loggingNotifications } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { Client, insertOrder, signedIn } from './helpers.js';

let server: TestServer;
let staff: Client;
/** The "ready" and "out for delivery" mails asked for, by order id. */
const readyMails: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    notifications: {
      ...loggingNotifications(createLogger({ level: 'error' })),
      orderReady: async (orderId) => void readyMails.push(orderId),
      outForDelivery: async (orderId) => void readyMails.push(orderId),
    },
  });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A call with an Idempotency-Key header. */
async function withKey(key: string, method: string, path: string, body: unknown) {
  staff.headers['idempotency-key'] = key;
  try {
    return await staff.call(method, path, body);
  } finally {
    delete staff.headers['idempotency-key'];
  }
}

const sale = {
  items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 2 }],
  payment: { method: 'cash', tenderedCents: 5000 },
};
const walkIns = () => server.prisma.order.count({ where: { channel: 'walk-in' } });

describe('Idempotency-Key', () => {
  it('a cash sale sent three times with one key is recorded once; each repeat gets the first answer', async () => {
    const before = await walkIns();
    const key = randomUUID();
    const first = await withKey(key, 'POST', '/api/admin/sales', sale);
    expect(first.status).toBe(201);
    const second = await withKey(key, 'POST', '/api/admin/sales', sale);
    const third = await withKey(key, 'POST', '/api/admin/sales', sale);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(await walkIns()).toBe(before + 1);
    // Another key is another sale.
    expect((await withKey(randomUUID(), 'POST', '/api/admin/sales', sale)).status).toBe(201);
    expect(await walkIns()).toBe(before + 2);
    // The same key with another body is refused, and records nothing.
    const reused = await withKey(key, 'POST', '/api/admin/sales', {
      ...sale,
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 5 }],
    });
    expect(reused).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
    expect(await walkIns()).toBe(before + 2);
  });

  it('a hand-over with its cash payment repeated takes the money once', async () => {
    const order = await insertOrder(server.prisma, { fulfillmentStatus: 'ready' });
    const key = randomUUID();
    const body = { payment: { method: 'cash' } };
    const first = await withKey(key, 'POST', `/api/admin/orders/${order.id}/hand-over`, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Payment taken and order handed over');
    const again = await withKey(key, 'POST', `/api/admin/orders/${order.id}/hand-over`, body);
    expect(again.body).toEqual(first.body);
    const rows = await server.prisma.orderPayment.findMany({ where: { orderId: order.id } });
    expect(rows.map((r) => `${r.method} ${r.amount.toFixed(2)}`)).toEqual(['cash 43.50']);
  });

  it('a refusal is the first answer too: a hand-over of an order cancelled meanwhile stays refused', async () => {
    const order = await insertOrder(server.prisma, { fulfillmentStatus: 'ready' });
    await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    const key = randomUUID();
    const body = { payment: { method: 'cash' } };
    const first = await withKey(key, 'POST', `/api/admin/orders/${order.id}/hand-over`, body);
    expect(first.status).toBe(409);
    const again = await withKey(key, 'POST', `/api/admin/orders/${order.id}/hand-over`, body);
    expect(again).toMatchObject({ status: 409, body: first.body });
    expect(await server.prisma.orderPayment.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('Mark Ready and Out for Delivery repeated with their keys move the order once and mail once', async () => {
    const pickup = await insertOrder(server.prisma, { pickupDate: bakeryToday() });
    const delivery = await insertOrder(server.prisma, {
      pickupDate: bakeryToday(),
      deliveryMethod: 'delivery',
    });
    for (const [order, state] of [
      [pickup, 'ready'],
      [delivery, 'out_for_delivery'],
    ] as const) {
      const key = randomUUID();
      const path = `/api/admin/orders/${order.id}/ready`;
      const first = await withKey(key, 'POST', path, {});
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.order.fulfillmentStatus).toBe(state);
      const again = await withKey(key, 'POST', path, {});
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const moves = await server.prisma.orderHistory.count({
        where: { orderId: order.id, field: 'fulfillmentStatus', to: state },
      });
      expect(moves).toBe(1);
      expect(readyMails.filter((id) => id === order.id)).toHaveLength(1);
    }
  });

  it('Mark Ready of an order cancelled meanwhile is refused, and stays refused on a repeat', async () => {
    const order = await insertOrder(server.prisma, { pickupDate: bakeryToday() });
    await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    const key = randomUUID();
    const path = `/api/admin/orders/${order.id}/ready`;
    const first = await withKey(key, 'POST', path, {});
    expect(first).toMatchObject({
      status: 409,
      body: { message: 'Cannot mark ready: order is cancelled' },
    });
    expect(await withKey(key, 'POST', path, {})).toMatchObject({ status: 409, body: first.body });
    expect(readyMails).not.toContain(order.id);
  });

  it('a staff order retried with its key places one order', async () => {
    const email = `retry-${randomUUID().slice(0, 6)}@example.com`;
    const body = {
      customerName: 'Ann Lee',
      customerEmail: email,
      items: [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
      pickupDate: addDays(bakeryToday(), 10),
      pickupTime: '10:00 AM',
    };
    const key = randomUUID();
    const first = await withKey(key, 'POST', '/api/admin/orders', body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await withKey(key, 'POST', '/api/admin/orders', body);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(await server.prisma.order.count({ where: { customerEmail: email } })).toBe(1);
  });

  it('refuses a malformed key and acts on nothing', async () => {
    const before = await walkIns();
    const bad = await withKey('a key with spaces', 'POST', '/api/admin/sales', sale);
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be 1 to 100 visible ASCII characters' },
    });
    expect(await walkIns()).toBe(before);
  });
});
