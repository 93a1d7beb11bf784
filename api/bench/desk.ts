// The order desk at a million orders (issue 12): every request the desk's
// grid makes (GET /api/admin/orders/desk pages: due presets, deep pages,
// each sort, search by phone / name / item, status filter) and its poll
// (GET /api/admin/orders/changes), timed over HTTP against the real server,
// with the size of each answer. The target: p95 under 100 ms, under 1 MB.
//
// Run: `pnpm --filter @bakery/api exec tsx bench/desk.ts` (alone), or as
// part of `npm run bench` after bench/admin.ts on the same seeded database.
// The seed (1,000 orders a day, due 10 days after they were placed), the
// server and the sign-in are bench/backOffice.ts's; this bench adds 1,000
// orders with distinct phones, times 30 sequential calls of each request
// after 3 warm-up calls, and prints a table and JSON.
import os from 'node:os';
import { addDays, bakeryToday } from '@bakery/core';
import type { Client } from '../test/admin/helpers.js';
import {
  isMain,
  round1,
  RUNS,
  timed,
  withSeededBackOffice,
  type BackOffice,
} from './backOffice.js';

const P95_TARGET_MS = 100;
const BYTES_TARGET = 1_000_000;

/** p50/p95 (ms) of sequential GETs after warm-ups, the answer's bytes and row count. */
async function measure(client: Client, url: string) {
  let bytes = 0;
  let rows = 0;
  const times = await timed(async () => {
    const response = await client.request('GET', url);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
    bytes = Buffer.byteLength(text);
    const body = JSON.parse(text) as { rows?: unknown[]; changed?: unknown[] };
    rows = (body.rows ?? body.changed ?? []).length;
  });
  return { ...times, kb: round1(bytes / 1000), rows };
}

/** Every desk request, on a seeded back office. */
export async function deskBench({ prisma, client, seedSeconds, loadAtStart }: BackOffice) {
  let started = performance.now();
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
  const guestSeconds = round1((performance.now() - started) / 1000);
  started = performance.now();
  await prisma.$executeRawUnsafe('VACUUM ANALYZE "Order"');
  const vacuumSeconds = round1((performance.now() - started) / 1000);

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
    `\norder desk bench: ${total.toLocaleString('en-US')} orders, seeded in ${seedSeconds} s (+ ${guestSeconds} s and VACUUM ANALYZE ${vacuumSeconds} s for the desk), ` +
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
}

if (isMain(import.meta.url)) await withSeededBackOffice('desk', deskBench);
