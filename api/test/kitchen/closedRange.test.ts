// Holidays in one action (issue 14): the owner closes a date range; every day
// of it is closed to customers; staff may not; a reversed or too long range is
// refused and closes nothing.
import { addDays, bakeryToday } from '@bakery/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, insertOrder, signedIn } from '../admin/helpers.js';
import { startKitchenServer, type KitchenServer } from './kitchenServer.js';

let server: KitchenServer;
let owner: Client;
let admin: Client;
const day = (n: number) => addDays(bakeryToday(), n);

beforeAll(async () => {
  server = await startKitchenServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/admin/kitchen/closed-dates/range', () => {
  it('closes every date of the range at once and counts the orders already booked', async () => {
    const [from, to] = [day(30), day(34)];
    expect(
      (await admin.post('/api/admin/kitchen/closed-dates/range', { fromDate: from, toDate: to }))
        .status,
    ).toBe(403);
    await insertOrder(server.prisma, { pickupDate: day(32) });
    const answer = await owner.post('/api/admin/kitchen/closed-dates/range', {
      fromDate: from,
      toDate: to,
      reason: 'Christmas break',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.dates.map((d: { date: string }) => d.date)).toEqual([
      day(30),
      day(31),
      day(32),
      day(33),
      day(34),
    ]);
    expect(answer.body.bookedOrders).toBe(1);
    const days = (
      await new Client(server.baseUrl).get(
        `/api/availability?fromDate=${day(29)}&toDate=${day(35)}`,
      )
    ).body.days as { date: string; closed: boolean }[];
    expect(days.map((d) => d.closed)).toEqual([false, true, true, true, true, true, false]);
  });

  it('refuses a reversed or too long range and closes nothing', async () => {
    const reversed = await owner.post('/api/admin/kitchen/closed-dates/range', {
      fromDate: day(50),
      toDate: day(45),
    });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('The last date cannot be before the first');
    const long = await owner.post('/api/admin/kitchen/closed-dates/range', {
      fromDate: day(40),
      toDate: day(140),
    });
    expect(long.status).toBe(400);
    const closed = (await owner.get('/api/admin/kitchen/closed-dates')).body as { date: string }[];
    expect(closed.some((d) => d.date >= day(40))).toBe(false);
  });
});
