// Windows everywhere (issue 37): an order booked in one of the owner's pickup
// windows says the window ("8:00 AM – 10:00 AM") in its mails (confirmation,
// change, reminder) and on its labels, not the window's start; the
// customer's change to a time outside the day's windows is refused and
// changes nothing. Real app, real PostgreSQL, real SMTP peer, the label PDF
// read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, formatLongDate, weekdayNumber } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { Client, signedIn } from '../admin/helpers.js';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import { createIntegrations, type Integrations } from '../../src/services/integrations.js';
import type { Logger } from '../../src/services/contracts.js';
import { sendDueReminders } from '../../src/services/reminders.js';

let server: TestServer;
let smtp: SmtpPeer;
let integrations: Integrations | undefined;
let owner: Client;

const today = bakeryToday();
const DAYS = 10;
const date = addDays(today, DAYS);
const when = formatLongDate(date);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const make = (base: { prisma: PrismaClient; log: Logger }) =>
    (integrations ??= createIntegrations(
      { publicUrl: 'https://shop.example.com' },
      base.prisma,
      base.log,
      { SMTP_URL: smtp.url },
      { mailRetryDelaysMs: [50] },
    ));
  server = await startTestServer({
    notifications: (base) => make(base).notifications,
    payments: (base) => make(base).payments,
  });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  // The date's weekday has two pickup windows, 8-10 and 10-12.
  for (const [start, end] of [
    ['08:00', '10:00'],
    ['10:00', '12:00'],
  ])
    expect(
      (
        await owner.post('/api/admin/kitchen/windows', {
          weekday: weekdayNumber(date),
          start,
          end,
          fulfillment: 'pickup',
          limits: { '*': 20 },
        })
      ).status,
    ).toBe(201);
}, 120_000);

afterAll(async () => {
  await integrations?.close();
  await server?.close();
  await smtp?.close();
});

const mailsAbout = async (orderNumber: string) => {
  await integrations!.notifications.idle();
  return smtp.messages.filter((m) => m.subject.includes(`#${orderNumber}`));
};

describe('an order in a pickup window', () => {
  let customer: Client;
  let orderId: string;
  let orderNumber: string;

  it('the public windows name the days and hours, without the limits', async () => {
    const answer = await new Client(server.baseUrl).get('/api/pickup-windows');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { weekday: weekdayNumber(date), start: '08:00', end: '10:00', fulfillment: 'pickup' },
      { weekday: weekdayNumber(date), start: '10:00', end: '12:00', fulfillment: 'pickup' },
    ]);
  });

  it('its confirmation mail says the window', async () => {
    customer = (await signedInCustomer(server.baseUrl, server.prisma)).client;
    const placed = await customer.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: DAYS, overrides: { pickupTime: '8:00 AM' } }),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    orderId = placed.body.order.id;
    orderNumber = placed.body.order.orderNumber;
    const [received] = await mailsAbout(orderNumber);
    expect(received?.subject).toBe(`We received your order #${orderNumber}`);
    expect(received!.text).toContain(`Pickup on ${when}, 8:00 AM – 10:00 AM`);
    expect(received!.text).not.toContain(`${when} at 8:00 AM`);
  });

  it("a change to a time outside the day's windows is refused and changes nothing", async () => {
    const loadsOf = async () =>
      (await server.prisma.windowLoad.findMany({ where: { date } })).map((l) => [
        l.windowId,
        l.used,
      ]);
    const before = await loadsOf();
    expect(before).toHaveLength(1);
    const outside = await customer.patch(`/api/my-orders/${orderId}`, { pickupTime: '2:00 PM' });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({
      code: 'validation_failed',
      message: `Please choose one of the pickup windows of ${when}.`,
    });
    const stored = await server.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(stored.pickupTime).toBe('8:00 AM');
    expect(await loadsOf()).toEqual(before);
    // The preview refuses it the same way.
    const preview = await customer.post(`/api/my-orders/${orderId}/preview`, {
      pickupTime: '2:00 PM',
    });
    expect(preview.status).not.toBe(200);
  });

  it('a change to the other window is taken and its mail says the new window', async () => {
    const moved = await customer.patch(`/api/my-orders/${orderId}`, { pickupTime: '10:00 AM' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const changed = (await mailsAbout(orderNumber)).find((m) =>
      m.subject.startsWith('Your order #'),
    );
    expect(changed?.subject).toBe(`Your order #${orderNumber} was changed`);
    expect(changed!.text).toContain(`Pickup on ${when}, 10:00 AM – 12:00 PM`);
    // What changed says the windows too, in the mail and the order's history.
    const said = 'Pickup time: 8:00 AM – 10:00 AM → 10:00 AM – 12:00 PM';
    expect(changed!.text).toContain(said);
    const history = await server.prisma.orderHistory.findMany({ where: { orderId } });
    expect(history.some((h) => JSON.stringify(h).includes(said))).toBe(true);
  });

  it('the reminder the day before says the window', async () => {
    // The sweep as it runs at noon the day before the pickup.
    const dayBefore = new Date(`${addDays(date, -1)}T17:00:00Z`);
    expect(await sendDueReminders(server.prisma, integrations!.notifications, dayBefore)).toBe(1);
    const reminder = (await mailsAbout(orderNumber)).find((m) => m.subject.startsWith('Reminder:'));
    expect(reminder!.text).toContain(`Pickup on ${when}, 10:00 AM – 12:00 PM`);
  });

  it('its labels say the window', async () => {
    const response = await owner.request('GET', `/api/admin/labels?date=${date}&format=avery5163`);
    expect(response.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'window-labels-'));
    const file = path.join(dir, 'labels.pdf');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('10:00 AM – 12:00 PM');
  });
});
