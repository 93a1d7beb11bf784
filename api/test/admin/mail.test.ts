// The outgoing mail queue as the owner sees it: failed messages listed without
// their bodies, a resend puts one back in the queue; an admin and customers
// are refused (core's permission table: manageMail is the owner's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/testServer.js';
import { Client, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const queued = (to: string, status: string, kind = 'password-reset') =>
  server.prisma.outboundMail.create({
    data: {
      kind,
      to,
      subject: 'Reset your password',
      text: 'secret link /reset-password/abc',
      html: '<p>secret</p>',
      status,
      attempts: 4,
      lastError: 'Connection refused',
    },
  });

describe('GET /api/admin/mail', () => {
  it('lists failed messages with the reason, never the body', async () => {
    const failed = await queued('failed@example.com', 'failed');
    await queued('sent@example.com', 'sent');
    const answer = await staff.get('/api/admin/mail?status=failed');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({
        id: failed.id,
        to: 'failed@example.com',
        status: 'failed',
        attempts: 4,
        lastError: 'Connection refused',
      }),
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('/reset-password/abc');
  });

  it('refuses an admin, a customer and a visitor', async () => {
    const admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    const refused = await admin.get('/api/admin/mail');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', message: 'Owner access required' });
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect((await customer.get('/api/admin/mail')).status).toBe(403);
    expect((await new Client(server.baseUrl).get('/api/admin/mail')).status).toBe(401);
  });
});

describe('POST /api/admin/mail/{id}/retry', () => {
  it('puts a failed message back in the queue, due now', async () => {
    const failed = await queued('again@example.com', 'failed', 'order-received');
    const answer = await staff.post(`/api/admin/mail/${failed.id}/retry`);
    expect(answer.status).toBe(200);
    const row = await server.prisma.outboundMail.findUniqueOrThrow({ where: { id: failed.id } });
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  // Issue 15, finding 4: a failed reset mail was resent with its live link.
  it('refuses to resend a failed password-reset mail (its link was removed)', async () => {
    const reset = await queued('reset@example.com', 'failed');
    const answer = await staff.post(`/api/admin/mail/${reset.id}/retry`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'A password-reset mail is not sent again: its link was removed when it failed. Ask the customer to request a new link.',
    );
    const row = await server.prisma.outboundMail.findUniqueOrThrow({ where: { id: reset.id } });
    expect(row.status).toBe('failed');
  });

  it('refuses a message that did not fail (409) and an unknown one (404)', async () => {
    const sent = await queued('done@example.com', 'sent');
    const conflict = await staff.post(`/api/admin/mail/${sent.id}/retry`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('Only a failed message can be sent again; this one is sent');
    expect(
      (await staff.post('/api/admin/mail/00000000-0000-4000-8000-000000000000/retry')).status,
    ).toBe(404);
    expect((await staff.post('/api/admin/mail/not-an-id/retry')).status).toBe(404);
  });
});

describe('GET /api/admin/mail/delivery', () => {
  it('says mail goes to the outbox folder when no SMTP server is configured', async () => {
    const answer = await staff.get('/api/admin/mail/delivery');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      transport: 'outbox',
      smtpHost: null,
      outboxDir: server.deps.config.outboxDir,
    });
  });

  it('names the SMTP server, never its password, when one is configured', async () => {
    const { notifications, config } = server.deps;
    const mail = config.mail;
    server.deps.notifications = { ...notifications, mailConfigured: true };
    server.deps.config.mail = {
      smtp: 'smtp://bakery:s3cret-pass@mail.example.com:587',
      from: 'shop@example.com',
    };
    try {
      const answer = await staff.get('/api/admin/mail/delivery');
      expect(answer.body).toMatchObject({ transport: 'smtp', smtpHost: 'mail.example.com' });
      expect(JSON.stringify(answer.body)).not.toContain('s3cret');
    } finally {
      server.deps.notifications = notifications;
      config.mail = mail;
    }
    const admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    expect((await admin.get('/api/admin/mail/delivery')).status).toBe(403);
  });
});
