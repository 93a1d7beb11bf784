// Drops built from the menu (issue 37): the server refuses a drop, new or
// changed, whose item is not on the menu (400 naming the id) or whose pickup
// date is closed (409 naming the date), and stores nothing. Real app, real
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bakeryToday,
  centsToDollars,
  DEFAULT_SHOP_SETTINGS,
  formatLongDate,
  NO_RUSH_FEE_DROP_NOTE,
  priceOrder,
  RUSH_FEE_CENTS,
  resetShopSettings,
  weekdayOf,
  type ShopSettings,
} from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { signedIn, type Client } from '../admin/helpers.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { orderReceivedMail, toMailOrder } from '../../src/services/mail/messages.js';

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

describe('no rush fee on drop items (issue 37)', () => {
  it('a drop order 4 days ahead pays no rush fee; the mail says why; a mixed order pays it', async () => {
    const daysAhead = 4;
    const date = addDays(today, daysAhead);
    const saved = await owner.post('/api/admin/drops', {
      ...dropInput(['dinner-rolls'], [date]),
      name: 'Thursday Rolls Drop',
    });
    expect(saved.status).toBe(201);
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);

    // The figures the order page shows: priced with the day's drop items.
    const lines = [{ productId: 'dinner-rolls', quantity: 1 }];
    const priced = priceOrder(
      lines,
      { pickupDate: date, hasWriting: false, hasBows: false, dropProductIds: ['dinner-rolls'] },
      today,
    );
    expect(priced).toMatchObject({ rushFeeCents: 0, isRushOrder: false, rushFree: true });
    const answer = await client.post('/api/submit-order', {
      orderData: orderPayload({
        lines,
        daysAhead,
        overrides: {
          rushFee: 0,
          isRushOrder: false,
          tax: centsToDollars(priced.taxCents),
          total: centsToDollars(priced.totalCents),
        },
      }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.order).toMatchObject({ rushFee: 0, isRushOrder: false });
    expect(answer.body.order.total).toBe(centsToDollars(priced.subtotalCents + priced.taxCents));
    const stored = await server.prisma.order.findUniqueOrThrow({
      where: { id: answer.body.order.id },
    });
    const mail = orderReceivedMail(toMailOrder(stored), {
      publicUrl: 'https://shop.example.com',
      paymentConfigured: false,
    });
    expect(mail.text).toContain(NO_RUSH_FEE_DROP_NOTE);
    // A change of the drop order keeps it free of the rush fee (issue 36's repricing).
    const more = await client.patch(`/api/my-orders/${answer.body.order.id}`, {
      items: [{ productId: 'dinner-rolls', quantity: 2 }],
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.order).toMatchObject({ rushFee: 0, isRushOrder: false });

    // A loaf that is in no drop, sent without the fee: the server's figures disagree.
    const loaf = [{ productId: 'lemon-poppy-seed-loaf', quantity: 1 }];
    const loafPriced = priceOrder(
      loaf,
      { pickupDate: date, hasWriting: false, hasBows: false, dropProductIds: ['dinner-rolls'] },
      today,
    );
    expect(loafPriced.rushFeeCents).toBe(RUSH_FEE_CENTS);
    const noFee = priceOrder(
      loaf,
      { pickupDate: addDays(today, 10), hasWriting: false, hasBows: false },
      today,
    );
    const unfair = await client.post('/api/submit-order', {
      orderData: orderPayload({
        lines: loaf,
        daysAhead,
        overrides: {
          rushFee: 0,
          isRushOrder: false,
          tax: centsToDollars(noFee.taxCents),
          total: centsToDollars(noFee.totalCents),
        },
      }),
    });
    expect(unfair.status).toBe(400);

    // The same drop item with a loaf that is not in the drop: the fee applies.
    const mixed = await client.post('/api/submit-order', {
      orderData: orderPayload({
        lines: [...lines, { productId: 'lemon-poppy-seed-loaf', quantity: 1 }],
        daysAhead,
      }),
    });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
    expect(mixed.body.order.rushFee).toBe(centsToDollars(RUSH_FEE_CENTS));
    const mixedMail = orderReceivedMail(
      toMailOrder(
        await server.prisma.order.findUniqueOrThrow({ where: { id: mixed.body.order.id } }),
      ),
      { publicUrl: 'https://shop.example.com', paymentConfigured: false },
    );
    expect(mixedMail.text).not.toContain(NO_RUSH_FEE_DROP_NOTE);
  });
});
