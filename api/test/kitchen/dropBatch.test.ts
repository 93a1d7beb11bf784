// A drop is its own batch (issue 37): its items count against the drop, not
// the day's category limit, so a drop of 34 boxes sells 34 on a day whose
// bread limit is 30; the customer sees one number; the bake sheet counts
// the kitchen's pieces (a box of six rolls is 6 rolls). Real app, real
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, weekdayOf } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedIn } from '../admin/helpers.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';

let server: TestServer;
let owner: Client;

const today = bakeryToday();
const HOUR = 3_600_000;
// A Saturday at least 8 days out: no rush fee on anything, the shop open.
const saturday = [...Array(7).keys()]
  .map((n) => addDays(today, 8 + n))
  .find((d) => weekdayOf(d) === 'saturday')!;
const daysAhead = [...Array(15).keys()].find((n) => addDays(today, n) === saturday)!;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function buy(productId: string, quantity: number) {
  const { client } = await signedInCustomer(server.baseUrl, server.prisma);
  return client.post('/api/submit-order', {
    orderData: orderPayload({ lines: [{ productId, quantity }], daysAhead }),
  });
}

async function breadsBooked(): Promise<number> {
  const row = await server.prisma.dailyKitchenLoad.findUnique({
    where: { date_category: { date: saturday, category: 'breads' } },
  });
  return row?.units ?? 0;
}

describe('a drop of 34 boxes on a day whose bread limit is 30', () => {
  it('sells 34 boxes, refuses the 35th as drop_sold_out, and leaves the day to the menu', async () => {
    const limit = await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'breads', maxUnits: 30 }],
    });
    expect(limit.status).toBe(200);
    const drop = await owner.post('/api/admin/drops', {
      name: 'Saturday Cinnamon Roll Drop',
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      pickupDates: [saturday],
      units: [{ label: 'Cinnamon rolls', productIds: ['cinnamon-rolls'], quantity: 34 }],
    });
    expect(drop.status, JSON.stringify(drop.body)).toBe(201);

    for (const quantity of [8, 8, 2]) {
      const sold = await buy('cinnamon-rolls', quantity);
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    }
    // One number for the customer: what the drop has left, not the day's breads.
    const offer = await new Client(server.baseUrl).get(
      `/api/availability?fromDate=${saturday}&toDate=${saturday}`,
    );
    expect(offer.status).toBe(200);
    const day = (offer.body as { days: { itemsLeft: Record<string, number> }[] }).days[0]!;
    expect(day.itemsLeft['cinnamon-rolls']).toBe(16);
    // The day's breads are untouched by the drop's boxes.
    expect(await breadsBooked()).toBe(0);

    // The bake sheet counts the kitchen's pieces: 18 boxes of six are 108 rolls.
    const sheet = await owner.get(
      `/api/admin/kitchen/bake-sheet?fromDate=${saturday}&toDate=${saturday}`,
    );
    expect(sheet.status).toBe(200);
    const rolls = (
      sheet.body as {
        products: { productId: string; quantity: number; pieces: number; pieceName: string }[];
      }
    ).products.find((p) => p.productId === 'cinnamon-rolls');
    expect(rolls).toMatchObject({ quantity: 18, pieces: 108, pieceName: 'rolls' });

    for (const quantity of [8, 8]) {
      const sold = await buy('cinnamon-rolls', quantity);
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    }
    const refused = await buy('cinnamon-rolls', 1);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('drop_sold_out');

    // The rest of the menu still has the whole bread limit of the day.
    const loaves = await buy('lemon-poppy-seed-loaf', 2);
    expect(loaves.status, JSON.stringify(loaves.body)).toBe(201);
    expect(await breadsBooked()).toBe(2);
    const sold = await server.prisma.dropUnit.findFirstOrThrow({});
    expect(sold.sold).toBe(34);
  });
});
