// Issue 14 over HTTP: the one name rule (signup, profile, order), an account
// named under an older rule still orders, cake writing stored apart from the
// instructions, the ZIP's own message, the last slot from the opening hours,
// and the e-mail change confirmed with the current password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, MENU_ITEMS, type OrderView } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, PASSWORD, orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const cake = MENU_ITEMS.find((item) => item.fillings)!;

describe('names (one rule for signup, profile and order)', () => {
  it('signs up "Jane Smith Jr." and her order is accepted under that name', async () => {
    const client = new Client(server.baseUrl);
    const signup = await client.post('/api/signup', {
      email: `smith-jr-${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: 'Jane',
      lastName: 'Smith Jr.',
      phone: '850-555-0101',
    });
    expect(signup.status).toBe(201);
    const order = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({ overrides: { customerName: 'Jane Smith Jr.' } }),
    });
    expect(order.status).toBe(201);
    expect(order.body.order.customerName).toBe('Jane Smith Jr.');
  });

  it('refuses digits in a name at signup and in the profile, with the rule in words', async () => {
    const client = new Client(server.baseUrl);
    const signup = await client.post('/api/signup', {
      email: `r2-${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: 'R2D2',
      lastName: 'Droid',
      phone: '850-555-0102',
    });
    expect(signup.status).toBe(400);
    expect(JSON.stringify(signup.body)).toContain(
      'First name can only contain letters, spaces, hyphens, apostrophes, and periods',
    );
    const { client: signedIn } = await signedInCustomer(server.baseUrl, server.prisma);
    const patch = await signedIn.patch('/api/user', { lastName: 'Smith 3rd' });
    expect(patch.status).toBe(400);
  });

  it('lets an account named under an older rule order, under its own name', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma, {
      firstName: 'Bob',
      lastName: 'Baker 3rd',
    });
    const order = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({ overrides: { customerName: 'Bob Baker 3rd' } }),
    });
    expect(order.status).toBe(201);
    expect(order.body.order.customerName).toBe('Bob Baker 3rd');
  });

  it('shows a profile change in GET /api/user', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const patch = await client.patch('/api/user', {
      firstName: 'José María',
      lastName: "O'Neil",
      phone: '(850) 555-0199',
    });
    expect(patch.status).toBe(200);
    const me = await client.get('/api/user');
    expect(me.body).toMatchObject({
      firstName: 'José María',
      lastName: "O'Neil",
      phone: '(850) 555-0199',
    });
  });
});

describe('the order payload', () => {
  it('stores the cake writing apart from 500 characters of instructions', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const payload = orderPayload({
      lines: [{ productId: cake.id, quantity: 1 }],
      hasWriting: true,
      overrides: { cakeWriting: 'Happy 8th, Ana!', specialInstructions: 'n'.repeat(500) },
    });
    const order = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: payload,
    });
    expect(order.status).toBe(201);
    expect(order.body.order.cakeWriting).toBe('Happy 8th, Ana!');
    expect(order.body.order.specialInstructions).toBe('n'.repeat(500));
    const mine = await client.get<OrderView[]>('/api/my-orders');
    expect(JSON.stringify(mine.body)).toContain('Happy 8th, Ana!');
  });

  it('drops writing on an order without the writing option', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const order = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({
        lines: [{ productId: cake.id, quantity: 1 }],
        overrides: { cakeWriting: 'Not paid for' },
      }),
    });
    expect(order.status).toBe(201);
    expect(order.body.order.cakeWriting).toBeNull();
  });

  it('accepts the last slot before closing (6:30 PM) and refuses 7:00 PM', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const ok = await client.post('/api/submit-order', {
      orderData: orderPayload({ overrides: { pickupTime: '6:30 PM' } }),
    });
    expect(ok.status).toBe(201);
    const late = await client.post('/api/submit-order', {
      orderData: orderPayload({ overrides: { pickupTime: '7:00 PM' } }),
    });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(ORDER_MESSAGES.pickupTimeFormat);
  });

  it('gives a 4-digit ZIP and a state not delivered to their own messages', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const zip = await client.post<{ message: string }>('/api/submit-order', {
      orderData: orderPayload({ delivery: true, overrides: { deliveryZip: '3230' } }),
    });
    expect(zip.status).toBe(400);
    expect(zip.body.message).toBe(ORDER_MESSAGES.deliveryZip);
    const state = await client.post<{ message: string }>('/api/submit-order', {
      orderData: orderPayload({ delivery: true, overrides: { deliveryState: 'IL' } }),
    });
    expect(state.status).toBe(400);
    expect(state.body.message).toBe(ORDER_MESSAGES.deliveryState);
  });
});

describe('the form keeps faith (issue 24)', () => {
  it('stores the phone typed on the form; the account keeps its own', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma, {
      phone: '(850) 555-0134',
    });
    const order = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({ overrides: { customerPhone: '(850) 555-0199' } }),
    });
    expect(order.status).toBe(201);
    expect(order.body.order.customerPhone).toBe('(850) 555-0199');
    const stored = await server.prisma.order.findUnique({ where: { id: order.body.order.id } });
    expect(stored?.customerPhone).toBe('(850) 555-0199');
    const me = await client.get<{ phone: string }>('/api/user');
    expect(me.body.phone).toBe('(850) 555-0134');
    expect((await server.prisma.user.findUnique({ where: { id: user.id } }))?.phone).toBe(
      '(850) 555-0134',
    );
  });

  it('refuses "Add writing" with no writing (400, cake_writing_required), charging nothing', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    for (const cakeWriting of ['', '   ', null]) {
      const answer = await client.post<{ code: string; message: string }>('/api/submit-order', {
        orderData: orderPayload({
          lines: [{ productId: cake.id, quantity: 1 }],
          hasWriting: true,
          overrides: { cakeWriting },
        }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'cake_writing_required',
        message: 'Enter the writing for your cake',
      });
    }
    const mine = await client.get<OrderView[]>('/api/my-orders');
    expect(mine.body).toEqual([]);
  });

  it('keeps the writing of each cake where the order has several, on My Orders and the bake sheet', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const base = orderPayload({
      lines: [
        { productId: 'heart-shaped-cake', quantity: 1, variantId: 'chocolate' },
        { productId: cake.id, quantity: 1 },
      ],
      hasWriting: true,
      // A day of its own: the cakes' daily limit is shared with the other tests.
      daysAhead: 13,
    });
    const orderData = {
      ...base,
      cakeWriting: 'Love you, Mom',
      items: base.items.map((item, index) => ({
        ...item,
        writing: index === 0 ? 'Love you, Mom' : 'Happy 40th Sam',
      })),
    };
    const order = await client.post<{ order: OrderView }>('/api/submit-order', { orderData });
    expect(order.status).toBe(201);
    expect(order.body.order.items.map((line) => line.writing)).toEqual([
      'Love you, Mom',
      'Happy 40th Sam',
    ]);
    // One writing fee for the order, as the spec prices it.
    expect(order.body.order.cakeOptionsFee).toBe(5);
    const mine = await client.get<OrderView[]>('/api/my-orders');
    expect(mine.body[0]!.items.map((line) => line.writing)).toEqual([
      'Love you, Mom',
      'Happy 40th Sam',
    ]);
    const staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    const day = order.body.order.pickupDate!;
    const sheet = await staff.get<{ cakes: { orderId: string; writingText: string }[] }>(
      `/api/admin/kitchen/bake-sheet?fromDate=${day}&toDate=${day}`,
    );
    expect(
      sheet.body.cakes.filter((c) => c.orderId === order.body.order.id).map((c) => c.writingText),
    ).toEqual(['Love you, Mom', 'Happy 40th Sam']);
    // Writing on a line that is not a cake is not kept; too long is refused.
    const long = await client.post<{ message: string }>('/api/submit-order', {
      orderData: {
        ...orderData,
        items: orderData.items.map((i) => ({ ...i, writing: 'x'.repeat(61) })),
      },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(ORDER_MESSAGES.cakeWriting);
  });

  it('takes the Heart-Shaped Cake in vanilla or chocolate, both at $60, and stores the flavour', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const order = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({
        lines: [
          { productId: 'heart-shaped-cake', quantity: 1, variantId: 'chocolate' },
          { productId: 'heart-shaped-cake', quantity: 1, variantId: 'vanilla' },
        ],
      }),
    });
    expect(order.status).toBe(201);
    expect(order.body.order.items).toEqual([
      expect.objectContaining({ variant: 'chocolate', variantLabel: 'Chocolate', price: 60 }),
      expect.objectContaining({ variant: 'vanilla', variantLabel: 'Vanilla', price: 60 }),
    ]);
    expect(order.body.order.subtotal).toBe(120);
    const strawberry = await client.post<{ message: string }>('/api/submit-order', {
      orderData: {
        ...orderPayload({ lines: [{ productId: 'heart-shaped-cake', quantity: 1 }] }),
        items: [
          {
            productId: 'heart-shaped-cake',
            name: 'Heart-Shaped Cake',
            price: 60,
            quantity: 1,
            variant: 'strawberry',
          },
        ],
      },
    });
    expect(strawberry.status).toBe(400);
  });

  it('refuses a delivery outside the area (Beverly Hills, FL 90210) and accepts Tallahassee', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const far = await client.post<{ code: string; message: string }>('/api/submit-order', {
      orderData: orderPayload({
        delivery: true,
        overrides: {
          deliveryAddress: '9400 Wilshire Blvd',
          deliveryCity: 'Beverly Hills',
          deliveryState: 'FL',
          deliveryZip: '90210',
        },
      }),
    });
    expect(far.status).toBe(400);
    expect(far.body.code).toBe('outside_delivery_area');
    expect(far.body.message).toContain('ZIP code 90210 is outside our delivery area');
    const georgia = await client.post<{ message: string }>('/api/submit-order', {
      orderData: orderPayload({
        delivery: true,
        overrides: { deliveryCity: 'Thomasville', deliveryState: 'GA', deliveryZip: '31792' },
      }),
    });
    expect(georgia.status).toBe(400);
    expect(georgia.body.message).toBe('We deliver only in Florida');
    const near = await client.post('/api/submit-order', {
      orderData: orderPayload({ delivery: true, overrides: { deliveryZip: '32312-1234' } }),
    });
    expect(near.status).toBe(201);
  });
});

describe('the short order number on the confirmation page (issue 24)', () => {
  it('finds #4CA071DC for its owner only; a visitor or another customer gets 404', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const placed = await client.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload(),
    });
    const { id, orderNumber } = placed.body.order;
    for (const typed of [orderNumber, `#${orderNumber}`, orderNumber.toLowerCase()]) {
      const own = await client.get<{ orderId: string }>(
        `/api/order-payment-status/${encodeURIComponent(typed)}`,
      );
      expect(own.status).toBe(200);
      expect(own.body.orderId).toBe(id);
    }
    const visitor = await new Client(server.baseUrl).get(
      `/api/order-payment-status/${orderNumber}`,
    );
    expect(visitor.status).toBe(404);
    const { client: other } = await signedInCustomer(server.baseUrl, server.prisma);
    expect((await other.get(`/api/order-payment-status/${orderNumber}`)).status).toBe(404);
  });
});
