// Card payments on the Square Terminal from the desk (issue 42), through the
// real app: staff start a checkout for the order's amount due (the real
// `square` SDK against the local fake of Square's Terminal endpoints), the
// customer pays or cancels at the device, and Square's signed
// `terminal.checkout.updated` webhook (or the desk's poll) records one
// payment row, however often it is delivered. A customer is refused.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  startSquareFake,
  type FakeTerminalCheckout,
  type SquareFake,
} from '../fakes/squareFake.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { Client, insertOrder, signedIn } from '../admin/helpers.js';
import { squareSignature } from './helpers.js';

const KEY = 'terminal-signature-key';
const NOTIFICATION_URL = 'https://shop.example.com/api/square/webhook';

let server: TestServer;
let fake: SquareFake;
let integrations: Integrations | undefined;
let staff: Client;
let outbox: string;

beforeAll(async () => {
  fake = await startSquareFake({ deviceId: 'device:TESTTERMINAL01' });
  // No SMTP: the customers' mail is written here, one file a message.
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-terminal-'));
  const env = {
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_BASE_URL: fake.baseUrl,
    SQUARE_WEBHOOK_SIGNATURE_KEY: KEY,
    SQUARE_WEBHOOK_URL: NOTIFICATION_URL,
    SQUARE_TERMINAL_DEVICE_ID: 'device:TESTTERMINAL01',
  };
  const make = (base: { prisma: PrismaClient; log: Logger }) =>
    (integrations ??= createIntegrations(
      { publicUrl: 'https://shop.example.com' },
      base.prisma,
      base.log,
      env,
      { squareMaxRetries: 0, squareTimeoutInSeconds: 5, outboxDir: outbox },
    ));
  server = await startTestServer({
    notifications: (base) => make(base).notifications,
    payments: (base) => make(base).payments,
  });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 60_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await fake?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

/** The messages written to the outbox for `email`. */
async function mailTo(email: string) {
  const files = await readdir(outbox).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return texts.filter((text) => text.includes(email));
}

/** Square's notification of a checkout's change, as it is signed and sent. */
function checkoutEvent(checkout: FakeTerminalCheckout, eventId = randomUUID()) {
  return JSON.stringify({
    merchant_id: 'MLTESTMERCHANT',
    type: 'terminal.checkout.updated',
    event_id: eventId,
    created_at: new Date().toISOString(),
    data: { type: 'checkout.event', id: checkout.id, object: { checkout } },
  });
}

async function deliver(body: string, signature = squareSignature(KEY, NOTIFICATION_URL, body)) {
  const response = await fetch(`${server.baseUrl}/api/square/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const paymentRows = (orderId: string) =>
  server.prisma.orderPayment.findMany({ where: { orderId, kind: 'payment' } });

/** An unpaid pickup order of $43.50 (two lemon loaves), ready at the counter. */
const unpaidOrder = () =>
  insertOrder(server.prisma, {
    customerEmail: `terminal-${randomUUID().slice(0, 6)}@example.com`,
    fulfillmentStatus: 'ready',
  });

describe('POST /api/admin/orders/{id}/terminal-checkout', () => {
  it('starts a checkout on the paired device for the amount due; the signed webhook marks the order paid once, however often it comes', async () => {
    const order = await unpaidOrder();
    const started = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(started.status).toBe(200);
    expect(started.body.checkout).toMatchObject({
      status: 'PENDING',
      amount: 43.5,
      message: 'Waiting for the card on the Terminal: $43.50',
    });
    const sent = fake.requests.filter((r) => r.path === '/v2/terminals/checkouts');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body!.checkout).toMatchObject({
      amount_money: { amount: 4350, currency: 'USD' },
      reference_id: order.id,
      device_options: { device_id: 'device:TESTTERMINAL01' },
    });
    // A second press while it waits starts nothing new.
    const again = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(again.body.checkout.id).toBe(started.body.checkout.id);
    expect(fake.requests.filter((r) => r.path === '/v2/terminals/checkouts')).toHaveLength(1);

    const checkout = fake.completeCheckout(started.body.checkout.id);
    const event = checkoutEvent(checkout);
    expect(await deliver(event, squareSignature('another-key', NOTIFICATION_URL, event))).toEqual({
      status: 403,
      body: { code: 'forbidden', message: 'Invalid Square signature' },
    });
    expect(await paymentRows(order.id)).toHaveLength(0);

    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    // The same delivery again, and Square's second event for the same checkout.
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    expect((await deliver(checkoutEvent(checkout))).status).toBe(200);

    const rows = await paymentRows(order.id);
    expect(rows.map((r) => [r.method, r.amount.toFixed(2), r.context, r.squarePaymentId])).toEqual([
      ['card', '43.50', 'terminal', checkout.payment_ids[0]],
    ]);
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.paymentStatus).toBe('paid');
    expect(stored.receivedAmount.toFixed(2)).toBe('43.50');
    await expect
      .poll(async () => (await mailTo(order.customerEmail)).length, { timeout: 15_000 })
      .toBe(1);

    const polled = await staff.get(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(polled.body.checkout).toMatchObject({
      status: 'COMPLETED',
      message: 'Paid $43.50 by card on the Terminal',
    });
    expect(polled.body.order.paymentStatus).toBe('paid');
    // Paid: the hand-over needs no payment now.
    const handOver = await staff.post(`/api/admin/orders/${order.id}/hand-over`, {});
    expect(handOver.status).toBe(200);
    expect(await paymentRows(order.id)).toHaveLength(1);
    // Nothing due: no second checkout.
    const none = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Nothing is due on this order');
    // The customer heard of the payment once.
    expect(await mailTo(order.customerEmail)).toHaveLength(1);
  });

  it('asks only the balance when part was paid, and the desk poll alone records the payment', async () => {
    const order = await unpaidOrder();
    await server.prisma.orderPayment.create({
      data: { orderId: order.id, kind: 'payment', method: 'cash', amount: '10.00' },
    });
    const started = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(started.body.checkout.amount).toBe(33.5);
    fake.completeCheckout(started.body.checkout.id, { tipCents: 300 });
    // No webhook: the desk's poll asks Square.
    const polled = await staff.get(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(polled.body.checkout.status).toBe('COMPLETED');
    expect(polled.body.order.paymentStatus).toBe('paid');
    const rows = await paymentRows(order.id);
    expect(rows.map((r) => `${r.method} ${r.amount.toFixed(2)}`).sort()).toEqual([
      'card 33.50',
      'cash 10.00',
    ]);
  });

  it('a checkout cancelled on the device leaves the order unpaid and the desk says so; staff can cancel one too', async () => {
    const order = await unpaidOrder();
    const started = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    const cancelled = fake.cancelOnDevice(started.body.checkout.id);
    expect((await deliver(checkoutEvent(cancelled))).status).toBe(200);
    const polled = await staff.get(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(polled.body.checkout).toMatchObject({
      status: 'CANCELED',
      message: 'The Terminal checkout was cancelled; the order is unpaid',
    });
    expect(polled.body.order.paymentStatus).toBe('pending');
    expect(await paymentRows(order.id)).toHaveLength(0);
    // A hand-over without payment is still refused.
    expect((await staff.post(`/api/admin/orders/${order.id}/hand-over`, {})).status).toBe(409);

    // Started again, then cancelled from the desk.
    const second = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(second.body.checkout.id).not.toBe(started.body.checkout.id);
    const stop = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout/cancel`);
    expect(stop.status).toBe(200);
    expect(stop.body.checkout.status).toBe('CANCELED');
    expect(fake.terminalCheckouts.get(second.body.checkout.id)!.status).toBe('CANCELED');
    const nothing = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout/cancel`);
    expect(nothing).toMatchObject({
      status: 409,
      body: { message: 'No checkout is waiting on the Terminal' },
    });
    expect(await paymentRows(order.id)).toHaveLength(0);
  });

  it('refuses a cancelled order, and a customer', async () => {
    const order = await unpaidOrder();
    await server.prisma.order.update({
      where: { id: order.id },
      data: { paymentStatus: 'cancelled' },
    });
    const refused = await staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'Cannot take payment: order is cancelled' },
    });
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    const open = await unpaidOrder();
    expect((await customer.post(`/api/admin/orders/${open.id}/terminal-checkout`)).status).toBe(
      403,
    );
    expect(await server.prisma.terminalCheckout.count({ where: { orderId: open.id } })).toBe(0);
  });
});
