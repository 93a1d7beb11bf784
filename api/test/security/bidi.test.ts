// Issue 27: bidi override and isolate characters were accepted in free text
// (an order note could show staff something other than what it holds). Core's
// safe-text check now refuses them with their own message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, orderPayload, PASSWORD } from '../support/factories.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const customer = async () => {
  const user = await createUser(server.prisma);
  const client = new Client(server.baseUrl);
  expect((await client.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(
    200,
  );
  return { user, client };
};

describe('finding: bidi override and isolate characters refused in free text', () => {
  it.each([
    ['U+202E (right-to-left override)', 'Happy \u202Eyadhtrib'],
    ['U+2066 (left-to-right isolate)', 'Pick up \u2066at noon\u2069'],
    ['U+202A (left-to-right embedding)', 'Note \u202Ahere\u202C'],
  ])('refuses %s in an order note with a 400 naming the field', async (_, text) => {
    const { client } = await customer();
    const answer = await client.post('/api/submit-order', {
      orderData: orderPayload({ overrides: { specialInstructions: text } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.message).toBe(TEXT_MESSAGES.directionControls);
    expect(answer.body.errors).toContainEqual({
      path: 'specialInstructions',
      message: TEXT_MESSAGES.directionControls,
    });
  });

  it('refuses them in sign-up names too, and keeps right-to-left marks', async () => {
    const signup = await new Client(server.baseUrl).post('/api/signup', {
      email: `bidi-${Date.now()}@example.com`,
      password: 'rye-and-barley-9',
      firstName: 'Dana\u202E',
      lastName: 'Baker',
      phone: '850-555-0100',
    });
    expect(signup.status).toBe(400);
    expect(signup.body.errors).toContainEqual({
      path: 'firstName',
      message: TEXT_MESSAGES.directionControls,
    });
    const { client } = await customer();
    const marked = await client.post('/api/submit-order', {
      orderData: orderPayload({ overrides: { specialInstructions: 'שלום \u200F(ten)' } }),
    });
    expect(marked.status).toBe(201);
  });
});
