// Staff order actions over HTTP: each allowed only where core's lifecycle
// allows it, refusals (409/400/403) change nothing, and every change lands in
// the order's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;
let staffEmail: string;
let customer: Client;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server.baseUrl, server.prisma, 'admin');
  staff = admin.client;
  staffEmail = admin.user.email;
  customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const snapshot = async (id: string) => {
  const order = await server.prisma.order.findUnique({ where: { id } });
  const history = await server.prisma.orderHistory.count({ where: { orderId: id } });
  return { order: JSON.stringify(order), history };
};

describe('a delivery order', () => {
  it('cannot be paid before its delivery fee is calculated, and the refusal changes nothing', async () => {
    const order = await insertOrder(server.prisma, { deliveryMethod: 'delivery', subtotal: 40, tax: 3.5, total: 43.5 });
    const before = await snapshot(order.id);
    const refused = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/pending/i);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('gets its fee added to the total, once, with history', async () => {
    const order = await insertOrder(server.prisma, { deliveryMethod: 'delivery', subtotal: 40, tax: 3.5, total: 43.5 });
    const { status, body } = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 12.5, deliveryDistance: 8 });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toContain('$12.50');
    expect(body.order).toMatchObject({ deliveryFee: 12.5, deliveryDistance: 8, deliveryFeeStatus: 'calculated', total: 56 });

    const again = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 5, deliveryDistance: 3 });
    expect(again.status).toBe(409);
    const stored = await server.prisma.order.findUnique({ where: { id: order.id } });
    expect(Number(stored!.total)).toBe(56);

    const history = await staff.get(`/api/admin/orders/${order.id}/history`);
    expect(history.status).toBe(200);
    const byField = Object.fromEntries(history.body.map((row: { field: string }) => [row.field, row]));
    expect(byField.total).toMatchObject({ from: '43.50', to: '56.00', actorEmail: staffEmail });
    expect(byField.deliveryFeeStatus).toMatchObject({ from: 'pending', to: 'calculated' });
    expect(Date.parse(byField.total.at)).toBeGreaterThan(Date.now() - 60_000);

    // Now payment can be confirmed.
    expect((await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' })).status).toBe(200);
  });

  it('refuses a fee out of bounds with the spec message', async () => {
    const order = await insertOrder(server.prisma, { deliveryMethod: 'delivery' });
    const before = await snapshot(order.id);
    const negative = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('Please enter a valid delivery fee amount');
    expect((await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 250 })).status).toBe(400);
    expect((await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 10, deliveryDistance: 101 })).status).toBe(400);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('refuses a delivery fee on a pickup order', async () => {
    const order = await insertOrder(server.prisma);
    expect((await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 5 })).status).toBe(409);
  });
});

describe('payment and fulfilment', () => {
  it('walks an order from pending to paid to complete and back', async () => {
    const order = await insertOrder(server.prisma);
    const early = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, { orderStatus: 'complete' });
    expect(early.status).toBe(409);

    const paid = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.order.paymentStatus).toBe('paid');
    expect((await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' })).status).toBe(409);

    const complete = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, { orderStatus: 'complete' });
    expect(complete.status).toBe(200);
    expect(complete.body.order.orderStatus).toBe('complete');
    const back = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, { orderStatus: 'in progress' });
    expect(back.status).toBe(200);
    expect(back.body.order.orderStatus).toBe('in progress');

    const fields = (await staff.get(`/api/admin/orders/${order.id}/history`)).body.map((row: { field: string; to: string }) => `${row.field}=${row.to}`);
    expect(fields).toEqual(['paymentStatus=paid', 'orderStatus=complete', 'orderStatus=in progress']);
  });

  it('cancels once', async () => {
    const order = await insertOrder(server.prisma);
    const cancelled = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.paymentStatus).toBe('cancelled');
    const again = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/cancelled/i);
  });

  it('refuses an unknown status with 400', async () => {
    const order = await insertOrder(server.prisma);
    expect((await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'lost' })).status).toBe(400);
  });

  it('fulfills an order and stamps the time', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const { status, body } = await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Date.parse(body.order.fulfilledAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 404 for an unknown order', async () => {
    const missing = await staff.patch('/api/admin/orders/no-such-order/fulfill');
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/confirm-payment', () => {
  it('confirms a pending order', async () => {
    const order = await insertOrder(server.prisma);
    const { status, body } = await staff.post('/api/confirm-payment', { orderId: order.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, order: { id: order.id, paymentStatus: 'paid' } });
  });

  it('answers errors with an error field', async () => {
    const missing = await staff.post('/api/confirm-payment', { orderId: 'no-such-order' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(missing.body.message);
    const empty = await staff.post('/api/confirm-payment', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Order id is required');
    const order = await insertOrder(server.prisma);
    const byCustomer = await customer.post('/api/confirm-payment', { orderId: order.id });
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body.error).toBeTruthy();
    expect((await server.prisma.order.findUnique({ where: { id: order.id } }))!.paymentStatus).toBe('pending');
  });
});

describe('payment link retry and delete', () => {
  it('reports that Square is not configured', async () => {
    const order = await insertOrder(server.prisma);
    const { status, body } = await staff.post(`/api/admin/orders/${order.id}/payment-link`);
    expect(status).toBe(200);
    expect(body.success).toBe(false);
    expect(body.message).toBe('Payment processing is not configured');
  });

  it('refuses a link for a paid order', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    expect((await staff.post(`/api/admin/orders/${order.id}/payment-link`)).status).toBe(409);
  });

  it('deletes an order and its history', async () => {
    const order = await insertOrder(server.prisma);
    await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    const deleted = await staff.del(`/api/admin/orders/${order.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.success).toBe(true);
    expect(await server.prisma.order.findUnique({ where: { id: order.id } })).toBeNull();
    expect((await staff.get(`/api/admin/orders/${order.id}/history`)).status).toBe(404);
  });
});

describe('a customer', () => {
  it('can neither change nor delete an order, nor read its history', async () => {
    const order = await insertOrder(server.prisma);
    const before = await snapshot(order.id);
    expect((await customer.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' })).status).toBe(403);
    expect((await customer.patch(`/api/admin/orders/${order.id}/fulfill`)).status).toBe(403);
    expect((await customer.del(`/api/admin/orders/${order.id}`)).status).toBe(403);
    expect((await customer.get(`/api/admin/orders/${order.id}/history`)).status).toBe(403);
    expect((await new Client(server.baseUrl).del(`/api/admin/orders/${order.id}`)).status).toBe(401);
    expect(await snapshot(order.id)).toEqual(before);
  });
});
