// The customer mails as they arrive at a real SMTP server (smtp-server on
// 127.0.0.1): recipient, subject, links and figures; the retrying queue; and
// the outbox used when SMTP is not configured or a message cannot be sent.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Prisma } from '@bakery/prisma';
import { BAKERY_INFO } from '@bakery/core';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import {
  createMailNotifications,
  readMailSettings,
  type MailNotifications,
} from '../../src/services/mail/mailer.js';
import { createIntegrations, outboxDirFor } from '../../src/services/integrations.js';
import { insertOrder, recordingLogger } from './helpers.js';

const PUBLIC_URL = 'https://shop.example.com';

let db: TestDatabase;
let smtp: SmtpPeer;
let outbox: string;
let log: ReturnType<typeof recordingLogger>;
let mail: MailNotifications;

function mailer(
  options: {
    port?: number;
    paymentConfigured?: boolean;
    retryDelaysMs?: number[];
    smtp?: boolean;
  } = {},
) {
  return createMailNotifications({
    prisma: db.prisma,
    log,
    settings:
      options.smtp === false
        ? null
        : readMailSettings({
            SMTP_HOST: '127.0.0.1',
            SMTP_PORT: String(options.port ?? smtp.port),
            MAIL_FROM: 'Bakery <orders@example.com>',
          }),
    outboxDir: outbox,
    publicUrl: PUBLIC_URL,
    paymentConfigured: options.paymentConfigured ?? true,
    retryDelaysMs: options.retryDelaysMs ?? [20, 20],
  });
}

/** Sends through `send`, waits for the queue, and returns the one new message. */
async function deliver(send: () => Promise<void>) {
  const before = smtp.messages.length;
  await send();
  await mail.idle();
  const received = smtp.messages.slice(before);
  expect(received).toHaveLength(1);
  return received[0]!;
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-mail-'));
});
afterAll(async () => {
  await smtp?.close();
  await db?.drop();
  await rm(outbox, { recursive: true, force: true });
});
beforeEach(async () => {
  log = recordingLogger();
  await mail?.close();
  mail = mailer();
});

describe('messages at the SMTP server', () => {
  it('password reset: the link, its one-hour validity, the bakery as sender', async () => {
    const resetUrl = `${PUBLIC_URL}/reset-password/tok_abc123`;
    const message = await deliver(() =>
      mail.passwordReset({ email: 'dana@example.com', firstName: 'Dana' }, resetUrl),
    );
    expect(message.to).toEqual(['dana@example.com']);
    expect(message.from).toBe('orders@example.com');
    expect(message.subject).toBe(`Reset your ${BAKERY_INFO.name} password`);
    expect(message.text).toContain(resetUrl);
    expect(message.text).toContain('valid for 1 hour');
    expect(message.html).toContain(`href="${resetUrl}"`);
    expect(message.text).toContain(BAKERY_INFO.phone);
    // Issue 15, finding 4: once sent, the body (and its live link) is gone from the table.
    const row = await db.prisma.outboundMail.findFirstOrThrow({
      where: { to: 'dana@example.com', kind: 'password-reset' },
      orderBy: { createdAt: 'desc' },
    });
    expect(row).toMatchObject({ status: 'sent', text: '', html: '' });
  });

  it('order received: items, totals, pickup details, payment link and notices', async () => {
    const order = await insertOrder(db.prisma, {
      items: [
        {
          productId: 'lemon-poppy-seed-loaf',
          name: 'Lemon Poppy Seed Loaf',
          price: 20,
          quantity: 2,
          variant: null,
        },
        {
          productId: 'chocolate-chip-cookies',
          name: 'Chocolate Chip Cookies',
          price: 15,
          quantity: 1,
          variant: '6-count',
          variantLabel: '6-count',
          addIn: 'pecans',
          lineTotal: 15,
        },
        {
          productId: 'classic-cake',
          name: 'Classic Cake',
          price: 45,
          quantity: 1,
          variant: '6in',
          variantLabel: '6 inch',
          filling: 'fruit-preserves',
          lineTotal: 45,
        },
      ],
      subtotal: new Prisma.Decimal('100.00'),
      rushFee: new Prisma.Decimal('10.00'),
      tax: new Prisma.Decimal('9.63'),
      total: new Prisma.Decimal('119.63'),
      isRushOrder: true,
      squarePaymentUrl: 'https://square.link/u/TESTLINK',
      specialInstructions: 'Please no <script> nuts',
    });
    const message = await deliver(() => mail.orderReceived(order.id));
    const number = order.id.slice(-8).toUpperCase();
    expect(message.to).toEqual([order.customerEmail]);
    expect(message.subject).toBe(`We received your order #${number}`);
    expect(message.text).toContain('Hi Robin,');
    expect(message.text).toContain('2 x Lemon Poppy Seed Loaf  $40.00');
    expect(message.text).toContain('1 x Chocolate Chip Cookies (6-count, with pecans)  $15.00');
    expect(message.text).toContain('1 x Classic Cake (6 inch, Fruit preserves filling)  $45.00');
    expect(message.text).toMatch(/Subtotal\s+\$100\.00/);
    expect(message.text).toMatch(/Rush fee\s+\$10\.00/);
    expect(message.text).toMatch(/Tax\s+\$9\.63/);
    expect(message.text).toMatch(/Total\s+\$119\.63/);
    expect(message.text).not.toContain('Delivery fee');
    expect(message.text).toContain('Pickup on December 4, 2026 at 10:00 AM');
    expect(message.text).toContain('Pay with Square: https://square.link/u/TESTLINK');
    expect(message.text).toContain('Payment is due 24 hours before pickup of your order.');
    expect(message.text).toContain("Orders need at least 3 days' notice");
    expect(message.html).toContain('href="https://square.link/u/TESTLINK"');
    // Issue 39: the customer's own words are never quoted in a mail.
    expect(message.text).not.toContain('Please no');
    expect(message.html).not.toContain('<script>');
    // The pickup rides along as an .ics file (issue 24): the mail app's "Add to calendar".
    expect(message.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(message.raw).toContain(`filename=order-${number}.ics`);
    const ics = message.calendar;
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261204T150000Z'); // 10:00 AM in New York
    expect(ics).toContain(`UID:order-${order.id}`);
  });

  it('order received names every cake option (bows too), the flavour, and explains the cake options fee', async () => {
    const order = await insertOrder(db.prisma, {
      items: [
        {
          productId: 'heart-shaped-cake',
          name: 'Heart-Shaped Cake',
          price: 60,
          quantity: 1,
          variant: 'chocolate',
          variantLabel: 'Chocolate',
          filling: 'fruit-preserves',
          lineTotal: 60,
        },
      ],
      subtotal: new Prisma.Decimal('60.00'),
      cakeOptionsFee: new Prisma.Decimal('10.00'),
      tax: new Prisma.Decimal('6.13'),
      total: new Prisma.Decimal('76.13'),
      hasCakeItems: true,
      cakeOptions: { hasWriting: true, hasBows: true },
      cakeWriting: 'Love you, Mom',
    });
    const message = await deliver(() => mail.orderReceived(order.id));
    expect(message.text).toContain(
      '1 x Heart-Shaped Cake (Chocolate, Fruit preserves filling)  $60.00',
    );
    expect(message.text).toMatch(/Cake options\s+\$10\.00/);
    // Issue 39: the customer's words are never quoted in a mail.
    expect(message.text).toContain('Writing on the cake (+$5.00)');
    expect(message.text).not.toContain('Love you, Mom');
    expect(message.text).toContain('Bows on the cake (+$5.00)');
    expect(message.text).toContain(
      'The cake options fee of $10.00 is for these decorations (writing $5.00 and bows $5.00), once per order.',
    );
    expect(message.html).toContain('Bows on the cake (+$5.00)');
  });

  it('order received for delivery while the fee is pending, and when Square is not configured', async () => {
    const order = await insertOrder(db.prisma, {
      deliveryMethod: 'delivery',
      deliveryFeeStatus: 'pending',
      deliveryAddress: '12 Oak Lane',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
    });
    const delivery = await deliver(() => mail.orderReceived(order.id));
    expect(delivery.text).toContain('Delivery on December 4, 2026 at 10:00 AM');
    expect(delivery.text).toContain('To: 12 Oak Lane, Tallahassee, FL 32301');
    expect(delivery.text).toContain(
      'We will calculate your delivery fee and e-mail you a Square payment link within 24 hours.',
    );

    await mail.close();
    mail = mailer({ paymentConfigured: false });
    const pickup = await insertOrder(db.prisma);
    const unconfigured = await deliver(() => mail.orderReceived(pickup.id));
    // Issue 38: no link will come without Square: pay at pickup.
    expect(unconfigured.text).toContain(
      "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
    );
    expect(unconfigured.text).not.toMatch(/payment link/i);
    expect(unconfigured.text + unconfigured.html).not.toMatch(/configured/i);
  });

  it('payment link ready, payment received and order ready', async () => {
    const order = await insertOrder(db.prisma, {
      deliveryMethod: 'delivery',
      deliveryFeeStatus: 'calculated',
      deliveryFee: new Prisma.Decimal('7.50'),
      total: new Prisma.Decimal('51.00'),
      deliveryAddress: '12 Oak Lane',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
      squarePaymentUrl: 'https://square.link/u/DELIVERY',
    });
    const number = order.id.slice(-8).toUpperCase();
    const link = await deliver(() => mail.paymentLinkReady(order.id));
    expect(link.subject).toBe(`Your payment link for order #${number}`);
    expect(link.text).toContain('The total is $51.00, including a delivery fee of $7.50.');
    expect(link.text).toContain('Pay with Square: https://square.link/u/DELIVERY');
    expect(link.text).toMatch(/Delivery fee\s+\$7\.50/);

    await db.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: 'paid' } });
    const received = await deliver(() => mail.paymentReceived(order.id));
    expect(received.subject).toBe(`Payment received for order #${number}`);
    expect(received.text).toContain('We received your payment of $51.00');

    const ready = await deliver(() => mail.orderReady(order.id));
    expect(ready.subject).toBe(`Your order #${number} is ready for delivery`);
    expect(ready.text).not.toContain('Payment is still open');

    const pickup = await insertOrder(db.prisma, { squarePaymentUrl: 'https://square.link/u/OPEN' });
    const pickupReady = await deliver(() => mail.orderReady(pickup.id));
    expect(pickupReady.subject).toBe(
      `Your order #${pickup.id.slice(-8).toUpperCase()} is ready for pickup`,
    );
    expect(pickupReady.text).toContain('Payment is still open: https://square.link/u/OPEN');
  });

  it('tells the customer when staff cancel the order (issue 12)', async () => {
    const order = await insertOrder(db.prisma, { paymentStatus: 'cancelled' });
    const number = order.id.slice(-8).toUpperCase();
    const cancelled = await deliver(() => mail.orderCancelled!(order.id));
    expect(cancelled.subject).toBe(`Your order #${number} has been cancelled`);
    expect(cancelled.text).toContain(`Your order #${number} for `);
    expect(cancelled.text).toContain('has been cancelled.');
    expect(cancelled.text).toContain('If you have already paid, your payment will be refunded');
  });

  it('sends nothing for an unknown order, and says why in the log', async () => {
    await mail.orderReceived('00000000-0000-4000-8000-000000000000');
    await mail.idle();
    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'mail not sent: no such order' }),
    );
  });
});

describe('the queue', () => {
  it('retries a refused message until the server takes it', async () => {
    smtp.refuseNext(2);
    const message = await deliver(() =>
      mail.passwordReset(
        { email: 'retry@example.com', firstName: 'Rae' },
        `${PUBLIC_URL}/reset-password/t`,
      ),
    );
    expect(message.to).toEqual(['retry@example.com']);
    expect(log.entries.filter((e) => e.message === 'mail send failed; will retry')).toHaveLength(2);
  });

  it('sends one customer’s messages in the order they were written', async () => {
    const before = smtp.messages.length;
    const written = Date.now() - 1_000;
    await db.prisma.outboundMail.createMany({
      data: Array.from({ length: 8 }, (_, index) => ({
        kind: 'delivery-fee',
        to: index % 2 === 0 ? 'turns@example.com' : 'Other@example.com',
        subject: `Message ${index}`,
        text: `Message ${index}`,
        html: `<p>Message ${index}</p>`,
        createdAt: new Date(written + index),
      })),
    });
    await mail.idle();
    const subjects = (to: string) =>
      smtp.messages
        .slice(before)
        .filter((m) => m.to.includes(to))
        .map((m) => m.subject);
    expect(subjects('turns@example.com')).toEqual([
      'Message 0',
      'Message 2',
      'Message 4',
      'Message 6',
    ]);
    expect(subjects('Other@example.com')).toEqual([
      'Message 1',
      'Message 3',
      'Message 5',
      'Message 7',
    ]);
  });

  it('holds a customer’s later message back while an earlier one waits for its retry', async () => {
    const before = smtp.messages.length;
    const written = Date.now() - 1_000;
    await db.prisma.outboundMail.createMany({
      data: ['The fee is $12.50', 'The fee is $10.00'].map((subject, index) => ({
        kind: 'delivery-fee',
        to: 'retried@example.com',
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
        createdAt: new Date(written + index),
      })),
    });
    smtp.refuseNext(1);
    await mail.idle();
    expect(
      smtp.messages
        .slice(before)
        .filter((m) => m.to.includes('retried@example.com'))
        .map((m) => m.subject),
    ).toEqual(['The fee is $12.50', 'The fee is $10.00']);
    const rows = await db.prisma.outboundMail.findMany({
      where: { to: 'retried@example.com' },
      orderBy: { createdAt: 'asc' },
    });
    // The later one was put back unattempted, then sent once.
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
    ]);
  });

  it('never fails the caller when SMTP is down: logs and keeps the message under outbox/failed', async () => {
    await mail.close();
    const closed = await startSmtpPeer();
    const deadPort = closed.port;
    await closed.close();
    mail = mailer({ port: deadPort, retryDelaysMs: [10] });

    const started = Date.now();
    await expect(
      mail.passwordReset(
        { email: 'lost@example.com', firstName: 'Lou' },
        `${PUBLIC_URL}/reset-password/zzz`,
      ),
    ).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(200);
    await mail.idle();

    expect(log.errors()).toEqual([
      expect.objectContaining({
        message: 'mail could not be sent; given up (staff can resend it)',
        fields: expect.objectContaining({ to: 'lost@example.com', attempt: 2 }),
      }),
    ]);
    const row = await db.prisma.outboundMail.findFirstOrThrow({
      where: { to: 'lost@example.com' },
    });
    expect(row).toMatchObject({ status: 'failed', attempts: 2, sentAt: null });
    expect(row.lastError).toEqual(expect.any(String));
    const failed = await readdir(path.join(outbox, 'failed'));
    const saved = await readFile(
      path.join(
        outbox,
        'failed',
        failed.find((f) => f.includes('lost_example_com'))!,
      ),
      'utf8',
    );
    expect(saved).toContain('To: lost@example.com');
    // The live link is cut out of a failed reset mail, in the table and the file.
    expect(saved).toContain('/reset-password/[link removed: request a new one]');
    expect(saved).not.toContain('/reset-password/zzz');
    expect(row.text).not.toContain('zzz');
    expect(row.html).not.toContain('zzz');
  });
});

describe('shutdown and restart', () => {
  it('does not wait out a long retry; the message stays queued in PostgreSQL and the next start sends it', async () => {
    await mail.close();
    mail = mailer({ retryDelaysMs: [60_000] });
    smtp.refuseNext(1);
    await mail.passwordReset(
      { email: 'shutdown@example.com', firstName: 'Sam' },
      `${PUBLIC_URL}/reset-password/late`,
    );
    // Wait until the first attempt was refused and the retry is scheduled.
    for (
      let i = 0;
      i < 100 && !log.entries.some((e) => e.message === 'mail send failed; will retry');
      i++
    )
      await new Promise((r) => setTimeout(r, 20));

    const started = Date.now();
    await mail.close();
    expect(Date.now() - started).toBeLessThan(3000);
    const row = await db.prisma.outboundMail.findFirstOrThrow({
      where: { to: 'shutdown@example.com' },
    });
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    // The API starts again after the retry time has come.
    await db.prisma.outboundMail.update({
      where: { id: row.id },
      data: { nextAttemptAt: new Date() },
    });
    const before = smtp.messages.length;
    mail = mailer();
    await mail.idle();
    const received = smtp.messages.slice(before);
    expect(received.map((m) => m.to)).toEqual([['shutdown@example.com']]);
    expect(await db.prisma.outboundMail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject(
      { status: 'sent', attempts: 2 },
    );
  });

  it('two API processes on one database send a message once', async () => {
    const second = mailer();
    try {
      const before = smtp.messages.length;
      await Promise.all([
        mail.passwordReset(
          { email: 'once-a@example.com', firstName: 'Ada' },
          `${PUBLIC_URL}/reset-password/a`,
        ),
        second.passwordReset(
          { email: 'once-b@example.com', firstName: 'Bea' },
          `${PUBLIC_URL}/reset-password/b`,
        ),
      ]);
      await Promise.all([mail.idle(), second.idle()]);
      const to = smtp.messages
        .slice(before)
        .map((m) => m.to[0])
        .sort();
      expect(to).toEqual(['once-a@example.com', 'once-b@example.com']);
    } finally {
      await second.close();
    }
  });
});

describe('the order mail stored in the order transaction', () => {
  it('goes out at once, once per order, when no payment link follows', async () => {
    // Without Square no link follows: the rows are due at commit (no 30 s hold),
    // and two processes woken together claim them in batches, each mail once.
    const [first, second] = [
      mailer({ paymentConfigured: false }),
      mailer({ paymentConfigured: false }),
    ];
    try {
      const before = smtp.messages.length;
      const orders = await Promise.all(
        Array.from({ length: 12 }, () => insertOrder(db.prisma, { deliveryMethod: 'pickup' })),
      );
      const queued = orders.map((order) => first.orderReceivedRow!(order));
      await db.prisma.$transaction(queued.map((row) => db.prisma.$executeRaw(row.insert)));
      const ids = queued.map((row) => row.id);
      await Promise.all(
        orders.flatMap((order, index) => [
          first.releaseQueued!(ids[index]!, order),
          second.releaseQueued!(ids[index]!, order),
        ]),
      );
      await Promise.all([first.idle(), second.idle()]);
      const to = smtp.messages
        .slice(before)
        .map((m) => m.to[0])
        .sort();
      expect(to).toEqual(orders.map((order) => order.customerEmail).sort());
      const rows = await db.prisma.outboundMail.findMany({ where: { id: { in: ids } } });
      expect(rows.map((row) => [row.status, row.attempts, row.text])).toEqual(
        ids.map(() => ['sent', 1, '']),
      );
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('without SMTP', () => {
  it('writes each message to the outbox (never its text to the log), and says mail is not configured', async () => {
    await mail.close();
    mail = mailer({ smtp: false });
    expect(mail.mailConfigured).toBe(false);
    await mail.passwordReset(
      { email: 'nosmtp@example.com', firstName: 'Noa' },
      `${PUBLIC_URL}/reset-password/outbox-token`,
    );
    await mail.idle();
    const files = (await readdir(outbox)).filter((f) => f.includes('nosmtp_example_com'));
    expect(files).toHaveLength(1);
    const saved = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(saved).toContain(`Subject: Reset your ${BAKERY_INFO.name} password`);
    expect(saved).toContain('/reset-password/outbox-token');
    // The log names the file but never carries the text: the reset link is a credential.
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining('written to the outbox'),
        fields: expect.objectContaining({ file: expect.stringContaining('nosmtp_example_com') }),
      }),
    );
    expect(JSON.stringify(log.entries)).not.toContain('outbox-token');
  });

  it('writes to the outbox again after its folder was removed', async () => {
    await mail.close();
    mail = mailer({ smtp: false });
    const send = async (email: string) => {
      await mail.passwordChanged!({ email, firstName: 'Noa' });
      await mail.idle();
    };
    await send('before-removal@example.com');
    await rm(outbox, { recursive: true, force: true });
    await send('after-removal@example.com');
    expect(await readdir(outbox)).toEqual([expect.stringContaining('after_removal_example_com')]);
    expect(log.entries.filter((entry) => entry.message.includes('will retry'))).toEqual([]);
  });

  it('createIntegrations picks SMTP and Square from the environment', async () => {
    const bare = createIntegrations(
      { publicUrl: PUBLIC_URL },
      db.prisma,
      log,
      {},
      { outboxDir: outbox },
    );
    expect(bare.notifications.mailConfigured).toBe(false);
    expect(bare.payments.configured).toBe(false);
    expect(await bare.payments.ensurePaymentLink('anything')).toBeNull();
    await bare.close();

    const full = createIntegrations(
      { publicUrl: PUBLIC_URL },
      db.prisma,
      log,
      { SMTP_URL: smtp.url, SQUARE_ACCESS_TOKEN: 't', SQUARE_LOCATION_ID: 'L' },
      { outboxDir: outbox },
    );
    expect(full.notifications.mailConfigured).toBe(true);
    expect(full.payments.configured).toBe(true);
    await full.close();

    expect(outboxDirFor({ BAKERY_DATA_DIR: '/srv/bakery' })).toBe('/srv/bakery/outbox');
    expect(outboxDirFor({})).toMatch(/\.outbox$/);
  });
});
