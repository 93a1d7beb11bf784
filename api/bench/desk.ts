// The order desk at a million orders (issue 12): every request the desk's
// grid makes (GET /api/admin/orders/desk pages: due presets, deep pages,
// each sort, search by phone / name / item, status filter) and its poll
// (GET /api/admin/orders/changes), timed over HTTP against the real server,
// with the size of each answer. The target: p95 under 100 ms, under 1 MB.
//
// Run: `pnpm --filter @bakery/api exec tsx bench/desk.ts`. It creates a
// database of its own on the local PostgreSQL (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), seeds BENCH_ORDERS orders
// (1,000,000 by default) with bench/admin.ts's seedOrders (1,000 a day; due
// 10 days after they were placed) plus 1,000 with distinct phones, starts the
// API in a child process (bench/adminServer.ts), times 30 sequential calls of
// each request after 3 warm-up calls, prints a table and JSON, and drops the
// database.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, createPrismaClient } from '@bakery/prisma';
import { addDays, bakeryToday } from '@bakery/core';
import { Client, createUser, PASSWORD } from '../test/admin/helpers.js';
import { seedOrders } from './admin.js';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = 30;
const P95_TARGET_MS = 100;
const BYTES_TARGET = 1_000_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

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

/** p50/p95 (ms) of RUNS sequential GETs after 3 warm-ups, the answer's bytes and row count. */
async function measure(client: Client, url: string) {
  let bytes = 0;
  let rows = 0;
  const once = async () => {
    const response = await client.request('GET', url);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
    bytes = Buffer.byteLength(text);
    const body = JSON.parse(text) as { rows?: unknown[]; changed?: unknown[] };
    rows = (body.rows ?? body.changed ?? []).length;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    p50: round1(percentile(times, 0.5)),
    p95: round1(percentile(times, 0.95)),
    kb: round1(bytes / 1000),
    rows,
  };
}

async function main() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bakery_desk_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const prisma = createPrismaClient(databaseUrl, { max: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await applyMigrations(databaseUrl);
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    let started = performance.now();
    await seedOrders(prisma, ORDER_COUNT);
    // 1,000 more with phones of their own (the seed gives every order one phone number).
    await prisma.$executeRaw`
      INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "orderDate", "pickupDate",
        "pickupTime", "items", "subtotal", "tax", "total", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), 'Desk Guest ' || i, 'guest' || i || '@example.com', '850777' || lpad(i::text, 4, '0'),
        now(), to_char(now() + (i % 14) * interval '1 day', 'YYYY-MM-DD'),
        (ARRAY['8:00 AM', '9:30 AM', '10:00 AM', '12:00 PM'])[i % 4 + 1],
        '[{"productId":"pecan-pie","name":"Maple Pecan Pie","price":30,"quantity":1}]'::jsonb,
        30, 2.63, 32.63, now() - interval '1 hour', now() - interval '1 hour'
      FROM generate_series(1, 1000) AS i`;
    const seedSeconds = round1((performance.now() - started) / 1000);
    started = performance.now();
    await prisma.$executeRawUnsafe('VACUUM ANALYZE "Order"');
    const vacuumSeconds = round1((performance.now() - started) / 1000);

    const owner = await createUser(prisma, 'owner');
    server = await startServer(databaseUrl);
    const client = new Client(server.baseUrl);
    const login = await client.post('/api/login', { email: owner.email, password: PASSWORD });
    const auto = await client.post('/api/admin/auto-login');
    if (login.status !== 200 || auto.status !== 200)
      throw new Error(`staff sign-in failed: ${login.status} ${auto.status}`);

    const today = bakeryToday();
    const coming = `dueFrom=${today}&dueTo=${addDays(today, 13)}`;
    const since = new Date(Date.now() - 30_000).toISOString();
    const desk = '/api/admin/orders/desk?';
    const requests: Record<string, string> = {
      'opening view: coming 14 days, by due date and time, first 100': `${desk}${coming}`,
      'Today, first 100': `${desk}dueFrom=${today}&dueTo=${today}`,
      'coming 14 days, rows 401-500 (a block further down)': `${desk}${coming}&offset=400`,
      'coming 14 days, by total (largest first)': `${desk}${coming}&sort=total&dir=desc`,
      'coming 14 days, payment pending': `${desk}${coming}&status=pending`,
      'coming 14 days, search an item ("pecan")': `${desk}${coming}&q=pecan`,
      'all dates, by due date, first 100': `${desk}sort=due`,
      'all dates, by due date, latest first': `${desk}sort=due&dir=desc`,
      'all dates, by customer name': `${desk}sort=customer`,
      'all dates, by total (largest first)': `${desk}sort=total&dir=desc`,
      'all dates, placed newest first, rows 10,001-10,100': `${desk}sort=placed&dir=desc&offset=10000`,
      'all dates, search a phone as typed ("(850) 777-0123")': `${desk}q=${encodeURIComponent('(850) 777-0123')}`,
      'all dates, search a name ("Customer 123456")': `${desk}q=${encodeURIComponent('Customer 123456')}`,
      'all dates, search an e-mail ("customer4321@")': `${desk}q=${encodeURIComponent('customer4321@')}`,
      'all dates, search an order number (8 hex digits)': '',
      'poll: GET /api/admin/orders/changes since 30 s ago': `/api/admin/orders/changes?since=${encodeURIComponent(since)}`,
    };
    const sample = await prisma.$queryRaw<{ n: string }[]>`
      SELECT upper(right(replace("id"::text, '-', ''), 8)) AS n FROM "Order" ORDER BY "createdAt" LIMIT 1`;
    requests['all dates, search an order number (8 hex digits)'] = `${desk}q=${sample[0]!.n}`;

    const figures: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [label, path] of Object.entries(requests))
      figures[label] = await measure(client, path);

    const total = Number(
      (await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Order"`)[0]!.n,
    );
    console.log(
      `\norder desk bench: ${total.toLocaleString('en-US')} orders, seeded in ${seedSeconds} s (+ VACUUM ANALYZE ${vacuumSeconds} s), ` +
        `${RUNS} sequential calls each after 3 warm-ups; ${os.cpus().length} cores, load ${loadAtStart} at start`,
    );
    console.log(
      'request'.padEnd(62),
      'p50 ms'.padStart(7),
      'p95 ms'.padStart(7),
      'KB'.padStart(7),
      'rows'.padStart(5),
    );
    let failures = 0;
    for (const [label, f] of Object.entries(figures)) {
      const ok = f.p95 < P95_TARGET_MS && f.kb * 1000 < BYTES_TARGET;
      if (!ok) failures++;
      console.log(
        label.padEnd(62),
        String(f.p50).padStart(7),
        String(f.p95).padStart(7),
        String(f.kb).padStart(7),
        String(f.rows).padStart(5),
        ok ? '' : ' <- over target',
      );
    }
    console.log(
      failures === 0
        ? `every desk request: p95 under ${P95_TARGET_MS} ms and under 1 MB`
        : `${failures} request(s) over the target (p95 ${P95_TARGET_MS} ms, 1 MB)`,
    );
    console.log(JSON.stringify({ orders: total, seedSeconds, figures }, null, 2));
  } finally {
    server?.child.kill('SIGTERM');
    await prisma.$disconnect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
