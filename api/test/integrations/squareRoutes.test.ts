// POST /api/square/webhook and /api/square/confirm-payment over HTTP: signed
// deliveries from "Square", the real SDK's signature check, deduplication by
// event id, and the customer's confirmation call, on a real database; the
// payment-received mail is checked at a real SMTP peer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import {
  paymentUpdatedEvent,
  insertOrder,
  recordingLogger,
  squareSignature,
  startSquareRoutes,
} from './helpers.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const KEY = 'test-signature-key-6Yq2';
const NOTIFICATION_URL = 'https://shop.example.com/api/square/webhook';

let db: TestDatabase;
let fake: SquareFake;
let smtp: SmtpPeer;
let outbox: string;
let integrations: Integrations;
let log: ReturnType<typeof recordingLogger>;
let routes: Awaited<ReturnType<typeof startSquareRoutes>>;

function env(extra: Record<string, string> = {}) {
  return {
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_BASE_URL: fake.baseUrl,
    SQUARE_WEBHOOK_SIGNATURE_KEY: KEY,
    SQUARE_WEBHOOK_URL: NOTIFICATION_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    ...extra,
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startSquareFake();
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-outbox-'));
  log = recordingLogger();
  integrations = createIntegrations(
    { publicUrl: 'https://shop.example.com' },
    db.prisma,
    log,
    env(),
    { squareMaxRetries: 0, squareTimeoutInSeconds: 5, outboxDir: outbox },
  );
  routes = await startSquareRoutes(integrations.payments, log);
});
afterAll(async () => {
  await routes?.close();
  await integrations?.close();
  await smtp?.close();
  await fake?.close();
  await db?.drop();
  await rm(outbox, { recursive: true, force: true });
});
beforeEach(() => {
  log.entries.length = 0;
});

/** An order with a Square link that the buyer has paid on Square's page. */
async function paidOnSquare(options: { amountCents?: number } = {}) {
  const order = await insertOrder(db.prisma);
  await integrations.payments.ensurePaymentLink(order.id, { notifyCustomer: false });
  const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  const payment = fake.pay(stored.squareOrderId!, { amountCents: options.amountCents });
  return { order: stored, payment };
}

const status = async (id: string) =>
  (await db.prisma.order.findUniqueOrThrow({ where: { id } })).paymentStatus;

describe('POST /api/square/webhook', () => {
  it('refuses unsigned and wrongly signed deliveries with 403', async () => {
    const { order, payment } = await paidOnSquare();
    const body = paymentUpdatedEvent({
      id: payment.id,
      order_id: order.squareOrderId!,
      amountCents: 4350,
    });

    const unsigned = await routes.post('/api/square/webhook', body);
    expect(unsigned).toEqual({
      status: 403,
      body: { code: 'forbidden', message: 'Missing Square signature' },
    });
    const forged = await routes.post('/api/square/webhook', body, {
      'x-square-hmacsha256-signature': squareSignature('another-key', NOTIFICATION_URL, body),
    });
    expect(forged).toEqual({
      status: 403,
      body: { code: 'forbidden', message: 'Invalid Square signature' },
    });
    // Signed for another URL, or the body changed after signing.
    const otherUrl = await routes.post('/api/square/webhook', body, {
      'x-square-hmacsha256-signature': squareSignature(KEY, 'https://evil.example/hook', body),
    });
    expect(otherUrl.status).toBe(403);
    const tampered = await routes.post('/api/square/webhook', body.replace('4350', '4351'), {
      'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
    });
    expect(tampered.status).toBe(403);

    expect(await status(order.id)).toBe('pending');
  });

  it('marks the order paid on a signed payment.updated COMPLETED, once for a repeated delivery, and mails the customer once', async () => {
    const { order, payment } = await paidOnSquare();
    const body = paymentUpdatedEvent({
      id: payment.id,
      order_id: order.squareOrderId!,
      amountCents: 4350,
    });
    const headers = {
      'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
    };
    const before = smtp.messages.length;

    expect(await routes.post('/api/square/webhook', body, headers)).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await status(order.id)).toBe('paid');
    expect(await routes.post('/api/square/webhook', body, headers)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });

    const history = await db.prisma.orderHistory.findMany({ where: { orderId: order.id } });
    expect(history).toHaveLength(1);
    expect(
      (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).squarePaymentId,
    ).toBe(payment.id);

    await integrations.notifications.idle();
    const received = smtp.messages.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([order.customerEmail]);
    expect(received[0]!.subject).toBe(
      `Payment received for order #${order.id.slice(-8).toUpperCase()}`,
    );
    expect(received[0]!.text).toContain('We received your payment of $43.50');
  });

  it('finds the order by the payment reference id too, and leaves it pending when the amount differs', async () => {
    const { order, payment } = await paidOnSquare({ amountCents: 4000 });
    const body = paymentUpdatedEvent({
      id: payment.id,
      order_id: 'UNKNOWN-SQUARE-ORDER',
      reference_id: order.id,
      amountCents: 4000,
    });
    const answer = await routes.post('/api/square/webhook', body, {
      'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
    });
    expect(answer.status).toBe(200);
    expect(await status(order.id)).toBe('pending');
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringContaining('amount does not match'),
      }),
    );

    const right = paymentUpdatedEvent({
      id: payment.id,
      order_id: 'UNKNOWN-SQUARE-ORDER',
      reference_id: order.id,
      amountCents: 4350,
    });
    await routes.post('/api/square/webhook', right, {
      'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, right),
    });
    expect(await status(order.id)).toBe('paid');
  });

  it('finds the order through Square when the link was never stored on it, and is delivered again after a Square failure', async () => {
    const { order, payment } = await paidOnSquare();
    await db.prisma.order.update({ where: { id: order.id }, data: { squareOrderId: null } });
    const body = paymentUpdatedEvent({
      id: payment.id,
      order_id: order.squareOrderId!,
      amountCents: 4350,
    });
    const headers = {
      'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
    };

    fake.failNext(500);
    expect((await routes.post('/api/square/webhook', body, headers)).status).toBe(500);
    expect(await status(order.id)).toBe('pending');

    expect(await routes.post('/api/square/webhook', body, headers)).toEqual({
      status: 200,
      body: { received: true },
    });
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ paymentStatus: 'paid', squareOrderId: order.squareOrderId });
  });

  it('ignores a payment that is not completed', async () => {
    const { order, payment } = await paidOnSquare();
    const body = paymentUpdatedEvent({
      id: payment.id,
      order_id: order.squareOrderId!,
      amountCents: 4350,
      status: 'APPROVED',
    });
    const answer = await routes.post('/api/square/webhook', body, {
      'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
    });
    expect(answer).toEqual({ status: 200, body: { received: true } });
    expect(await status(order.id)).toBe('pending');
  });

  it('reads the raw body itself when no body parser ran before it', async () => {
    const bare = await startSquareRoutes(integrations.payments, log, { bodyParser: false });
    try {
      const { order, payment } = await paidOnSquare();
      const body = paymentUpdatedEvent({
        id: payment.id,
        order_id: order.squareOrderId!,
        amountCents: 4350,
      });
      expect(
        (
          await bare.post('/api/square/webhook', body, {
            'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
          })
        ).status,
      ).toBe(200);
      expect(await status(order.id)).toBe('paid');
    } finally {
      await bare.close();
    }
  });

  it('answers 503 while the webhook key or URL is not configured', async () => {
    const partial = createIntegrations(
      { publicUrl: 'https://shop.example.com' },
      db.prisma,
      log,
      env({ SQUARE_WEBHOOK_SIGNATURE_KEY: '' }),
      { outboxDir: outbox },
    );
    const server = await startSquareRoutes(partial.payments, log);
    try {
      const body = paymentUpdatedEvent({ id: 'P', order_id: 'O', amountCents: 1 });
      const answer = await server.post('/api/square/webhook', body, {
        'x-square-hmacsha256-signature': squareSignature(KEY, NOTIFICATION_URL, body),
      });
      expect(answer).toEqual({
        status: 503,
        body: { code: 'payment_not_configured', message: 'Square webhooks are not configured' },
      });
    } finally {
      await server.close();
      await partial.close();
    }
  });
});

describe('POST /api/square/confirm-payment', () => {
  it('marks a paid order paid and answers its status', async () => {
    const { order } = await paidOnSquare();
    expect(
      await routes.post('/api/square/confirm-payment', JSON.stringify({ referenceId: order.id })),
    ).toEqual({
      status: 200,
      body: { success: true, paymentStatus: 'paid' },
    });
    expect(await status(order.id)).toBe('paid');
  });

  it('refuses a missing, unknown or mismatched reference with a JSON message', async () => {
    expect(await routes.post('/api/square/confirm-payment', '{}')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'referenceId is required' },
    });
    expect(
      await routes.post(
        '/api/square/confirm-payment',
        JSON.stringify({ referenceId: 'f0f0f0f0-1111-4222-8333-444444444444' }),
      ),
    ).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Order not found' },
    });
    const { order } = await paidOnSquare({ amountCents: 1 });
    expect(
      await routes.post('/api/square/confirm-payment', JSON.stringify({ referenceId: order.id })),
    ).toEqual({
      status: 409,
      body: { code: 'invalid_state', message: 'The payment amount does not match the order total' },
    });
  });

  it('answers 503 when Square is not configured', async () => {
    const none = createIntegrations(
      { publicUrl: 'https://shop.example.com' },
      db.prisma,
      log,
      {},
      { outboxDir: outbox },
    );
    const server = await startSquareRoutes(none.payments, log);
    try {
      expect(
        await server.post(
          '/api/square/confirm-payment',
          JSON.stringify({ referenceId: 'anything' }),
        ),
      ).toEqual({
        status: 503,
        body: { code: 'payment_not_configured', message: 'Payment processing is not configured' },
      });
    } finally {
      await server.close();
      await none.close();
    }
  });
});
