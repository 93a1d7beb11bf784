// The shop's settings (issue 22 part 4, issue 24's lock time): the owner
// changes the rush fee, the tax rate, the hours and the lock time through
// PUT /api/admin/settings; orders placed after it are priced and slotted by
// them, an order placed before keeps its figures; bad values are a 400 that
// names the field; a customer gets 403, a signed-out caller 401.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bakeryToday,
  DEFAULT_SHOP_SETTINGS,
  resetShopSettings,
  weekdayOf,
  type ShopSettings,
} from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn } from './helpers.js';
import { passwordChangedMail, passwordResetMail } from '../../src/services/mail/messages.js';
import {
  listenForShopSettings,
  readShopSettings,
} from '../../src/services/settings/shopSettings.js';

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterEach(async () => {
  await owner.put('/api/admin/settings', DEFAULT_SHOP_SETTINGS);
  resetShopSettings();
});

afterAll(async () => {
  await server?.close();
});

const withSettings = (patch: Partial<ShopSettings>): ShopSettings => ({
  ...structuredClone(DEFAULT_SHOP_SETTINGS),
  ...patch,
});

async function customer() {
  const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
  await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
  return { user, client };
}

describe('GET /api/settings and /api/admin/settings', () => {
  it("show the spec's values on a fresh install", async () => {
    const open = await new Client(server.baseUrl).get('/api/settings');
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      name: 'Sprinkles & Crumbs Bakery',
      phone: '(850) 555-0142',
      leadTimeDays: 3,
      rushThresholdDays: 7,
      rushFeeCents: 1000,
      taxRatePercent: 8.75,
      cakeWritingFeeCents: 500,
      cakeBowsFeeCents: 500,
      deliveryMiles: 25,
      selfServiceLockHours: 48,
    });
    expect(open.body.hours.sunday).toEqual({ open: true, opens: '08:00', closes: '19:00' });
    const admin = await owner.get('/api/admin/settings');
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({
      settings: DEFAULT_SHOP_SETTINGS,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('refuse a signed-out caller (401), a customer and an admin (403)', async () => {
    const anonymous = new Client(server.baseUrl);
    expect((await anonymous.get('/api/admin/settings')).status).toBe(401);
    expect((await anonymous.put('/api/admin/settings', DEFAULT_SHOP_SETTINGS)).status).toBe(401);
    const { client } = await customer();
    expect((await client.get('/api/admin/settings')).status).toBe(403);
    expect((await client.put('/api/admin/settings', DEFAULT_SHOP_SETTINGS)).status).toBe(403);
    const admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    const refused = await admin.put('/api/admin/settings', withSettings({ rushFeeCents: 1 }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Owner access required');
    expect((await new Client(server.baseUrl).get('/api/settings')).body.rushFeeCents).toBe(1000);
  });
});

describe('PUT /api/admin/settings', () => {
  it('refuses bad values with the field and a clear message, and changes nothing', async () => {
    const cases: [Partial<ShopSettings>, string, string][] = [
      [{ taxRatePercent: -1 }, 'taxRatePercent', 'Tax rate cannot be negative'],
      [{ taxRatePercent: 8.12345 }, 'taxRatePercent', 'Tax rate can have at most 3 decimals'],
      [{ rushFeeCents: 12.5 }, 'rushFeeCents', 'Rush fee must be a whole number of cents'],
      [{ leadTimeDays: 0 }, 'leadTimeDays', 'Lead time must be at least 1 day'],
      [{ phone: '555' }, 'phone', 'Phone must be written (XXX) XXX-XXXX'],
      [{ email: 'not-mail' }, 'email', 'Enter a valid e-mail address'],
      [
        {
          hours: {
            ...DEFAULT_SHOP_SETTINGS.hours,
            sunday: { open: true, opens: '15:00', closes: '09:00' },
          },
        },
        'hours.sunday.closes',
        'Closing time must be at least 30 minutes after opening time',
      ],
      [{ selfServiceLockHours: -2 }, 'selfServiceLockHours', 'Lock time cannot be negative'],
    ];
    for (const [patch, path, message] of cases) {
      const answer = await owner.put('/api/admin/settings', withSettings(patch));
      expect(answer.status, path).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.message).toBe(message);
      expect(answer.body.field).toBe(path);
      expect(answer.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, message })]),
      );
    }
    const stored = await readShopSettings(server.prisma);
    expect(stored.settings).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it('prices orders placed after a change by the new rush fee and tax; an order placed before keeps its figures', async () => {
    const { client } = await customer();
    const lines = [{ productId: 'lemon-poppy-seed-loaf', quantity: 2 }];
    const before = await client.post('/api/submit-order', {
      orderData: orderPayload({ lines, daysAhead: 5 }),
    });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.order.rushFee).toBe(10);
    const oldPayload = orderPayload({ lines, daysAhead: 5 });

    const saved = await owner.put(
      '/api/admin/settings',
      withSettings({ rushFeeCents: 1500, taxRatePercent: 7, rushThresholdDays: 6 }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.settings.rushFeeCents).toBe(1500);
    expect(saved.body.updatedBy).toMatch(/^owner-/);
    expect((await new Client(server.baseUrl).get('/api/settings')).body.taxRatePercent).toBe(7);

    // A form priced by the old rules is refused with the new rule's words.
    const stale = await client.post('/api/submit-order', { orderData: oldPayload });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(
      'Invalid rush fee: must be $0 for 6+ day advance orders, or $15 for orders less than 6 days in advance',
    );

    const after = await client.post('/api/submit-order', {
      orderData: orderPayload({ lines, daysAhead: 5 }),
    });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    const subtotal = after.body.order.subtotal as number;
    expect(after.body.order.rushFee).toBe(15);
    expect(after.body.order.tax).toBe(Math.round((subtotal + 15) * 7) / 100);

    // Six days ahead is no longer a rush order.
    const six = await client.post('/api/submit-order', {
      orderData: orderPayload({ lines, daysAhead: 6 }),
    });
    expect(six.status, JSON.stringify(six.body)).toBe(201);
    expect(six.body.order.rushFee).toBe(0);

    const mine = await client.get('/api/my-orders');
    const old = (mine.body as { id: string; rushFee: number; tax: number; total: number }[]).find(
      (o) => o.id === before.body.order.id,
    )!;
    expect(old.rushFee).toBe(10);
    expect(old.tax).toBe(before.body.order.tax);
    expect(old.total).toBe(before.body.order.total);
  });

  it('slots pickups by the new hours: open 9 to 3 on Sunday offers 9:00 AM to 2:30 PM', async () => {
    const sunday = [...Array(7).keys()]
      .map((n) => addDays(bakeryToday(), 10 + n))
      .find((d) => weekdayOf(d) === 'sunday')!;
    const daysAhead = [...Array(30).keys()].find((n) => addDays(bakeryToday(), n) === sunday)!;
    const saved = await owner.put(
      '/api/admin/settings',
      withSettings({
        hours: {
          ...DEFAULT_SHOP_SETTINGS.hours,
          sunday: { open: true, opens: '09:00', closes: '15:00' },
          monday: { open: false, opens: '08:00', closes: '19:00' },
        },
      }),
    );
    expect(saved.status).toBe(200);
    const { client } = await customer();
    const late = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead, overrides: { pickupTime: '3:00 PM' } }),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(
      "On Sundays we're open 9:00 AM to 3:00 PM: choose a pickup time from 9:00 AM to 2:30 PM.",
    );
    const ok = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead, overrides: { pickupTime: '2:30 PM' } }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const monday = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: daysAhead + 1 }),
    });
    expect(monday.status).toBe(400);
    expect(monday.body.message).toBe("We're closed on Mondays. Please choose another pickup date.");
    const shown = await new Client(server.baseUrl).get('/api/settings');
    expect(shown.body.hours.sunday).toEqual({ open: true, opens: '09:00', closes: '15:00' });
  });

  it('refuses a lock time that would lock an order the moment it is placed (issue 38)', async () => {
    // A 3-day lead time: an order placed at 11:59 PM may be for 8:00 AM two days on, 56 hours away.
    const refused = await owner.put(
      '/api/admin/settings',
      withSettings({ leadTimeDays: 3, selfServiceLockHours: 72 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      field: 'selfServiceLockHours',
      message:
        'Customer changes cannot close 72 hours before pickup: with a 3-day lead time an order can be placed 56 hours before its pickup, and it would be locked the moment it is placed. Choose at most 55 hours, or a longer lead time.',
    });
    expect(
      (
        await owner.put(
          '/api/admin/settings',
          withSettings({ leadTimeDays: 3, selfServiceLockHours: 56 }),
        )
      ).status,
    ).toBe(400);
    const longer = await owner.put(
      '/api/admin/settings',
      withSettings({ leadTimeDays: 4, selfServiceLockHours: 72 }),
    );
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect((await owner.put('/api/admin/settings', withSettings({}))).status).toBe(200);
  });

  it("moves the customers' lock time with the owner's lock hours", async () => {
    const { client } = await customer();
    const placed = await client.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 9 }),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.order.id as string;
    // 9 days ahead: open under the default 48 hours.
    const moved = await client.patch(`/api/my-orders/${id}`, { pickupTime: '11:00 AM' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    // A lock of 10 days needs a lead time that leaves orders time to change (issue 38).
    const saved = await owner.put(
      '/api/admin/settings',
      withSettings({ selfServiceLockHours: 24 * 10, leadTimeDays: 11 }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const locked = await client.patch(`/api/my-orders/${id}`, { pickupTime: '12:00 PM' });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('order_locked');
    // The lock (10 days before pickup) came before the order was placed (9 days
    // ahead): it is not told changes "closed" at a time before it existed.
    expect(locked.body.message).toBe(
      'This order was placed less than 240 hours before its pickup, so it cannot be changed online: call us at (850) 555-0142.',
    );
    const listed = await client.get('/api/my-orders');
    const row = (listed.body as { id: string; changeableUntil: string | null }[]).find(
      (o) => o.id === id,
    )!;
    expect(new Date(row.changeableUntil ?? 0).getTime()).toBeLessThan(Date.now());
  });

  it('puts the new name and phone in the e-mails', async () => {
    await owner.put(
      '/api/admin/settings',
      withSettings({ name: 'Crumbs on Thomasville', phone: '(850) 555-0199' }),
    );
    const mail = passwordResetMail({ firstName: 'Ada' }, 'https://shop.test/reset/x');
    expect(mail.subject).toBe('Reset your Crumbs on Thomasville password');
    expect(mail.text).toContain('your Crumbs on Thomasville account');
    expect(passwordChangedMail({ firstName: 'Ada' }).text).toContain('(850) 555-0199');
  });

  it('reaches every process: a listener reloads on NOTIFY shop_settings', async () => {
    const reloads: string[] = [];
    const listener = listenForShopSettings({
      databaseUrl: server.deps.config.databaseUrl!,
      prisma: server.prisma,
      log: {
        ...server.deps.log,
        warn: (m: string) => reloads.push(`warn ${m}`),
      },
    });
    try {
      // Another process's change: written to the table and announced, not set here.
      await new Promise((r) => setTimeout(r, 500));
      await server.prisma.$transaction([
        server.prisma.shopSetting.upsert({
          where: { id: 1 },
          create: { id: 1, settings: withSettings({ rushFeeCents: 2000 }) as never },
          update: { settings: withSettings({ rushFeeCents: 2000 }) as never },
        }),
        server.prisma.$executeRaw`SELECT pg_notify('shop_settings', '')`,
      ]);
      await expect
        .poll(async () => (await new Client(server.baseUrl).get('/api/settings')).body.rushFeeCents)
        .toBe(2000);
      expect(reloads).toEqual([]);
    } finally {
      await listener.stop();
    }
  });
});
