// Issue 15, finding 3: one free account could book out the kitchen with
// unpaid orders (4 cakes where the maximum is 3, duplicate lines, pickup
// dates up to 9999-12-31, no cap per account). Each test fails on the old
// code (it stored those orders) and passes now.
import { addDays, bakeryToday, formatLongDate, type CartLine } from '@bakery/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn } from '../admin/helpers.js';
import { orderPayload } from '../support/factories.js';
import { startKitchenServer, type KitchenServer } from './kitchenServer.js';

let server: KitchenServer;
let owner: Client;
let admin: Client;

const today = bakeryToday();
const cake = (quantity: number, variantId = '6in'): CartLine => ({
  productId: 'lemon-cake',
  quantity,
  variantId,
});
const submit = (client: Client, lines: CartLine[], daysAhead: number, overrides = {}) =>
  client.post('/api/submit-order', { orderData: orderPayload({ lines, daysAhead, overrides }) });
const ordersOn = (date: string) => server.prisma.order.count({ where: { pickupDate: date } });
const customer = async () => signedIn(server.baseUrl, server.prisma, 'customer');

async function setCakeLimit(maxUnits: number) {
  const answer = await owner.put('/api/admin/kitchen/capacity', {
    limits: [{ category: 'cakes', maxUnits }],
  });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  server = await startKitchenServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('catalogue maximum summed over the lines of one product', () => {
  it('refuses 4 cakes where the maximum is 3, in one line or split over two', async () => {
    await setCakeLimit(100);
    const { client } = await customer();
    const date = addDays(today, 30);
    for (const lines of [[cake(4)], [cake(2, '6in'), cake(2, '8in')]]) {
      const answer = await submit(client, lines, 30);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'validation_failed',
        message: 'You can order at most 3 of Lemon Chiffon Cake per order.',
      });
    }
    expect(await ordersOn(date)).toBe(0);
    expect((await submit(client, [cake(1, '6in'), cake(2, '8in')], 30)).status).toBe(201);
  });
});

describe('booking horizon', () => {
  it('refuses 9999-12-31 and the 91st day, accepts the 90th', async () => {
    await setCakeLimit(100);
    const { client } = await customer();
    const far = await submit(client, [cake(1)], 10, { pickupDate: '9999-12-31' });
    expect(far.status).toBe(400);
    const last = formatLongDate(addDays(today, 90));
    expect(far.body.message).toBe(
      `We take orders up to 90 days ahead. Please choose a pickup date on or before ${last}.`,
    );
    expect(await server.prisma.order.count({ where: { pickupDate: '9999-12-31' } })).toBe(0);
    expect((await submit(client, [cake(1)], 91)).status).toBe(400);
    expect((await submit(client, [cake(1)], 90)).status).toBe(201);
  });

  it("is the owner's setting: staff may read it, only the owner change it", async () => {
    expect((await admin.get('/api/admin/kitchen/booking')).body).toMatchObject({
      horizonDays: 90,
      defaultHorizonDays: 90,
    });
    expect((await admin.put('/api/admin/kitchen/booking', { horizonDays: 120 })).status).toBe(403);
    const invalid = await owner.put('/api/admin/kitchen/booking', { horizonDays: 5000 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Enter a whole number of days from 7 to 730');
    const set = await owner.put('/api/admin/kitchen/booking', { horizonDays: 120 });
    expect(set.body.horizonDays).toBe(120);
    const { client } = await customer();
    expect((await submit(client, [cake(1)], 110)).status).toBe(201);
    await owner.put('/api/admin/kitchen/booking', { horizonDays: 90 });
    expect((await submit(client, [cake(1)], 111)).status).toBe(400);
  });
});

describe('fair share of a day', () => {
  it('one account cannot take all the cakes of a day with unpaid orders; another customer still can order', async () => {
    await setCakeLimit(4);
    const daysAhead = 40;
    const date = addDays(today, daysAhead);
    const hoarder = await customer();
    expect((await submit(hoarder.client, [cake(2)], daysAhead)).status).toBe(201);
    const third = await submit(hoarder.client, [cake(1)], daysAhead);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: 'capacity_full',
      message: `One account can hold at most 2 unpaid cakes for ${formatLongDate(date)}, and your unpaid orders already hold 2. Please pay for them first, order fewer cakes, or call us for a larger order.`,
    });
    const other = await customer();
    expect((await submit(other.client, [cake(1)], daysAhead)).status).toBe(201);
    const left = await new Client(server.baseUrl).get(
      `/api/availability?fromDate=${date}&toDate=${date}`,
    );
    expect(left.body.days[0].cakesLeft).toBe(1);
  });

  it('does not limit a customer who orders often for different days, or who has paid', async () => {
    await setCakeLimit(4);
    const regular = await customer();
    for (const daysAhead of [41, 42, 43, 44, 45])
      expect((await submit(regular.client, [cake(2)], daysAhead)).status).toBe(201);
    // Paid orders no longer count against the share.
    await server.prisma.order.updateMany({
      where: { userId: regular.user.id, pickupDate: addDays(today, 41) },
      data: { paymentStatus: 'paid' },
    });
    expect((await submit(regular.client, [cake(2)], 41)).status).toBe(201);
  });

  it('staff can lift it for an account, and restore it', async () => {
    await setCakeLimit(4);
    const daysAhead = 50;
    const caterer = await customer();
    expect((await submit(caterer.client, [cake(3)], daysAhead)).status).toBe(409);
    const { client: plain } = await customer();
    expect((await plain.put(`/api/admin/kitchen/fair-share/${caterer.user.id}`)).status).toBe(403);
    const lifted = await admin.put(`/api/admin/kitchen/fair-share/${caterer.user.id}`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.exemptions).toContainEqual(
      expect.objectContaining({ userId: caterer.user.id, email: caterer.user.email }),
    );
    expect((await submit(caterer.client, [cake(3)], daysAhead)).status).toBe(201);
    expect((await admin.del(`/api/admin/kitchen/fair-share/${caterer.user.id}`)).status).toBe(200);
    expect((await submit(caterer.client, [cake(1)], daysAhead + 1)).status).toBe(201);
    expect((await submit(caterer.client, [cake(2)], daysAhead + 1)).status).toBe(409);
  });
});
