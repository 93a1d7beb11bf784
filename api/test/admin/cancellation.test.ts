// Requests that end when their client does (issue 13): a stats request whose
// client gives up has its query cancelled, a request over the statement
// timeout answers 503 query_timeout, and a cancelled export (orders, bake
// sheet) stops reading.
// "Stopped" is read from PostgreSQL itself: pg_stat_activity shows no
// statement of the request any more (guarded connections carry an
// application_name of their own while they work).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedIn } from './helpers.js';
import { seedOrders } from '../../bench/backOffice.js';
import { ADMIN_STATEMENT_TIMEOUT_MS, GUARD_TAG_PREFIX } from '../../src/db/queryGuard.js';

let server: TestServer;
let staff: Client;
/** Holds locks in its transactions (a stand-in for a heavy query). */
let locker: pg.Client;
/** Watches pg_stat_activity (outside any transaction: PostgreSQL keeps one snapshot of it per transaction). */
let watcher: pg.Client;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  await seedOrders(server.prisma, 30_000);
  locker = new pg.Client({ connectionString: server.deps.config.databaseUrl });
  watcher = new pg.Client({ connectionString: server.deps.config.databaseUrl });
  await locker.connect();
  await watcher.connect();
}, 180_000);

afterAll(async () => {
  await locker?.end();
  await watcher?.end();
  await server?.close();
});

/** Statements of guarded requests with `label` that PostgreSQL is running now. */
async function running(label: string) {
  const { rows } = await watcher.query<{ state: string; query: string }>(
    `SELECT state, query FROM pg_stat_activity
     WHERE datname = current_database() AND application_name LIKE $1 AND state <> 'idle'`,
    [`${GUARD_TAG_PREFIX}${label}:%`],
  );
  return rows;
}

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('a request whose client gives up', () => {
  it('has its query cancelled in PostgreSQL', async () => {
    // Hold the summary so the stats query waits: a stand-in for a heavy query.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "DailyOrderFigures" IN ACCESS EXCLUSIVE MODE');
    try {
      const controller = new AbortController();
      const request = fetch(`${server.baseUrl}/api/admin/stats`, {
        headers: { cookie: staff.cookieHeader() },
        signal: controller.signal,
      }).catch((error: unknown) => error);
      expect(await waitFor(async () => (await running('stats')).length > 0, 10_000)).toBe(true);
      controller.abort();
      await request;
      // Cancelled at once, long before the lock goes away.
      expect(await waitFor(async () => (await running('stats')).length === 0, 3_000)).toBe(true);
    } finally {
      await locker.query('ROLLBACK');
    }
    // The server is fine afterwards.
    expect((await staff.get('/api/admin/stats')).status).toBe(200);
  }, 30_000);

  it(`stops at the statement timeout (${ADMIN_STATEMENT_TIMEOUT_MS} ms) with 503 query_timeout`, async () => {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "DailyOrderFigures" IN ACCESS EXCLUSIVE MODE');
    try {
      const started = Date.now();
      const answer = await staff.get('/api/admin/analytics');
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('query_timeout');
      expect(Date.now() - started).toBeLessThan(ADMIN_STATEMENT_TIMEOUT_MS + 5_000);
      expect(await running('analytics')).toEqual([]);
    } finally {
      await locker.query('ROLLBACK');
    }
  }, 30_000);
});

describe('a cancelled export', () => {
  it('has its bake-sheet query cancelled when the download is given up', async () => {
    // Hold the orders so the bake sheet's read waits: a stand-in for a month of orders.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "Order" IN ACCESS EXCLUSIVE MODE');
    try {
      const controller = new AbortController();
      const request = fetch(
        `${server.baseUrl}/api/admin/exports/bake-sheet.xlsx?fromDate=2026-01-01&toDate=2026-01-31`,
        { headers: { cookie: staff.cookieHeader() }, signal: controller.signal },
      ).catch((error: unknown) => error);
      expect(await waitFor(async () => (await running('bake-sheet')).length > 0, 10_000)).toBe(
        true,
      );
      controller.abort();
      await request;
      expect(await waitFor(async () => (await running('bake-sheet')).length === 0, 3_000)).toBe(
        true,
      );
    } finally {
      await locker.query('ROLLBACK');
    }
    const answer = await staff.request(
      'GET',
      '/api/admin/exports/bake-sheet.xlsx?fromDate=2026-01-01&toDate=2026-01-31',
    );
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
  }, 30_000);

  it('stops reading the orders', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/admin/exports/orders.xlsx`, {
      headers: { cookie: staff.cookieHeader() },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read(); // the download has begun
    expect(await waitFor(async () => (await running('export')).length > 0, 5_000)).toBe(true);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    expect(await waitFor(async () => (await running('export')).length === 0, 3_000)).toBe(true);
    // Its transaction ends too (the rollback follows the cancel): no connection
    // is left holding the export's snapshot.
    const idleInTransaction = async () =>
      (
        await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        )
      ).rows[0]!.n;
    expect(await waitFor(async () => (await idleInTransaction()) === 0, 5_000)).toBe(true);
  }, 60_000);
});
