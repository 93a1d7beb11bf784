// The Capacity panel's figures: per coming day and category, units booked
// against the limit, closed days and full categories, staff only.
import { addDays, bakeryToday } from '@bakery/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, insertOrder, signedIn } from '../admin/helpers.js';
import { startKitchenServer, type KitchenServer } from './kitchenServer.js';

let server: KitchenServer;
let owner: Client;
let admin: Client;

const today = bakeryToday();
const cakes = (quantity: number) => [
  { productId: 'lemon-cake', name: 'Lemon Chiffon Cake', price: 45, quantity, variant: '6in' },
];
const cookies = (quantity: number) => [
  { productId: 'sugar-cookies', name: 'Sugar Cookies', price: 30, quantity, variant: '12-count' },
];

interface Cell {
  category: string;
  booked: number;
  limit: number;
  full: boolean;
  over: boolean;
}
const cell = (day: { categories: Cell[] }, category: string) =>
  day.categories.find((c) => c.category === category);

beforeAll(async () => {
  server = await startKitchenServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/kitchen/capacity/days', () => {
  it('shows 14 days from today, booked against the limit, closed and full days flagged', async () => {
    await owner.put('/api/admin/kitchen/capacity', {
      limits: [
        { category: 'cakes', maxUnits: 4 },
        { category: 'cookies', maxUnits: 120 },
      ],
    });
    const tomorrow = addDays(today, 1);
    const inThree = addDays(today, 3);
    await insertOrder(server.prisma, { pickupDate: tomorrow, items: cakes(3) });
    await insertOrder(server.prisma, { pickupDate: tomorrow, items: cookies(2) });
    await insertOrder(server.prisma, {
      pickupDate: tomorrow,
      items: cakes(1),
      paymentStatus: 'cancelled',
    });
    await insertOrder(server.prisma, { pickupDate: inThree, items: cakes(4) });
    const closedOn = addDays(today, 5);
    await insertOrder(server.prisma, { pickupDate: closedOn, items: cakes(1) });
    await owner.post('/api/admin/kitchen/closed-dates', { date: closedOn, reason: 'Inventory' });

    const answer = await admin.get('/api/admin/kitchen/capacity/days');
    expect(answer.status).toBe(200);
    const { days } = answer.body;
    expect(days).toHaveLength(14);
    expect(days[0].date).toBe(today);
    expect(days[13].date).toBe(addDays(today, 13));

    expect(cell(days[1], 'cakes')).toMatchObject({ booked: 3, limit: 4, full: false });
    expect(cell(days[1], 'cookies')).toMatchObject({ booked: 24, limit: 120, full: false });
    expect(cell(days[3], 'cakes')).toMatchObject({ booked: 4, limit: 4, full: true });
    expect(days[5]).toMatchObject({ closed: true, closedReason: 'Inventory' });
    // A closed day keeps the orders it already had, and takes nothing more.
    expect(cell(days[5], 'cakes')).toMatchObject({ booked: 1, full: true });
    expect(cell(days[5], 'breads')).toMatchObject({ booked: 0, full: true });

    // The owner lowers the limit below what is booked: the day says it is over.
    await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'cakes', maxUnits: 2 }],
    });
    const lowered = (await admin.get('/api/admin/kitchen/capacity/days')).body.days;
    expect(cell(lowered[1], 'cakes')).toMatchObject({
      booked: 3,
      limit: 2,
      full: true,
      over: true,
    });
  });

  it('is for staff only', async () => {
    const visitor = new Client(server.baseUrl);
    expect((await visitor.get('/api/admin/kitchen/capacity/days')).status).toBe(401);
    const { client: customer } = await signedIn(server.baseUrl, server.prisma, 'customer');
    expect((await customer.get('/api/admin/kitchen/capacity/days')).status).toBe(403);
  });
});
