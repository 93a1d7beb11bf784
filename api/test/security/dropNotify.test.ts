// Issue 39, finding 3 (first half): "tell me when it opens" mailed any
// address without limit or consent. 50 made-up addresses from one client got
// 50 × 200, and the upsert cleared `unsubscribedAt`: a stranger subscribed an
// address again that had unsubscribed, and the drop's opening mailed it. Now
// the request is limited per client address, per drop and per e-mail, it
// sends only a confirmation link (double opt-in), and an unsubscribed address
// stays unsubscribed until that address follows a link again. Real app, real
// PostgreSQL, the mail through a local SMTP peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedIn } from '../admin/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { notifyOpenedDrops } from '../../src/services/kitchen/drops.js';

let server: TestServer;
let smtp: SmtpPeer;
let integrations: Integrations | undefined;
let owner: Client;
const MINUTE = 60_000;

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
    config: {
      trustProxy: true,
      trustedProxies: 1,
      rateLimits: { notifyPerDrop: { max: 30, windowMs: 60 * MINUTE } },
    },
  });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
});

async function upcomingDrop(name: string) {
  const answer = await owner.post('/api/admin/drops', {
    name,
    opensAt: new Date(Date.now() + 30 * MINUTE).toISOString(),
    closesAt: new Date(Date.now() + 90 * MINUTE).toISOString(),
    pickupDates: [addDays(bakeryToday(), 20)],
    units: [{ label: name, productIds: ['banana-bread'], quantity: 10 }],
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
}

const from = (address: string) => {
  const client = new Client(server.baseUrl);
  client.headers['x-forwarded-for'] = address;
  return client;
};

describe('finding 3: the notify form mails only who asked, and not without limit', () => {
  it('50 requests from one address: the first 10 are answered, the rest 429', async () => {
    const d = await upcomingDrop('Rye Rush');
    const client = from('192.0.2.10');
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push(
        (await client.post(`/api/drops/${d.id}/notify`, { email: `made-up-${i}@example.com` }))
          .status,
      );
    console.log(`50 notify requests from one address: ${Date.now() - started} ms`);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    await integrations!.notifications.idle();
    const confirmations = smtp.messages.filter(
      (m) => m.subject === 'Confirm: e-mail me when Rye Rush opens',
    );
    expect(confirmations).toHaveLength(10);
    // The same drop from many addresses: the per-drop limit (30 here).
    const spread: number[] = [];
    for (let i = 0; i < 25; i++)
      spread.push(
        (
          await from(`192.0.2.${100 + i}`).post(`/api/drops/${d.id}/notify`, {
            email: `spread-${i}@example.com`,
          })
        ).status,
      );
    expect(spread.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('an unconfirmed address is never told the drop opened; an unsubscribed one stays unsubscribed', async () => {
    const d = await upcomingDrop('Bagel Night');
    const run = (now: Date) =>
      notifyOpenedDrops({
        prisma: server.prisma,
        notifications: integrations!.notifications,
        log: server.deps.log,
        now,
      });
    // The address's owner asks, confirms, then unsubscribes.
    const own = from('192.0.2.50');
    const asked = await own.post(`/api/drops/${d.id}/notify`, { email: 'reader@example.com' });
    expect(asked.body.message).toMatch(/^Please check reader@example.com: follow the link/);
    await integrations!.notifications.idle();
    const mail = smtp.messages.find(
      (m) =>
        m.subject === 'Confirm: e-mail me when Bagel Night opens' &&
        m.to[0] === 'reader@example.com',
    )!;
    const link = /https:\/\/shop\.example\.com(\/api\/drops\/confirm\?token=\S+)/.exec(
      mail.text,
    )![1]!;
    expect(await (await fetch(`${server.baseUrl}${link}`)).text()).toContain('Thank you');
    const row = await server.prisma.dropSubscription.findFirst({
      where: { dropId: d.id, email: 'reader@example.com' },
    });
    const page = await fetch(`${server.baseUrl}/api/drops/unsubscribe?token=${row!.token}`);
    expect(await page.text()).toContain('we will not e-mail you about this drop again');

    // A stranger subscribes that address again, and another that never asked.
    const stranger = from('192.0.2.60');
    expect(
      (await stranger.post(`/api/drops/${d.id}/notify`, { email: 'reader@example.com' })).status,
    ).toBe(200);
    expect(
      (await stranger.post(`/api/drops/${d.id}/notify`, { email: 'never-asked@example.com' }))
        .status,
    ).toBe(200);
    const after = await server.prisma.dropSubscription.findFirst({
      where: { dropId: d.id, email: 'reader@example.com' },
    });
    expect(after!.unsubscribedAt).not.toBeNull();

    // The drop opens: neither address is told.
    expect((await run(new Date(Date.now() + 31 * MINUTE))).sent).toBe(0);
    await integrations!.notifications.idle();
    expect(smtp.messages.filter((m) => m.subject === 'Bagel Night is open for orders')).toEqual([]);
  });
});
