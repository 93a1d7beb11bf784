// Issue 36's property: over a random sequence of counter actions, payments,
// refunds, voids, customer changes, cancellations and restores, every
// order's amount due is its total less what its rows say it kept, and the
// day's takings, the statistics' revenue, analytics' revenue by day, the
// workbook's Daily totals and the sum of the day's rows agree to the cent.
// A failing run prints its seed (MONEY_SEED reruns it) and its actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addDays, bakeryToday, type OrderView } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { insertOrder, signedIn, type Client } from './helpers.js';
import { checkDailySummary } from '../../src/services/dailySummary.js';

let server: TestServer;
let owner: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

async function dayFigures(day: string) {
  const [glance, stats, analytics, workbook] = await Promise.all([
    admin.get('/api/admin/today'),
    owner.get(`/api/admin/stats?fromDate=${day}&toDate=${day}`),
    owner.get(`/api/admin/analytics?fromDate=${day}&toDate=${day}`),
    owner.request('GET', `/api/admin/exports/orders.xlsx?fromDate=${day}&toDate=${day}`),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await workbook.arrayBuffer());
  const sheet = book.getWorksheet('Daily totals')!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const revenueColumn = header.indexOf('Revenue (paid)') + 1;
  let workbookCents = 0;
  sheet.eachRow((row, index) => {
    if (index > 1) workbookCents += cents(Number(row.getCell(revenueColumn).value));
  });
  const rows = await server.prisma.$queryRaw<{ cents: bigint | null }[]>`
    SELECT round(sum("amount") * 100)::bigint AS cents FROM "OrderPayment"
    WHERE "bakery_day"("at") = ${day}::date`;
  return {
    takings: cents(glance.body.takings.total),
    revenue: cents(stats.body.totalRevenue),
    byDay: cents(
      (analytics.body.revenueByDay as { date: string; revenue: number }[]).find(
        (entry) => entry.date === day,
      )?.revenue ?? 0,
    ),
    workbook: workbookCents,
    rows: Number(rows[0]?.cents ?? 0),
  };
}

describe('money, by the rows', () => {
  it('keeps amount due, takings, revenue and the workbook in agreement over random sequences', async () => {
    const seed = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);
    const rand = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const today = bakeryToday();
    const actions: string[] = [];

    const { user, client: customer } = await signedInCustomer(server.baseUrl, server.prisma);
    await server.prisma.capacityShareExemption.create({ data: { userId: user.id } });
    const ids: string[] = [];
    const own = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const placed = await customer.post('/api/submit-order', {
        orderData: orderPayload({
          lines: [{ productId: pick(['banana-bread', 'lemon-poppy-seed-loaf']), quantity: 1 + i }],
          daysAhead: 10,
        }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      ids.push(placed.body.order.id);
      own.add(placed.body.order.id);
    }
    for (let i = 0; i < 6; i++)
      ids.push((await insertOrder(server.prisma, { pickupDate: addDays(today, i % 2) })).id);

    // Every kind of money movement at least once, then the random walk.
    const first = `/api/admin/orders/${ids[4]}`;
    const scripted = [
      await admin.post(`${first}/hand-over`, { payment: { method: 'cash' } }),
      await admin.patch(`${first}/fulfillment`, { orderStatus: 'in progress' }),
      await admin.post(`${first}/payments`, { method: 'card' }),
    ];
    const [taken] = (await admin.get(`${first}/payments`)).body.filter(
      (row: { kind: string; reversed: boolean }) => row.kind === 'payment' && !row.reversed,
    );
    scripted.push(
      await owner.post(`${first}/payments/${taken.id}/void`, { reason: 'mistake' }),
      await admin.post(`${first}/payments`, { method: 'other' }),
      await admin.post(`${first}/refunds`, { amount: 5, reason: 'goodwill' }),
    );
    expect(scripted.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);

    for (let step = 0; step < 120; step++) {
      const id = pick(ids);
      const base = `/api/admin/orders/${id}`;
      const roll = rand();
      let answer: { status: number };
      let name: string;
      if (roll < 0.12) {
        name = 'take';
        answer = await admin.post(`${base}/payments`, { method: pick(['cash', 'card', 'other']) });
      } else if (roll < 0.24) {
        name = 'hand-over+pay';
        answer = await admin.post(`${base}/hand-over`, {
          payment: { method: pick(['cash', 'card']) },
        });
      } else if (roll < 0.3) {
        name = 'hand-over';
        answer = await admin.post(`${base}/hand-over`, {});
      } else if (roll < 0.4) {
        name = 'undo';
        answer = await admin.patch(`${base}/fulfillment`, { orderStatus: 'in progress' });
      } else if (roll < 0.5) {
        name = 'refund';
        answer = await admin.post(`${base}/refunds`, {
          amount: pick([1, 5, 12.34, 40, 400]),
          reason: 'property test',
        });
      } else if (roll < 0.6) {
        name = 'void';
        const rows = (await admin.get(`${base}/payments`)).body as {
          id: string;
          kind: string;
          reversed: boolean;
        }[];
        const open = rows.filter((row) => row.kind === 'payment' && !row.reversed);
        answer = open.length
          ? await owner.post(`${base}/payments/${pick(open).id}/void`, { reason: 'mistake' })
          : { status: 0 };
      } else if (roll < 0.7 && own.has(id)) {
        name = 'change';
        answer = await customer.patch(`/api/my-orders/${id}`, {
          items: [{ productId: 'banana-bread', quantity: 1 + Math.floor(rand() * 4) }],
        });
      } else if (roll < 0.78) {
        name = 'cancel';
        answer = await admin.patch(`${base}/status`, { status: 'cancelled' });
      } else if (roll < 0.84) {
        name = 'restore';
        answer = await admin.post(`${base}/restore`);
      } else if (roll < 0.92) {
        name = 'confirm';
        answer = await admin.post('/api/confirm-payment', { orderId: id });
      } else {
        name = 'ready';
        answer = await admin.post(`${base}/ready`);
      }
      expect(answer.status, `seed ${seed}: ${name} answered ${answer.status}`).toBeLessThan(500);
      actions.push(`${name}:${answer.status}`);

      if (step % 20 === 19 || step === 119 || process.env.MONEY_EVERY) {
        const why = `seed ${seed}: ${actions.join(' ')}`;
        // Every order: amount due and received follow from its rows alone.
        for (const orderId of ids) {
          const view = (await admin.get(`/api/admin/orders`)).body.find(
            (order: OrderView) => order.id === orderId,
          ) as OrderView;
          const rows = (await admin.get(`/api/admin/orders/${orderId}/payments`)).body as {
            kind: string;
            amount: number;
          }[];
          const received = rows
            .filter((row) => row.kind !== 'refund')
            .reduce((sum, row) => sum + cents(row.amount), 0);
          const refunded = rows
            .filter((row) => row.kind === 'refund')
            .reduce((sum, row) => sum - cents(row.amount), 0);
          const owed = view.fulfillmentStatus === 'cancelled' ? 0 : cents(view.total);
          expect(cents(view.received), why).toBe(received);
          expect(cents(view.refundedAmount), why).toBe(refunded);
          expect(cents(view.amountDue), why).toBe(Math.max(0, owed - (received - refunded)));
          expect(received - refunded, why).toBeGreaterThanOrEqual(0);
        }
        const figures = await dayFigures(today);
        expect(figures, why).toEqual({
          takings: figures.rows,
          revenue: figures.rows,
          byDay: figures.rows,
          workbook: figures.rows,
          rows: figures.rows,
        });
        expect(await checkDailySummary(server.prisma), why).toEqual([]);
      }
    }
  }, 240_000);
});
