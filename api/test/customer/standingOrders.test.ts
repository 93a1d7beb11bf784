// Standing orders (issue 41): a signed-in customer creates one, lists it,
// changes, skips, unskips, pauses, resumes and ends it; each date until its
// lock (409 order_locked after); another customer's is not found; bad input
// is refused naming the field and nothing is stored. Occurrences are booked
// as ordinary orders within the booking horizon, before one-off buyers can
// take their units, exactly once however many runs race.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  bakeryToday,
  DEFAULT_SHOP_SETTINGS,
  formatLockTime,
  occurrenceLock,
  resetShopSettings,
  setShopSettings,
} from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import {
  loggingNotifications,
  type Notifications,
  type StandingRefusal,
} from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { skipStandingDate, unskipStandingDate } from '../../src/services/standing/customer.js';
import { runStandingBooking } from '../../src/services/standing/booking.js';
import { bakeSheet } from '../../src/services/kitchen/index.js';

const refusals: { to: string; refusal: StandingRefusal; toOwner: boolean }[] = [];
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  standingOccurrenceRefused: async (to, refusal, toOwner) => {
    refusals.push({ to, refusal, toOwner });
  },
};

let server: TestServer;
const HORIZON_DAYS = 28;

beforeAll(async () => {
  server = await startTestServer({ notifications });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  refusals.length = 0;
  await server.prisma.bookingSetting.upsert({
    where: { id: 1 },
    create: { id: 1, horizonDays: HORIZON_DAYS },
    update: { horizonDays: HORIZON_DAYS },
  });
});

afterEach(() => {
  resetShopSettings();
});

const today = () => bakeryToday();
const LOAF = 'lemon-poppy-seed-loaf';

async function customer() {
  return signedInCustomer(server.baseUrl, server.prisma);
}

const standing = (overrides: Record<string, unknown> = {}) => ({
  items: [{ productId: LOAF, quantity: 2 }],
  everyWeeks: 1,
  firstDate: addDays(today(), 10),
  pickupTime: '10:00 AM',
  deliveryMethod: 'pickup',
  ...overrides,
});

type Occurrence = {
  date: string;
  state: string;
  editableUntil: string | null;
  total: number;
  orderId: string | null;
};

async function create(client: Client, overrides: Record<string, unknown> = {}) {
  const answer = await client.post('/api/standing-orders', standing(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.standingOrder as { id: string; occurrences: Occurrence[]; status: string };
}

const loadOn = async (date: string) =>
  (
    await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date, category: 'breads' } },
    })
  )?.units ?? 0;

describe('a standing order, created and listed', () => {
  it('books every date inside the horizon as an ordinary order the customer sees in My Orders', async () => {
    const { client } = await customer();
    const first = addDays(today(), 10);
    const created = await create(client, { firstDate: first, endDate: addDays(first, 21) });
    // Four weekly dates in the season: the three inside the 28-day horizon are
    // orders already; the last is booked when it comes inside.
    expect(created.occurrences.map((o) => [o.date, o.state])).toEqual([
      [first, 'ordered'],
      [addDays(first, 7), 'ordered'],
      [addDays(first, 14), 'ordered'],
      [addDays(first, 21), 'scheduled'],
    ]);
    const lockAt = occurrenceLock(first, '10:00 AM');
    expect(created.occurrences[0]).toMatchObject({
      editableUntil: lockAt.toISOString(),
      total: expect.any(Number),
    });
    const mine = await client.get('/api/my-orders');
    const linked = (mine.body as { standingOrderId: string | null; pickupDate: string }[]).filter(
      (o) => o.standingOrderId === created.id,
    );
    expect(linked.map((o) => o.pickupDate).sort()).toEqual(
      created.occurrences.slice(0, 3).map((o) => o.date),
    );
    expect(await loadOn(first)).toBe(2);
    // The bake sheet marks the standing share of the day's loaves.
    const sheet = await bakeSheet(server.prisma, first, first);
    expect(sheet.products.find((p) => p.productId === LOAF)).toMatchObject({
      quantity: 2,
      standing: 2,
    });

    const listed = await client.get('/api/standing-orders');
    expect(listed.status).toBe(200);
    expect(listed.body.standingOrders.map((s: { id: string }) => s.id)).toEqual([created.id]);
  });

  it('charges no rush fee for an occurrence inside the rush week', async () => {
    const { client } = await customer();
    const soon = addDays(today(), 3);
    const created = await create(client, { firstDate: soon, endDate: soon });
    const order = await server.prisma.order.findUniqueOrThrow({
      where: { id: created.occurrences[0]!.orderId! },
    });
    expect(Number(order.rushFee)).toBe(0);
    expect(order.isRushOrder).toBe(false);
    expect(order.standingOrderId).toBe(created.id);
  });

  it("answers 404 for another customer's standing order, and lists only one's own", async () => {
    const { client } = await customer();
    const created = await create(client);
    const other = await customer();
    expect((await other.client.get('/api/standing-orders')).body.standingOrders).toEqual([]);
    const date = created.occurrences[0]!.date;
    for (const answer of [
      await other.client.patch(`/api/standing-orders/${created.id}`, { everyWeeks: 2 }),
      await other.client.post(`/api/standing-orders/${created.id}/skip`, { date }),
      await other.client.post(`/api/standing-orders/${created.id}/pause`, {}),
      await other.client.del(`/api/standing-orders/${created.id}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Standing order not found');
    }
    expect(await loadOn(date)).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const { client, user } = await customer();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ everyWeeks: 0 }, 400, 'everyWeeks', 'Choose every 1, 2, 3 or 4 weeks'],
      [{ everyWeeks: 9 }, 400, 'everyWeeks', 'Choose every 1, 2, 3 or 4 weeks'],
      [
        { endDate: addDays(today(), 5) },
        400,
        'endDate',
        'The end date cannot be before the first date',
      ],
      [
        {
          deliveryMethod: 'delivery',
          deliveryAddress: '1 Far Rd',
          deliveryCity: 'Miami',
          deliveryState: 'FL',
          deliveryZip: '33101',
        },
        400,
        'deliveryZip',
        '',
      ],
    ];
    for (const [overrides, status, field, message] of cases) {
      const answer = await client.post('/api/standing-orders', standing(overrides));
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      if (message) expect(answer.body.message).toBe(message);
    }
    // A weekday the shop is closed on.
    const first = addDays(today(), 10);
    const weekday = new Date(`${first}T12:00:00Z`)
      .toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
      .toLowerCase() as keyof typeof DEFAULT_SHOP_SETTINGS.hours;
    setShopSettings({
      hours: {
        ...DEFAULT_SHOP_SETTINGS.hours,
        [weekday]: { open: false, opens: '08:00', closes: '19:00' },
      },
    });
    const closed = await client.post('/api/standing-orders', standing({ firstDate: first }));
    expect(closed.status).toBe(400);
    expect(closed.body.errors[0].path).toBe('firstDate');
    expect(closed.body.message).toMatch(
      /^We're closed on \w+s\. Please choose another pickup date\.$/,
    );
    resetShopSettings();
    // An item the owner does not offer for standing orders.
    await server.prisma.standingOrderSetting.upsert({
      where: { id: 1 },
      create: { id: 1, productIds: ['chocolate-chip-cookies'] },
      update: { productIds: ['chocolate-chip-cookies'] },
    });
    try {
      const notOffered = await client.post('/api/standing-orders', standing());
      expect(notOffered.status).toBe(400);
      expect(notOffered.body.errors[0].path).toBe('items');
      expect(notOffered.body.message).toMatch(/is not offered for standing orders\.$/);
    } finally {
      await server.prisma.standingOrderSetting.deleteMany({});
    }
    expect(await server.prisma.standingOrder.count({ where: { userId: user.id } })).toBe(0);
    expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('skip, unskip, pause, resume, change and end', () => {
  it('skips a date (its units back at once) and unskips it (booked again)', async () => {
    const { client } = await customer();
    const created = await create(client);
    const date = created.occurrences[1]!.date;
    const before = await loadOn(date);
    const skipped = await client.post(`/api/standing-orders/${created.id}/skip`, { date });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const occurrence = skipped.body.standingOrder.occurrences.find(
      (o: Occurrence) => o.date === date,
    );
    expect(occurrence.state).toBe('skipped');
    // Still open until its lock: the customer can undo the skip (the page shows "Undo skip").
    expect(occurrence.editableUntil).toBe(occurrence.lockAt);
    expect(await loadOn(date)).toBe(before - 2);
    const order = await server.prisma.order.findUniqueOrThrow({
      where: { id: created.occurrences[1]!.orderId! },
    });
    expect(order.paymentStatus).toBe('cancelled');
    // A later run does not book a skipped date.
    await runStandingBooking(server.deps, { only: created.id });
    expect(await loadOn(date)).toBe(before - 2);

    const unskipped = await client.post(`/api/standing-orders/${created.id}/unskip`, { date });
    expect(unskipped.status).toBe(200);
    expect(
      unskipped.body.standingOrder.occurrences.find((o: Occurrence) => o.date === date).state,
    ).toBe('ordered');
    expect(await loadOn(date)).toBe(before);
  });

  it('pauses until a date (occurrences before it released) and resumes', async () => {
    const { client } = await customer();
    const created = await create(client);
    const dates = created.occurrences.map((o) => o.date);
    const until = dates[2]!;
    const paused = await client.post(`/api/standing-orders/${created.id}/pause`, { until });
    expect(paused.status).toBe(200);
    expect(paused.body.standingOrder.status).toBe('paused');
    const states = paused.body.standingOrder.occurrences.map((o: Occurrence) => o.state);
    expect(states.slice(0, 3)).toEqual(['paused', 'paused', 'ordered']);
    expect(
      await server.prisma.order.count({
        where: {
          standingOrderId: created.id,
          paymentStatus: { not: 'cancelled' },
          pickupDate: { lt: until },
        },
      }),
    ).toBe(0);
    const resumed = await client.post(`/api/standing-orders/${created.id}/resume`, {});
    expect(resumed.status).toBe(200);
    expect(
      resumed.body.standingOrder.occurrences.slice(0, 3).map((o: Occurrence) => o.state),
    ).toEqual(['ordered', 'ordered', 'ordered']);
  });

  it('changes quantities and cadence for the future dates, and ends the standing order', async () => {
    const { client } = await customer();
    const created = await create(client);
    const first = created.occurrences[0]!.date;
    const changed = await client.patch(`/api/standing-orders/${created.id}`, {
      items: [{ productId: LOAF, quantity: 3 }],
      everyWeeks: 2,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const occurrences = changed.body.standingOrder.occurrences as Occurrence[];
    expect(occurrences.slice(0, 2).map((o) => o.date)).toEqual([first, addDays(first, 14)]);
    expect(await loadOn(first)).toBeGreaterThanOrEqual(3);
    const live = await server.prisma.order.findMany({
      where: { standingOrderId: created.id, paymentStatus: { not: 'cancelled' } },
    });
    expect(live.map((o) => o.pickupDate).sort()).toEqual(
      occurrences.filter((o) => o.state === 'ordered').map((o) => o.date),
    );
    expect(live.every((o) => (o.items as { quantity: number }[])[0]!.quantity === 3)).toBe(true);

    const ended = await client.del(`/api/standing-orders/${created.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body.standingOrder.status).toBe('ended');
    expect(
      await server.prisma.order.count({
        where: { standingOrderId: created.id, paymentStatus: { not: 'cancelled' } },
      }),
    ).toBe(0);
    const again = await client.post(`/api/standing-orders/${created.id}/resume`, {});
    expect(again.status).toBe(409);
  });

  it('refuses a skip or an unskip after the lock with 409 order_locked naming it', async () => {
    const { client, user } = await customer();
    const created = await create(client);
    const date = created.occurrences[0]!.date;
    const lockAt = occurrenceLock(date, '10:00 AM');
    const who = { id: user.id, email: user.email };
    const message = `Changes closed on ${formatLockTime(lockAt)}: call us at (850) 555-0142.`;
    await expect(
      skipStandingDate(server.deps, {
        id: created.id,
        customer: who,
        date,
        now: new Date(lockAt.getTime() + 60_000),
      }),
    ).rejects.toMatchObject({ status: 409, code: 'order_locked', message });
    // One minute before it: taken.
    await skipStandingDate(server.deps, {
      id: created.id,
      customer: who,
      date,
      now: new Date(lockAt.getTime() - 60_000),
    });
    await expect(
      unskipStandingDate(server.deps, {
        id: created.id,
        customer: who,
        date,
        now: new Date(lockAt.getTime() + 60_000),
      }),
    ).rejects.toMatchObject({ status: 409, code: 'order_locked', message });
  });
});

describe('the booking job', () => {
  it('tells the customer and the owner once when a date cannot take an occurrence', async () => {
    const { client, user } = await customer();
    const owner = await signedIn(server.baseUrl, server.prisma, 'owner');
    const first = addDays(today(), 40);
    const created = await create(client, { firstDate: first });
    expect(created.occurrences[0]!.state).toBe('scheduled');
    await server.prisma.closedDate.create({ data: { date: first, reason: 'Holiday' } });
    await server.prisma.bookingSetting.update({ where: { id: 1 }, data: { horizonDays: 45 } });
    const run = await owner.client.post('/api/admin/standing-orders/run');
    expect(run.status).toBe(200);
    expect(run.body.refused).toBeGreaterThanOrEqual(1);
    await owner.client.post('/api/admin/standing-orders/run');
    const mine = refusals.filter((r) => r.refusal.standingOrderId === created.id);
    expect(mine.map((r) => [r.to, r.toOwner])).toEqual(
      expect.arrayContaining([
        [user.email, false],
        [owner.user.email, true],
      ]),
    );
    expect(mine.filter((r) => r.to === user.email)).toHaveLength(1);
    const listed = await client.get('/api/standing-orders');
    const occurrence = listed.body.standingOrders[0].occurrences[0];
    expect(occurrence).toMatchObject({ date: first, state: 'refused' });
    expect(occurrence.reason).toMatch(/closed/i);
    const panel = await owner.client.get('/api/admin/standing-orders');
    expect(panel.body.refused).toEqual(
      expect.arrayContaining([expect.objectContaining({ date: first, customerEmail: user.email })]),
    );
  });

  it('books each occurrence exactly once when two runs race', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, () => signedInCustomer(server.baseUrl, server.prisma)),
    );
    const first = addDays(today(), 50);
    // Stored straight away (not booked: beyond the 28-day horizon), then the horizon opens.
    const ids = [];
    for (const { user } of users)
      ids.push(
        (
          await server.prisma.standingOrder.create({
            data: {
              userId: user.id,
              items: [{ productId: LOAF, quantity: 1 }],
              everyWeeks: 1,
              firstDate: first,
              endDate: addDays(first, 14),
              pickupTime: '10:00 AM',
            },
          })
        ).id,
      );
    await server.prisma.bookingSetting.update({ where: { id: 1 }, data: { horizonDays: 70 } });
    const [a, b] = await Promise.all([
      runStandingBooking(server.deps),
      runStandingBooking(server.deps),
    ]);
    const orders = await server.prisma.order.groupBy({
      by: ['standingOrderId', 'pickupDate'],
      where: { standingOrderId: { in: ids }, paymentStatus: { not: 'cancelled' } },
      _count: true,
    });
    expect(orders).toHaveLength(ids.length * 3);
    expect(orders.every((o) => o._count === 1)).toBe(true);
    expect(a.booked + b.booked).toBeGreaterThanOrEqual(ids.length * 3);
    expect(await loadOn(first)).toBe(ids.length);
  });
});

describe('priority: standing orders before one-off buyers', () => {
  it('with 40 of a bread limit of 50 promised, concurrent one-off buyers get exactly 10', async () => {
    const date = addDays(today(), 12);
    await server.prisma.capacityLimit.upsert({
      where: { category: 'breads' },
      create: { category: 'breads', maxUnits: 50 },
      update: { maxUnits: 50 },
    });
    try {
      const subscribers = await Promise.all(Array.from({ length: 8 }, () => customer()));
      for (const { client } of subscribers)
        await create(client, {
          firstDate: date,
          endDate: date,
          items: [{ productId: LOAF, quantity: 5 }],
        });
      expect(await loadOn(date)).toBe(40);
      const buyers = await Promise.all(Array.from({ length: 16 }, () => customer()));
      const answers = await Promise.all(
        buyers.map(({ client }) =>
          client.post('/api/submit-order', {
            orderData: orderPayload({ lines: [{ productId: LOAF, quantity: 1 }], daysAhead: 12 }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
      expect(await loadOn(date)).toBe(50);
      const refused = await server.prisma.standingOccurrence.count({
        where: { date, state: 'refused' },
      });
      expect(refused).toBe(0);
    } finally {
      await server.prisma.capacityLimit.deleteMany({ where: { category: 'breads' } });
    }
  });
});
