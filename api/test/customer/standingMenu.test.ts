// A standing order follows the menu (issue 41): a price the owner changes
// applies to the occurrences booked and not locked, an item she takes off the
// menu becomes her substitute (or is left out), and each customer is told
// what changed in her occurrence and its new total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, formatLongDate, getMenuItem, type OrderView } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedInCustomer } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import {
  loggingNotifications,
  type Notifications,
  type StandingChangeNotice,
} from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';

const told: { to: string; change: StandingChangeNotice }[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  standingChanged: async (to, change) => {
    told.push({ to, change });
  },
};

let server: TestServer;
let owner: Client;
let customer: Client;
let email: string;
const LOAF = 'lemon-poppy-seed-loaf';
const SUBSTITUTE = 'banana-bread';
const date = addDays(bakeryToday(), 10);

beforeAll(async () => {
  server = await startTestServer({ notifications });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  const signed = await signedInCustomer(server.baseUrl, server.prisma);
  customer = signed.client;
  email = signed.user.email;
  const answer = await customer.post('/api/standing-orders', {
    items: [{ productId: LOAF, quantity: 2 }],
    everyWeeks: 1,
    firstDate: date,
    endDate: date,
    pickupTime: '10:00 AM',
    deliveryMethod: 'pickup',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect((await owner.post('/api/admin/standing-orders/run', {})).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function occurrenceOrder(): Promise<OrderView> {
  const mine = await customer.get<OrderView[]>('/api/my-orders');
  const order = mine.body.find((o) => o.pickupDate === date);
  expect(order, 'the occurrence is on My Orders').toBeDefined();
  return order!;
}

async function publish(change: Record<string, unknown>, id = LOAF) {
  expect((await owner.patch(`/api/admin/menu/items/${id}`, change)).status).toBe(200);
  expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
}

describe('a standing order follows the menu', () => {
  it('takes a new price on its booked occurrence and tells the customer the old and new totals', async () => {
    const before = await occurrenceOrder();
    const price = getMenuItem(LOAF)!.priceCents;
    await publish({ priceCents: price + 200 });
    told.length = 0;
    expect((await owner.post('/api/admin/standing-orders/run', {})).status).toBe(200);
    const after = await occurrenceOrder();
    expect(after.items[0]!.price).toBe((price + 200) / 100);
    expect(after.total).toBeGreaterThan(before.total);
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toBe(email);
    expect(told[0]!.change.date).toBe(formatLongDate(date));
    expect(told[0]!.change.changes).toEqual([
      `Price: $${before.total.toFixed(2)} → $${after.total.toFixed(2)} (today's menu)`,
    ]);
    // Run again: nothing more changes, nobody is told twice.
    expect((await owner.post('/api/admin/standing-orders/run', {})).status).toBe(200);
    expect(told).toHaveLength(1);
  });

  it('bakes the owner’s substitute when the item leaves the menu, and says so', async () => {
    const saved = await owner.put('/api/admin/standing-orders/settings', {
      offered: true,
      productIds: null,
      reminderHours: 24,
      substitutes: { [LOAF]: SUBSTITUTE },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.substitutes).toEqual({ [LOAF]: SUBSTITUTE });
    await publish({ hidden: true });
    told.length = 0;
    expect((await owner.post('/api/admin/standing-orders/run', {})).status).toBe(200);
    const after = await occurrenceOrder();
    expect(after.items.map((i) => [i.productId, i.quantity])).toEqual([[SUBSTITUTE, 2]]);
    const substitute = getMenuItem(SUBSTITUTE)!;
    expect(told).toHaveLength(1);
    expect(told[0]!.change.changes[0]).toBe(
      `${getMenuItem(LOAF)!.name} is no longer on the menu: 2 × ${substitute.name} instead`,
    );
    expect(told[0]!.change.total).toBe(`$${after.total.toFixed(2)}`);
  });

  it('keeps the substitutes when the settings are saved without them', async () => {
    const saved = await owner.put('/api/admin/standing-orders/settings', {
      offered: true,
      productIds: null,
      reminderHours: 24,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.substitutes).toEqual({ [LOAF]: SUBSTITUTE });
  });
});
