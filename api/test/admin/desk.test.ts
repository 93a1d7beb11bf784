// The order desk over HTTP (issue 12): pages filtered by due date, sorted by
// due time as times, searched in PostgreSQL (phone digits, items,
// instructions); the poll of what changed; and the lifecycle refusals:
// Fulfill on a cancelled order, a second Fulfill, Mark In Progress after
// Fulfill, and the cancellation mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, type DeskPageView, type OrderView } from '@bakery/core';
import type { Prisma } from '@bakery/prisma';
import type { Notifications } from '../../src/services/contracts.js';
import { startTestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;
let customer: Client;
const sent: { kind: string; orderId: string }[] = [];
const recorder = (kind: string) => async (orderId: string) => {
  sent.push({ kind, orderId });
};
const notifications: Notifications = {
  mailConfigured: false,
  passwordReset: async () => {},
  orderReceived: recorder('received'),
  paymentLinkReady: recorder('link'),
  paymentReceived: recorder('payment'),
  orderReady: recorder('ready'),
  orderCancelled: recorder('cancelled'),
};

const today = bakeryToday();
const tomorrow = addDays(today, 1);
const later = addDays(today, 9);

/** An order with the desk's fields set: name, phone, due date and time, items. */
async function deskOrder(
  name: string,
  pickupDate: string,
  pickupTime: string,
  extra: Partial<Prisma.OrderUncheckedCreateInput> = {},
) {
  const order = await insertOrder(server.prisma, { pickupDate });
  return server.prisma.order.update({
    where: { id: order.id },
    data: { customerName: name, pickupTime, ...extra },
  });
}

beforeAll(async () => {
  server = await startTestServer({ notifications });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
  await deskOrder('Ann Early', today, '8:00 AM', { customerPhone: '(850) 555-0101' });
  await deskOrder('Ben Noon', today, '12:00 PM', {
    items: [
      { productId: 'chocolate-cupcakes', name: 'Chocolate Cupcakes', price: 18, quantity: 1 },
    ],
  });
  await deskOrder('Cid Ten', today, '10:00 AM', { specialInstructions: 'Nut-free box please' });
  await deskOrder('Dee Half', today, '9:30 AM', { deliveryMethod: 'delivery' });
  await deskOrder('Eve Tomorrow', tomorrow, '8:00 AM');
  await deskOrder('Fay Later', later, '11:00 AM');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const desk = (query: string) => staff.get<DeskPageView>(`/api/admin/orders/desk?${query}`);
const names = (page: DeskPageView) => page.rows.map((o) => o.customerName);

describe('GET /api/admin/orders/desk', () => {
  it("lists today's orders by time as times: 8:00 AM, 9:30 AM, 10:00 AM, 12:00 PM", async () => {
    const { status, body } = await desk(`dueFrom=${today}&dueTo=${today}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Ann Early', 'Dee Half', 'Cid Ten', 'Ben Noon']);
    expect(body.count).toBe(4);
    expect(body.countCapped).toBe(false);
    expect(Date.parse(body.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('covers the coming days in due order, and reverses', async () => {
    const week = await desk(`dueFrom=${today}&dueTo=${addDays(today, 6)}`);
    expect(names(week.body)).toEqual([
      'Ann Early',
      'Dee Half',
      'Cid Ten',
      'Ben Noon',
      'Eve Tomorrow',
    ]);
    const back = await desk(`dueFrom=${today}&dueTo=${later}&dir=desc`);
    expect(names(back.body)[0]).toBe('Fay Later');
  });

  it('pages: limit and offset, with the full count', async () => {
    const first = await desk(`dueFrom=${today}&dueTo=${later}&limit=2`);
    const second = await desk(`dueFrom=${today}&dueTo=${later}&limit=2&offset=2`);
    expect(names(first.body)).toEqual(['Ann Early', 'Dee Half']);
    expect(names(second.body)).toEqual(['Cid Ten', 'Ben Noon']);
    expect(first.body.count).toBe(6);
  });

  it('searches a phone number as typed, an item and the instructions', async () => {
    expect(names((await desk(`q=${encodeURIComponent('850-555-0101')}`)).body)).toEqual([
      'Ann Early',
    ]);
    expect(names((await desk('q=cupcakes')).body)).toEqual(['Ben Noon']);
    expect(names((await desk('q=NUT-FREE')).body)).toEqual(['Cid Ten']);
    expect(names((await desk('q=50%25_off')).body)).toEqual([]); // LIKE wildcards are literal
  });

  it('filters by method and sorts by customer', async () => {
    expect(names((await desk('method=delivery')).body)).toEqual(['Dee Half']);
    const byName = await desk(`dueFrom=${today}&dueTo=${later}&sort=customer&dir=desc&limit=1`);
    expect(names(byName.body)).toEqual(['Fay Later']);
  });

  it('refuses a page over 200 rows and a reversed due range', async () => {
    const big = await staff.get(`/api/admin/orders/desk?limit=5000`);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/Limit cannot exceed 200/);
    const reversed = await desk(`dueFrom=${tomorrow}&dueTo=${today}`);
    expect(reversed.status).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await customer.get('/api/admin/orders/desk')).status).toBe(403);
    expect((await new Client(server.baseUrl).get('/api/admin/orders/desk')).status).toBe(401);
  });

  it('GET /api/admin/orders without a limit no longer returns every order', async () => {
    const { status, body } = await staff.get<OrderView[]>('/api/admin/orders');
    expect(status).toBe(200);
    expect(body.length).toBeLessThanOrEqual(500);
  });
});

describe('GET /api/admin/orders/changes', () => {
  it('answers only what changed since the last answer', async () => {
    const first = await desk(`dueFrom=${today}&dueTo=${today}`);
    // Earlier writes leave the poll's 2 s safety margin before the next answer.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const quiet = await staff.get(
      `/api/admin/orders/changes?since=${encodeURIComponent(first.body.asOf)}`,
    );
    expect(quiet.status).toBe(200);
    // Nothing was created after the page (the margin may repeat older rows, never new ones).
    expect(quiet.body.created).toEqual([]);
    const before = quiet.body.asOf as string;
    const fresh = await deskOrder('Gus New', today, '1:00 PM');
    const changes = await staff.get(
      `/api/admin/orders/changes?since=${encodeURIComponent(before)}`,
    );
    expect(changes.body.changed.map((o: OrderView) => o.customerName)).toEqual(['Gus New']);
    expect(changes.body.created).toEqual([fresh.id]);
    expect((await staff.get('/api/admin/orders/changes?since=yesterday')).status).toBe(400);
  });
});

describe('lifecycle refusals (issue 12)', () => {
  it('refuses Fulfill on a cancelled order with 409 naming the state, and sends nothing', async () => {
    const order = await insertOrder(server.prisma);
    expect(
      (await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' })).status,
    ).toBe(200);
    expect(sent).toContainEqual({ kind: 'cancelled', orderId: order.id });
    const refused = await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'invalid_state',
      message: 'Cannot fulfill: order is cancelled',
    });
    expect(sent.filter((m) => m.orderId === order.id && m.kind === 'ready')).toEqual([]);
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.fulfilledAt).toBeNull();
    expect(stored.orderStatus).toBe('in progress');
  });

  it('a second Fulfill changes and sends nothing', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const first = await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    expect(first.status).toBe(200);
    const second = await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Order was already fulfilled; nothing was sent');
    expect(second.body.order.fulfilledAt).toBe(first.body.order.fulfilledAt);
    // Fulfill is the hand-over (issue 23): the customer is at the counter, no "ready" mail.
    expect(sent.filter((m) => m.orderId === order.id && m.kind === 'ready')).toHaveLength(0);
    expect(await server.prisma.orderHistory.count({ where: { orderId: order.id } })).toBe(4);
  });

  it('Mark In Progress after Fulfill clears the fulfillment; Mark Complete comes back', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    const back = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'in progress',
    });
    expect(back.status).toBe(200);
    expect(back.body.order).toMatchObject({
      orderStatus: 'in progress',
      paymentStatus: 'completed',
      fulfilledAt: null,
    });
    const complete = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'complete',
    });
    expect(complete.status).toBe(200);
    // Fulfill again is allowed (and mails again: it is a new hand-over).
    expect((await staff.patch(`/api/admin/orders/${order.id}/fulfill`)).status).toBe(200);
  });

  it('Cancel of a paid order mails the customer once', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(sent.filter((m) => m.orderId === order.id && m.kind === 'cancelled')).toHaveLength(1);
  });
});
