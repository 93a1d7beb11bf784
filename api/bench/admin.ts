// Staff-side figures over 100,000 orders: GET /api/admin/stats and
// GET /api/admin/orders for a 30-day range (whole range and a 100-order page),
// and the time and peak memory of the streamed orders export.
//
// Run: `pnpm --filter @bakery/api exec node --expose-gc --import tsx bench/admin.ts`
// (the test server on a fresh database of the local PostgreSQL; BENCH_ORDERS
// sets the number of orders, 100,000 by default). Prints the figures as JSON;
// docs/statistics.md keeps the latest ones.
import os from 'node:os';
import autocannon from 'autocannon';
import type { PrismaClient } from '@bakery/prisma';
import {
  addDays,
  BAKERY_TIME_ZONE,
  bakeryToday,
  centsToDollars,
  dateRangeToUtc,
  itemsInCategory,
  taxCents,
} from '@bakery/core';
import { createUser, PASSWORD, Client } from '../test/admin/helpers.js';
import { getStats } from '../src/services/stats.js';
import { getAnalytics } from '../src/services/analytics.js';
import { listOrders } from '../src/services/orderAdmin.js';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const DAYS = 365;

/**
 * Orders spread over the last year, inserted by one INSERT ... SELECT over
 * generate_series (row-by-row inserts through the client take minutes). The
 * order lines and their money come from core (catalogue prices, taxCents), so
 * every seeded order is one the shop could have taken.
 */
export async function seedOrders(prisma: PrismaClient, count = ORDER_COUNT) {
  const existing = await prisma.order.count();
  if (existing >= count) return existing;
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
  await prisma.$executeRaw`
    WITH line AS (SELECT ordinality - 1 AS n, value AS l FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) WITH ORDINALITY)
    INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "orderDate", "pickupDate", "pickupTime", "items",
      "subtotal", "tax", "total", "paymentStatus", "orderStatus", "deliveryMethod", "deliveryFeeStatus", "isRushOrder", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), 'Customer ' || i, 'customer' || (i % 5000) || '@example.com', '8505550000', t,
      to_char((t + interval '10 days') AT TIME ZONE ${BAKERY_TIME_ZONE}, 'YYYY-MM-DD'), '10:00 AM', line.l -> 'items',
      (line.l ->> 'subtotal')::numeric, (line.l ->> 'tax')::numeric, (line.l ->> 'total')::numeric,
      (ARRAY['pending', 'paid', 'completed', 'cancelled'])[i % 4 + 1],
      CASE WHEN i % 3 = 0 THEN 'complete' ELSE 'in progress' END,
      CASE WHEN i % 5 = 0 THEN 'delivery' ELSE 'pickup' END,
      CASE WHEN i % 5 = 0 THEN 'calculated' ELSE 'not_applicable' END,
      i % 7 = 0, t, t
    FROM generate_series(${existing}::int, ${count - 1}::int) AS i
    CROSS JOIN LATERAL (SELECT now() - ((i::bigint * 7919) % ${DAYS * 86_400}) * interval '1 second' AS t) AS placed
    JOIN line ON line.n = i % ${lines.length}
  `;
  return prisma.order.count();
}

async function staffClient(baseUrl: string, prisma: PrismaClient) {
  const owner = await createUser(prisma, 'owner');
  const client = new Client(baseUrl);
  await client.post('/api/admin/login', { email: owner.email, password: PASSWORD });
  return client;
}

async function load(url: string, cookie: string, seconds: number, connections: number) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

type Run = { status: number; ms: number; bytes: number };

/** Runs `work` while sampling the process's memory every 25 ms (after a GC when --expose-gc is on). */
async function measured(work: () => Promise<Run>) {
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 25);
  try {
    return { run: await work(), baseline, peakRss, peakHeap };
  } finally {
    clearInterval(sampler);
  }
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function exportFigures({ run, baseline, peakRss, peakHeap }: Awaited<ReturnType<typeof measured>>) {
  return {
    status: run.status,
    ms: run.ms,
    megabytes: mb(run.bytes),
    gcBeforeRun: typeof global.gc === 'function',
    baselineRssMb: Math.round(mb(baseline.rss)),
    peakRssMb: Math.round(mb(peakRss)),
    baselineHeapUsedMb: Math.round(mb(baseline.heapUsed)),
    peakHeapUsedMb: Math.round(mb(peakHeap)),
  };
}

/** The median time (ms) of `runs` sequential calls. */
async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)]! * 10) / 10;
}

async function timeOnce(client: Client, path: string) {
  const start = performance.now();
  const response = await client.request('GET', path);
  // Count the bytes as they arrive rather than buffering the answer.
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  return { status: response.status, ms: Math.round(performance.now() - start), bytes };
}

export async function benchAdmin({ baseUrl, prisma }: { baseUrl: string; prisma: PrismaClient }) {
  const seedStart = performance.now();
  const orders = await seedOrders(prisma);
  const seedMs = Math.round(performance.now() - seedStart);
  await prisma.$executeRawUnsafe('ANALYZE');
  const client = await staffClient(baseUrl, prisma);
  const cookie = client.cookieHeader();
  const today = bakeryToday();
  const range = `fromDate=${addDays(today, -29)}&toDate=${today}`;
  const { start, end } = dateRangeToUtc(addDays(today, -29), today);
  const inRange = await prisma.order.count({ where: { createdAt: { gte: start, lt: end } } });

  // The aggregates alone, in this process without HTTP: the database's share of a request.
  const rangeInput = { fromDate: addDays(today, -29), toDate: today };
  const statsSql = await median(20, () => getStats(prisma, rangeInput));
  const analyticsSql = await median(20, () => getAnalytics(prisma, rangeInput));
  const ordersPageSql = await median(20, () =>
    listOrders(prisma, { ...rangeInput, limit: 100 }, () => 'paymentStatus'),
  );
  const loadAverage = os.loadavg()[0]!.toFixed(1);

  const stats = await load(`${baseUrl}/api/admin/stats?${range}`, cookie, 10, 10);
  const analytics = await load(`${baseUrl}/api/admin/analytics?${range}`, cookie, 10, 10);
  const ordersPage = await load(`${baseUrl}/api/admin/orders?${range}&limit=100`, cookie, 10, 10);
  const ordersWhole = [];
  for (let i = 0; i < 3; i++)
    ordersWhole.push(await timeOnce(client, `/api/admin/orders?${range}`));

  // Exports: time to the last byte and the process's peak memory (server and
  // client share this process; the client only counts the bytes, so the
  // growth is the server's). The 30-day range and all orders, to compare.
  const exportRange = await measured(() =>
    timeOnce(client, `/api/admin/exports/orders.xlsx?${range}`),
  );
  const exportRun = await measured(() => timeOnce(client, '/api/admin/exports/orders.xlsx'));

  return {
    cpus: os.cpus().length,
    loadAverageAtStart: loadAverage,
    loadAverageAtEnd: os.loadavg()[0]!.toFixed(1),
    orders,
    seedMs,
    directMedianMs: { stats: statsSql, analytics: analyticsSql, ordersPage100: ordersPageSql },
    ordersIn30Days: inRange,
    statsRange30Days: stats,
    analyticsRange30Days: analytics,
    ordersPage100Range30Days: ordersPage,
    ordersWholeRange30Days: {
      runsMs: ordersWhole.map((run) => run.ms),
      megabytes: Math.round((ordersWhole[0]?.bytes ?? 0) / 1e5) / 10,
    },
    exportRange30Days: exportFigures(exportRange),
    exportAllOrders: exportFigures(exportRun),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startTestServer } = await import('../test/support/testServer.js');
  const server = await startTestServer();
  try {
    console.log(JSON.stringify(await benchAdmin(server), null, 2));
  } finally {
    await server.close();
  }
}
