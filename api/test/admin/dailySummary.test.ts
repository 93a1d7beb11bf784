// The daily summary (issue 13) stays equal to a recomputation from the orders
// whatever writes them: a random sequence of submissions (through POST
// /api/submit-order, as customers place them, and inserted as rows), payments,
// cancellations, fulfillments and deletions, through the staff routes and
// straight through the database (bulk inserts, bulk updates, raw SQL, a
// rolled-back transaction, TRUNCATE). The stat cards read from the summary
// must also equal figures computed here from the orders themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, dateRangeToUtc, itemsInCategory } from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import pg from 'pg';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from './helpers.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import {
  checkDailySummary,
  foldSummarySlots,
  rebuildDailySummary,
} from '../../src/services/dailySummary.js';

let server: TestServer;
let staff: Client;
/** Customers who place orders through the real route (several: one account may hold only part of a day). */
let customers: Client[];

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  customers = [];
  for (let i = 0; i < 3; i++)
    customers.push((await signedInCustomer(server.baseUrl, server.prisma)).client);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A small seeded PRNG (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const products = [
  ...itemsInCategory('breads').slice(0, 2),
  ...itemsInCategory('cookies').slice(0, 2),
  ...itemsInCategory('cakes').slice(0, 1),
];

/** Every stat figure computed from the orders themselves, for one range of bakery days. */
async function figuresFromOrders(fromDate: string, toDate: string) {
  const { start, end } = dateRangeToUtc(fromDate, toDate);
  const orders = await server.prisma.order.findMany({
    where: { createdAt: { gte: start, lt: end } },
  });
  const cents = (value: Prisma.Decimal) => Math.round(Number(value) * 100);
  // Revenue is the money rows of the range's days (issue 36): payments less
  // reversals less refunds, whatever the orders' states say now.
  const rows = await server.prisma.orderPayment.findMany({
    where: { at: { gte: start, lt: end } },
  });
  return {
    totalOrders: orders.length,
    pendingOrders: orders.filter((o) => o.paymentStatus === 'pending').length,
    completedOrders: orders.filter(
      (o) => o.orderStatus === 'complete' && o.paymentStatus !== 'cancelled',
    ).length,
    totalRevenue: rows.reduce((sum, row) => sum + cents(row.amount), 0) / 100,
    openPaymentAmount:
      orders
        .filter((o) => o.paymentStatus === 'pending')
        .reduce((sum, o) => sum + cents(o.total), 0) / 100,
  };
}

describe('daily summary', () => {
  it('equals a recomputation from the orders after a random sequence of writes', async () => {
    const seed = Number(process.env.SUMMARY_SEED ?? Date.now() % 100_000);
    const rand = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const today = bakeryToday();
    // Instants over the last 12 days, many close to New York midnight (the day boundary).
    const instant = () => {
      const day = addDays(today, -Math.floor(rand() * 12));
      const { start } = dateRangeToUtc(day, day);
      const minutes = rand() < 0.4 ? 24 * 60 - 1 - Math.floor(rand() * 30) : rand() * 24 * 60;
      return new Date(start.getTime() + Math.floor(minutes) * 60_000);
    };
    const lines = () =>
      Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
        const product = pick(products);
        return {
          productId: product.id,
          name: product.name,
          price: product.priceCents / 100,
          quantity: 1 + Math.floor(rand() * 3),
        };
      });
    const ids: string[] = [];
    const actions: string[] = [];
    const live = () => pick(ids);

    for (let step = 0; step < 160; step++) {
      const roll = rand();
      if ((roll < 0.3 || ids.length < 5) && rand() < 0.5) {
        // A submission as a customer places it: priced by core, stored by the route.
        const answer = await pick(customers).post('/api/submit-order', {
          orderData: orderPayload({
            lines: lines().map(({ productId, quantity }) => ({ productId, quantity })),
            daysAhead: 8 + Math.floor(rand() * 50),
            hasWriting: rand() < 0.3,
            delivery: rand() < 0.2,
          }),
        });
        const placed = answer.body as { order?: { id: string } };
        if (answer.status === 201 && placed.order) ids.push(placed.order.id);
        actions.push(`submit-order:${answer.status}`);
      } else if (roll < 0.3 || ids.length < 5) {
        // A submission as a row (older code paths, imports).
        const order = await insertOrder(server.prisma, {
          createdAt: instant(),
          items: lines(),
          isRushOrder: rand() < 0.2,
          rushFee: rand() < 0.2 ? 10 : 0,
          deliveryMethod: rand() < 0.2 ? 'delivery' : 'pickup',
        });
        ids.push(order.id);
        actions.push('submit');
      } else if (roll < 0.45) {
        const answer = await staff.patch(`/api/admin/orders/${live()}/status`, {
          status: pick(['paid', 'completed', 'pending']),
        });
        actions.push(`pay:${answer.status}`);
      } else if (roll < 0.55) {
        const answer = await staff.patch(`/api/admin/orders/${live()}/status`, {
          status: 'cancelled',
        });
        actions.push(`cancel:${answer.status}`);
      } else if (roll < 0.65) {
        // At the counter: half the time the money is taken in the same step (an
        // unpaid order is refused without it, issue 23), which also pays it.
        const answer = await staff.patch(
          `/api/admin/orders/${live()}/fulfill`,
          rand() < 0.5 ? { payment: { method: 'cash' } } : {},
        );
        actions.push(`fulfil:${answer.status}`);
      } else if (roll < 0.72) {
        const id = live();
        const answer = await staff.del(`/api/admin/orders/${id}`);
        if (answer.status === 200) ids.splice(ids.indexOf(id), 1);
        actions.push(`delete:${answer.status}`);
      } else if (roll < 0.78) {
        // A bulk insert: one statement, several orders.
        const data = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => {
          const items = lines();
          const subtotal = items.reduce((sum, line) => sum + line.price * line.quantity, 0);
          return {
            customerName: 'Bulk Buyer',
            customerEmail: 'bulk@example.com',
            items,
            subtotal,
            tax: Math.round(subtotal * 8.75) / 100,
            total: Math.round(subtotal * 108.75) / 100,
            paymentStatus: pick(['pending', 'paid', 'completed', 'cancelled']),
            createdAt: instant(),
          };
        });
        const created = await server.prisma.order.createManyAndReturn({
          data,
          select: { id: true },
        });
        ids.push(...created.map((order) => order.id));
        actions.push('bulk-insert');
      } else if (roll < 0.84) {
        // A bulk update of several orders in one statement.
        const some = ids.filter(() => rand() < 0.2);
        await server.prisma.order.updateMany({
          where: { id: { in: some } },
          data: { paymentStatus: pick(['paid', 'pending', 'cancelled']) },
        });
        actions.push('bulk-update');
      } else if (roll < 0.9) {
        // Raw SQL: a price correction and a move of the placed instant across days.
        await server.prisma.$executeRaw`
          UPDATE "Order" SET "total" = "total" + 1.25, "tax" = "tax" + 0.25,
            "createdAt" = "createdAt" - interval '1 day'
          WHERE "id" = ${live()}::uuid`;
        actions.push('raw-update');
      } else if (roll < 0.95) {
        // A transaction that rolls back leaves no trace.
        await server.prisma
          .$transaction(async (tx) => {
            await tx.order.update({ where: { id: live() }, data: { paymentStatus: 'paid' } });
            await tx.order.deleteMany({ where: { id: live() } });
            throw new Error('roll back');
          })
          .catch(() => undefined);
        actions.push('rollback');
      } else {
        const items = lines();
        await server.prisma.order.update({
          where: { id: live() },
          data: { items, orderStatus: pick(['complete', 'in progress']) },
        });
        actions.push('edit-items');
      }
    }

    const differences = await checkDailySummary(server.prisma);
    expect(differences, `seed ${seed}: ${actions.join(' ')}`).toEqual([]);
    // Some of every kind of write happened.
    for (const kind of [
      'submit',
      'submit-order:201',
      'pay:200',
      'cancel:200',
      'fulfil:200',
      'delete:200',
    ])
      expect(
        actions.some((action) => action === kind),
        `seed ${seed}: no ${kind}`,
      ).toBe(true);

    // The stat cards (read from the summary) equal figures computed from the orders.
    for (const [fromDate, toDate] of [
      [addDays(today, -13), today],
      [addDays(today, -4), addDays(today, -2)],
      [today, today],
    ] as const) {
      const answer = await staff.get(`/api/admin/stats?fromDate=${fromDate}&toDate=${toDate}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(await figuresFromOrders(fromDate, toDate));
    }
  }, 180_000);

  it('lets orders of one day commit side by side, each connection in its own slot', async () => {
    // Four open transactions insert a paid order of today at once. With one row
    // per day and states, the second insert would wait for the first's commit
    // (lock_timeout makes that a failure); with slots none waits.
    // Connections of their own (not the pool's few), until four land in four slots.
    const opened: { client: pg.Client; slot: number }[] = [];
    const spare: pg.Client[] = [];
    while (opened.length < 4 && spare.length < 60) {
      const client = new pg.Client({ connectionString: server.deps.config.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      const [row] = (await client.query<{ slot: number }>('SELECT pg_backend_pid() % 8 AS slot'))
        .rows;
      if (opened.some((o) => o.slot === row!.slot)) spare.push(client);
      else opened.push({ client, slot: row!.slot });
    }
    await Promise.all(spare.map((client) => client.end()));
    expect(opened).toHaveLength(4);
    const before = (await staff.get('/api/admin/stats')).body as { todayOrders: number };
    try {
      for (const { client } of opened) {
        await client.query("BEGIN; SET LOCAL lock_timeout = '2s'");
        await client.query(`
          INSERT INTO "Order" ("id", "customerName", "customerEmail", "items", "subtotal", "tax",
            "total", "paymentStatus", "updatedAt")
          VALUES (gen_random_uuid(), 'Slot Test', 'slot@example.com',
            '[{"productId":"banana-bread","price":12,"quantity":1}]', 12, 1.05, 13.05, 'paid', now())`);
      }
      for (const { client } of opened) await client.query('COMMIT');
    } finally {
      await Promise.all(opened.map(({ client }) => client.end()));
    }
    const slots = await server.prisma.$queryRaw<{ slot: number }[]>`
      SELECT DISTINCT "slot" FROM "DailyOrderSummary"
      WHERE "day" = ${bakeryToday()}::date AND "paymentStatus" = 'paid'`;
    expect(slots.map((row) => row.slot).sort()).toEqual(
      expect.arrayContaining(opened.map((o) => o.slot).sort()),
    );
    expect(await checkDailySummary(server.prisma)).toEqual([]);
    const after = (await staff.get('/api/admin/stats')).body as { todayOrders: number };
    expect(after.todayOrders).toBe(before.todayOrders + 4);

    // The hourly fold (here of every day up to today) leaves slot 0 alone, figures unchanged.
    expect(await foldSummarySlots(server.prisma, addDays(bakeryToday(), 1))).toBeGreaterThan(0);
    for (const table of ['DailyOrderSummary', 'DailyProductSales', 'DailyOrderFigures']) {
      const left = await server.prisma.$queryRawUnsafe<{ slot: number }[]>(
        `SELECT DISTINCT "slot" FROM "${table}"`,
      );
      expect(left).toEqual([{ slot: 0 }]);
    }
    expect(await checkDailySummary(server.prisma)).toEqual([]);
    expect((await staff.get('/api/admin/stats')).body).toEqual(after);
  });

  it('is emptied by TRUNCATE and reports a tampered row until rebuilt', async () => {
    await insertOrder(server.prisma, { paymentStatus: 'paid' });
    await server.prisma.$executeRaw`UPDATE "DailyOrderSummary" SET "orders" = "orders" + 5`;
    const tampered = await checkDailySummary(server.prisma);
    expect(tampered.length).toBeGreaterThan(0);
    expect(tampered[0]!.table).toBe('DailyOrderSummary');
    // The stat cards' own figures are compared too, field by field.
    await server.prisma.$executeRaw`UPDATE "DailyOrderFigures" SET "pending" = "pending" + 2`;
    const figures = (await checkDailySummary(server.prisma)).filter(
      (difference) => difference.table === 'DailyOrderFigures',
    );
    expect(figures.length).toBeGreaterThan(0);
    expect(Number(figures[0]!.stored.pending) - Number(figures[0]!.expected.pending)).toBe(2);
    await rebuildDailySummary(server.prisma);
    expect(await checkDailySummary(server.prisma)).toEqual([]);

    await server.prisma.$executeRaw`TRUNCATE "Order" CASCADE`;
    expect(await server.prisma.dailyOrderSummary.count()).toBe(0);
    expect(await server.prisma.dailyProductSales.count()).toBe(0);
    expect(await server.prisma.dailyOrderFigures.count()).toBe(0);
    const stats = await staff.get('/api/admin/stats');
    expect(stats.body).toMatchObject({ totalOrders: 0, totalRevenue: 0 });
  });
});
