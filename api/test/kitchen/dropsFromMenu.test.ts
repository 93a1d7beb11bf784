// Drops built from the menu (issue 37): the server refuses a drop, new or
// changed, whose item is not on the menu (400 naming the id) or whose pickup
// date is closed (409 naming the date), and stores nothing. Real app, real
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bakeryToday,
  DEFAULT_SHOP_SETTINGS,
  formatLongDate,
  resetShopSettings,
  weekdayOf,
  type ShopSettings,
} from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { signedIn, type Client } from '../admin/helpers.js';

let server: TestServer;
let owner: Client;

const today = bakeryToday();
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  resetShopSettings();
  await server?.close();
});

const dropInput = (productIds: string[], pickupDates: string[]) => ({
  name: 'Saturday Cinnamon Roll Drop',
  opensAt: new Date(Date.now() - HOUR).toISOString(),
  closesAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  pickupDates,
  units: [{ label: 'Cinnamon rolls', productIds, quantity: 34 }],
});

describe('a drop is built from the menu, for days the shop is open', () => {
  it('refuses an item id that is not on the menu, new or changed, and stores nothing', async () => {
    const date = addDays(today, 9);
    const refused = await owner.post('/api/admin/drops', dropInput(['Cinnamon Rolls'], [date]));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      message: 'Unknown menu item "Cinnamon Rolls": pick an item from the menu',
      errors: [
        {
          path: 'units.0.productIds.0',
          message: 'Unknown menu item "Cinnamon Rolls": pick an item from the menu',
        },
      ],
    });
    expect(await server.prisma.drop.count()).toBe(0);
    expect(await server.prisma.dropUnit.count()).toBe(0);

    const saved = await owner.post('/api/admin/drops', dropInput(['dinner-rolls'], [date]));
    expect(saved.status).toBe(201);
    const id = (saved.body as { id: string }).id;
    const changed = await owner.put(
      `/api/admin/drops/${id}`,
      dropInput(['dinner-rolls', 'Dinner Rolls'], [date]),
    );
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe(
      'Unknown menu item "Dinner Rolls": pick an item from the menu',
    );
    const units = await server.prisma.dropUnit.findMany({ where: { dropId: id } });
    expect(units.map((u) => u.productIds)).toEqual([['dinner-rolls']]);
    await server.prisma.drop.deleteMany({});
  });

  it('refuses a closed date (the owner closed it) with 409 naming it, and stores nothing', async () => {
    const date = addDays(today, 10);
    await server.prisma.closedDate.create({ data: { date, reason: 'Inventory' } });
    const refused = await owner.post(
      '/api/admin/drops',
      dropInput(['dinner-rolls'], [addDays(today, 9), date]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'capacity_full',
      message: `We are closed on ${formatLongDate(date)} (Inventory). Please choose another pickup date.`,
    });
    expect(await server.prisma.drop.count()).toBe(0);

    const saved = await owner.post(
      '/api/admin/drops',
      dropInput(['dinner-rolls'], [addDays(today, 9)]),
    );
    expect(saved.status).toBe(201);
    const id = (saved.body as { id: string }).id;
    const changed = await owner.put(`/api/admin/drops/${id}`, dropInput(['dinner-rolls'], [date]));
    expect(changed.status).toBe(409);
    const kept = await server.prisma.drop.findUnique({ where: { id } });
    expect(kept?.pickupDates).toEqual([addDays(today, 9)]);
    await server.prisma.drop.deleteMany({});
    await server.prisma.closedDate.deleteMany({});
  });

  it('refuses a weekday the shop is closed on by its hours, naming the date', async () => {
    const monday = [...Array(7).keys()]
      .map((n) => addDays(today, 8 + n))
      .find((d) => weekdayOf(d) === 'monday')!;
    const settings: ShopSettings = {
      ...structuredClone(DEFAULT_SHOP_SETTINGS),
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        monday: { open: false, opens: '08:00', closes: '19:00' },
      },
    };
    expect((await owner.put('/api/admin/settings', settings)).status).toBe(200);
    try {
      const refused = await owner.post('/api/admin/drops', dropInput(['dinner-rolls'], [monday]));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `We are closed on ${formatLongDate(monday)} (Closed on Mondays). Please choose another pickup date.`,
      );
      expect(await server.prisma.drop.count()).toBe(0);
    } finally {
      await owner.put('/api/admin/settings', structuredClone(DEFAULT_SHOP_SETTINGS));
    }
  });
});
