// Issue 38: until card payments are connected, no customer text promises a
// payment link that will not come. Mail goes through a real SMTP peer; no
// Square. The order answer, the order mail, the delivery-fee mail and the
// ready mail say pay at pickup (or that the team will e-mail how to pay);
// so do the change and cancellation mails, My Orders' answer, and every
// order mail the server can write, rendered for each kind of order.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_NOT_CONFIGURED_NOTICE } from '@bakery/core';
import {
  deliveryFeeSetMail,
  orderCancelledMail,
  orderChangedMail,
  orderReadyMail,
  orderReceivedMail,
  orderRestoredMail,
  outForDeliveryMail,
  paymentReceivedMail,
  pickupReminderMail,
  refundRecordedMail,
  toMailOrder,
  type MailContent,
  type MailOrder,
} from '../../src/services/mail/messages.js';
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

describe('without card payments connected, nothing a customer reads mentions a payment link', () => {
  it('the change and cancellation mails, My Orders and the order page answers', async () => {
    const { client, user } = await signedInCustomer(server.baseUrl, server.prisma);
    const pickup = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 12 }),
    });
    const delivery = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 12, delivery: true }),
    });
    expect([pickup.status, delivery.status]).toEqual([201, 201]);
    // She moves her pickup from My Orders; staff cancel the delivery.
    const moved = await client.patch(`/api/my-orders/${pickup.body.order.id}`, {
      pickupTime: '11:00 AM',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    noLink(JSON.stringify(moved.body));
    const cancelled = await staff.patch(`/api/admin/orders/${delivery.body.order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await mailsTo(user.email, /was changed/);
    await mailsTo(user.email, /cancelled/);

    const mine = await client.get('/api/my-orders');
    expect(mine.status).toBe(200);
    noLink(JSON.stringify(mine.body));
    for (const id of [pickup.body.order.id, delivery.body.order.id]) {
      const status = await client.get(`/api/order-payment-status/${id}`);
      noLink(JSON.stringify(status.body));
    }
    // Every mail any customer of this file received.
    const customers = smtp.messages.filter((m) => m.to.some((to) => to.startsWith('customer-')));
    expect(customers.length).toBeGreaterThanOrEqual(8);
    for (const mail of customers) {
      noLink(mail.subject);
      noLink(mail.text);
      noLink(mail.html);
    }
  });

  it('every order mail the server writes, for a pickup, a delivery with its fee pending and one with it set', async () => {
    const stored = await server.prisma.order.findMany({ orderBy: { createdAt: 'asc' } });
    const pickup = toMailOrder(stored.find((o) => o.deliveryMethod === 'pickup')!);
    const delivery = toMailOrder(stored.find((o) => o.deliveryMethod === 'delivery')!);
    const orders: MailOrder[] = [
      { ...pickup, paymentStatus: 'pending', orderStatus: 'ready', pickupCode: 'K7Q2' },
      { ...delivery, paymentStatus: 'pending', deliveryFeeStatus: 'pending', deliveryFeeCents: 0 },
      { ...delivery, paymentStatus: 'pending', deliveryFeeStatus: 'calculated' },
    ];
    const context = { publicUrl: 'https://shop.example.com', paymentConfigured: false };
    for (const order of orders) {
      expect(order.paymentUrl).toBeNull();
      const mails: MailContent[] = [
        orderReceivedMail(order, context),
        orderReadyMail(order, context),
        outForDeliveryMail(order, context),
        orderRestoredMail(order, context),
        refundRecordedMail(order, context, { amountCents: 500, method: 'cash' }),
        deliveryFeeSetMail(order, context),
        pickupReminderMail(order, context),
        orderChangedMail(order, ['Pickup time: 10:00 AM → 11:00 AM'], context),
        orderCancelledMail(order, context),
        paymentReceivedMail({ ...order, paymentStatus: 'paid' }, context),
      ];
      for (const mail of mails) {
        noLink(mail.subject);
        noLink(mail.text);
        noLink(mail.html);
      }
    }
  });
});
