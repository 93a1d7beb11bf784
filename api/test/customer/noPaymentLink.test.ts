// Issue 38: until card payments are connected, no customer text promises a
// payment link that will not come. Mail goes through a real SMTP peer; no
// Square. The order answer, the order mail, the delivery-fee mail and the
// ready mail say pay at pickup (or that the team will e-mail how to pay).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_NOT_CONFIGURED_NOTICE } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn, type Client } from '../admin/helpers.js';

let server: TestServer;
let smtp: SmtpPeer;
let outbox: string;
let integrations: Integrations | undefined;
let staff: Client;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-no-link-'));
  server = await startTestServer({
    integrations: (base) =>
      (integrations ??= createIntegrations(
        { publicUrl: 'https://shop.example.com', sessionSecret: base.config.sessionSecret },
        base.prisma,
        base.log,
        { SMTP_URL: smtp.url },
        { mailRetryDelaysMs: [50], outboxDir: outbox },
      )),
  });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 60_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

/** The mails to `address` whose subject matches, waiting up to 5 s for one. */
async function mailsTo(address: string, subject: RegExp) {
  for (let waited = 0; waited < 5000; waited += 50) {
    const found = smtp.messages.filter((m) => m.to.includes(address) && subject.test(m.subject));
    if (found.length) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject.source}" to ${address}`);
}

const noLink = (text: string) => expect(text).not.toMatch(/payment link/i);

describe('without card payments connected', () => {
  it('a pickup order is told to pay at pickup, in the answer and the mails', async () => {
    const { client, user } = await signedInCustomer(server.baseUrl, server.prisma);
    const submitted = await client.post('/api/submit-order', { orderData: orderPayload() });
    expect(submitted.status).toBe(201);
    expect(submitted.body.message).toBe(
      "Order submitted for review. You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
    );
    noLink(submitted.body.message);
    const [received] = await mailsTo(user.email, /./);
    expect(received!.text).toContain(PAYMENT_NOT_CONFIGURED_NOTICE.text);
    noLink(received!.text);
    noLink(received!.html);

    const ready = await staff.post(`/api/admin/orders/${submitted.body.order.id}/ready`);
    expect(ready.status).toBe(200);
    const [readyMail] = await mailsTo(user.email, /ready/i);
    expect(readyMail!.text).toMatch(/\$\d+\.\d\d is due at pickup\./);
    noLink(readyMail!.text);
  });

  it('a delivery order is told the team will e-mail the fee and how to pay, also once the fee is set', async () => {
    const { client, user } = await signedInCustomer(server.baseUrl, server.prisma);
    const submitted = await client.post('/api/submit-order', {
      orderData: orderPayload({ delivery: true }),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.message).toBe(
      'Order submitted for review. Our team will e-mail you the delivery fee and how to pay.',
    );
    const [received] = await mailsTo(user.email, /./);
    expect(received!.text).toContain(PAYMENT_NOT_CONFIGURED_NOTICE.delivery);
    noLink(received!.text);

    const fee = await staff.patch(`/api/admin/orders/${submitted.body.order.id}/delivery-fee`, {
      deliveryFee: 5,
    });
    expect(fee.status).toBe(200);
    const [feeMail] = await mailsTo(user.email, /^Delivery fee for order/);
    expect(feeMail!.text).toContain(PAYMENT_NOT_CONFIGURED_NOTICE.deliveryWithFee);
    noLink(feeMail!.text);
    noLink(feeMail!.html);
  });
});
