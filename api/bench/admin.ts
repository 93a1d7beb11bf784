// Staff-side figures over 100,000 orders: GET /api/admin/stats and
// GET /api/admin/orders for a 30-day range (whole range and a 100-order page),
// and the time and peak memory of the streamed orders export.
//
// Run alone: `pnpm --filter @bakery/api exec tsx bench/admin.ts` (uses the
// test server on a fresh database), or call `benchAdmin` from bench/bench.ts.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { PrismaClient } from '@bakery/prisma';
import { addDays, bakeryToday, itemsInCategory, dateRangeToUtc } from '@bakery/core';
import { createUser, PASSWORD, Client } from '../test/admin/helpers.js';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const DAYS = 365;

/** 100,000 orders spread over the last year, in batches (Prisma fills ids and defaults). */
export async function seedOrders(prisma: PrismaClient, count = ORDER_COUNT) {
  const existing = await prisma.order.count();
  if (existing >= count) return existing;
  const products = [...itemsInCategory('breads').slice(0, 3), ...itemsInCategory('cookies').slice(0, 3), ...itemsInCategory('cakes').slice(0, 2)];
  const statuses = ['pending', 'paid', 'completed', 'cancelled'] as const;
  const now = Date.now();
  const BATCH = 5000;
  for (let done = existing; done < count; done += BATCH) {
    const rows = [];
    for (let i = done; i < Math.min(count, done + BATCH); i++) {
      const product = products[i % products.length]!;
      const quantity = 1 + (i % 3);
      const price = product.priceCents / 100;
      const subtotal = price * quantity;
      const tax = Math.round(subtotal * 8.75) / 100;
      const createdAt = new Date(now - ((i * 7919) % (DAYS * 86_400_000)));
      rows.push({
        id: randomUUID(),
        customerName: `Customer ${i}`,
        customerEmail: `customer${i % 5000}@example.com`,
        customerPhone: '8505550000',
        orderDate: createdAt,
        pickupDate: bakeryToday(new Date(createdAt.getTime() + 10 * 86_400_000)),
        pickupTime: '10:00 AM',
        items: [{ productId: product.id, name: product.name, price, quantity, lineTotal: subtotal }],
        subtotal,
        tax,
        total: Math.round((subtotal + tax) * 100) / 100,
        paymentStatus: statuses[i % 4],
        orderStatus: i % 3 === 0 ? 'complete' : 'in progress',
        deliveryMethod: i % 5 === 0 ? 'delivery' : 'pickup',
        deliveryFeeStatus: i % 5 === 0 ? 'calculated' : 'not_applicable',
        isRushOrder: i % 7 === 0,
        createdAt,
      });
    }
    await prisma.order.createMany({ data: rows as never });
  }
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
  const { start, end } = dateRangeToUtc(addDays(today, -29), today) as unknown as { start: Date; end: Date };
  const inRange = await prisma.order.count({ where: { createdAt: { gte: new Date(start), lt: new Date(end) } } }).catch(() => null);

  const stats = await load(`${baseUrl}/api/admin/stats?${range}`, cookie, 10, 10);
  const ordersPage = await load(`${baseUrl}/api/admin/orders?${range}&limit=100`, cookie, 10, 10);
  const ordersWhole = [];
  for (let i = 0; i < 3; i++) ordersWhole.push(await timeOnce(client, `/api/admin/orders?${range}`));

  // Export of every order: time to the last byte and the process's peak memory.
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 25);
  const exportRun = await timeOnce(client, '/api/admin/exports/orders.xlsx');
  clearInterval(sampler);

  return {
    orders,
    seedMs,
    ordersIn30Days: inRange,
    statsRange30Days: stats,
    ordersPage100Range30Days: ordersPage,
    ordersWholeRange30Days: { runsMs: ordersWhole.map((run) => run.ms), bytes: ordersWhole[0]?.bytes },
    exportAllOrders: {
      status: exportRun.status,
      ms: exportRun.ms,
      megabytes: Math.round(exportRun.bytes / 1e5) / 10,
      baselineRssMb: Math.round(baseline.rss / 1e6),
      peakRssMb: Math.round(peakRss / 1e6),
      peakHeapUsedMb: Math.round(peakHeap / 1e6),
      note: 'server and client in one process: peak RSS includes the client buffering the file',
    },
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
