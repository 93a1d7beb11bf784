// Unpaid orders release their units (issue 27): two accounts book every cake
// of a day with unpaid orders and a real customer gets 409 capacity_full.
// With the release, each customer is warned by mail before and told when it
// happens, the orders are cancelled with the reason in their history, the
// kitchen's counters are freed and the real customer's order goes through.
// Orders staff confirmed and orders without a payment link are never
// released; one account may hold only so many unpaid orders. Real app, real
// database, Square against its fake, mail through a real SMTP peer.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, UNPAID_ORDER_MESSAGES, type CartLine } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload } from '../support/factories.js';
import { signedIn, type Client } from '../admin/helpers.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { releaseUnpaidOrders } from '../../src/services/upkeep/unpaidOrders.js';

let server: TestServer;
let fake: SquareFake;
let smtp: SmtpPeer;
let outbox: string;
let integrations: Integrations | undefined;
let owner: Client;

const HOUR = 3_600_000;
const cake = (quantity: number): CartLine => ({
  productId: 'lemon-cake',
  quantity,
  variantId: '6in',
});

beforeAll(async () => {
  fake = await startSquareFake();
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-unpaid-'));
  const env = {
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_BASE_URL: fake.baseUrl,
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
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 60_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
  await fake?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

const run = (now: Date) =>
  releaseUnpaidOrders(
    { prisma: server.prisma, notifications: integrations!.notifications, log: server.deps.log },
    now,
  );
const mailTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

async function placeCakes(client: Client, quantity: number, daysAhead: number) {
  return client.post('/api/submit-order', {
    orderData: orderPayload({ lines: [cake(quantity)], daysAhead }),
  });
}

describe('releasing unpaid orders', () => {
  it('warns, then releases the booked-out day, and the real customer can order', async () => {
    expect(
      (
        await owner.put('/api/admin/kitchen/capacity', {
          limits: [{ category: 'cakes', maxUnits: 4 }],
        })
      ).status,
    ).toBe(200);
    const daysAhead = 30;
    const date = addDays(bakeryToday(), daysAhead);
    // Two fresh accounts take every cake of the day (each its fair half) and never pay.
    const squatters = [
      await signedIn(server.baseUrl, server.prisma, 'customer'),
      await signedIn(server.baseUrl, server.prisma, 'customer'),
    ];
    const held: string[] = [];
    for (const { client } of squatters) {
      const placed = await placeCakes(client, 2, daysAhead);
      expect(placed.status).toBe(201);
      expect(placed.body.paymentUrl).toMatch(/^https:\/\//);
      held.push(placed.body.order.id);
    }
    const real = await signedIn(server.baseUrl, server.prisma, 'customer');
    const refused = await placeCakes(real.client, 1, daysAhead);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('capacity_full');
    await integrations!.notifications.idle();
    const before = smtp.messages.length;

    // 35 hours on: nothing yet. 36 hours on (12 h before the 48): the warning, once.
    expect(await run(later(35))).toEqual({ warned: [], released: [] });
    const warned = await run(later(36.1));
    expect(warned.warned.sort()).toEqual([...held].sort());
    expect(warned.released).toEqual([]);
    expect((await run(later(40))).warned).toEqual([]);
    await integrations!.notifications.idle();
    expect(smtp.messages.length - before).toBe(2);
    for (const { user } of squatters) {
      const [warning] = mailTo(user.email).filter((m) => m.subject.includes('payment needed'));
      expect(warning, user.email).toBeDefined();
      expect(warning!.text).toContain('it will be cancelled so other customers can book');
      expect(warning!.text).toContain('https://square.link/');
    }
    // Still held until the 48 hours are up.
    expect((await run(later(47.9))).released).toEqual([]);

    const released = await run(later(48.2));
    expect(released.released.sort()).toEqual([...held].sort());
    await integrations!.notifications.idle();
    for (const id of held) {
      const order = await server.prisma.order.findUniqueOrThrow({ where: { id } });
      expect(order.paymentStatus).toBe('cancelled');
      const history = await owner.get(`/api/admin/orders/${id}/history`);
      expect(history.status).toBe(200);
      expect(history.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'paymentStatus', from: 'pending', to: 'cancelled' }),
          expect.objectContaining({
            field: 'cancelReason',
            to: UNPAID_ORDER_MESSAGES.releaseReason(48),
            actorEmail: 'automatic release (unpaid)',
          }),
        ]),
      );
    }
    for (const { user } of squatters) {
      const told = mailTo(user.email).filter((m) => m.subject.includes('cancelled: not paid'));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('was not paid within 48 hours');
    }
    const load = await server.prisma.dailyKitchenLoad.findMany({
      where: { date, category: 'cakes' },
    });
    expect(load.map((row) => row.units)).toEqual([0]);

    // The real customer now gets the day's cakes.
    const placed = await placeCakes(real.client, 1, daysAhead);
    expect(placed.status).toBe(201);
    // A later run does not touch the released orders again (it warns the new one).
    const after = await run(later(100));
    expect(after.warned).toEqual([placed.body.order.id]);
    expect(after.released).toEqual([]);
    process.stdout.write(
      `unpaid release: 2 accounts held 4/4 cakes of ${date}; warned at +36 h, released at +48 h, 4 mails; the real customer's order then 201\n`,
    );
  });

  it('never releases an order staff confirmed, nor one without a payment link', async () => {
    const { client } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const confirmed = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 12 }),
    });
    expect(confirmed.status).toBe(201);
    // A delivery order: no link until staff set the delivery fee.
    const delivery = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 13, delivery: true }),
    });
    expect(delivery.status).toBe(201);
    expect(delivery.body.paymentUrl).toBeNull();
    await run(later(36.5)); // the warning for the first
    expect(
      (await owner.patch(`/api/admin/orders/${confirmed.body.order.id}/status`, { status: 'paid' }))
        .status,
    ).toBe(200);
    const result = await run(later(1000));
    expect(result.released).not.toContain(confirmed.body.order.id);
    expect(result.released).not.toContain(delivery.body.order.id);
    const stored = await server.prisma.order.findMany({
      where: { id: { in: [confirmed.body.order.id, delivery.body.order.id] } },
      orderBy: { pickupDate: 'asc' },
    });
    expect(stored.map((o) => o.paymentStatus)).toEqual(['paid', 'pending']);
  });

  it('always warns before releasing, even after the job missed its time', async () => {
    const { client, user } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const placed = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 14 }),
    });
    expect(placed.status).toBe(201);
    const id = placed.body.order.id as string;
    // The server was down for three days: the first run only warns.
    const first = await run(later(72));
    expect(first.warned).toContain(id);
    expect(first.released).not.toContain(id);
    expect((await run(later(83))).released).not.toContain(id);
    expect((await run(later(84.1))).released).toContain(id);
    await integrations!.notifications.idle();
    expect(mailTo(user.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('payment needed'),
        expect.stringContaining('cancelled: not paid'),
      ]),
    );
  });

  it("follows the owner's time", async () => {
    const settings = await owner.put('/api/admin/unpaid-orders/settings', {
      releaseAfterHours: 24,
      warnBeforeHours: 6,
      maxOpenUnpaid: 5,
    });
    expect(settings.status).toBe(200);
    const bad = await owner.put('/api/admin/unpaid-orders/settings', {
      releaseAfterHours: 24,
      warnBeforeHours: 30,
      maxOpenUnpaid: 5,
    });
    expect(bad.status).toBe(400);
    const { client } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const placed = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 15 }),
    });
    const id = placed.body.order.id as string;
    expect((await run(later(17.9))).warned).not.toContain(id);
    expect((await run(later(18.1))).warned).toContain(id);
    expect((await run(later(24.2))).released).toContain(id);
    await server.prisma.unpaidOrderSetting.deleteMany();
  });
});

describe("the cap on one account's unpaid orders", () => {
  it('refuses a sixth unpaid order with 409 and a reason, and takes one again when one is paid', async () => {
    const { client } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await client.post('/api/submit-order', {
        orderData: orderPayload({ daysAhead: 20 + i }),
      });
      expect(placed.status).toBe(201);
      ids.push(placed.body.order.id);
    }
    const sixth = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 26 }),
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({
      code: 'too_many_unpaid_orders',
      message: UNPAID_ORDER_MESSAGES.tooManyUnpaid(5),
    });
    expect(sixth.body.message).toContain('You already have 5 unpaid orders');
    expect(
      (await owner.patch(`/api/admin/orders/${ids[0]}/status`, { status: 'paid' })).status,
    ).toBe(200);
    expect(
      (await client.post('/api/submit-order', { orderData: orderPayload({ daysAhead: 26 }) }))
        .status,
    ).toBe(201);
  });

  it('counts parallel submissions one after the other', async () => {
    const { client, user } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.post('/api/submit-order', { orderData: orderPayload({ daysAhead: 40 + i }) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(5);
  });
});
