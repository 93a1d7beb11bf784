// Text messages (issue 23): Mark Ready texts the customer the pickup code
// through Twilio's real SDK, pointed at a local fake of its Messages endpoint;
// an order without a US phone gets none, and Twilio down never fails Mark Ready.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@bakery/core';
import { loggingNotifications } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { createSmsSender, toE164, withTexts } from '../../src/services/sms.js';
import { startTwilioFake } from '../fakes/twilioFake.js';
import { startTestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from '../admin/helpers.js';

const credentials = { accountSid: 'AC' + '1'.repeat(32), authToken: 'test-auth-token' };
let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let staff: Client;
const log = createLogger({ level: 'error' });

beforeAll(async () => {
  twilio = await startTwilioFake(credentials);
  server = await startTestServer({
    notifications: ({ prisma }) =>
      withTexts(
        loggingNotifications(log),
        createSmsSender({ ...credentials, from: '+18505550100', apiUrl: twilio.url }, log),
        prisma,
        log,
      ),
  });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await twilio?.close();
});

describe('the ready text', () => {
  it('texts the pickup code to the order’s phone when it is marked ready', async () => {
    const order = await insertOrder(server.prisma);
    await server.prisma.order.update({
      where: { id: order.id },
      data: { customerPhone: '(850) 555-0199' },
    });
    const before = twilio.texts.length;
    const ready = await staff.post(`/api/admin/orders/${order.id}/ready`);
    expect(ready.status).toBe(200);
    const view = ready.body.order as OrderView;
    const [text] = twilio.texts.slice(before);
    expect(text).toMatchObject({
      accountSid: credentials.accountSid,
      to: '+18505550199',
      from: '+18505550100',
      authorized: true,
    });
    expect(text!.body).toContain(`your order #${view.orderNumber} is ready for pickup`);
    expect(text!.body).toContain(`Pickup code ${view.pickupCode}`);
  });

  it('sends none to a number that is not a US phone', async () => {
    const order = await insertOrder(server.prisma);
    await server.prisma.order.update({ where: { id: order.id }, data: { customerPhone: '12' } });
    const before = twilio.texts.length;
    expect((await staff.post(`/api/admin/orders/${order.id}/ready`)).status).toBe(200);
    expect(twilio.texts.length).toBe(before);
  });

  it('Twilio down never fails Mark Ready', async () => {
    const down = await startTwilioFake(credentials);
    await down.close();
    const prisma = server.prisma;
    const notifications = withTexts(
      loggingNotifications(log),
      createSmsSender({ ...credentials, from: '+18505550100', apiUrl: down.url }, log),
      prisma,
      log,
    );
    const order = await insertOrder(prisma);
    await expect(notifications.orderReady(order.id)).resolves.toBeUndefined();
  });

  it('reads US numbers as typed', () => {
    expect(toE164('(850) 555-0134')).toBe('+18505550134');
    expect(toE164('1-850-555-0134')).toBe('+18505550134');
    expect(toE164('555-0134')).toBeNull();
  });
});

describe('the standing order reminder (issue 41)', () => {
  it('is texted with its skip link where texts are set up, and not to a number that is no phone', async () => {
    const notifications = withTexts(
      loggingNotifications(log),
      createSmsSender({ ...credentials, from: '+18505550100', apiUrl: twilio.url }, log),
      server.prisma,
      log,
      'https://shop.example',
    );
    const reminder = {
      date: 'Saturday, December 5, 2026',
      items: '2 × Sourdough Loaf',
      lockAt: 'Thu, Dec 3 at 10:00 AM',
      total: '$24.00',
    };
    const before = twilio.texts.length;
    await notifications.standingReminder!(
      'regular@example.com',
      { ...reminder, phone: '850-555-0123' },
      'tok-1',
    );
    await notifications.standingReminder!(
      'regular@example.com',
      { ...reminder, phone: '12' },
      'tok-2',
    );
    const sent = twilio.texts.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+18505550123');
    expect(sent[0]!.body).toContain(
      'your standing order for Saturday, December 5, 2026 (2 × Sourdough Loaf)',
    );
    expect(sent[0]!.body).toContain('can be changed until Thu, Dec 3 at 10:00 AM');
    expect(sent[0]!.body).toContain('https://shop.example/standing-orders/skip?token=tok-1');
  });
});
