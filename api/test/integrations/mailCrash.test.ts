// Nothing lost: the order's confirmation mail is stored in the order's own
// transaction. A real API process (crashServer.ts) is killed with SIGKILL
// right after that transaction commits and before the mail is sent; the mail
// is still in the queue, and the processes that run next send it exactly once.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderNumber } from '@bakery/core';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { Client, createUser, orderPayload, PASSWORD } from '../support/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createMailNotifications, readMailSettings } from '../../src/services/mail/mailer.js';
import { recordingLogger } from './helpers.js';

let db: TestDatabase;
let smtp: SmtpPeer;
let outbox: string;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-crash-mail-'));
});
afterAll(async () => {
  await smtp?.close();
  await db?.drop();
  await rm(outbox, { recursive: true, force: true });
});

function startVictim() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/integrations/crashServer.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, CRASH_DATABASE_URL: db.url, CRASH_SMTP_PORT: String(smtp.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
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

it('sends the order mail once although the process died between commit and send', async () => {
  const user = await createUser(db.prisma);
  const victim = startVictim();
  const client = new Client(await victim.url);
  expect(
    (await client.call('POST', '/api/login', { email: user.email, password: PASSWORD })).status,
  ).toBe(200);

  // The answer never comes: the process is killed after the commit.
  await expect(
    client.call('POST', '/api/submit-order', { orderData: orderPayload() }),
  ).rejects.toThrow();
  expect(await victim.exited).toBe('SIGKILL');

  const orders = await db.prisma.order.findMany({ where: { userId: user.id } });
  expect(orders).toHaveLength(1);
  const queued = await db.prisma.outboundMail.findMany({ where: { to: user.email } });
  expect(queued).toMatchObject([{ kind: 'order-received', status: 'pending', attempts: 0 }]);
  expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(0);

  // Two processes start afterwards on the same database: when the row's hold
  // (1 s in the victim) ends, the mail goes out once.
  const log = recordingLogger();
  const make = () =>
    createMailNotifications({
      prisma: db.prisma,
      log,
      settings: readMailSettings({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }),
      outboxDir: outbox,
      publicUrl: 'https://shop.example.com',
      paymentConfigured: false,
      holdMs: 200,
    });
  const [first, second] = [make(), make()];
  try {
    await Promise.all([first.idle(), second.idle()]);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
  const received = smtp.messages.filter((m) => m.to.includes(user.email));
  expect(received).toHaveLength(1);
  expect(received[0]!.subject).toBe(`We received your order #${orderNumber(orders[0]!.id)}`);
  expect(await db.prisma.outboundMail.findUnique({ where: { id: queued[0]!.id } })).toMatchObject({
    status: 'sent',
    attempts: 1,
  });
});
