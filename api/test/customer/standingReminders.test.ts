// The reminder before a standing order's occurrence locks (issue 41), through
// the real mail service to a local SMTP server: one per occurrence however
// often the job runs, with a one-tap skip link that skips once and frees the
// units; a reused or expired link is refused with a message.
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, occurrenceLock, STANDING_MESSAGES } from '@bakery/core';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import {
  createMailNotifications,
  readMailSettings,
  type MailNotifications,
} from '../../src/services/mail/mailer.js';
import { createLogger } from '../../src/services/logger.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedInCustomer } from '../support/factories.js';
import { sendStandingReminders, useSkipLink } from '../../src/services/standing/reminders.js';

let server: TestServer;
let smtp: SmtpPeer;
let outbox: string;
let mail: MailNotifications;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-standing-'));
  server = await startTestServer({
    notifications: ({ prisma }) => {
      mail = createMailNotifications({
        prisma,
        log: createLogger({ level: 'error' }),
        settings: readMailSettings({
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(smtp.port),
          MAIL_FROM: 'Bakery <orders@example.com>',
        }),
        outboxDir: outbox,
        publicUrl: 'http://shop.test',
        paymentConfigured: false,
        retryDelaysMs: [20],
      });
      return mail;
    },
  });
}, 60_000);

afterAll(async () => {
  await mail?.close(1_000);
  await server?.close();
  await smtp?.close();
  await rm(outbox, { recursive: true, force: true });
});

const LOAF = 'lemon-poppy-seed-loaf';
const loadOn = async (date: string) =>
  (
    await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date, category: 'breads' } },
    })
  )?.units ?? 0;

async function subscribe(daysAhead: number) {
  const { client, user } = await signedInCustomer(server.baseUrl, server.prisma);
  const date = addDays(bakeryToday(), daysAhead);
  const answer = await client.post('/api/standing-orders', {
    items: [{ productId: LOAF, quantity: 2 }],
    everyWeeks: 1,
    firstDate: date,
    endDate: date,
    pickupTime: '10:00 AM',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { client, user, date, lockAt: occurrenceLock(date, '10:00 AM') };
}

const tokenIn = (text: string) => /skip\?token=([\w-]+)/.exec(text)?.[1] ?? null;

describe('the reminder before the lock', () => {
  it('goes out once, 24 hours before the lock, and its link skips the date once', async () => {
    const { user, date, lockAt } = await subscribe(10);
    const hour = 3_600_000;
    // Not yet 24 hours before the lock: nothing.
    expect(await sendStandingReminders(server.deps, new Date(lockAt.getTime() - 30 * hour))).toBe(
      0,
    );
    const at = new Date(lockAt.getTime() - 20 * hour);
    const [first, second] = await Promise.all([
      sendStandingReminders(server.deps, at),
      sendStandingReminders(server.deps, at),
    ]);
    expect(first + second).toBe(1);
    await sendStandingReminders(server.deps, new Date(at.getTime() + hour));
    await mail.idle();
    const reminders = smtp.messages.filter(
      (m) => m.to.includes(user.email) && m.subject.startsWith('Your standing order for'),
    );
    expect(reminders).toHaveLength(1);
    const text = reminders[0]!.text;
    expect(text).toContain('2 × Lemon');
    expect(text).toContain('You can skip this date until');
    const token = tokenIn(text);
    expect(token).not.toBeNull();

    // The confirmation page reads it, then the POST skips the date.
    const anyone = new Client(server.baseUrl);
    const page = await anyone.get(`/api/standing-orders/skip-link?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ date, lockAt: lockAt.toISOString() });
    expect(await loadOn(date)).toBeGreaterThanOrEqual(2);
    const before = await loadOn(date);
    const skipped = await anyone.post('/api/standing-orders/skip-link', { token });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body.message).toMatch(/^Skipped: nothing will be baked for you on /);
    expect(await loadOn(date)).toBe(before - 2);

    const again = await anyone.post('/api/standing-orders/skip-link', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invalid_link', message: STANDING_MESSAGES.linkUsed });
    const forged = await anyone.post('/api/standing-orders/skip-link', { token: 'not-a-token' });
    expect(forged.body.message).toBe(STANDING_MESSAGES.linkInvalid);
  });

  it('refuses the link once the lock has passed', async () => {
    const { user, date, lockAt } = await subscribe(11);
    const sent = await sendStandingReminders(server.deps, new Date(lockAt.getTime() - 3_600_000));
    expect(sent).toBe(1);
    await mail.idle();
    const reminder = smtp.messages.find(
      (m) => m.to.includes(user.email) && m.subject.startsWith('Your standing order for'),
    );
    const token = tokenIn(reminder!.text)!;
    const before = await loadOn(date);
    await expect(
      useSkipLink(server.deps, token, new Date(lockAt.getTime() + 60_000)),
    ).rejects.toMatchObject({ status: 400, message: STANDING_MESSAGES.linkExpired });
    expect(await loadOn(date)).toBe(before);
  });
});
