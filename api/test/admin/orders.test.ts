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
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server.baseUrl, server.prisma, 'admin');
  staff = admin.client;
  staffEmail = admin.user.email;
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
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
    const order = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    const before = await snapshot(order.id);
    const refused = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot confirm payment: delivery fee is still pending');
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('gets its fee added to the total, once, with history', async () => {
    const order = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    const { status, body } = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 12.5,
      deliveryDistance: 8,
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toContain('$12.50');
    expect(body.order).toMatchObject({
      deliveryFee: 12.5,
      deliveryDistance: 8,
      deliveryFeeStatus: 'calculated',
      total: 56,
    });

    // A typo is corrected (not added twice) while the payment is pending (issue 12).
    const corrected = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 5,
      deliveryDistance: 3,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.message).toBe(
      'Delivery fee corrected to $5.00. New total $48.50. No payment link yet: Payment processing is not configured.',
    );
    const restored = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 12.5,
      deliveryDistance: 8,
    });
    expect(restored.status).toBe(200);
    const stored = await server.prisma.order.findUnique({ where: { id: order.id } });
    expect(Number(stored!.total)).toBe(56);

    const history = await staff.get(`/api/admin/orders/${order.id}/history`);
    expect(history.status).toBe(200);
    // The first change of each field (the correction and its undo follow).
    const byField = Object.fromEntries(
      [...history.body].reverse().map((row: { field: string; at: string }) => [row.field, row]),
    );
    expect(byField.total).toMatchObject({ from: '43.50', to: '56.00', actorEmail: staffEmail });
    expect(history.body.filter((row: { field: string }) => row.field === 'total')).toHaveLength(3);
    expect(byField.deliveryFeeStatus).toMatchObject({ from: 'pending', to: 'calculated' });
    expect(Date.parse(byField.total.at)).toBeGreaterThan(Date.now() - 60_000);

    // Now payment can be confirmed; after that the fee is fixed.
    expect(
      (await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' })).status,
    ).toBe(200);
    const late = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 1,
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'invalid_state',
      message: 'Cannot correct delivery fee: payment is paid',
    });
  });

  it('adds the fee once when two staff submit it at the same moment (the second is a correction)', async () => {
    const order = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    const answers = await Promise.all([
      staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 10 }),
      staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 10 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.total.toFixed(2)).toBe('53.50');
    expect(
      await server.prisma.orderHistory.count({ where: { orderId: order.id, field: 'total' } }),
    ).toBe(1);
  });

  it('refuses a fee out of bounds with the spec message', async () => {
    const order = await insertOrder(server.prisma, { deliveryMethod: 'delivery' });
    const before = await snapshot(order.id);
    const negative = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: -1,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('Please enter a valid delivery fee amount');
    const tooHigh = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 200.01,
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toBe('Delivery fee cannot exceed $200');
    const tooFar = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 10,
      deliveryDistance: 100.5,
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe('Delivery distance cannot exceed 100 miles');
    expect(
      (await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 'ten' })).body
        .message,
    ).toBe('Please enter a valid delivery fee amount');
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('accepts the bounds: a $0 fee at 0 miles and a $200 fee at 100 miles', async () => {
    const free = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    const zero = await staff.patch(`/api/admin/orders/${free.id}/delivery-fee`, {
      deliveryFee: 0,
      deliveryDistance: 0,
    });
    expect(zero.body.order).toMatchObject({
      deliveryFee: 0,
      deliveryDistance: 0,
      deliveryFeeStatus: 'calculated',
      total: 43.5,
    });
    const far = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    const max = await staff.patch(`/api/admin/orders/${far.id}/delivery-fee`, {
      deliveryFee: 200,
      deliveryDistance: 100,
    });
    expect(max.body.order).toMatchObject({ deliveryFee: 200, deliveryDistance: 100, total: 243.5 });
  });

  it('refuses a delivery fee on a pickup order', async () => {
    const order = await insertOrder(server.prisma);
    const before = await snapshot(order.id);
    const refused = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 5,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot calculate delivery fee: this is a pickup order');
    expect(await snapshot(order.id)).toEqual(before);
  });
});

describe('payment and fulfillment', () => {
  it('walks an order from pending to paid to complete and back', async () => {
    const order = await insertOrder(server.prisma);
    const early = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'complete',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Cannot mark complete: payment is pending');

    const paid = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.order.paymentStatus).toBe('paid');
    const twice = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Cannot confirm payment: payment is already paid');
    const back = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Cannot set payment to pending: payment is paid');

    const complete = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'complete',
    });
    expect(complete.status).toBe(200);
    expect(complete.body.order.orderStatus).toBe('complete');
    const reopened = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'in progress',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.order.orderStatus).toBe('in progress');
    const notComplete = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'in progress',
    });
    expect(notComplete.status).toBe(409);
    expect(notComplete.body.message).toBe('Cannot mark in progress: order is already in progress');

    const fields = (await staff.get(`/api/admin/orders/${order.id}/history`)).body.map(
      (row: { field: string; to: string }) => `${row.field}=${row.to}`,
    );
    // Each spec button moves the counter's state with it (issue 23).
    expect([...fields].sort()).toEqual([
      'fulfillmentStatus=confirmed',
      'fulfillmentStatus=picked_up',
      'fulfillmentStatus=ready',
      'orderStatus=complete',
      'orderStatus=in progress',
      // Confirm Payment records the money as received another way (issue 36).
      'paymentMethod=other',
      'paymentStatus=paid',
    ]);
  });

  it('cancels once', async () => {
    const order = await insertOrder(server.prisma);
    const cancelled = await staff.patch(`/api/admin/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.paymentStatus).toBe('cancelled');
    const again = await staff.patch(`/api/admin/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cannot cancel order: payment is already cancelled');
    const pay = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' });
    expect(pay.body.message).toBe('Cannot confirm payment: payment is cancelled');
  });

  it('settles a paid order as completed', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const settled = await staff.patch(`/api/admin/orders/${order.id}/status`, {
      status: 'completed',
    });
    expect(settled.status).toBe(200);
    expect(settled.body.order.paymentStatus).toBe('completed');
  });

  it('refuses an unknown status with 400', async () => {
    const order = await insertOrder(server.prisma);
    const lost = await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'lost' });
    expect(lost.status).toBe(400);
    expect(lost.body.message).toBe('Status must be one of: pending, paid, completed, cancelled');
  });

  it('fulfills a paid order: complete, payment completed, time stamped', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const { status, body } = await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: 'Order marked as fulfilled',
      order: { orderStatus: 'complete', paymentStatus: 'completed' },
    });
    expect(Date.parse(body.order.fulfilledAt)).toBeGreaterThan(Date.now() - 60_000);
    const fields = (await staff.get(`/api/admin/orders/${order.id}/history`)).body
      .map((row: { field: string }) => row.field)
      .sort();
    expect(fields).toEqual(['fulfilledAt', 'fulfillmentStatus', 'orderStatus', 'paymentStatus']);
    expect(body.order.fulfillmentStatus).toBe('picked_up');
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    const malformed = await staff.patch('/api/admin/orders/no-such-order/fulfill');
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe('Order not found');
    const unknown = await staff.patch(
      '/api/admin/orders/00000000-0000-4000-8000-000000000000/status',
      { status: 'paid' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');
    expect(
      (await staff.get('/api/admin/orders/00000000-0000-4000-8000-000000000000/history')).status,
    ).toBe(404);
    expect((await owner.del('/api/admin/orders/12345')).status).toBe(404);
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
    expect((await server.prisma.order.findUnique({ where: { id: order.id } }))!.paymentStatus).toBe(
      'pending',
    );
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

  it('deletes an order and its history (the owner, an unpaid order, named)', async () => {
    const order = await insertOrder(server.prisma, { customerName: 'Dana Delete' });
    await staff.patch(`/api/admin/orders/${order.id}/stage`, { stage: 'confirmed' });
    const deleted = await owner.del(`/api/admin/orders/${order.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.success).toBe(true);
    expect(deleted.body.message).toBe(
      `Order #${order.id.slice(-8).toUpperCase()} (Dana Delete) deleted`,
    );
    expect(await server.prisma.order.findUnique({ where: { id: order.id } })).toBeNull();
    expect((await staff.get(`/api/admin/orders/${order.id}/history`)).status).toBe(404);
  });
});

describe('a customer', () => {
  it('can neither change nor delete an order, nor read its history', async () => {
    const order = await insertOrder(server.prisma);
    const before = await snapshot(order.id);
    expect(
      (await customer.patch(`/api/admin/orders/${order.id}/status`, { status: 'paid' })).status,
    ).toBe(403);
    expect((await customer.patch(`/api/admin/orders/${order.id}/fulfill`)).status).toBe(403);
    expect((await customer.del(`/api/admin/orders/${order.id}`)).status).toBe(403);
    expect((await customer.get(`/api/admin/orders/${order.id}/history`)).status).toBe(403);
    expect((await new Client(server.baseUrl).del(`/api/admin/orders/${order.id}`)).status).toBe(
      401,
    );
    expect(await snapshot(order.id)).toEqual(before);
  });
});
