// `npm run bench`: the customer side under load. Seeds 5,000 customers and
// 100,000 orders (spread over them) on a fresh database, then measures with
// autocannon on loopback, 10 connections for 10 s each: GET /api/reviews,
// GET /api/my-orders, POST /api/submit-order and GET /api/health through the
// full middleware chain, beside a bare Koa "hello" app in the same process
// (the ceiling of this machine). Prints requests/s and p50/p95/p99 latency,
// then the staff figures of bench/admin.ts.
//
// Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL, else 127.0.0.1:5432,
// else an embedded one started here. BENCH_SECONDS and BENCH_ORDERS adjust it;
// BENCH_ADMIN=0 skips the staff part.
import { mkdtemp, chmod } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Koa from 'koa';
import pg from 'pg';
import type { PrismaClient } from '@bakery/prisma';
import { CATEGORY_IDS } from '@bakery/core';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.js';
import { hashPassword } from '../src/services/auth.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 5_000;
const CONNECTIONS = 10;
const PASSWORD = 'bench-password-1';

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** 5,000 customers sharing one password hash, in one statement. */
async function seedUsers(prisma: PrismaClient) {
  const hash = await hashPassword(PASSWORD);
  await prisma.$executeRaw`
    INSERT INTO "User" ("id", "email", "password", "firstName", "lastName", "phone", "role", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), 'bench-' || lpad(i::text, 5, '0') || '@example.com', ${hash}, 'Bench', 'Customer ' || i, '8505550000', 'customer', now(), now()
    FROM generate_series(0, ${USERS - 1}) AS i
    ON CONFLICT ("email") DO NOTHING`;
}

/** Every order gets one of the customers (about 20 each), and a few hundred reviews. */
async function spreadOrders(prisma: PrismaClient) {
  await prisma.$executeRaw`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM "User" WHERE email LIKE 'bench-%'),
         o AS (SELECT id, (row_number() OVER (ORDER BY id)) % ${USERS} AS n FROM "Order")
    UPDATE "Order" SET "userId" = u.id FROM o JOIN u ON u.n = o.n WHERE "Order".id = o.id`;
  await prisma.$executeRaw`
    INSERT INTO "Review" ("id", "userId", "rating", "title", "comment", "isApproved", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), NULL, (1 + i % 5)::text, 'Review ' || i, 'Lovely gluten-free treats, number ' || i, i % 3 <> 0,
      now() - i * interval '1 hour', now()
    FROM generate_series(1, 500) AS i`;
  await prisma.$executeRawUnsafe('ANALYZE');
}

interface Figures {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) /
    10
  );
}

/** autocannon reports p97.5 but not p95: collect every response time for the percentiles. */
function measure(route: string, options: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, duration: SECONDS, ...options },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          route,
          requestsPerSecond: Math.round(result.requests.average),
          p50Ms: percentile(times, 50),
          p95Ms: percentile(times, 95),
          p99Ms: percentile(times, 99),
          non2xx: result.non2xx + result.errors,
        });
      },
    );
    instance.on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
        times.push(responseTime),
    );
  });
}

async function main() {
  let embedded: EmbeddedServer | null = null;
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!given && !(await reachable('postgresql://postgres@127.0.0.1:5432/postgres'))) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-bench-pg-'));
    await chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port: 20000 + Math.floor(Math.random() * 20000),
      persistent: false,
    });
    process.env.TEST_DATABASE_URL = embedded.serverUrl;
  }
  const { startTestServer } = await import('../test/support/testServer.js');
  const { orderPayload } = await import('../test/support/factories.js');
  const { benchAdmin, seedOrders } = await import('./admin.js');
  const { Client } = await import('../test/admin/helpers.js');
  const server = await startTestServer({
    config: {
      rateLimits: {
        orderPerIp: { max: 1e9, windowMs: 60_000 },
        loginPerIp: { max: 1e9, windowMs: 60_000 },
      },
    },
  });
  const hello = new Koa().use((ctx) => {
    ctx.body = 'hello';
  });
  const helloServer = hello.listen(0, '127.0.0.1');
  await new Promise((resolve) => helloServer.once('listening', resolve));
  try {
    const started = performance.now();
    await seedUsers(server.prisma);
    const orders = await seedOrders(server.prisma);
    await spreadOrders(server.prisma);
    console.log(
      `seeded ${USERS} customers and ${orders} orders in ${Math.round(performance.now() - started)} ms`,
    );

    const client = new Client(server.baseUrl);
    const login = await client.post('/api/login', {
      email: 'bench-00042@example.com',
      password: PASSWORD,
    });
    if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
    const cookie = client.cookieHeader();
    const mine = await client.get('/api/my-orders');
    console.log(`the measured customer has ${mine.body.length} orders`);

    const figures: Figures[] = [];
    figures.push(
      await measure('bare Koa "hello" (ceiling)', {
        url: `http://127.0.0.1:${(helloServer.address() as AddressInfo).port}/`,
      }),
    );
    figures.push(await measure('GET /api/health', { url: `${server.baseUrl}/api/health` }));
    figures.push(await measure('GET /api/reviews', { url: `${server.baseUrl}/api/reviews` }));
    figures.push(
      await measure('GET /api/my-orders', {
        url: `${server.baseUrl}/api/my-orders`,
        headers: { cookie },
      }),
    );
    // Every submission below is for one pickup date; lift the kitchen's daily
    // limits so the figure measures accepted orders, not capacity refusals
    // (they still queue on that date's capacity lock, as a real rush would).
    await server.prisma.capacityLimit.createMany({
      data: CATEGORY_IDS.map((category) => ({ category, maxUnits: 2_000_000_000 })),
      skipDuplicates: true,
    });
    figures.push(
      await measure('POST /api/submit-order', {
        url: `${server.baseUrl}/api/submit-order`,
        method: 'POST',
        headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ orderData: orderPayload() }),
      }),
    );
    console.log(
      `\n${SECONDS} s each, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores`,
    );
    console.table(figures);
    if (process.env.BENCH_ADMIN !== '0') {
      console.log('\nstaff side (bench/admin.ts):');
      console.log(JSON.stringify(await benchAdmin(server), null, 2));
    }
  } finally {
    // Let the last requests autocannon left in flight finish before the database goes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    helloServer.close();
    await server.close();
    await embedded?.stop();
  }
}

await main();
