// The customer's whole payment path through the real app (its middleware
// chain, body parser and Origin check included): submit a pickup order, get
// the Square link, pay on "Square", come back to the confirmation page; and a
// signed webhook delivered to the app as Square would send it (no Origin, no
// session). Real square SDK against the fake, real SMTP peer, real database.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { paymentUpdatedEvent, squareSignature } from './helpers.js';

const KEY = 'checkout-signature-key';
const NOTIFICATION_URL = 'https://shop.example.com/api/square/webhook';

let server: TestServer;
let fake: SquareFake;
let smtp: SmtpPeer;
let outbox: string;
let integrations: Integrations | undefined;

beforeAll(async () => {
  fake = await startSquareFake();
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-checkout-'));
  const env = {
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_BASE_URL: fake.baseUrl,
    SQUARE_WEBHOOK_SIGNATURE_KEY: KEY,
    SQUARE_WEBHOOK_URL: NOTIFICATION_URL,
    SMTP_URL: smtp.url,
  };
  const make = (base: { prisma: PrismaClient; log: Logger }) =>
    (integrations ??= createIntegrations(
      { publicUrl: 'https://shop.example.com' },
      base.prisma,
      base.log,
      env,
      {
        squareMaxRetries: 0,
        squareTimeoutInSeconds: 5,
        mailRetryDelaysMs: [50],
        outboxDir: outbox,
      },
    ));
  server = await startTestServer({
    notifications: (base) => make(base).notifications,
    payments: (base) => make(base).payments,
  });
}, 60_000);

afterAll(async () => {
  // The mail queue stops before the database it polls goes away.
  await integrations?.close();
  await server?.close();
  await smtp?.close();
  await fake?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

async function submitPickupOrder() {
  const { client, user } = await signedInCustomer(server.baseUrl, server.prisma);
  const submitted = await client.post('/api/submit-order', { orderData: orderPayload() });
  expect(submitted.status).toBe(201);
  return {
    client,
    user,
    order: submitted.body.order as { id: string; total: number },
    paymentUrl: submitted.body.paymentUrl as string | null,
  };
}

describe('checkout with Square', () => {
  it('gives a pickup order its link at submission, mails it, and confirms the payment when the customer returns', async () => {
    const { client, user, order, paymentUrl } = await submitPickupOrder();
    expect(paymentUrl).toMatch(/^https:\/\/square\.link\/u\//);
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.squarePaymentUrl).toBe(paymentUrl);
    const link = fake.requests.find((r) => r.body?.order?.reference_id === order.id)!.body!;
    expect(link.order?.line_items?.[0]?.base_price_money?.amount).toBe(
      Math.round(order.total * 100),
    );
    expect(link.pre_populated_data?.buyer_email).toBe(user.email);

    await integrations!.notifications.idle();
    const received = smtp.messages.find(
      (m) => m.to.includes(user.email) && m.subject.startsWith('We received your order'),
    );
    expect(received?.text).toContain(`Pay with Square: ${paymentUrl}`);

    // Back from Square before paying: refused, still pending.
    const early = await client.post('/api/square/confirm-payment', { referenceId: order.id });
    expect(early).toMatchObject({
      status: 409,
      body: {
        code: 'invalid_state',
        message: 'Square has not completed the payment for this order yet',
      },
    });

    fake.pay(stored.squareOrderId!);
    const confirmed = await client.post('/api/square/confirm-payment', { referenceId: order.id });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { success: true, paymentStatus: 'paid' },
    });
    const status = await client.get(`/api/order-payment-status/${order.id}`);
    expect(status.body.paymentStatus).toBe('paid');
  });

  it('takes a signed webhook through the app (raw body kept by the body parser, no Origin) and refuses a forged one', async () => {
    const { order } = await submitPickupOrder();
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    const payment = fake.pay(stored.squareOrderId!);
    // Square's own formatting (spaces, key order) must survive: the signature covers these exact bytes.
    const body = paymentUpdatedEvent({
      id: payment.id,
      order_id: stored.squareOrderId!,
      amountCents: payment.amount_money.amount,
    }).replace(/,"/g, ', "');
    const post = (signature: string) =>
      fetch(`${server.baseUrl}/api/square/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
        body,
      });

    const forged = await post(squareSignature('wrong', NOTIFICATION_URL, body));
    expect(forged.status).toBe(403);
    expect(
      (await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus,
    ).toBe('pending');

    const genuine = await post(squareSignature(KEY, NOTIFICATION_URL, body));
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toEqual({ received: true });
    expect(
      (await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus,
    ).toBe('paid');
  });

  it('keeps the order pending and answers without a link when Square is down', async () => {
    fake.failNext(500);
    const { order, paymentUrl } = await submitPickupOrder();
    expect(paymentUrl).toBeNull();
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ paymentStatus: 'pending', squarePaymentUrl: null });
  });
});
