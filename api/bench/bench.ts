// `npm run bench`: the per-request cost table of issue 17, measured in one run
// on this machine. It makes a database of its own, applies the migrations,
// seeds 5,000 customers and BENCH_ORDERS orders (100,000 by default; the
// measured customer has 20), starts the compiled server (api/dist/main.js,
// production mode, a process of its own, as `npm start` runs it) and measures
// with autocannon on loopback, 10 connections for BENCH_SECONDS (10) each:
//
//   - the ceiling: a raw `INSERT ... RETURNING` of the same order row through
//     a pg pool of 10, from this process, no HTTP
//   - POST /api/submit-order: signed in, orders spread over 30 pickup dates,
//     each request from another client address (X-Forwarded-For, TRUST_PROXY=1)
//   - GET /api/my-orders (20 orders)
//   - GET /api/menu (Accept-Encoding: br, gzip, as a browser sends it)
//   - GET /api/availability for 92 days (issue 25: the order page polls it)
//
// then prints requests/s and p50/p95/p99 latency, and drops the database.
// Needs PostgreSQL: BENCH_PG_URL / TEST_DATABASE_URL / DATABASE_URL, else
// 127.0.0.1:5432, else an embedded one started here. Needs `pnpm --filter
// @bakery/api run build` first (it says so). The staff side is bench/admin.ts.
import { withBenchDatabase } from './harness.js';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPrismaClient, type PrismaClient } from '@bakery/prisma';
import { SEED_CATEGORY_IDS, addDays, bakeryToday } from '@bakery/core';
import { freePort } from '@bakery/test-support';
import { hashPassword } from '../src/services/auth.js';
import { Client, orderPayload } from '../test/support/factories.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = 5_000;
const CONNECTIONS = 10;
const PASSWORD = 'bench-password-1';
const MEASURED = 'bench-00042@example.com';
/** Places the measured orders (so the measured customer keeps exactly 20). */
const ORDERING = 'bench-00043@example.com';
/** BENCH_ONLY=menu,my-orders,availability,submit,ceiling,bare measures only those (all when unset). */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const wanted = (call: string) => ONLY.length === 0 || ONLY.includes(call);

interface Figures {
  call: string;
  'requests/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  /** CPU the API process spent per request (user + system): steady under a busy machine, where rates are not. */
  'server CPU ms/req'?: number;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return Math.round(value * 10) / 10;
}

function figures(call: string, times: number[], seconds: number, non2xx: number): Figures {
  times.sort((a, b) => a - b);
  return {
    call,
    'requests/s': Math.round(times.length / seconds),
    'p50 ms': percentile(times, 50),
    'p95 ms': percentile(times, 95),
    'p99 ms': percentile(times, 99),
    'non-2xx': non2xx,
  };
}

/** The CPU time (ms) a process has used so far, from /proc (null elsewhere). */
function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 ticks/s
  } catch {
    return null;
  }
}

/** measure(), with the API process's CPU per request beside the figures. */
async function measureServer(
  pid: number | undefined,
  call: string,
  options: autocannon.Options,
): Promise<Figures> {
  const before = cpuMsOf(pid);
  const result = await measure(call, options);
  const after = cpuMsOf(pid);
  const requests = result['requests/s'] * SECONDS;
  if (before !== null && after !== null && requests > 0)
    result['server CPU ms/req'] = Math.round(((after - before) / requests) * 100) / 100;
  return result;
}

/** autocannon reports p97.5 but not p95: every response time is collected. */
function measure(call: string, options: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, duration: SECONDS, timeout: 30, ...options },
      (error, result) => {
        if (error) return reject(error);
        resolve(figures(call, times, result.duration, result.non2xx + result.errors));
      },
    );
    instance.on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
        times.push(responseTime),
    );
  });
}

/**
 * The ceiling: the same order row inserted through a pg pool of 10, 10 at a
 * time, for `ownerId` (not the customer whose orders are listed later: the
 * copies would pile up in that list).
 */
async function rawInsertCeiling(
  databaseUrl: string,
  templateId: string,
  ownerId: string,
): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const { rows } = await pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_name = 'Order' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'idempotencyKey', 'userId')`,
  );
  const columns = rows.map((row) => `"${row.column_name}"`).join(', ');
  const sql = `INSERT INTO "Order" ("id", "userId", ${columns}) SELECT gen_random_uuid(), $2::uuid, ${columns} FROM "Order" WHERE "id" = $1 RETURNING "id"`;
  const times: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await pool.query(sql, [templateId, ownerId]);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return figures(
    'raw INSERT ... RETURNING of the order row (pg pool of 10): the ceiling',
    times,
    seconds,
    0,
  );
}

/** This machine's HTTP ceiling at this moment: a bare node:http "hello" process. */
async function measureBareNode(): Promise<Figures> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q, s) => s.end('hello')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  try {
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await measure('bare node:http "hello" (the HTTP ceiling, for scale)', {
      url: `http://127.0.0.1:${port}/`,
    });
  } finally {
    child.kill('SIGTERM');
  }
}

async function seed(prisma: PrismaClient) {
  const hash = await hashPassword(PASSWORD);
  await prisma.$executeRaw`
    INSERT INTO "User" ("id", "email", "password", "firstName", "lastName", "phone", "role", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), 'bench-' || lpad(i::text, 5, '0') || '@example.com', ${hash}, 'Bench', 'Customer ' || i, '8505550000', 'customer', now(), now()
    FROM generate_series(0, ${USERS - 1}) AS i`;
  // Submitting is measured, not the kitchen's daily limits or one customer's fair share.
  await prisma.capacityLimit.createMany({
    data: SEED_CATEGORY_IDS.map((category) => ({ category, maxUnits: 2_000_000_000 })),
    skipDuplicates: true,
  });
  // Issue 25: availability answers with windows and a drop, as a shop that uses them would.
  // Windows without limits here: submitting is measured, not the windows' capacity.
  await prisma.pickupWindow.createMany({
    data: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
      ['08:00', '10:00', '12:00', '14:00'].map((start) => ({
        weekday,
        start,
        end: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`,
        fulfillment: 'pickup',
        limits: {},
      })),
    ),
  });
  const today = bakeryToday();
  await prisma.drop.create({
    data: {
      name: 'Bench drop',
      opensAt: new Date(),
      closesAt: new Date(Date.now() + 86_400_000),
      pickupDates: [addDays(today, 20), addDays(today, 21)],
      units: { create: [{ label: 'Rolls', productIds: ['dinner-rolls'], quantity: 200 }] },
    },
  });
}

/** ORDERS copies of `templateId` spread over the customers; the measured one gets exactly 20. */
async function spreadOrders(prisma: PrismaClient, templateId: string, measuredId: string) {
  const columns = (
    await prisma.$queryRaw<Array<{ column_name: string }>>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'Order' AND is_generated = 'NEVER'
        AND column_name NOT IN ('id', 'idempotencyKey', 'userId', 'customerEmail')`
  )
    .map((row) => `"${row.column_name}"`)
    .join(', ');
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Order" ("id", "userId", "customerEmail", ${columns})
     SELECT gen_random_uuid(), u.id, u.email, ${columns
       .replace(/"(\w+)"/g, 'o."$1"')
       .replace('o."pickupDate"', `to_char(o."pickupDate"::date + (i % 400) - 300, 'YYYY-MM-DD')`)}
     FROM generate_series(1, ${ORDERS}) AS i
     JOIN (SELECT id, email, row_number() OVER (ORDER BY email) - 1 AS n FROM "User"
           WHERE email LIKE 'bench-%' AND id <> $2::uuid) u ON u.n = i % ${USERS - 1}
     CROSS JOIN (SELECT * FROM "Order" WHERE "id" = $1::uuid) o`,
    templateId,
    measuredId,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Order" ("id", "userId", "customerEmail", ${columns})
     SELECT gen_random_uuid(), $2::uuid, u.email, ${columns.replace(/"(\w+)"/g, 'o."$1"')}
     FROM generate_series(1, 19), (SELECT * FROM "Order" WHERE "id" = $1::uuid) o, (SELECT email FROM "User" WHERE id = $2::uuid) u`,
    templateId,
    measuredId,
  );
  await prisma.$executeRawUnsafe('ANALYZE');
}

async function main() {
  await withBenchDatabase('bakery_bench', async ({ databaseUrl, startServer }) => {
    const prisma = createPrismaClient(databaseUrl, { max: 2 });
    let started = performance.now();
    await seed(prisma);
    const measured = await prisma.user.findUniqueOrThrow({ where: { email: MEASURED } });
    const ordering = await prisma.user.findUniqueOrThrow({ where: { email: ORDERING } });
    await prisma.capacityShareExemption.createMany({
      data: [{ userId: measured.id }, { userId: ordering.id }],
    });

    const running = await startServer(await freePort(), { logLevel: 'info' });
    const { baseUrl } = running;
    const client = new Client(baseUrl);
    const login = await client.post('/api/login', { email: MEASURED, password: PASSWORD });
    if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
    const cookie = client.cookieHeader();
    const orderingClient = new Client(baseUrl);
    const orderingLogin = await orderingClient.post('/api/login', {
      email: ORDERING,
      password: PASSWORD,
    });
    if (orderingLogin.status !== 200)
      throw new Error(`bench login failed: ${orderingLogin.status}`);
    const orderingCookie = orderingClient.cookieHeader();
    const first = await client.post('/api/submit-order', { orderData: orderPayload() });
    if (first.status !== 201)
      throw new Error(`bench order failed: ${first.status} ${JSON.stringify(first.body)}`);
    const templateId = (first.body as { order: { id: string } }).order.id;
    await spreadOrders(prisma, templateId, measured.id);
    const ordersOfMeasured = () => prisma.order.count({ where: { userId: measured.id } });
    console.log(
      `seeded ${USERS} customers and ${ORDERS + 20} orders in ${Math.round(performance.now() - started)} ms; the measured customer has ${await ordersOfMeasured()} orders`,
    );

    // 30 pickup dates (each priced by core, rush fee included), a new client address per request.
    const bodies = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({ orderData: orderPayload({ daysAhead: 3 + i }) }),
    );
    let sequence = 0;
    const table: Figures[] = [];
    started = performance.now();
    if (wanted('ceiling')) table.push(await rawInsertCeiling(databaseUrl, templateId, ordering.id));
    if (wanted('bare')) table.push(await measureBareNode());
    if (wanted('menu'))
      table.push(
        await measureServer(running.child.pid, 'GET /api/menu (br)', {
          url: `${baseUrl}/api/menu`,
          headers: { 'accept-encoding': 'br, gzip' },
        }),
      );
    const listed = await ordersOfMeasured();
    if (listed !== 20) throw new Error(`the measured customer has ${listed} orders, not 20`);
    if (wanted('my-orders'))
      table.push(
        await measureServer(running.child.pid, `GET /api/my-orders (${listed} orders)`, {
          url: `${baseUrl}/api/my-orders`,
          headers: { cookie, 'accept-encoding': 'br, gzip' },
        }),
      );
    // Issue 25: the availability the order page polls every 15 s (92 days, counters only).
    if (wanted('availability')) {
      const fromDate = bakeryToday();
      const query = `fromDate=${fromDate}&toDate=${addDays(fromDate, 91)}`;
      table.push(
        await measureServer(running.child.pid, 'GET /api/availability (92 days)', {
          url: `${baseUrl}/api/availability?${query}`,
          headers: { 'accept-encoding': 'br, gzip' },
        }),
      );
    }
    if (wanted('submit'))
      table.push(
        await measureServer(running.child.pid, 'POST /api/submit-order', {
          url: `${baseUrl}/api/submit-order`,
          method: 'POST',
          headers: { cookie: orderingCookie, origin: baseUrl, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (request) => {
                sequence += 1;
                return {
                  ...request,
                  body: bodies[sequence % bodies.length],
                  headers: {
                    ...request.headers,
                    'x-forwarded-for': `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
                  },
                };
              },
            },
          ],
        }),
      );
    console.log(
      `\n${SECONDS} s each, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores, compiled server (node dist/main.js, NODE_ENV=production); measured in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    console.table(table);
    console.log(
      `load average (1, 5, 15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    await prisma.$disconnect();
  });
}

await main();
