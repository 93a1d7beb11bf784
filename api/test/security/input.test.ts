// Issue 15, finding 12: inputs that were a 500 (PostgreSQL refused them, or a
// column overflowed) are now a 400 with a message at validation, or a 404.
// Each case answered 500 before the fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createUser, orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let customer: Client;

const INVALID = 'Text cannot contain control characters or invalid characters';
const NUL = 'Tom\u0000Baker';
const LONE = 'Tom\uD800Baker';
let tag = 0;
const signup = (fields: Record<string, unknown>) =>
  new Client(server.baseUrl).post('/api/signup', {
    email: `input-${Date.now()}-${tag++}@example.com`,
    password: 'rye-and-barley-9',
    firstName: 'Dana',
    lastName: 'Baker',
    phone: '850-555-0100',
    ...fields,
  });

beforeAll(async () => {
  server = await startTestServer();
  customer = (await signedInCustomer(server.baseUrl, server.prisma)).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('NUL bytes and lone surrogates are refused at validation (400, naming the field)', () => {
  it.each([
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE],
  ])('in sign-up names: %s', async (_, value) => {
    for (const field of ['firstName', 'lastName']) {
      const answer = await signup({ [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_failed', message: INVALID });
      expect(answer.body.errors).toContainEqual({ path: field, message: INVALID });
    }
  });

  it.each([
    ['specialInstructions', NUL],
    ['specialInstructions', LONE],
    ['deliveryInstructions', 'Leave it at the door\u0000'],
    ['customerName', NUL],
  ])('in the order payload: %s', async (field, value) => {
    const answer = await customer.post('/api/submit-order', {
      orderData: orderPayload({ overrides: { [field]: value } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID);
    expect(answer.body.errors).toContainEqual({ path: field, message: INVALID });
  });

  it('in an order line (nested path) and in the contact form', async () => {
    const payload = orderPayload();
    payload.items[0]!.name = 'Loaf\u0000';
    const order = await customer.post('/api/submit-order', { orderData: payload });
    expect(order.status).toBe(400);
    expect(order.body.errors).toContainEqual({ path: 'items.0.name', message: INVALID });

    const contact = await new Client(server.baseUrl).post('/api/contact', {
      name: 'Dana Baker',
      email: 'dana@example.com',
      subject: 'Hello\u0000',
      message: 'A question about gluten-free bread.',
    });
    expect(contact.status).toBe(400);
    expect(contact.body.message).toBe(INVALID);
  });

  it('in a review, a profile update and a query string', async () => {
    const review = await customer.post('/api/reviews', {
      rating: 5,
      title: 'Lovely\uDC00',
      comment: 'The best gluten-free bread in town.',
    });
    expect(review.status).toBe(400);
    expect(review.body.message).toBe(INVALID);
    const profile = await customer.patch('/api/user', { lastName: NUL });
    expect(profile.status).toBe(400);
    const query = await customer.get('/api/availability?fromDate=%00&toDate=2026-12-01');
    expect(query.status).toBe(400);
  });

  it('in a staff form (ingredient name)', async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    const answer = await owner.post('/api/admin/ingredients', {
      name: 'Rice flour\u0000',
      unit: 'lb',
      costPerUnit: 2.5,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(INVALID);
  });
});

describe('fields longer than their column', () => {
  it('a phone over 30 characters (15 digits or fewer) is 400 at sign-up and profile update', async () => {
    const phone = '8 5 0 - 5 5 5 - 0 1 0 0 - - - - - -';
    expect(phone.length).toBeGreaterThan(30);
    const answer = await signup({ phone });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Phone number cannot exceed 30 characters');
    const update = await customer.patch('/api/user', { phone });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe('Phone number cannot exceed 30 characters');
  });

  it('a login e-mail over 255 characters is 400; one of 250 is an ordinary 401', async () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(255);
    const refused = await new Client(server.baseUrl).post('/api/login', {
      email: long,
      password: 'whatever-1',
    });
    expect(refused.status).toBe(400);
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
    expect(email.length).toBeGreaterThan(243);
    const wrong = await new Client(server.baseUrl).post('/api/login', {
      email,
      password: 'whatever-1',
    });
    expect(wrong.status).toBe(401);
  });

  it('first and last names are at most 49 characters each, so the pair fits an order', async () => {
    expect((await signup({ firstName: 'A'.repeat(49), lastName: 'B'.repeat(49) })).status).toBe(
      201,
    );
    const long = await signup({ firstName: 'A'.repeat(50) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('First name cannot exceed 49 characters');
    expect((await signup({ lastName: 'B'.repeat(50) })).body.message).toBe(
      'Last name cannot exceed 49 characters',
    );
  });

  it('an account whose names together exceed 100 characters (made before the cap) can still order', async () => {
    const user = await createUser(server.prisma, {
      firstName: 'A'.repeat(100),
      lastName: 'B'.repeat(100),
    });
    const client = new Client(server.baseUrl);
    expect(
      (await client.post('/api/login', { email: user.email, password: 'bakery-secret-1' })).status,
    ).toBe(200);
    const answer = await client.post('/api/submit-order', { orderData: orderPayload() });
    expect(answer.status).toBe(201);
    expect(answer.body.order.customerName).toHaveLength(100);
  });
});

describe('GET /api/order-payment-status/:id', () => {
  it.each(['%00', 'abc%00def', '%00'.repeat(40)])('%s is 404, never 500', async (id) => {
    const answer = await new Client(server.baseUrl).get(`/api/order-payment-status/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Order not found');
  });
  it('a malformed escape (%E0%A4%A) is 400 or 404, never 500', async () => {
    const answer = await new Client(server.baseUrl).request(
      'GET',
      '/api/order-payment-status/%E0%A4%A',
    );
    expect([400, 404]).toContain(answer.status);
  });
});
