// Issue 39, finding 3 (second half): PATCH /api/my-orders/{id} mailed "Your
// order was changed" on every change (20 toggles of the time: 20 mails in
// 4 s), quoting the sender's cake writing under the shop's name to an
// address sign-up never confirmed. Now the change mails of an order are
// coalesced (at most one per 15 minutes, the next one carrying everything
// that changed meanwhile), the route is limited per account, and no mail
// quotes the customer's own words. Real app, real PostgreSQL, the mail
// through a local SMTP peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';

let server: TestServer;
let smtp: SmtpPeer;
let integrations: Integrations | undefined;
const SPAM = 'Refund ready: go to refunds-sprinkles.example';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const make = (base: { prisma: PrismaClient; log: Logger }) =>
    (integrations ??= createIntegrations(
      { publicUrl: 'https://shop.example.com' },
      base.prisma,
      base.log,
      { SMTP_URL: smtp.url },
      { mailRetryDelaysMs: [50] },
    ));
  server = await startTestServer({
    notifications: (base) => make(base).notifications,
    payments: (base) => make(base).payments,
  });
}, 120_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
});

async function customerWithCake() {
  const { user, client } = await signedInCustomer(server.baseUrl, server.prisma, {
    email: `victim-${Date.now()}@example.com`,
  });
  await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
  const placed = await client.post('/api/submit-order', {
    orderData: orderPayload({
      lines: [{ productId: 'lemon-cake', quantity: 1, variantId: '6in' }],
      daysAhead: 12,
      hasWriting: true,
      overrides: { cakeWriting: SPAM },
    }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { user, client, orderId: placed.body.order.id as string };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe('finding 3: change mails are coalesced, limited, and quote no free text', () => {
  it('20 changes produce at most 2 mails; the second carries the last state', async () => {
    const { user, client, orderId } = await customerWithCake();
    await integrations!.notifications.idle();
    const before = mailsTo(user.email).length; // the order-received mail
    const times = ['11:00 AM', '10:00 AM'];
    const statuses: number[] = [];
    for (let i = 0; i < 19; i++)
      statuses.push(
        (await client.patch(`/api/my-orders/${orderId}`, { pickupTime: times[i % 2] })).status,
      );
    expect(statuses).toEqual(Array(19).fill(200));
    // The 20th changes the writing: still no new mail now.
    expect(
      (await client.patch(`/api/my-orders/${orderId}`, { cakeWriting: `${SPAM}!` })).status,
    ).toBe(200);
    await integrations!.notifications.idle();
    const now = mailsTo(user.email).slice(before);
    expect(now).toHaveLength(1);
    expect(now[0]!.subject).toMatch(/^Your order #\w+ was changed$/);

    // The rest wait in one mail, due 15 minutes after the first.
    const waiting = await server.prisma.outboundMail.findMany({
      where: { orderId, kind: 'order-changed', status: 'pending' },
    });
    expect(waiting).toHaveLength(1);
    const sent = await server.prisma.outboundMail.findFirst({
      where: { orderId, kind: 'order-changed', status: 'sent' },
    });
    const gap = waiting[0]!.nextAttemptAt.getTime() - sent!.nextAttemptAt.getTime();
    expect(gap).toBe(15 * 60_000);

    // When it is due, it goes: two mails in all.
    await server.prisma.outboundMail.update({
      where: { id: waiting[0]!.id },
      data: { nextAttemptAt: new Date() },
    });
    await integrations!.notifications.idle();
    const all = mailsTo(user.email).slice(before);
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain('Writing on the cake: changed');
    // Free text never quoted, in any of the customer's mails.
    for (const mail of mailsTo(user.email)) {
      expect(mail.text).not.toContain('refunds-sprinkles');
      expect(mail.html).not.toContain('refunds-sprinkles');
    }
  });

  it('limits the changes per account (20 an hour)', async () => {
    const { client, orderId } = await customerWithCake();
    const times = ['11:00 AM', '10:00 AM'];
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(
        (await client.patch(`/api/my-orders/${orderId}`, { pickupTime: times[i % 2] })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
