// PostgreSQL restarted under load (issue 27): a real API process
// (burstServer.ts, the real mail queue sending to an SMTP peer) runs on an
// embedded PostgreSQL of the test's own (never the machine's shared one), so
// the test can stop and start the database. A burst of order submissions,
// each with its own Idempotency-Key; PostgreSQL is stopped when the first
// order is answered. While it is down every request is answered 503 with
// `{ code: 'service_unavailable', message }` (never 500) and the process
// stays up. PostgreSQL is started again: the API serves again by itself,
// every order answered 201 exists once, the clients' retries with their keys
// get their order or place it, and each order's confirmation mail is sent
// exactly once. The test prints what it did and counted.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyMigrations, createPrismaClient, type PrismaClient } from '@bakery/prisma';
import { freePort } from '@bakery/test-support';
import {
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../../src/db/embedded.js';
import { Client, createUser, orderPayload, PASSWORD } from '../support/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';

let dataDir: string;
let port: number;
let postgres: EmbeddedServer | null = null;
let databaseUrl: string;
let prisma: PrismaClient;
let smtp: SmtpPeer;
const running = new Set<ReturnType<typeof spawn>>();

const startPostgres = () =>
  startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port, persistent: true });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-pg-restart-'));
  port = await freePort();
  postgres = await startPostgres();
  databaseUrl = await ensureDatabase(postgres.serverUrl, 'bakery');
  await applyMigrations(databaseUrl);
  prisma = createPrismaClient(databaseUrl, { max: 3 });
  smtp = await startSmtpPeer();
}, 120_000);
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await prisma?.$disconnect();
  await smtp?.close();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/integrations/burstServer.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      BURST_DATABASE_URL: databaseUrl,
      BURST_SMTP_PORT: String(smtp.port),
      BURST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(signal ?? code);
    }),
  );
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    void exited.then(() => reject(new Error(`the API exited before listening: ${errors}`)));
  });
  return { child, url, exited, errors: () => errors };
}

const ACCOUNTS = 10;
const PER_ACCOUNT = 4; // under the cap of 5 unpaid orders per account
const TOTAL = ACCOUNTS * PER_ACCOUNT;

it('answers 503 while PostgreSQL is down, recovers by itself, loses no order and mails each once', async () => {
  const users = await Promise.all(Array.from({ length: ACCOUNTS }, () => createUser(prisma)));
  const api = startServer();
  const baseUrl = await api.url;
  const clients = await Promise.all(
    users.map(async (user) => {
      const client = new Client(baseUrl);
      const login = await client.post('/api/login', { email: user.email, password: PASSWORD });
      expect(login.status).toBe(200);
      return client;
    }),
  );
  const submissions = Array.from({ length: TOTAL }, (_, i) => ({
    key: `pg-restart-${i}-${Date.now()}`,
    account: i % ACCOUNTS,
    orderData: orderPayload({ daysAhead: 10 + Math.floor(i / ACCOUNTS) * 7 + (i % 7) }),
  }));
  const submit = (client: Client, s: (typeof submissions)[number]) => {
    client.headers = { 'idempotency-key': s.key };
    return client.post('/api/submit-order', { orderData: s.orderData });
  };

  // The burst; PostgreSQL is stopped (fast shutdown) when the first order is answered.
  let stopping = null as Promise<void> | null;
  const answers = await Promise.all(
    submissions.map((s) =>
      submit(clients[s.account]!, s).then(
        (answer) => {
          if (!stopping && answer.status === 201) stopping = postgres!.stop();
          return {
            status: answer.status,
            id: (answer.body?.order?.id as string) ?? null,
            code: answer.body?.code as string | undefined,
          };
        },
        (error: Error) => ({ status: 0, id: null, code: error.message }),
      ),
    ),
  );
  expect(stopping).not.toBeNull();
  await stopping;
  const created = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status === 503);
  expect(
    answers.filter((a) => a.status !== 201 && a.status !== 503),
    `every answer of the burst is 201 or 503; the API's errors: ${api.errors().slice(-3000)}`,
  ).toEqual([]);
  for (const answer of refused) expect(answer.code).toBe('service_unavailable');

  // While it is down: 503 with a JSON { code, message } for an order, a page of
  // the customer's orders and the health check; the process is still up.
  const whileDown: number[] = [];
  for (const s of submissions.slice(0, 3)) {
    const again = await submit(clients[s.account]!, s);
    expect(again.status, JSON.stringify(again.body)).toBe(503);
    expect(again.body).toMatchObject({ code: 'service_unavailable', message: expect.any(String) });
    whileDown.push(again.status);
  }
  const mine = await clients[0]!.get('/api/my-orders');
  expect(mine.status, JSON.stringify(mine.body)).toBe(503);
  expect(mine.body).toMatchObject({ code: 'service_unavailable', message: expect.any(String) });
  whileDown.push(mine.status);
  const health = await clients[0]!.get('/api/health');
  expect(health.status).toBe(503);
  expect(api.child.exitCode).toBeNull();
  expect(api.child.signalCode).toBeNull();

  // PostgreSQL back on the same folder and port: the API serves again by itself.
  const downMs = Date.now();
  postgres = await startPostgres();
  let recoveredAfter = -1;
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const answer = await clients[0]!.get('/api/my-orders');
    if (answer.status === 200) {
      recoveredAfter = Date.now() - started;
      break;
    }
    expect(answer.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(recoveredAfter, 'the API answers 200 again without a restart').toBeGreaterThanOrEqual(0);
  const outage = Date.now() - downMs;

  // Every 201 exists exactly once; nothing half-made.
  const stored = await prisma.order.findMany();
  for (const answer of created)
    expect(
      stored.filter((o) => o.id === answer.id),
      `order ${answer.id}`,
    ).toHaveLength(1);
  for (const order of stored) expect(Number(order.total)).toBeGreaterThan(0);
  expect(await prisma.outboundMail.count({ where: { kind: 'order-received' } })).toBe(
    stored.length,
  );
  const storedAfterOutage = stored.length;

  // The clients retry what was not answered 201, with the same keys.
  const retries = await Promise.all(
    submissions.map(async (s, i) => {
      const answer = await submit(clients[s.account]!, s);
      return { i, status: answer.status, id: answer.body?.order?.id as string };
    }),
  );
  for (const retry of retries) {
    expect([200, 201], JSON.stringify(retry)).toContain(retry.status);
    const before = answers[retry.i]!;
    if (before.status === 201) expect(retry).toMatchObject({ status: 200, id: before.id });
  }
  const final = await prisma.order.findMany();
  expect(final).toHaveLength(TOTAL);
  expect(new Set(final.map((o) => o.idempotencyKey)).size).toBe(TOTAL);

  // Each order's confirmation goes out once: wait until every row is sent, then a little more.
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const unsent = await prisma.outboundMail.count({
      where: { kind: 'order-received', status: { not: 'sent' } },
    });
    if (unsent === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const mails = await prisma.outboundMail.findMany({ where: { kind: 'order-received' } });
  expect(mails).toHaveLength(TOTAL);
  expect(mails.every((m) => m.status === 'sent')).toBe(true);
  const received = smtp.messages.filter((m) => m.subject.startsWith('We received your order'));
  const perSubject = new Map<string, number>();
  for (const m of received) perSubject.set(m.subject, (perSubject.get(m.subject) ?? 0) + 1);
  expect(perSubject.size).toBe(TOTAL);
  expect([...perSubject.values()].every((n) => n === 1)).toBe(true);
  expect(api.child.exitCode).toBeNull();
  api.child.kill('SIGTERM');
  await api.exited;

  process.stdout.write(
    `postgres restart: ${TOTAL} submissions from ${ACCOUNTS} accounts on an embedded PostgreSQL; stopped after the first 201: ` +
      `${created.length} × 201, ${refused.length} × 503 during the burst; while down ${whileDown.length} requests, all 503 service_unavailable, the process stayed up; ` +
      `started again: the API served again ${recoveredAfter} ms later by itself (PostgreSQL started in ${outage - recoveredAfter} ms); ${storedAfterOutage} orders stored before the retries, ` +
      `retries got ${retries.filter((r) => r.status === 200).length} × 200 and ${retries.filter((r) => r.status === 201).length} × 201; ` +
      `${final.length} orders, one per key; ${received.length} confirmation mails for ${perSubject.size} orders, each once\n`,
  );
}, 240_000);
