// Issue 38: Square connected from Settings, with no SQUARE_* variable set,
// takes Square's webhook too. The owner saves the webhook signature key with
// the access token (sealed as the other secrets, never answered); the API
// checks each event with it and the URL the shop's public address gives
// (what the Settings card tells her to register with Square). Real SDK
// signature check, the local Square fake, the whole app over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { Client, PASSWORD, signedIn } from '../admin/helpers.js';
import { paymentUpdatedEvent, recordingLogger, squareSignature } from './helpers.js';

const PUBLIC_URL = 'https://shop.example.com';
const NOTIFICATION_URL = `${PUBLIC_URL}/api/square/webhook`;
const TOKEN = 'EAAAsettings-webhook-token-5c1d';
const KEY = 'settings-signature-key-Qw7rT2';

let server: TestServer;
let square: SquareFake;
let integrations: Integrations | undefined;
let owner: Client;
const log = recordingLogger();

beforeAll(async () => {
  square = await startSquareFake({ accessToken: TOKEN });
  server = await startTestServer({
    integrations: (base) =>
      (integrations ??= createIntegrations(
        { publicUrl: PUBLIC_URL, sessionSecret: base.config.sessionSecret },
        base.prisma,
        log,
        {},
        { squareMaxRetries: 0, squareTimeoutInSeconds: 5, squareBaseUrl: square.baseUrl },
      )),
  });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 60_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await square?.close();
});

const form = { accessToken: TOKEN, locationId: 'LTESTLOCATION', environment: 'sandbox' };

/** POST /api/square/webhook with the raw body, as Square sends it. */
async function deliver(body: string, signature?: string) {
  const response = await fetch(`${server.baseUrl}/api/square/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-square-hmacsha256-signature': signature } : {}),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A customer's order with its Square link, paid on Square's page: the event Square then sends. */
async function paidOrder() {
  const { client } = await signedInCustomer(server.baseUrl, server.prisma);
  const submitted = await client.post('/api/submit-order', { orderData: orderPayload() });
  expect(submitted.status).toBe(201);
  expect(submitted.body.paymentUrl).toMatch(/^https:\/\/square\.link\//);
  const id = submitted.body.order.id as string;
  const { squareOrderId } = await server.prisma.order.findUniqueOrThrow({ where: { id } });
  const payment = square.pay(squareOrderId!);
  const body = paymentUpdatedEvent({
    id: payment.id,
    order_id: squareOrderId!,
    amountCents: payment.amount_money.amount,
  });
  return { id, body };
}

const paymentStatus = async (id: string) =>
  (await server.prisma.order.findUniqueOrThrow({ where: { id } })).paymentStatus;

describe('Square webhook of a connection made in Settings', () => {
  it('is refused (503) while no signature key is saved; the card shows the URL to register', async () => {
    const saved = await owner.put('/api/admin/integrations/square', {
      ...form,
      confirm: PASSWORD,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.square).toMatchObject({
      source: 'settings',
      connected: true,
      webhookUrl: NOTIFICATION_URL,
      webhookKey: 'none',
    });
    const { id, body } = await paidOrder();
    const answer = await deliver(body, squareSignature(KEY, NOTIFICATION_URL, body));
    expect(answer).toEqual({
      status: 503,
      body: { code: 'payment_not_configured', message: 'Square webhooks are not configured' },
    });
    expect(await paymentStatus(id)).toBe('pending');
  });

  it('with the key saved, accepts a correctly signed event and refuses a wrongly signed one', async () => {
    // The token field left empty keeps the saved token; the key is added.
    const saved = await owner.put('/api/admin/integrations/square', {
      locationId: form.locationId,
      environment: form.environment,
      webhookSignatureKey: KEY,
      confirm: PASSWORD,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.square).toMatchObject({
      connected: true,
      secretEnding: TOKEN.slice(-4),
      webhookUrl: NOTIFICATION_URL,
      webhookKey: 'settings',
    });
    // Sealed in the database, and never in an answer.
    const row = await server.prisma.integrationSetting.findUniqueOrThrow({
      where: { service: 'square' },
    });
    expect(JSON.stringify(row.settings)).not.toContain(KEY);
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    expect(JSON.stringify((await owner.get('/api/admin/integrations')).body)).not.toContain(KEY);

    const { id, body } = await paidOrder();
    const forged = await deliver(body, squareSignature('not-the-key', NOTIFICATION_URL, body));
    expect(forged).toEqual({
      status: 403,
      body: { code: 'forbidden', message: 'Invalid Square signature' },
    });
    const otherUrl = await deliver(body, squareSignature(KEY, 'https://evil.example/hook', body));
    expect(otherUrl.status).toBe(403);
    const unsigned = await deliver(body);
    expect(unsigned.status).toBe(403);
    expect(await paymentStatus(id)).toBe('pending');

    const right = await deliver(body, squareSignature(KEY, NOTIFICATION_URL, body));
    expect(right).toEqual({ status: 200, body: { received: true } });
    expect(await paymentStatus(id)).toBe('paid');
  });

  it('SQUARE_WEBHOOK_SIGNATURE_KEY, when set, wins over the key saved in Settings', async () => {
    const envKey = 'environment-signature-key-8Lm';
    const withEnvKey = createIntegrations(
      { publicUrl: PUBLIC_URL, sessionSecret: server.deps.config.sessionSecret },
      server.prisma,
      log,
      { SQUARE_WEBHOOK_SIGNATURE_KEY: envKey },
      { squareMaxRetries: 0, squareTimeoutInSeconds: 5, squareBaseUrl: square.baseUrl },
    );
    try {
      await withEnvKey.reload();
      const { body } = await paidOrder();
      expect(
        await withEnvKey.payments.handleWebhook(body, squareSignature(KEY, NOTIFICATION_URL, body)),
      ).toMatchObject({ ok: false, status: 403 });
      expect(
        await withEnvKey.payments.handleWebhook(
          body,
          squareSignature(envKey, NOTIFICATION_URL, body),
        ),
      ).toEqual({ ok: true, duplicate: false });
    } finally {
      await withEnvKey.close();
    }
  });

  it('keeps the key when the connection is saved again without it, and drops it on disconnect', async () => {
    const again = await owner.put('/api/admin/integrations/square', {
      ...form,
      confirm: PASSWORD,
    });
    expect(again.body.square.webhookKey).toBe('settings');
    const { id, body } = await paidOrder();
    expect((await deliver(body, squareSignature(KEY, NOTIFICATION_URL, body))).status).toBe(200);
    expect(await paymentStatus(id)).toBe('paid');

    const removed = await owner.post('/api/admin/integrations/square/disconnect', {
      confirm: PASSWORD,
    });
    expect(removed.body.square).toMatchObject({ connected: false, webhookKey: 'none' });
    const later = await deliver(body, squareSignature(KEY, NOTIFICATION_URL, body));
    expect(later.status).toBe(503);
  });
});
