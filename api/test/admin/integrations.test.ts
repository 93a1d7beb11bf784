// The staff actions that reach outside services, with the real integrations:
// the Square SDK against the local Square fake, mail through a real SMTP peer.
// A delivery fee asks Square for a link at the new total; a Square failure
// keeps the fee and staff retry the link; a password reset is mailed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import type { PrismaClient } from '@bakery/prisma';
import { Client, createUser, insertOrder, signedIn } from './helpers.js';

let server: TestServer;
let fake: SquareFake;
let smtp: SmtpPeer;
let outbox: string;
let integrations: Integrations | undefined;
let staff: Client;
let owner: Client;
/** What the server logged at warn and above (kept off the test output). */
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startSquareFake();
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-admin-outbox-'));
  const env = {
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_BASE_URL: fake.baseUrl,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
  };
  // One set of integrations for the server, built from the server's own database and log.
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
    log: createLogger({ level: 'warn', write: (line) => logLines.push(line) }),
    notifications: (base) => make(base).notifications,
    payments: (base) => make(base).payments,
  });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 60_000);

afterAll(async () => {
  // The mail queue stops before the database it polls goes away.
  await integrations?.close();
  await server?.close();
  await smtp?.close();
  await fake?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

type LinkRequest = {
  order?: { reference_id?: string; line_items?: { base_price_money?: { amount?: number } }[] };
};

/** The amounts (cents) of the payment links Square was asked for, for this order (refused attempts included). */
const linkAmounts = (orderId: string) =>
  fake.requests
    .filter((request) => request.method === 'POST' && request.path.includes('payment-links'))
    .map((request) => request.body as LinkRequest)
    .filter((body) => body?.order?.reference_id === orderId)
    .map((body) => Number(body.order?.line_items?.[0]?.base_price_money?.amount));

/** The first mail the SMTP peer received for `address` (containing `text`), waiting up to 5 s. */
async function mailTo(address: string, text = '') {
  for (let waited = 0; waited < 5000; waited += 50) {
    const mail = smtp.messages.find(
      (message) => message.to.includes(address) && message.text.includes(text),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address}`);
}

describe('delivery fee with Square configured', () => {
  it('adds the fee, then gets a Square link for the new total and mails it', async () => {
    const order = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 40,
      tax: 3.5,
      total: 43.5,
    });
    const { status, body } = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 7.25,
      deliveryDistance: 6.5,
    });
    expect(status).toBe(200);
    expect(body.message).toBe(
      'Delivery fee of $7.25 added. New total $50.75. The payment link is ready.',
    );
    expect(body.order).toMatchObject({
      total: 50.75,
      deliveryFee: 7.25,
      deliveryDistance: 6.5,
      deliveryFeeStatus: 'calculated',
    });
    expect(body.order.squarePaymentUrl).toMatch(/^https?:\/\//);
    expect(linkAmounts(order.id)).toEqual([5075]);
    const mail = await mailTo('dana@example.com', body.order.squarePaymentUrl);
    expect(mail.text).toContain(body.order.squarePaymentUrl);
  });

  it('keeps the fee when Square fails, and the staff retry then makes the link', async () => {
    const order = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      subtotal: 20,
      tax: 1.75,
      total: 21.75,
    });
    fake.failNext(500, 'INTERNAL_SERVER_ERROR', 'Square is down');
    const { status, body } = await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, {
      deliveryFee: 5,
    });
    expect(status).toBe(200);
    expect(body.message).toBe(
      'Delivery fee of $5.00 added. New total $26.75. No payment link yet: Square did not answer; retry from the order.',
    );
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.deliveryFeeStatus).toBe('calculated');
    expect(stored.total.toFixed(2)).toBe('26.75');
    expect(stored.squarePaymentUrl).toBeNull();
    expect(logLines.some((line) => line.includes('Square failed') && line.includes(order.id))).toBe(
      true,
    );

    const retry = await staff.post(`/api/admin/orders/${order.id}/payment-link`);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ success: true, message: 'Payment link is ready' });
    expect(retry.body.order.squarePaymentUrl).toMatch(/^https?:\/\//);
    expect(linkAmounts(order.id)).toEqual([2675, 2675]); // the refused attempt, then the retry

    // A second retry reuses the link instead of making another.
    const again = await staff.post(`/api/admin/orders/${order.id}/payment-link`);
    expect(again.body.order.squarePaymentUrl).toBe(retry.body.order.squarePaymentUrl);
    expect(linkAmounts(order.id)).toEqual([2675, 2675]);
  });

  it('refuses a link retry while the delivery fee is pending', async () => {
    const order = await insertOrder(server.prisma, { deliveryMethod: 'delivery' });
    const refused = await staff.post(`/api/admin/orders/${order.id}/payment-link`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The delivery fee of this order is still pending; calculate it first',
    );
    expect(linkAmounts(order.id)).toEqual([]);
  });
});

describe('password reset with mail configured', () => {
  it('mails the user a reset link and says no configuration is needed', async () => {
    const customer = await createUser(server.prisma, 'customer');
    const { status, body } = await owner.post(`/api/admin/users/${customer.id}/reset-password`);
    expect(status).toBe(200);
    expect(body).toEqual({
      message: `Password reset email sent to ${customer.email}`,
      needsConfiguration: false,
    });
    const mail = await mailTo(customer.email);
    const link = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    // The link works once: the customer sets a new password with its token.
    const token = link!.split('/reset-password/')[1]!;
    const reset = await new Client(server.baseUrl).post('/api/reset-password', {
      token,
      password: 'new-secret-9',
      confirmPassword: 'new-secret-9',
    });
    expect(reset.status).toBe(200);
    const login = await new Client(server.baseUrl).post('/api/login', {
      email: customer.email,
      password: 'new-secret-9',
    });
    expect(login.status).toBe(200);
  });
});
