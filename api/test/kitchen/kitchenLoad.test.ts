// The booked-units counters (DailyKitchenLoad) that the capacity check locks
// and availability reads: after a mix of writes through Prisma, bulk and raw
// SQL (cancellations, payment changes, new dates and items, deletions, a
// rolled-back transaction), they equal a recount of the orders with core's
// own rule. And the catalogue the triggers count with is core's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEED_CATEGORY_IDS,
  MENU_ITEMS,
  unitsByCategory,
  unitsPerItem,
  type CapacityLimits,
} from '@bakery/core';
import type { Prisma } from '@bakery/prisma';
import { bookStoredOrder, storedLines } from '../../src/services/kitchen/index.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

type Line = { productId: string; name: string; price: number; quantity: unknown; variant?: string };
const line = (productId: string, quantity: unknown, variant?: string): Line => ({
  productId,
  name: productId,
  price: 10,
  quantity,
  ...(variant ? { variant } : {}),
});

/** Core's count of every booked order, per date and category (non-zero only). */
async function recount(): Promise<Record<string, number>> {
  const orders = await db.prisma.order.findMany({
    where: { paymentStatus: { not: 'cancelled' }, pickupDate: { not: null } },
    select: { pickupDate: true, items: true },
  });
  const byDate = new Map<string, CapacityLimits>();
  for (const order of orders) {
    const units = unitsByCategory(storedLines(order.items));
    const sum = byDate.get(order.pickupDate!) ?? unitsByCategory([]);
    for (const category of SEED_CATEGORY_IDS) sum[category] += units[category];
    byDate.set(order.pickupDate!, sum);
  }
  const out: Record<string, number> = {};
  for (const [date, units] of byDate)
    for (const category of SEED_CATEGORY_IDS)
      if (units[category]) out[`${date} ${category}`] = units[category];
  return out;
}

async function counters(): Promise<Record<string, number>> {
  const rows = await db.prisma.dailyKitchenLoad.findMany({ where: { units: { not: 0 } } });
  return Object.fromEntries(rows.map((row) => [`${row.date} ${row.category}`, row.units]));
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

const DATES = ['2026-12-20', '2026-12-21', '2026-12-22'];
const STATUSES = ['pending', 'paid', 'completed', 'cancelled'];
const SAMPLE_LINES: Line[] = [
  line('lemon-cake', 1, '6in'),
  line('lemon-cake', 2, '8in'),
  line('vanilla-cupcakes', 1, '12-count'),
  line('vanilla-cupcakes', 3),
  line('classic-sandwich-loaf', 2),
  line('no-such-product', 4),
  line('classic-sandwich-loaf', 'two'),
  line('classic-sandwich-loaf', -1),
  ...MENU_ITEMS.filter((item) => ['muffins', 'brownies'].includes(item.category))
    .slice(0, 2)
    .map((item) => line(item.id, 1)),
];

describe('DailyKitchenLoad', () => {
  it('a submission and a staff change of the same day never deadlock', async () => {
    const date = '2026-12-28';
    const cake = line('lemon-cake', 1, '6in');
    const other = await db.prisma.order.create({
      data: {
        customerName: 'Dana Baker',
        customerEmail: 'dana@example.com',
        pickupDate: date,
        pickupTime: '10:00 AM',
        items: [cake] as unknown as Prisma.InputJsonValue,
        subtotal: 45,
        tax: 3.94,
        total: 48.94,
      },
    });
    let staffChange: Promise<unknown> | null = null;
    // The submission locks the day's counters, then a staff member cancels another order
    // of that day (placed today), then the submission inserts its order and commits.
    await db.prisma.$transaction(async (tx) => {
      const mine = await tx.order.create({
        data: {
          customerName: 'Sam Baker',
          customerEmail: 'sam@example.com',
          pickupDate: date,
          pickupTime: '11:00 AM',
          items: [],
          subtotal: 45,
          tax: 3.94,
          total: 48.94,
        },
      });
      await bookStoredOrder(tx, {
        orderId: mine.id,
        date,
        pickupTime: '11:00 AM',
        deliveryMethod: 'pickup',
        lines: [{ productId: 'lemon-cake', quantity: 1, variant: '6in' }],
        holder: null,
        userId: null,
        today: '2026-12-01',
        holds: 'all',
      });
      // (A Prisma query runs once then() is called on it.)
      staffChange = db.prisma.order
        .update({ where: { id: other.id }, data: { paymentStatus: 'cancelled' } })
        .then((order) => order);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the staff change now waits
      await tx.order.update({
        where: { id: mine.id },
        data: { items: [cake] as unknown as Prisma.InputJsonValue },
      });
    });
    await expect(staffChange).resolves.toMatchObject({ paymentStatus: 'cancelled' });
    expect(await counters()).toMatchObject({ [`${date} cakes`]: 1 });
  });

  it('the triggers count with core units per product and variant', async () => {
    const rows = await db.prisma.kitchenUnit.findMany();
    const stored = Object.fromEntries(
      rows.map((row) => [`${row.productId}/${row.variant}`, `${row.category} ${row.units}`]),
    );
    const core: Record<string, string> = {};
    for (const item of MENU_ITEMS) {
      core[`${item.id}/`] = `${item.category} ${unitsPerItem(item.id, null)}`;
      for (const variant of item.variants ?? [])
        core[`${item.id}/${variant.id}`] = `${item.category} ${unitsPerItem(item.id, variant.id)}`;
    }
    // A catalogue change needs a migration that updates "KitchenUnit" (see schema.prisma).
    expect(stored).toEqual(core);
  });

  it('equals a recount of the orders after a mix of writes', async () => {
    const pick = random(17);
    const items = () =>
      Array.from({ length: 1 + pick(3) }, () => SAMPLE_LINES[pick(SAMPLE_LINES.length)]!);
    const json = (value: unknown) => value as Prisma.InputJsonValue;
    const ids: string[] = [];
    for (let step = 0; step < 120; step += 1) {
      const kind = pick(9);
      const id = ids[pick(Math.max(ids.length, 1))];
      const date = DATES[pick(DATES.length)]!;
      if (kind <= 1 || !id) {
        const order = await db.prisma.order.create({
          data: {
            customerName: 'Dana Baker',
            customerEmail: 'dana@example.com',
            pickupDate: date,
            pickupTime: '10:00 AM',
            items: json(items()),
            subtotal: 10,
            tax: 0.88,
            total: 10.88,
            paymentStatus: STATUSES[pick(STATUSES.length)],
          },
        });
        ids.push(order.id);
      } else if (kind === 2) {
        const status = STATUSES[pick(STATUSES.length)]!;
        await db.prisma.order.update({ where: { id }, data: { paymentStatus: status } });
      } else if (kind === 3) {
        await db.prisma.order.update({ where: { id }, data: { items: json(items()) } });
      } else if (kind === 4) {
        await db.prisma.order.updateMany({
          where: { pickupDate: date },
          data: { pickupDate: DATES[(DATES.indexOf(date) + 1) % DATES.length] },
        });
      } else if (kind === 5) {
        await db.prisma.$executeRaw`
          INSERT INTO "Order" ("id", "customerName", "customerEmail", "orderDate", "pickupDate", "pickupTime",
            "items", "subtotal", "tax", "total", "updatedAt")
          SELECT gen_random_uuid(), "customerName", "customerEmail", now(), ${date}, "pickupTime",
            "items", "subtotal", "tax", "total", now()
          FROM "Order" WHERE "id" = ${id}::uuid`;
      } else if (kind === 6) {
        await db.prisma.order.deleteMany({ where: { id } });
        ids.splice(ids.indexOf(id), 1);
      } else if (kind === 7) {
        // A transaction that changes orders, then fails: nothing of it stays.
        await db.prisma
          .$transaction(async (tx) => {
            await tx.order.updateMany({ data: { paymentStatus: 'cancelled' } });
            await tx.order.deleteMany({ where: { pickupDate: date } });
            throw new Error('rolled back');
          })
          .catch(() => undefined);
      } else {
        await db.prisma.order.update({
          where: { id },
          data: { pickupDate: pick(4) === 0 ? null : date, orderStatus: 'complete' },
        });
      }
    }
    const expected = await recount();
    expect(Object.keys(expected).length).toBeGreaterThan(3);
    expect(await counters()).toEqual(expected);
  });
});
