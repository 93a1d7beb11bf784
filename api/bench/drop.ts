// `npm run bench:drop` (issue 25): a drop rush against the compiled server on
// PostgreSQL. It makes a database of its own, applies the migrations, seeds
// BUYERS customers (500), starts api/dist/main.js (production mode, its own
// process) and signs every buyer in (before the clock: a sign-in is not what
// the rush contends for). Then, on loopback, with every request bounded by a
// 30 s timeout:
//
//   1. the quiet shop: one customer submits QUIET orders one after another
//      (a regular menu item, no drop);
//   2. all at once: a drop of QUANTITY units of one item opens and every buyer,
//      at the same moment, holds one and submits;
//   3. spread: another drop of QUANTITY, the same buyers arriving evenly over
//      SPREAD_SECONDS (10 s), each holding then submitting.
//
// It prints, per run, orders accepted, units sold (the unit's counter and the
// stored orders), refusals by code, errors (5xx or no answer), and p50/p95/p99
// and the slowest submit, then drops the database. Needs PostgreSQL as
// bench.ts does (BENCH_PG_URL / TEST_DATABASE_URL / DATABASE_URL, else
// 127.0.0.1:5432, else an embedded one) and `pnpm --filter @bakery/api run build`.
import { withBenchDatabase } from './harness.js';
import os from 'node:os';
import { createPrismaClient, type PrismaClient } from '@bakery/prisma';
import { SEED_CATEGORY_IDS, getMenuItem } from '@bakery/core';

const productName = (id: string) => getMenuItem(id)?.name ?? id;
import { freePort } from '@bakery/test-support';
import { hashPassword } from '../src/services/auth.js';
import { Client, orderPayload } from '../test/support/factories.js';
import http from 'node:http';
import { readFileSync } from 'node:fs';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 500);
const QUANTITY = Number(process.env.BENCH_DROP_UNITS ?? 200);
const QUIET = Number(process.env.BENCH_QUIET ?? 100);
const SPREAD_SECONDS = Number(process.env.BENCH_SPREAD_SECONDS ?? 10);
const PASSWORD = 'bench-password-1';
const TIMEOUT_MS = 30_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
    : 0;

interface Outcome {
  status: number;
  code: string | null;
  message: string | null;
  ms: number;
}

async function timed(work: () => Promise<{ status: number; body: unknown }>): Promise<Outcome> {
  const started = performance.now();
  try {
    const answer = await Promise.race([
      work(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref(),
      ),
    ]);
    const body = answer.body as { code?: string; message?: string } | null;
    return {
      status: answer.status,
      code: body?.code ?? null,
      message: body?.message ?? null,
      ms: performance.now() - started,
    };
  } catch {
    return { status: 0, code: 'no answer', message: null, ms: performance.now() - started };
  }
}

/**
 * A buyer's own browser connection: one keep-alive socket, opened before the
 * clock (the buyer is on the drop's page when it opens, as a browser would be),
 * carrying the buyer's session cookie. node:http, not fetch: the bench's own
 * CPU is taken from the same two cores as the server's.
 */
class Connection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly url: URL;
  constructor(
    baseUrl: string,
    private readonly cookie: string,
    private readonly headers: Record<string, string>,
  ) {
    this.url = new URL(baseUrl);
  }

  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.agent,
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers: {
            ...this.headers,
            origin: this.url.origin,
            cookie: this.cookie,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** CPU time (user + system, ms) each process has used; a process gone since is left out. */
function cpuMs(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime), after the parenthesised command name.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ is 100 on Linux
    } catch {
      // gone, or not Linux
    }
  }
  return used;
}

/** CPU used since `before` by the processes alive now (a new one counts from 0). */
function cpuSince(before: Map<number, number>, pids: readonly number[]): number {
  let total = 0;
  for (const [pid, ms] of cpuMs(pids)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The server's process and the database's backends for this database, to count their CPU. */
async function processesOf(prisma: PrismaClient, serverPid: number | undefined) {
  const rows = await prisma.$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  return { server: serverPid ? [serverPid] : [], database: rows.map((row) => row.pid) };
}

async function createDrop(prisma: PrismaClient, name: string, productId: string, date: string) {
  return prisma.drop.create({
    data: {
      name,
      opensAt: new Date(Date.now() - 1000),
      closesAt: new Date(Date.now() + 3_600_000),
      pickupDates: [date],
      units: { create: [{ label: name, productIds: [productId], quantity: QUANTITY }] },
    },
    include: { units: true },
  });
}

interface Row {
  run: string;
  accepted: number;
  'units sold': number;
  refusals: string;
  errors: number;
  'submit p50 ms': number;
  'submit p95 ms': number;
  'submit p99 ms': number;
  'slowest answer ms': number;
  'refusal p95 ms': number;
  'server CPU ms/buyer': number | string;
  'database CPU ms/buyer': number | string;
}

async function rush(
  prisma: PrismaClient,
  buyers: Client[],
  run: string,
  dropName: string,
  productId: string,
  daysAhead: number,
  spreadMs: number,
  serverPid: number | undefined,
): Promise<Row> {
  const date = orderPayload({ daysAhead }).pickupDate as string;
  const drop = await createDrop(prisma, dropName, productId, date);
  const body = { orderData: orderPayload({ daysAhead, lines: [{ productId, quantity: 1 }] }) };
  const submits: Outcome[] = [];
  const holds: Outcome[] = [];
  const wholes: number[] = [];
  // Each buyer's page is open before the drop opens: its connection is made (and used) now.
  const connections = buyers.map(
    (client) => new Connection(client.baseUrl, client.cookieHeader(), client.headers),
  );
  await Promise.all(connections.map((c) => c.send('GET', '/api/drops')));
  const before = await processesOf(prisma, serverPid);
  const cpuBefore = { server: cpuMs(before.server), database: cpuMs(before.database) };
  await Promise.all(
    connections.map(async (buyer, i) => {
      if (spreadMs > 0) await new Promise((r) => setTimeout(r, (i / buyers.length) * spreadMs));
      const started = performance.now();
      const hold = await timed(() =>
        buyer.send('POST', `/api/drops/${drop.id}/holds`, { items: [{ productId, quantity: 1 }] }),
      );
      // A buyer refused a hold (sold out) still submits, as a browser would.
      holds.push(hold);
      const submit = await timed(() => buyer.send('POST', '/api/submit-order', body));
      submits.push(submit);
      wholes.push(performance.now() - started);
    }),
  );
  const after = await processesOf(prisma, serverPid);
  // CPU per buyer: a figure that a busy machine changes less than it changes latency.
  // (A database backend that ended during the run is not counted.)
  const cpuPerBuyer = (ms: number) => Math.round((ms / buyers.length) * 10) / 10;
  const serverCpu = cpuPerBuyer(cpuSince(cpuBefore.server, after.server));
  const databaseCpu = cpuPerBuyer(cpuSince(cpuBefore.database, after.database));
  for (const connection of connections) connection.close();
  const unit = await prisma.dropUnit.findUniqueOrThrow({ where: { id: drop.units[0]!.id } });
  const stored = await prisma.order.count({
    where: { pickupDate: date, paymentStatus: { not: 'cancelled' } },
  });
  const accepted = submits.filter((s) => s.status === 201);
  const refused = submits.filter((s) => s.status === 409);
  const errors = submits.filter((s) => s.status === 0 || s.status >= 500);
  const byCode = new Map<string, number>();
  for (const s of submits.filter((s) => s.status !== 201))
    byCode.set(`${s.status} ${s.code}`, (byCode.get(`${s.status} ${s.code}`) ?? 0) + 1);
  const all = submits.map((s) => s.ms).sort((a, b) => a - b);
  const refusalTimes = refused.map((s) => s.ms).sort((a, b) => a - b);
  const item = productName(productId);
  const namesItem = refused.every((s) => s.message?.includes(item));
  if (stored !== unit.sold) console.warn(`stored orders ${stored} != unit sold ${unit.sold}`);
  if (!namesItem) console.warn('a refusal did not name the item');
  console.log(
    `${run}: sample refusal: ${refused[0]?.message ?? '(none)'}; whole buyer (hold + submit) p95 ${percentile(
      wholes.sort((a, b) => a - b),
      95,
    )} ms; holds granted ${holds.filter((h) => h.status === 201).length}, hold p95 ${percentile(
      holds.map((h) => h.ms).sort((a, b) => a - b),
      95,
    )} ms`,
  );
  return {
    run,
    accepted: accepted.length,
    'units sold': unit.sold,
    refusals: [...byCode].map(([k, v]) => `${k}: ${v}`).join(', ') || '0',
    errors: errors.length,
    'submit p50 ms': percentile(all, 50),
    'submit p95 ms': percentile(all, 95),
    'submit p99 ms': percentile(all, 99),
    'slowest answer ms': Math.round(all[all.length - 1] ?? 0),
    'refusal p95 ms': percentile(refusalTimes, 95),
    'server CPU ms/buyer': serverCpu,
    'database CPU ms/buyer': databaseCpu,
  };
}

async function quiet(clients: Client[]): Promise<Row> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < QUIET; i++) {
    const body = { orderData: orderPayload({ daysAhead: 40 + (i % 20) }) };
    // Another buyer each time: one account may hold only 5 unpaid orders.
    const client = clients[i % clients.length]!;
    outcomes.push(await timed(() => client.post('/api/submit-order', body)));
  }
  const all = outcomes.map((s) => s.ms).sort((a, b) => a - b);
  return {
    run: `quiet shop: ${QUIET} submits one after another`,
    accepted: outcomes.filter((s) => s.status === 201).length,
    'units sold': 0,
    refusals: String(outcomes.filter((s) => s.status === 409).length),
    errors: outcomes.filter((s) => s.status === 0 || s.status >= 500).length,
    'submit p50 ms': percentile(all, 50),
    'submit p95 ms': percentile(all, 95),
    'submit p99 ms': percentile(all, 99),
    'slowest answer ms': Math.round(all[all.length - 1] ?? 0),
    'refusal p95 ms': 0,
    'server CPU ms/buyer': '',
    'database CPU ms/buyer': '',
  };
}

async function main() {
  await withBenchDatabase('bakery_drop', async ({ databaseUrl, startServer }) => {
    const prisma = createPrismaClient(databaseUrl, { max: 2 });
    const hash = await hashPassword(PASSWORD);
    await prisma.$executeRaw`
      INSERT INTO "User" ("id", "email", "password", "firstName", "lastName", "phone", "role", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), 'buyer-' || lpad(i::text, 4, '0') || '@example.com', ${hash}, 'Buyer', 'No ' || i, '8505550000', 'customer', now(), now()
      FROM generate_series(0, ${BUYERS}) AS i`;
    // The drop's quantity is what limits, not the kitchen's day.
    await prisma.capacityLimit.createMany({
      data: SEED_CATEGORY_IDS.map((category) => ({ category, maxUnits: 1_000_000 })),
    });
    const running = await startServer(await freePort());
    const clients: Client[] = [];
    let started = performance.now();
    for (let i = 0; i <= BUYERS; i++) {
      const client = new Client(running.baseUrl);
      client.headers['x-forwarded-for'] = `10.1.${i >> 8}.${i & 255}`;
      const login = await client.post('/api/login', {
        email: `buyer-${String(i).padStart(4, '0')}@example.com`,
        password: PASSWORD,
      });
      if (login.status !== 200) throw new Error(`login ${i} failed: ${login.status}`);
      clients.push(client);
    }
    console.log(`${BUYERS + 1} buyers signed in in ${Math.round(performance.now() - started)} ms`);
    const [, ...buyers] = clients;
    started = performance.now();
    const table: Row[] = [];
    table.push(await quiet(buyers));
    table.push(
      await rush(
        prisma,
        buyers,
        `all at once: ${BUYERS} buyers, ${QUANTITY} units`,
        'Cinnamon Saturday',
        'cinnamon-rolls',
        10,
        0,
        running.child.pid,
      ),
    );
    table.push(
      await rush(
        prisma,
        buyers,
        `spread: ${BUYERS} buyers over ${SPREAD_SECONDS} s, ${QUANTITY} units`,
        'Rolls Sunday',
        'dinner-rolls',
        11,
        SPREAD_SECONDS * 1000,
        running.child.pid,
      ),
    );
    console.log(
      `\nloopback, ${os.cpus().length} cores, compiled server (node dist/main.js, NODE_ENV=production), each buyer holds then submits; measured in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    console.table(table);
    const over = table.slice(1).filter((row) => row['units sold'] > QUANTITY);
    if (over.length) throw new Error('OVERSOLD');
    await prisma.$disconnect();
  });
}

await main();
