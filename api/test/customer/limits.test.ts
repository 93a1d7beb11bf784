// The rate limits other than login's (counted in PostgreSQL): forgot-password
// per e-mail, order submission, the contact form and payment confirmation per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, orderPayload, signedInCustomer } from '../support/factories.js';
import { limitKey } from '../../src/middleware/rateLimit.js';

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
