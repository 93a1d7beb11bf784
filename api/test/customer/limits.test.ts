// The rate limits other than login's (counted in PostgreSQL): forgot-password
// per e-mail, order submission, the contact form and payment confirmation per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, orderPayload, signedInCustomer } from '../support/factories.js';
import { hit, hitAll, limitKey } from '../../src/middleware/rateLimit.js';

let server: TestServer;
const small = { max: 2, windowMs: 60_000 };

beforeAll(async () => {
  server = await startTestServer({
    config: {
      rateLimits: {
        forgotPerEmail: small,
        orderPerIp: small,
        contactPerIp: small,
        confirmPerIp: small,
      },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('rate limits', () => {
  it('refuses a third reset request for one e-mail within the window, creating no token', async () => {
    const user = await createUser(server.prisma);
    const client = new Client(server.baseUrl);
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/forgot-password', { email: user.email })).status).toBe(200);
    const third = await client.post('/api/forgot-password', { email: user.email });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Too many password reset requests. Please try again later.');
    // The tokens are made after the answer (it does not wait): give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await server.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(2);
  });

  it('refuses a third order from one address within the window, storing nothing', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/submit-order', { orderData: orderPayload() })).status).toBe(
        201,
      );
    const third = await client.post('/api/submit-order', { orderData: orderPayload() });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Too many orders from this address. Please try again later.');
    expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(2);
    // The counter lives in the database, shared by every API process.
    const row = await server.prisma.rateLimit.findUnique({
      where: { key: limitKey('order:ip:127.0.0.1') },
    });
    expect(row!.count).toBe(3);
  });

  it('refuses a third contact message from one address', async () => {
    const client = new Client(server.baseUrl);
    const message = {
      name: 'Pat Doe',
      email: 'pat@example.com',
      message: 'Do you deliver on Sundays?',
    };
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/contact', message)).status).toBe(201);
    expect((await client.post('/api/contact', message)).status).toBe(429);
    expect(await server.prisma.contactMessage.count()).toBe(2);
  });

  it('refuses a third payment confirmation from one address before asking Square', async () => {
    const client = new Client(server.baseUrl);
    const body = { referenceId: '00000000-0000-4000-8000-000000000000' };
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/square/confirm-payment', body)).status).not.toBe(429);
    const third = await client.post('/api/square/confirm-payment', body);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(
      'Too many payment checks from this address. Please try again later.',
    );
  });
});

// Calls that arrive in one event-loop turn share one statement (db/coalesce.ts):
// each is still counted, and each request still reads its own session.
describe('calls that arrive together', () => {
  it('gives thirty simultaneous hits of one key the counts 1 to 30', async () => {
    const counts = await Promise.all(
      Array.from({ length: 30 }, () => hit(server.prisma, 'test:together', 60_000)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const row = await server.prisma.rateLimit.findUnique({
      where: { key: limitKey('test:together') },
    });
    expect(row!.count).toBe(30);
  });

  it('counts a shared key once per call and each own key on its own', async () => {
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        hitAll(server.prisma, [
          { key: 'test:shared', windowMs: 60_000 },
          { key: `test:own:${i}`, windowMs: 60_000 },
          { key: 'test:shared', windowMs: 60_000 },
        ]),
      ),
    );
    expect(counts.map(([shared]) => shared).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    for (const [shared, own, again] of counts) {
      expect(own).toBe(1);
      expect(again).toBe(shared);
    }
  });

  it('answers twelve customers asking at once each with their own account', async () => {
    const customers = await Promise.all(
      Array.from({ length: 12 }, () => signedInCustomer(server.baseUrl, server.prisma)),
    );
    const answers = await Promise.all(customers.map(({ client }) => client.get('/api/user')));
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.body.email).toBe(customers[i]!.user.email);
    });
  });
});
