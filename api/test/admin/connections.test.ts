// Issue 38: the owner connects Square, mail and Twilio from Settings, with no
// environment variable set. Real square SDK against the local fake, a real
// SMTP conversation with the local peer, the Twilio SDK against its fake.
// Saved with her password, tested with a real call, in force for the next
// order without a restart; the secrets never come back in any answer: those
// of these calls, and every GET of the route map as the owner, a customer
// and a stranger, once everything is connected. The Square Terminal paired
// there takes the desk's card checkouts (issue 42), unless
// SQUARE_TERMINAL_DEVICE_ID says another.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, INTEGRATION_MESSAGES, ROUTE_LIST, TERMINAL_MESSAGES } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { startTwilioFake } from '../fakes/twilioFake.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import { integrationsView } from '../../src/services/integrationControl.js';
import { createLogger } from '../../src/services/logger.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { Client, insertOrder, PASSWORD, signedIn } from './helpers.js';

const TWILIO = { accountSid: `AC${'a1'.repeat(16)}`, authToken: 'twilio-secret-token-9f3e' };
const SMTP_PASSWORD = 'smtp-secret-pass-77aa';
const WEBHOOK_KEY = 'square-webhook-signature-key-3e9b';

let server: TestServer;
let square: SquareFake;
let smtp: SmtpPeer;
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let outbox: string;
let integrations: Integrations | undefined;
let owner: Client;
let ownerEmail: string;
/** Every answer body the tests saw, to check no secret is ever in one. */
const answers: string[] = [];

async function call(client: Client, method: 'get' | 'put' | 'post', url: string, body?: unknown) {
  const result = method === 'get' ? await client.get(url) : await client[method](url, body ?? {});
  answers.push(JSON.stringify(result.body));
  return result;
}

beforeAll(async () => {
  square = await startSquareFake({ accessToken: 'EAAAsquare-owner-secret-1234' });
  smtp = await startSmtpPeer({ user: 'bakery', pass: SMTP_PASSWORD });
  twilio = await startTwilioFake(TWILIO);
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-connections-'));
  server = await startTestServer({
    integrations: (base) =>
      (integrations ??= createIntegrations(
        { publicUrl: 'https://shop.example.com', sessionSecret: base.config.sessionSecret },
        base.prisma,
        base.log,
        {},
        {
          squareMaxRetries: 0,
          squareTimeoutInSeconds: 5,
          mailRetryDelaysMs: [50],
          outboxDir: outbox,
          squareBaseUrl: square.baseUrl,
          twilioApiUrl: twilio.url,
        },
      )),
  });
  const signed = await signedIn(server.baseUrl, server.prisma, 'owner');
  owner = signed.client;
  ownerEmail = signed.user.email;
}, 60_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
  await square?.close();
  await twilio?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

const squareForm = {
  accessToken: 'EAAAsquare-owner-secret-1234',
  locationId: 'LTESTLOCATION',
  environment: 'sandbox',
};

describe('Square from Settings', () => {
  it('starts not connected: no payment link is offered', async () => {
    const { status, body } = await call(owner, 'get', '/api/admin/integrations');
    expect(status).toBe(200);
    expect(body.square).toMatchObject({
      source: 'none',
      connected: false,
      summary: 'Not connected',
    });
    expect((await owner.get('/api/config')).body.paymentConfigured).toBe(false);
  });

  it('is closed to staff who are not the owner', async () => {
    const { client: staff } = await signedIn(server.baseUrl, server.prisma, 'admin');
    expect((await staff.get('/api/admin/integrations')).status).toBe(403);
    expect((await staff.put('/api/admin/integrations/square', squareForm)).status).toBe(403);
  });

  it('tests the connection with a real call to Square', async () => {
    const wrongToken = await call(owner, 'post', '/api/admin/integrations/square/test', {
      ...squareForm,
      accessToken: 'EAAAnot-the-token',
    });
    expect(wrongToken.body).toEqual({
      ok: false,
      message: INTEGRATION_MESSAGES.squareUnauthorized,
    });
    const wrongPlace = await call(owner, 'post', '/api/admin/integrations/square/test', {
      ...squareForm,
      locationId: 'LELSEWHERE',
    });
    expect(wrongPlace.body).toEqual({ ok: false, message: INTEGRATION_MESSAGES.squareNoLocation });
    const right = await call(owner, 'post', '/api/admin/integrations/square/test', squareForm);
    expect(right.body).toEqual({
      ok: true,
      message: 'Square answered: location "Main Street Bakery" (sandbox).',
    });
    expect(square.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v2/locations/LTESTLOCATION',
    });
  });

  it('saves only with the owner password or a code', async () => {
    const none = await call(owner, 'put', '/api/admin/integrations/square', squareForm);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({
      code: 'confirmation_required',
      message: INTEGRATION_MESSAGES.confirm,
    });
    const wrong = await call(owner, 'put', '/api/admin/integrations/square', {
      ...squareForm,
      confirm: 'not my password',
    });
    expect(wrong.status).toBe(403);
    expect(await server.prisma.integrationSetting.count()).toBe(0);
  });

  it('saved, the next order gets a payment link, without a restart', async () => {
    const saved = await call(owner, 'put', '/api/admin/integrations/square', {
      ...squareForm,
      confirm: PASSWORD,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.square).toMatchObject({
      source: 'settings',
      connected: true,
      secretEnding: '1234',
      summary: 'Connected, token ends in …1234',
      locationId: 'LTESTLOCATION',
      environment: 'sandbox',
      updatedBy: ownerEmail,
    });
    // Stored sealed: the database alone does not give the token.
    const row = await server.prisma.integrationSetting.findUniqueOrThrow({
      where: { service: 'square' },
    });
    expect(JSON.stringify(row.settings)).not.toContain(squareForm.accessToken);
    expect((await call(owner, 'get', '/api/config')).body.paymentConfigured).toBe(true);

    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const submitted = await call(client, 'post', '/api/submit-order', {
      orderData: orderPayload(),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.paymentUrl).toMatch(/^https:\/\/square\.link\//);
    const link = square.requests.find((r) => r.path === '/v2/online-checkout/payment-links');
    expect(link?.body?.order?.reference_id).toBe(submitted.body.order.id);
  });

  it('keeps the stored token when the field is left empty, and never answers it', async () => {
    const kept = await call(owner, 'put', '/api/admin/integrations/square', {
      locationId: 'LTESTLOCATION',
      environment: 'sandbox',
      confirm: PASSWORD,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.square.connected).toBe(true);
    const tested = await call(owner, 'post', '/api/admin/integrations/square/test', {
      locationId: 'LTESTLOCATION',
      environment: 'sandbox',
    });
    expect(tested.body.ok).toBe(true);
    for (const answer of answers) expect(answer).not.toContain(squareForm.accessToken);
  });

  it('pairs the Square Terminal in Settings when the environment sets none: the desk’s card checkouts go to it', async () => {
    const { client: staff } = await signedIn(server.baseUrl, server.prisma, 'admin');
    const order = await insertOrder(server.prisma, { fulfillmentStatus: 'ready' });
    const checkout = () => staff.post(`/api/admin/orders/${order.id}/terminal-checkout`);
    // Connected, no Terminal yet: the desk is told where to pair one.
    expect(await checkout()).toMatchObject({
      status: 503,
      body: { code: 'payment_not_configured', message: TERMINAL_MESSAGES.notPaired },
    });
    const bad = await call(owner, 'put', '/api/admin/integrations/square', {
      ...squareForm,
      terminalDeviceId: 'device 995',
      confirm: PASSWORD,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('terminalDeviceId');

    const device = square.deviceId;
    const saved = await call(owner, 'put', '/api/admin/integrations/square', {
      locationId: 'LTESTLOCATION',
      environment: 'sandbox',
      terminalDeviceId: ` ${device} `,
      confirm: PASSWORD,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.square).toMatchObject({
      connected: true,
      terminalDeviceId: device,
      terminalSource: 'settings',
    });
    const started = await checkout();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.checkout).toMatchObject({ status: 'PENDING', amount: 43.5 });
    const sent = square.requests.filter((r) => r.path === '/v2/terminals/checkouts');
    expect(sent.at(-1)!.body!.checkout?.device_options?.device_id).toBe(device);

    // SQUARE_TERMINAL_DEVICE_ID, where set, wins over the saved one.
    const withEnvironment = createIntegrations(
      { publicUrl: 'https://shop.example.com', sessionSecret: server.deps.config.sessionSecret },
      server.prisma,
      createLogger({ level: 'silent' }),
      { SQUARE_TERMINAL_DEVICE_ID: 'device:FROMTHEENVIRONMENT' },
      { squareBaseUrl: square.baseUrl, squareMaxRetries: 0, squareTimeoutInSeconds: 5 },
    );
    try {
      await withEnvironment.reload();
      const view = await integrationsView({
        prisma: server.prisma,
        config: server.deps.config,
        integrations: withEnvironment,
        log: createLogger({ level: 'silent' }),
      });
      expect(view.square).toMatchObject({
        source: 'settings',
        terminalDeviceId: 'device:FROMTHEENVIRONMENT',
        terminalSource: 'environment',
      });
      // The checkout goes to the environment's device (the fake knows only the other: 502).
      const other = await insertOrder(server.prisma, { fulfillmentStatus: 'ready' });
      await expect(
        withEnvironment.payments.terminal.start(other.id, { id: null, email: ownerEmail }),
      ).rejects.toMatchObject({ status: 502 });
      const last = square.requests.filter((r) => r.path === '/v2/terminals/checkouts').at(-1);
      expect(last!.body!.checkout?.device_options?.device_id).toBe('device:FROMTHEENVIRONMENT');
    } finally {
      await withEnvironment.close();
    }
  });

  it('disconnected with the password, orders go back to paying at pickup', async () => {
    const removed = await call(owner, 'post', '/api/admin/integrations/square/disconnect', {
      confirm: PASSWORD,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.square).toMatchObject({ connected: false, source: 'none' });
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const submitted = await call(client, 'post', '/api/submit-order', {
      orderData: orderPayload(),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.paymentUrl ?? null).toBeNull();
  });
});

describe('mail from Settings', () => {
  const mailForm = {
    host: '127.0.0.1',
    port: 0,
    secure: false,
    user: 'bakery',
    password: SMTP_PASSWORD,
    from: '"Main Street Bakery" <orders@example.com>',
  };

  it('sends a real test mail to the owner, then mail goes out over SMTP once saved', async () => {
    const form = { ...mailForm, port: smtp.port };
    const tested = await call(owner, 'post', '/api/admin/integrations/mail/test', form);
    expect(tested.body).toEqual({
      ok: true,
      message: `Test mail sent to ${ownerEmail}. Check that it arrived.`,
    });
    const [test] = await smtp.waitFor(1);
    expect(test!.to).toContain(ownerEmail);
    expect(test!.subject).toBe('Test mail from your bakery');

    expect((await owner.get('/api/config')).body.mailConfigured).toBe(false);
    const saved = await call(owner, 'put', '/api/admin/integrations/mail', {
      ...form,
      confirm: PASSWORD,
    });
    expect(saved.body.mail).toMatchObject({
      connected: true,
      summary: 'Connected, password ends in …77aa',
      host: '127.0.0.1',
      user: 'bakery',
    });
    expect((await owner.get('/api/config')).body.mailConfigured).toBe(true);
    // A password reset now leaves over SMTP.
    await new Client(server.baseUrl).post('/api/forgot-password', { email: ownerEmail });
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.to).toContain(ownerEmail);
    expect(mails[1]!.from).toContain('orders@example.com');
    for (const answer of answers) expect(answer).not.toContain(SMTP_PASSWORD);
  });

  it('says what the mail server answered when it refuses', async () => {
    const refused = await call(owner, 'post', '/api/admin/integrations/mail/test', {
      ...mailForm,
      port: smtp.port,
      password: 'not-the-password',
    });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toMatch(
      /^The mail server refused the test mail: Invalid login: 535/,
    );
    const closed = await call(owner, 'post', '/api/admin/integrations/mail/test', {
      ...mailForm,
      port: 1,
    });
    expect(closed.body.ok).toBe(false);
    expect(closed.body.message).toMatch(/^The mail server refused the test mail: /);
  });
});

describe('texts from Settings', () => {
  const smsForm = {
    accountSid: TWILIO.accountSid,
    authToken: TWILIO.authToken,
    from: '+18505550100',
  };

  it('sends a test text through Twilio, refuses a wrong token, saves with the password', async () => {
    const wrong = await call(owner, 'post', '/api/admin/integrations/sms/test', {
      ...smsForm,
      authToken: 'not-the-token-0000',
      to: '(850) 555-0199',
    });
    expect(wrong.body.ok).toBe(false);
    expect(wrong.body.message).toMatch(/^Twilio refused the test text: /);
    const right = await call(owner, 'post', '/api/admin/integrations/sms/test', {
      ...smsForm,
      to: '(850) 555-0199',
    });
    expect(right.body).toEqual({ ok: true, message: 'Test text sent to (850) 555-0199.' });
    expect(twilio.texts.at(-1)).toMatchObject({
      to: '+18505550199',
      from: '+18505550100',
      authorized: true,
    });

    const saved = await call(owner, 'put', '/api/admin/integrations/sms', {
      ...smsForm,
      confirm: PASSWORD,
    });
    expect(saved.body.sms).toMatchObject({
      connected: true,
      summary: 'Connected, token ends in …9f3e',
      accountSid: TWILIO.accountSid,
    });
    for (const answer of answers) expect(answer).not.toContain(TWILIO.authToken);
  });
});

describe('no answer carries a secret', () => {
  it('every GET of the route map, as the owner, a customer and signed out, with all three connected', async () => {
    const saved = await call(owner, 'put', '/api/admin/integrations/square', {
      ...squareForm,
      webhookSignatureKey: WEBHOOK_KEY,
      confirm: PASSWORD,
    });
    expect(saved.body.square).toMatchObject({ connected: true, webhookKey: 'settings' });
    const integrationsNow = (await owner.get('/api/admin/integrations')).body;
    expect(integrationsNow.mail.connected && integrationsNow.sms.connected).toBe(true);

    // A customer with an order, so the order routes answer with real rows.
    const { client: customer } = await signedInCustomer(server.baseUrl, server.prisma);
    const placed = await customer.post('/api/submit-order', { orderData: orderPayload() });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id as string;
    const params = new Proxy({} as Record<string, string>, {
      get: (_, name: string) =>
        ({ id: orderId, orderOrReferenceId: orderId, code: 'ABC123', name: 'none.dump' })[name] ??
        orderId,
    });
    const callers = { owner, customer, stranger: new Client(server.baseUrl) };
    let read = 0;
    for (const route of ROUTE_LIST.filter((r) => r.method === 'GET'))
      for (const [who, client] of Object.entries(callers)) {
        const response = await client.request('GET', fillPath(route.path, params));
        const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
        answers.push(text);
        if (who === 'owner' && response.ok) read += 1;
      }
    // The owner's reads answered (not a wall of 403s).
    expect(read).toBeGreaterThan(50);
    for (const secret of [squareForm.accessToken, WEBHOOK_KEY, SMTP_PASSWORD, TWILIO.authToken])
      for (const answer of answers) expect(answer).not.toContain(secret);
  });
});
