// What the back-office benches (bench/admin.ts: stats, analytics, exports;
// bench/desk.ts: the order desk) share: a database of their own seeded once
// with BENCH_ORDERS orders (1,000,000 by default) over 1,000 days in SQL, the
// API in a child process (bench/adminServer.ts, so its memory is the server's
// alone), a signed-in owner, and the timing of sequential calls.
//
// `npm run bench` seeds once and runs both (`tsx bench/admin.ts --desk`).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyMigrations, createPrismaClient, type PrismaClient } from '@bakery/prisma';
import { BAKERY_TIME_ZONE, centsToDollars, itemsInCategory, taxCents } from '@bakery/core';
import { createDatabase, LOCAL_POSTGRES } from '@bakery/test-support';
import { Client, createUser, PASSWORD } from '../test/admin/helpers.js';

export const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 1_000_000);
/** The seeded orders are placed over this many days before now, 1,000 a day at 1,000,000. */
export const DAYS = 1000;
/** Sequential calls timed per figure, after 3 warm-up calls. */
export const RUNS = 30;
const SEED_CHUNK = 100_000;

/** True when `moduleUrl` is the script node was started with. */
export const isMain = (moduleUrl: string) =>
  !!process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href;

export const round1 = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** p50 and p95 (ms) of RUNS sequential calls of `work` after 3 warm-up calls. */
export async function timed(work: () => Promise<unknown>) {
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

/**
 * Orders spread over the last DAYS days, inserted by INSERT ... SELECT over
 * generate_series in chunks. Lines and money come from core (catalogue
 * prices, taxCents); payment states are mixed (a quarter each pending, paid,
 * completed, cancelled), a third complete, a seventh rush orders; each is due
 * 10 days after it was placed.
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

export interface BackOffice {
  prisma: PrismaClient;
  databaseUrl: string;
  /** The API process (its pid for memory readings). */
  server: ChildProcess;
  /** Signed in as the owner, staff session started. */
  client: Client;
  orders: number;
  seedSeconds: number;
  loadAtStart: string;
}

/**
 * Makes a database of its own on the local PostgreSQL (BENCH_PG_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres), seeds it, starts the API,
 * signs the owner in, runs `work`, and drops the database.
 */
export async function withSeededBackOffice(
  label: string,
  work: (office: BackOffice) => Promise<void>,
): Promise<void> {
  // BENCH_DATABASE_URL: a database seeded by an earlier run (BENCH_KEEP=1),
  // migrated again and used as it is, so a change is measured in minutes.
  const kept = process.env.BENCH_DATABASE_URL;
  const serverUrl = process.env.BENCH_PG_URL ?? LOCAL_POSTGRES;
  const database = kept
    ? { url: kept, drop: async () => undefined }
    : await createDatabase(serverUrl, `${label}_bench`);
  if (!database) throw new Error(`PostgreSQL at ${serverUrl} cannot be reached`);
  const databaseUrl = database.url;
  const prisma = createPrismaClient(databaseUrl, { max: 4 });
  let server: ChildProcess | null = null;
  try {
    await applyMigrations(databaseUrl);
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    const started = performance.now();
    if (!kept) await seedOrders(prisma);
    const seedSeconds = round1((performance.now() - started) / 1000);
    // Every summary the seed wrote a million times, as autovacuum would find them.
    await prisma.$executeRawUnsafe(
      'VACUUM ANALYZE "Order", "DailyOrderSummary", "DailyProductSales", "DailyDueSummary", "DailyPayments", "DailyTakings", "DailyOrderFigures", "DailyKitchenLoad"',
    );
    const owner = await createUser(prisma, 'owner');
    const api = await startServer(databaseUrl);
    server = api.child;
    const client = new Client(api.baseUrl);
    const login = await client.post('/api/login', { email: owner.email, password: PASSWORD });
    const auto = await client.post('/api/admin/auto-login');
    if (login.status !== 200 || auto.status !== 200)
      throw new Error(`staff sign-in failed: ${login.status} ${auto.status}`);
    await work({
      prisma,
      databaseUrl,
      server,
      client,
      orders: ORDER_COUNT,
      seedSeconds,
      loadAtStart,
    });
  } finally {
    server?.kill('SIGTERM');
    await prisma.$disconnect();
    if (process.env.BENCH_KEEP) console.log(`kept the seeded database: ${databaseUrl}`);
    else await database.drop();
  }
}
