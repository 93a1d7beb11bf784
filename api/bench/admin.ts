// The back office at a million orders (issue 13): stats and analytics over
// 30 days, 365 days and all time, the raw SQL floor beside them, and the
// orders workbook for about 100,000 orders and the bake sheet for a month
// (time to the last byte and the server's added memory).
//
// Run: `pnpm --filter @bakery/api exec tsx bench/admin.ts` (also the second
// half of `npm run bench`). It creates a database of its own on the local
// PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// seeds BENCH_ORDERS orders (1,000,000 by default) over 1,000 days in SQL,
// starts the API in a child process (bench/adminServer.ts, so its memory is
// the server's alone), measures 30 sequential calls of each after a warm-up,
// prints a table and JSON, and drops the database. docs/statistics.md keeps
// the latest figures.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, createPrismaClient, type PrismaClient } from '@bakery/prisma';
import {
  addDays,
  BAKERY_TIME_ZONE,
  bakeryToday,
  centsToDollars,
  dateRangeToUtc,
  itemsInCategory,
  taxCents,
} from '@bakery/core';
import { Client, createUser, PASSWORD } from '../test/admin/helpers.js';
import { checkDailySummary } from '../src/services/dailySummary.js';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = 1000;
const RUNS = 30;
const SEED_CHUNK = 100_000;

/**
 * Orders spread over the last DAYS days, inserted by INSERT ... SELECT over
 * generate_series in chunks. Lines and money come from core (catalogue
 * prices, taxCents); payment states are mixed (a quarter each pending, paid,
 * completed, cancelled), a third complete, a seventh rush orders.
 */
export async function seedOrders(prisma: PrismaClient, count = ORDER_COUNT) {
  const products = [
    ...itemsInCategory('breads').slice(0, 3),
    ...itemsInCategory('cookies').slice(0, 3),
    ...itemsInCategory('cakes').slice(0, 2),
  ];
  const lines = products.flatMap((product) =>
    [1, 2, 3].map((quantity) => {
      const subtotalCents = product.priceCents * quantity;
      const tax = taxCents(subtotalCents);
      return {
        items: [
          {
            productId: product.id,
            name: product.name,
            price: centsToDollars(product.priceCents),
            quantity,
            lineTotal: centsToDollars(subtotalCents),
          },
        ],
        subtotal: centsToDollars(subtotalCents),
        tax: centsToDollars(tax),
        total: centsToDollars(subtotalCents + tax),
      };
    }),
  );
  for (let from = 0; from < count; from += SEED_CHUNK) {
    const to = Math.min(count, from + SEED_CHUNK) - 1;
    await prisma.$executeRaw`
      WITH line AS (SELECT ordinality - 1 AS n, value AS l FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) WITH ORDINALITY)
      INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "orderDate", "pickupDate", "pickupTime", "items",
        "subtotal", "tax", "total", "paymentStatus", "orderStatus", "deliveryMethod", "deliveryFeeStatus", "isRushOrder",
        "fulfilledAt", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), 'Customer ' || i, 'customer' || (i % 5000) || '@example.com', '8505550000', t,
        to_char((t + interval '10 days') AT TIME ZONE ${BAKERY_TIME_ZONE}, 'YYYY-MM-DD'), '10:00 AM', line.l -> 'items',
        (line.l ->> 'subtotal')::numeric, (line.l ->> 'tax')::numeric, (line.l ->> 'total')::numeric,
        (ARRAY['pending', 'paid', 'completed', 'cancelled'])[i % 4 + 1],
        CASE WHEN i % 3 = 0 THEN 'complete' ELSE 'in progress' END,
        CASE WHEN i % 5 = 0 THEN 'delivery' ELSE 'pickup' END,
        CASE WHEN i % 5 = 0 THEN 'calculated' ELSE 'not_applicable' END,
        i % 7 = 0, CASE WHEN i % 3 = 0 THEN t + interval '10 days' END, t, t
      FROM generate_series(${from}::int, ${to}::int) AS i
      CROSS JOIN LATERAL (SELECT now() - ((i::bigint * 7919) % ${DAYS * 86_400}) * interval '1 second' AS t) AS placed
      JOIN line ON line.n = i % ${lines.length}
    `;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** p50 and p95 (ms) of RUNS sequential calls after 3 warm-up calls. */
async function timed(work: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: round1(percentile(times, 0.5)), p95: round1(percentile(times, 0.95)) };
}

/** The resident memory of process `pid` in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** Downloads `url`, counting bytes; the server's RSS sampled every 20 ms. */
async function download(client: Client, url: string, serverPid: number) {
  const baselineMb = rssMb(serverPid);
  let peakMb = baselineMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(serverPid));
  }, 20);
  const start = performance.now();
  try {
    const response = await client.request('GET', url);
    let bytes = 0;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
    const ms = Math.round(performance.now() - start);
    peakMb = Math.max(peakMb, rssMb(serverPid));
    return {
      status: response.status,
      seconds: round1(ms / 1000),
      fileMb: round1(bytes / 1e6),
      serverRssBeforeMb: baselineMb,
      serverRssPeakMb: peakMb,
      addedMb: round1(peakMb - baselineMb),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function startServer(databaseUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'adminServer.ts')],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function main() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bakery_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const prisma = createPrismaClient(databaseUrl, { max: 4 });
  const raw = new pg.Client({ connectionString: databaseUrl });
  try {
    await applyMigrations(databaseUrl);
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    let started = performance.now();
    await seedOrders(prisma);
    const seedSeconds = round1((performance.now() - started) / 1000);
    await prisma.$executeRawUnsafe(
      'VACUUM ANALYZE "Order", "DailyOrderSummary", "DailyProductSales"',
    );
    started = performance.now();
    const differences = (await checkDailySummary(prisma)).length;
    const checkSeconds = round1((performance.now() - started) / 1000);
    const summaryRows = Number(
      (await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "DailyOrderSummary"`)[0]!
        .n,
    );

    const owner = await createUser(prisma, 'owner');
    server = await startServer(databaseUrl);
    const client = new Client(server.baseUrl);
    const login = await client.post('/api/login', { email: owner.email, password: PASSWORD });
    const auto = await client.post('/api/admin/auto-login');
    if (login.status !== 200 || auto.status !== 200)
      throw new Error(`staff sign-in failed: ${login.status} ${auto.status}`);

    const today = bakeryToday();
    const ranges = {
      '30 days': `?fromDate=${addDays(today, -29)}&toDate=${today}`,
      '365 days': `?fromDate=${addDays(today, -364)}&toDate=${today}`,
      'all time': '',
    };
    const get = async (path: string) => {
      const response = await client.request('GET', path);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    };

    // The floor: the 30-day aggregate straight on the orders, as stats computed it before.
    await raw.connect();
    const { start, end } = dateRangeToUtc(addDays(today, -29), today);
    const floorSql = `SELECT count(*), count(*) FILTER (WHERE "paymentStatus" = 'pending'),
        count(*) FILTER (WHERE "orderStatus" = 'complete' AND "paymentStatus" <> 'cancelled'),
        sum("total") FILTER (WHERE "paymentStatus" IN ('paid', 'completed')),
        sum("total") FILTER (WHERE "paymentStatus" = 'pending')
      FROM "Order" WHERE "createdAt" >= $1 AND "createdAt" < $2`;
    const figures: Record<string, { p50: number; p95: number }> = {};
    figures['raw SQL: 30-day aggregate over the orders (the old floor)'] = await timed(() =>
      raw.query(floorSql, [start, end]),
    );
    figures['raw SQL: all-time aggregate over the daily summary'] = await timed(() =>
      raw.query(
        `SELECT sum("orders"), sum("total") FILTER (WHERE "paymentStatus" IN ('paid', 'completed')) FROM "DailyOrderSummary"`,
      ),
    );
    for (const [label, query] of Object.entries(ranges))
      figures[`GET /api/admin/stats, ${label}`] = await timed(() =>
        get(`/api/admin/stats${query}`),
      );
    for (const [label, query] of Object.entries(ranges))
      figures[`GET /api/admin/analytics, ${label}`] = await timed(() =>
        get(`/api/admin/analytics${query}`),
      );

    // About 100,000 orders: the last 100 days (1,000 orders a day).
    const exportFrom = addDays(today, -Math.round((100_000 / ORDER_COUNT) * DAYS) + 1);
    const exportRange = dateRangeToUtc(exportFrom, today);
    const exportOrders = Number(
      (
        await raw.query<{ n: string }>(
          `SELECT count(*) AS n FROM "Order" WHERE "createdAt" >= $1 AND "createdAt" < $2`,
          [exportRange.start, exportRange.end],
        )
      ).rows[0]!.n,
    );
    const ordersExport = await download(
      client,
      `/api/admin/exports/orders.xlsx?fromDate=${exportFrom}&toDate=${today}`,
      server.child.pid!,
    );
    // The bake sheet for a month of pickups (orders are picked up 10 days after ordering).
    const monthFrom = addDays(today, -40);
    const monthTo = addDays(today, -11);
    const bakeOrders = Number(
      (
        await raw.query<{ n: string }>(
          `SELECT count(*) AS n FROM "Order" WHERE "pickupDate" BETWEEN $1 AND $2 AND "paymentStatus" <> 'cancelled'`,
          [monthFrom, monthTo],
        )
      ).rows[0]!.n,
    );
    const bakeSheetExport = await download(
      client,
      `/api/admin/exports/bake-sheet.xlsx?fromDate=${monthFrom}&toDate=${monthTo}`,
      server.child.pid!,
    );

    const result = {
      when: new Date().toISOString(),
      cpus: os.cpus().length,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg()[0]!.toFixed(1),
      orders: ORDER_COUNT,
      days: DAYS,
      seedSeconds,
      summaryRows,
      summaryCheck: { seconds: checkSeconds, differences },
      latencyMs: figures,
      ordersExport: { orders: exportOrders, fromDate: exportFrom, toDate: today, ...ordersExport },
      bakeSheetExport: {
        orders: bakeOrders,
        fromDate: monthFrom,
        toDate: monthTo,
        ...bakeSheetExport,
      },
    };
    console.log('\n| call | p50 ms | p95 ms |\n|---|---|---|');
    for (const [label, { p50, p95 }] of Object.entries(figures))
      console.log(`| ${label} | ${p50} | ${p95} |`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    server?.child.kill('SIGTERM');
    await raw.end().catch(() => undefined);
    await prisma.$disconnect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
