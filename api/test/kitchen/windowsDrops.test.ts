// Pickup windows and drops (issue 25): a window's last units go to exactly
// as many buyers as fit, whatever the rush; every refusal is a 409 that names
// what is full; a hold keeps items for its buyer and gives them back when its
// timer runs out; the availability answer says what is left; the "tell me
// when it opens" e-mail goes once per address, never after unsubscribing.
// Real app, real PostgreSQL, real SMTP peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, formatLongDate, weekdayNumber, type CartLine } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn, type Client } from '../admin/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { notifyOpenedDrops } from '../../src/services/kitchen/drops.js';

let server: TestServer;
let smtp: SmtpPeer;
let integrations: Integrations | undefined;
let owner: Client;

const today = bakeryToday();
const loaf = (quantity = 1): CartLine => ({ productId: 'lemon-poppy-seed-loaf', quantity });
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
  });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
});

/** A signed-in customer's submission of `lines` for `date` at `time`. */
async function submit(client: Client, lines: CartLine[], daysAhead: number, time = '8:00 AM') {
  return client.post('/api/submit-order', {
    orderData: orderPayload({ lines, daysAhead, overrides: { pickupTime: time } }),
  });
}

async function customers(count: number) {
  const out: Client[] = [];
  for (let i = 0; i < count; i++)
    out.push((await signedInCustomer(server.baseUrl, server.prisma)).client);
  return out;
}

async function window(daysAhead: number, limits: Record<string, number>, start = '08:00') {
  const end = `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`;
  const answer = await owner.post('/api/admin/kitchen/windows', {
    weekday: weekdayNumber(addDays(today, daysAhead)),
    start,
    end,
    fulfillment: 'pickup',
    limits,
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
}

async function drop(input: {
  name: string;
  opensIn: number;
  closesIn: number;
  daysAhead: number;
  units: { label: string; productIds: string[]; quantity: number }[];
}) {
  const answer = await owner.post('/api/admin/drops', {
    name: input.name,
    opensAt: new Date(Date.now() + input.opensIn).toISOString(),
    closesAt: new Date(Date.now() + input.closesIn).toISOString(),
    pickupDates: [addDays(today, input.daysAhead)],
    units: input.units,
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; units: { id: string; left: number }[] };
}

describe('pickup windows', () => {
  // The other tests' dates fall on the same weekdays: their orders keep the slots.
  afterAll(() => server.prisma.pickupWindow.deleteMany({}));

  it('50 parallel submissions for the last 3 units of a window store exactly 3', async () => {
    const days = 11;
    const w = await window(days, { breads: 5 });
    const [first] = await customers(1);
    expect((await submit(first!, [loaf(2)], days)).status).toBe(201);
    const buyers = await customers(50);
    const answers = await Promise.all(buyers.map((client) => submit(client, [loaf(1)], days)));
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(47);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const day = formatLongDate(addDays(today, days));
    expect(refused[0]!.body).toMatchObject({
      code: 'window_full',
      message: `The 8:00 AM – 10:00 AM window on ${day} is full for breads. Please choose another window.`,
    });
    const orders = await server.prisma.order.count({
      where: { pickupDate: addDays(today, days), paymentStatus: { not: 'cancelled' } },
    });
    expect(orders).toBe(4);
    const load = await server.prisma.windowLoad.findUnique({
      where: {
        date_windowId_scope: { date: addDays(today, days), windowId: w.id, scope: 'breads' },
      },
    });
    expect(load?.used).toBe(5);

    // The availability answer shows the window full; cancelling one order frees its unit.
    const date = addDays(today, days);
    const seen = await owner.get(`/api/availability?fromDate=${date}&toDate=${date}`);
    expect(seen.body.days[0].windows[0]).toMatchObject({
      label: '8:00 AM – 10:00 AM',
      left: { breads: 0 },
      full: true,
    });
    const one = await server.prisma.order.findFirst({
      where: { pickupDate: date, paymentStatus: { not: 'cancelled' } },
    });
    await server.prisma.order.update({
      where: { id: one!.id },
      data: { paymentStatus: 'cancelled' },
    });
    const after = await owner.get(`/api/availability?fromDate=${date}&toDate=${date}`);
    expect(after.body.days[0].windows[0].left.breads).toBeGreaterThan(0);
  }, 120_000);

  it('a time outside every window of the day is refused; a weekday without windows keeps its slots', async () => {
    const days = 12;
    await window(days, { '*': 10 }, '10:00');
    const [client] = await customers(1);
    const outside = await submit(client!, [loaf(1)], days, '3:00 PM');
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(
      `Please choose one of the pickup windows of ${formatLongDate(addDays(today, days))}.`,
    );
    expect((await submit(client!, [loaf(1)], days, '10:30 AM')).status).toBe(201);
    // No window on this weekday (a week on, +13 has another weekday than +12... and +11).
    expect((await submit(client!, [loaf(1)], 13, '3:00 PM')).status).toBe(201);
  });
});

describe('every path books through the same counters', () => {
  it('a customer moving to a full window is refused; a restore meets a sold-out drop', async () => {
    const days = 14;
    const date = addDays(today, days);
    await window(days, { breads: 1 }, '08:00');
    await window(days, { breads: 1 }, '10:00');
    const [a, b] = await customers(2);
    const first = await submit(a!, [loaf(1)], days, '8:00 AM');
    expect(first.status).toBe(201);
    expect((await submit(b!, [loaf(1)], days, '10:00 AM')).status).toBe(201);
    // a's change to the full 10-12 window: refused, nothing changed.
    const moved = await a!.patch(`/api/my-orders/${first.body.order.id}`, {
      pickupTime: '10:00 AM',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('window_full');
    const loads = await server.prisma.windowLoad.findMany({ where: { date } });
    expect(loads.map((l) => l.used).sort()).toEqual([1, 1]);
    // b cancels: the 10-12 window is free again and a can move there; 8-10 is freed.
    const bOrder = await server.prisma.order.findFirst({
      where: { pickupDate: date, pickupTime: '10:00 AM' },
    });
    expect((await b!.post(`/api/my-orders/${bOrder!.id}/cancel`, {})).status).toBe(200);
    const again = await a!.patch(`/api/my-orders/${first.body.order.id}`, {
      pickupTime: '10:00 AM',
    });
    expect(again.status).toBe(200);
    const after = await server.prisma.windowLoad.findMany({ where: { date } });
    expect(after.map((l) => l.used).sort()).toEqual([0, 1]);
    await server.prisma.pickupWindow.deleteMany({});

    // A drop of 1: the buyer cancels, another buys it, the restore is refused.
    const item = 'coffee-cake';
    await drop({
      name: 'Coffee Morning',
      opensIn: -MINUTE,
      closesIn: 60 * MINUTE,
      daysAhead: 15,
      units: [{ label: 'Coffee cake', productIds: [item], quantity: 1 }],
    });
    const bought = await submit(a!, [{ productId: item, quantity: 1 }], 15, '10:00 AM');
    expect(bought.status).toBe(201);
    expect((await a!.post(`/api/my-orders/${bought.body.order.id}/cancel`, {})).status).toBe(200);
    expect((await submit(b!, [{ productId: item, quantity: 1 }], 15, '10:00 AM')).status).toBe(201);
    const restored = await owner.post(`/api/admin/orders/${bought.body.order.id}/restore`, {});
    expect(restored.status).toBe(409);
    expect(restored.body).toMatchObject({
      code: 'drop_sold_out',
      message: 'Cinnamon Crumb Coffee Cake is sold out in the Coffee Morning drop.',
    });
  });
});

describe('refusals', () => {
  it('closed day, full day: 409 capacity_full naming the date', async () => {
    const closed = addDays(today, 20);
    expect(
      (await owner.post('/api/admin/kitchen/closed-dates', { date: closed, reason: 'Inventory' }))
        .status,
    ).toBe(201);
    const [client] = await customers(1);
    const refused = await submit(client!, [loaf(1)], 20, '10:00 AM');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `We are closed on ${formatLongDate(closed)} (Inventory). Please choose another pickup date.`,
    );
    const full = await submit(
      client!,
      [
        { productId: 'lemon-cake', quantity: 3, variantId: '6in' },
        { productId: 'chocolate-layer-cake', quantity: 2, variantId: '6in' },
      ],
      21,
      '10:00 AM',
    );
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('capacity_full');
  });

  it('sold-out drop item, drop not open yet, drop closed: 409 naming the item', async () => {
    const [a, b] = await customers(2);
    const pie = 'pumpkin-spice-loaf';
    const open = await drop({
      name: 'Harvest',
      opensIn: -MINUTE,
      closesIn: 60 * MINUTE,
      daysAhead: 22,
      units: [{ label: 'Pumpkin loaves', productIds: [pie], quantity: 2 }],
    });
    expect((await submit(a!, [{ productId: pie, quantity: 2 }], 22, '10:00 AM')).status).toBe(201);
    const soldOut = await submit(b!, [{ productId: pie, quantity: 1 }], 22, '10:00 AM');
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({
      code: 'drop_sold_out',
      message: 'Pumpkin Spice Loaf is sold out in the Harvest drop.',
    });
    expect(open.units[0]!.left).toBe(2);

    await drop({
      name: 'Winter',
      opensIn: 60 * MINUTE,
      closesIn: 120 * MINUTE,
      daysAhead: 23,
      units: [{ label: 'Pumpkin loaves', productIds: [pie], quantity: 5 }],
    });
    const early = await submit(b!, [{ productId: pie, quantity: 1 }], 23, '10:00 AM');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('drop_not_open');
    expect(early.body.message).toMatch(
      /^Pumpkin Spice Loaf can be ordered when the Winter drop opens on /,
    );

    await drop({
      name: 'Autumn',
      opensIn: -120 * MINUTE,
      closesIn: -MINUTE,
      daysAhead: 24,
      units: [{ label: 'Pumpkin loaves', productIds: [pie], quantity: 5 }],
    });
    const late = await submit(b!, [{ productId: pie, quantity: 1 }], 24, '10:00 AM');
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('drop_closed');
    expect(late.body.message).toMatch(/Pumpkin Spice Loaf can no longer be ordered\.$/);
  });
});

describe('a drop picked up in some windows only', () => {
  it('refuses its items in the other windows, naming the item and the window', async () => {
    const [a] = await customers(1);
    const item = 'honey-oat-bread';
    const morning = await window(29, { '*': 100 }, '10:00');
    const noon = await window(29, { '*': 100 }, '12:00');
    const made = await owner.post('/api/admin/drops', {
      name: 'Noon bread',
      opensAt: new Date(Date.now() - MINUTE).toISOString(),
      closesAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      pickupDates: [addDays(today, 29)],
      windowIds: [noon.id],
      units: [{ label: 'Honey oat', productIds: [item], quantity: 5 }],
    });
    expect(made.status).toBe(201);
    try {
      const wrong = await submit(a!, [{ productId: item, quantity: 1 }], 29, '10:00 AM');
      expect(wrong.status).toBe(409);
      expect(wrong.body).toMatchObject({
        code: 'drop_window',
        message:
          'Honey Oat Bread from the Noon bread drop is picked up in the 12:00 PM – 2:00 PM window only. Please choose it.',
      });
      // The availability answer says which windows the drop serves.
      const date = addDays(today, 29);
      const seen = await a!.get(`/api/availability?fromDate=${date}&toDate=${date}`);
      expect(seen.body.days[0].drops[0].windowIds).toEqual([noon.id]);
      const right = await submit(a!, [{ productId: item, quantity: 1 }], 29, '12:00 PM');
      expect(right.status).toBe(201);
    } finally {
      // Windows are per weekday: the other tests of this file order on the same weekdays.
      for (const w of [morning, noon])
        expect((await owner.del(`/api/admin/kitchen/windows/${w.id}`)).status).toBe(200);
    }
  });
});

describe('holds', () => {
  it('keep items for their buyer, never past the quantity, and free them when they expire', async () => {
    const [a, b] = await customers(2);
    const item = 'cornbread';
    const d = await drop({
      name: 'Cornbread Friday',
      opensIn: -MINUTE,
      closesIn: 60 * MINUTE,
      daysAhead: 25,
      units: [{ label: 'Cornbread', productIds: [item], quantity: 3 }],
    });
    const held = await a!.post(`/api/drops/${d.id}/holds`, {
      items: [{ productId: item, quantity: 2 }],
    });
    expect(held.status).toBe(201);
    expect(held.body.secondsLeft).toBeGreaterThan(500);
    expect(held.body.holdMinutes).toBe(10);
    // b cannot hold or buy past what is left for others.
    const tooMany = await b!.post(`/api/drops/${d.id}/holds`, {
      items: [{ productId: item, quantity: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(
      'Only 1 Southern Cornbread left in the Cornbread Friday drop. Please order fewer.',
    );
    const date = addDays(today, 25);
    const seen = await b!.get(`/api/availability?fromDate=${date}&toDate=${date}`);
    expect(seen.body.days[0].itemsLeft[item]).toBe(1);
    expect((await submit(b!, [{ productId: item, quantity: 2 }], 25, '10:00 AM')).status).toBe(409);

    // The hold runs out (its time moved into the past): its items are free again.
    await server.prisma.dropHold.updateMany({
      where: { dropUnitId: d.units[0]!.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await submit(b!, [{ productId: item, quantity: 2 }], 25, '10:00 AM')).status).toBe(201);
    // a's hold is gone: only one left for a.
    const late = await submit(a!, [{ productId: item, quantity: 2 }], 25, '10:00 AM');
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('drop_sold_out');
    expect((await submit(a!, [{ productId: item, quantity: 1 }], 25, '10:00 AM')).status).toBe(201);
    const unit = await server.prisma.dropUnit.findUnique({ where: { id: d.units[0]!.id } });
    expect(unit?.sold).toBe(3);
  });

  it('a buyer with a hold gets the held items even when others took the rest', async () => {
    const [a, b] = await customers(2);
    const item = 'focaccia';
    const d = await drop({
      name: 'Focaccia',
      opensIn: -MINUTE,
      closesIn: 60 * MINUTE,
      daysAhead: 26,
      units: [{ label: 'Focaccia', productIds: [item], quantity: 2 }],
    });
    expect(
      (await a!.post(`/api/drops/${d.id}/holds`, { items: [{ productId: item, quantity: 1 }] }))
        .status,
    ).toBe(201);
    expect((await submit(b!, [{ productId: item, quantity: 1 }], 26, '10:00 AM')).status).toBe(201);
    expect((await submit(b!, [{ productId: item, quantity: 1 }], 26, '10:00 AM')).status).toBe(409);
    expect((await submit(a!, [{ productId: item, quantity: 1 }], 26, '10:00 AM')).status).toBe(201);
  });

  it('a buyer is told an item is sold out without waiting behind a sale of it', async () => {
    const [a, b] = await customers(2);
    const item = 'dinner-rolls';
    const d = await drop({
      name: 'Rolls at noon',
      opensIn: -MINUTE,
      closesIn: 60 * MINUTE,
      daysAhead: 27,
      units: [{ label: 'Rolls', productIds: [item], quantity: 1 }],
    });
    const hold = (client: Client) =>
      client.post(`/api/drops/${d.id}/holds`, { items: [{ productId: item, quantity: 1 }] });
    expect((await hold(a!)).status).toBe(201);
    // A sale in progress holds the unit's row until it commits. b's answer
    // comes while it still does: were b's hold to wait for that lock, this
    // test would hang until its timeout instead.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const sale = server.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "DropUnit" WHERE "id" = ${d.units[0]!.id}::uuid FOR UPDATE`;
        locked();
        await released;
      },
      { timeout: 60_000 },
    );
    await isLocked;
    const refused = await hold(b!);
    release();
    await sale;
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('drop_sold_out');
    expect(refused.body.message).toBe('Dinner Rolls is sold out in the Rolls at noon drop.');
  });

  it('the owner sets the hold from 3 to 30 minutes', async () => {
    const bad = await owner.put('/api/admin/drops/settings', { holdMinutes: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a whole number of minutes from 3 to 30');
    expect((await owner.put('/api/admin/drops/settings', { holdMinutes: 10 })).status).toBe(200);
  });
});

describe('tell me when it opens', () => {
  it('one e-mail per address when the drop opens, never to an address that unsubscribed', async () => {
    const d = await drop({
      name: 'Pie Night',
      opensIn: 30 * MINUTE,
      closesIn: 90 * MINUTE,
      daysAhead: 27,
      units: [
        { label: 'Pies of any kind', productIds: ['banana-bread', 'zucchini-bread'], quantity: 12 },
      ],
    });
    const guest = new (owner.constructor as new (url: string) => Client)(server.baseUrl);
    const asked = await guest.post(`/api/drops/${d.id}/notify`, { email: 'Pie@Example.com' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatch(
      /^Please check pie@example.com: follow the link we sent to confirm, and we will e-mail you when the Pie Night drop opens on /,
    );
    // Double opt-in (issue 39): the mailed link starts the subscription.
    await integrations!.notifications.idle();
    const confirm = smtp.messages.find(
      (m) =>
        m.subject === 'Confirm: e-mail me when Pie Night opens' && m.to[0] === 'pie@example.com',
    );
    const link = /https:\/\/shop\.example\.com(\/api\/drops\/confirm\?token=\S+)/.exec(
      confirm!.text,
    )![1]!;
    const confirmed = await fetch(`${server.baseUrl}${link}`);
    expect(await confirmed.text()).toContain('we will e-mail you when the Pie Night drop opens');
    const again = await guest.post(`/api/drops/${d.id}/notify`, { email: 'pie@example.com' });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/^We will e-mail pie@example.com when the Pie Night drop/);
    await guest.post(`/api/drops/${d.id}/notify`, { email: 'gone@example.com' });
    const gone = await server.prisma.dropSubscription.findFirst({
      where: { email: 'gone@example.com' },
    });
    await fetch(`${server.baseUrl}/api/drops/confirm?token=${gone!.token}`);
    const page = await fetch(`${server.baseUrl}/api/drops/unsubscribe?token=${gone!.token}`);
    expect(await page.text()).toContain('we will not e-mail you about this drop again');

    const run = (now: Date) =>
      notifyOpenedDrops({
        prisma: server.prisma,
        notifications: integrations!.notifications,
        log: server.deps.log,
        now,
      });
    expect((await run(new Date())).sent).toBe(0);
    const opened = new Date(Date.now() + 31 * MINUTE);
    expect((await run(opened)).sent).toBe(1);
    expect((await run(new Date(opened.getTime() + MINUTE))).sent).toBe(0);
    await integrations!.notifications.idle();
    const mails = smtp.messages.filter((m) => m.subject === 'Pie Night is open for orders');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['pie@example.com']);
    expect(mails[0]!.text).toContain('https://shop.example.com/api/drops/unsubscribe?token=');
    // Issue 37: the items, the days in words, and the drop's own page.
    expect(mails[0]!.text).toContain('In this drop: Pies of any kind (12 left).');
    expect(mails[0]!.text).toMatch(/Pickup: [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(mails[0]!.text).toContain(`https://shop.example.com/drops/${d.id}`);
  });
});

describe('the public list and the owner', () => {
  it('lists current drops with what is left and duplicates one for next week', async () => {
    const d = await drop({
      name: 'Bagel Sunday',
      opensIn: -MINUTE,
      closesIn: 60 * MINUTE,
      daysAhead: 28,
      units: [{ label: 'Dinner rolls', productIds: ['dinner-rolls'], quantity: 40 }],
    });
    const list = await owner.get('/api/drops');
    expect(list.body.drops.find((x: { id: string }) => x.id === d.id)).toMatchObject({
      name: 'Bagel Sunday',
      state: 'open',
      units: [{ label: 'Dinner rolls', quantity: 40, left: 40 }],
    });
    const copy = await owner.post(`/api/admin/drops/${d.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    expect(copy.body.pickupDates).toEqual([addDays(today, 35)]);
    expect(copy.body.state).toBe('upcoming');
  });
});
