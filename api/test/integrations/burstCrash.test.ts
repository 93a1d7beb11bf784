// Crashes lose nothing (issue 27): a real API process (burstServer.ts) is
// killed with SIGKILL in the middle of a burst of order submissions, each
// with its own Idempotency-Key, and a new process is started on the same
// database. Every order answered 201 exists exactly once with its
// confirmation mail row; no order exists half-made (without its mail row,
// lines or total); the clients' retries with the same keys get their order
// (200, the same id) or place it now (201), never a second one.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { Client, createUser, orderPayload, PASSWORD } from '../support/factories.js';

let db: TestDatabase;
const running = new Set<ReturnType<typeof spawn>>();

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await db?.drop();
});

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/integrations/burstServer.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, BURST_DATABASE_URL: db.url },
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
  return { child, url, exited };
}

const ACCOUNTS = 10;
const PER_ACCOUNT = 4; // under the cap of 5 unpaid orders per account
const TOTAL = ACCOUNTS * PER_ACCOUNT;

it('keeps every answered order once, none half-made, and retries get their order', async () => {
  const users = await Promise.all(Array.from({ length: ACCOUNTS }, () => createUser(db.prisma)));
  const first = startServer();
  const firstUrl = await first.url;
  const signIn = async (baseUrl: string) =>
    Promise.all(
      users.map(async (user) => {
        const client = new Client(baseUrl);
        const login = await client.post('/api/login', { email: user.email, password: PASSWORD });
        expect(login.status).toBe(200);
        return client;
      }),
    );
  const clients = await signIn(firstUrl);
  const submissions = Array.from({ length: TOTAL }, (_, i) => ({
    key: `burst-${i}-${Date.now()}`,
    account: i % ACCOUNTS,
    orderData: orderPayload({ daysAhead: 10 + Math.floor(i / ACCOUNTS) * 7 + (i % 7) }),
  }));
  const submit = (client: Client, s: (typeof submissions)[number]) => {
    client.headers = { 'idempotency-key': s.key };
    return client.post('/api/submit-order', { orderData: s.orderData });
  };

  // The burst: all at once; the process is killed when the first order is answered.
  let killed = false;
  const answers = await Promise.all(
    submissions.map((s) =>
      submit(clients[s.account]!, s).then(
        (answer) => {
          if (!killed && answer.status === 201) {
            killed = true;
            first.child.kill('SIGKILL');
          }
          return { status: answer.status, id: (answer.body?.order?.id as string) ?? null };
        },
        () => ({ status: 0, id: null }), // no answer: the process died
      ),
    ),
  );
  expect(await first.exited).toBe('SIGKILL');
  const created = answers.filter((a) => a.status === 201);
  const unanswered = answers.filter((a) => a.status === 0);
  const other = answers.filter((a) => a.status !== 201 && a.status !== 0);
  expect(created.length).toBeGreaterThan(0);
  expect(other).toEqual([]);

  // What the database holds after the crash.
  const stored = await db.prisma.order.findMany();
  const mails = await db.prisma.outboundMail.findMany({ where: { kind: 'order-received' } });
  const keys = submissions.map((s) => s.key);
  for (const answer of created)
    expect(
      stored.filter((o) => o.id === answer.id),
      `order ${answer.id}`,
    ).toHaveLength(1);
  expect(new Set(stored.map((o) => o.idempotencyKey)).size).toBe(stored.length);
  expect(stored.every((o) => keys.includes(o.idempotencyKey!))).toBe(true);
  // None half-made: each stored order has its lines, its total and its mail row (one transaction).
  for (const order of stored) {
    expect(Array.isArray(order.items) && order.items.length > 0).toBe(true);
    expect(Number(order.total)).toBeGreaterThan(0);
  }
  expect(mails).toHaveLength(stored.length);
  const storedAfterCrash = stored.length;

  // A new process on the same database; every client retries every submission with its key.
  const second = startServer();
  const retryClients = await signIn(await second.url);
  const retries = await Promise.all(
    submissions.map(async (s, i) => {
      const answer = await submit(retryClients[s.account]!, s);
      return { i, status: answer.status, id: answer.body?.order?.id as string };
    }),
  );
  for (const retry of retries) {
    expect([200, 201], JSON.stringify(retry)).toContain(retry.status);
    const before = answers[retry.i]!;
    if (before.status === 201) expect(retry).toMatchObject({ status: 200, id: before.id });
  }
  // Orders stored before the crash but never answered: the retry finds them (200).
  const recovered = retries.filter((r) => r.status === 200 && answers[r.i]!.status === 0);
  expect(recovered.length).toBe(storedAfterCrash - created.length);
  const final = await db.prisma.order.findMany();
  expect(final).toHaveLength(TOTAL);
  expect(new Set(final.map((o) => o.idempotencyKey)).size).toBe(TOTAL);
  expect(await db.prisma.outboundMail.count({ where: { kind: 'order-received' } })).toBe(TOTAL);
  second.child.kill('SIGTERM');
  await second.exited;

  process.stdout.write(
    `burst crash: ${TOTAL} submissions from ${ACCOUNTS} accounts; SIGKILL after the first 201: ` +
      `${created.length} answered 201, ${unanswered.length} unanswered; ${storedAfterCrash} orders stored, ` +
      `each with its mail row; after restart the retries got ${retries.filter((r) => r.status === 200).length} × 200 ` +
      `(${recovered.length} stored but unanswered) and ${retries.filter((r) => r.status === 201).length} × 201; ` +
      `${final.length} orders, one per key\n`,
  );
}, 240_000);
