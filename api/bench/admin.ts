// The back office at a million orders (issue 13): stats and analytics over
// 30 days, 365 days and all time, the raw SQL floor beside them, and the
// orders workbook for about 100,000 orders and the bake sheet for a month
// (time to the last byte and the server's added memory).
//
// Run: `pnpm --filter @bakery/api exec tsx bench/admin.ts [--desk]`; with
// --desk (as `npm run bench` runs it) the order desk bench (bench/desk.ts)
// follows on the same seeded database. The seeding, the server and the
// timing are bench/backOffice.ts's. It measures 30 sequential calls of each
// after a warm-up, prints a table and JSON, and drops the database.
// docs/statistics.md keeps the latest figures.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { addDays, bakeryToday, dateRangeToUtc } from '@bakery/core';
import type { Client } from '../test/admin/helpers.js';
import { checkDailySummary } from '../src/services/dailySummary.js';
import {
  DAYS,
  isMain,
  round1,
  timed,
  withSeededBackOffice,
  type BackOffice,
} from './backOffice.js';
import { deskBench } from './desk.js';

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

/** Stats, analytics, the SQL floor and the two exports, on a seeded back office. */
export async function adminBench({
  prisma,
  databaseUrl,
  server,
  client,
  orders,
  seedSeconds,
  loadAtStart,
}: BackOffice) {
  const started = performance.now();
  const differences = (await checkDailySummary(prisma)).length;
  const checkSeconds = round1((performance.now() - started) / 1000);
  const summaryRows = Number(
    (await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "DailyOrderSummary"`)[0]!.n,
  );
  const raw = new pg.Client({ connectionString: databaseUrl });
  await raw.connect();
  try {
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
    const exportFrom = addDays(today, -Math.round((100_000 / orders) * DAYS) + 1);
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
      server.pid!,
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
      server.pid!,
    );

    const result = {
      when: new Date().toISOString(),
      cpus: os.cpus().length,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg()[0]!.toFixed(1),
      orders,
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
    await raw.end().catch(() => undefined);
  }
}

if (isMain(import.meta.url))
  await withSeededBackOffice('admin', async (office) => {
    await adminBench(office);
    if (process.argv.includes('--desk')) await deskBench(office);
  });
