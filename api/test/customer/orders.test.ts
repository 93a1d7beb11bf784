// Orders over HTTP: submission re-priced by the server, every refusal (and
// that it stores nothing), the Idempotency-Key, Square and mail failures that
// never lose an order, my orders, and the payment status.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type SubmitOrderView } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, orderPayload, signedInCustomer } from '../support/factories.js';
import { insertOrder } from '../admin/helpers.js';
import {
  loggingNotifications,
  type Notifications,
  type Payments,
} from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';

// Square and mail as seen through their interfaces: each test file run decides
// how they behave (configured, failing), as a real outage would.
let paymentMode: 'link' | 'fail' = 'link';
const linkRequests: string[] = [];
let prismaForPayments: PrismaClient;
const payments: Payments = {
  configured: true,
  async ensurePaymentLink(orderId) {
    linkRequests.push(orderId);
    if (paymentMode === 'fail') throw new Error('Square is down');
    const url = `https://square.link/u/${orderId.slice(0, 8)}`;
    await prismaForPayments.order.update({
      where: { id: orderId },
      data: { squarePaymentUrl: url, squareOrderId: `sq-${orderId}` },
    });
    return url;
  },
};
let mailFails = false;
const notifications: Notifications = {
  ...loggingNotifications(createLogger({ level: 'silent' })),
  orderReceived: async () => {
    if (mailFails) throw new Error('SMTP refused');
  },
};

let server: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  server = await startTestServer({ payments, notifications });
  prismaForPayments = server.prisma;
  unconfigured = await startTestServer();
});

afterAll(async () => {
  await server?.close();
  await unconfigured?.close();
});

beforeEach(() => {
  paymentMode = 'link';
  mailFails = false;
  linkRequests.length = 0;
});

const submit = (client: Client, orderData: unknown, headers: Record<string, string> = {}) =>
  fetch(`${client.baseUrl}/api/submit-order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: client.baseUrl,
      cookie: client.cookieHeader(),
      ...headers,
    },
    body: JSON.stringify({ orderData }),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as SubmitOrderView,
  }));

describe('POST /api/submit-order', () => {
  it('stores the order at the catalogue prices with the account name and e-mail, the typed phone, and answers 201 with a payment link', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma, {
      firstName: 'Ada',
      lastName: 'Crumb',
      phone: '8505559999',
    });
    const { status, body } = await submit(
      client,
      orderPayload({
        overrides: { customerName: 'Someone Else', customerEmail: 'else@example.com' },
      }),
    );
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.paymentUrl).toMatch(/^https:\/\/square\.link\/u\//);
    expect(body.order).toMatchObject({
      userId: user.id,
      customerName: 'Ada Crumb',
      customerEmail: user.email,
      // The phone typed on the form (orderPayload's), not the account's (issue 24).
      customerPhone: '8505550000',
      subtotal: 40,
      rushFee: 0,
      tax: 3.5,
      total: 43.5,
      isRushOrder: false,
      paymentStatus: 'pending',
      orderStatus: 'in progress',
      deliveryMethod: 'pickup',
      deliveryFeeStatus: 'not_applicable',
      squarePaymentUrl: body.paymentUrl,
    });
    expect(body.order.items).toEqual([
      expect.objectContaining({
        productId: 'lemon-poppy-seed-loaf',
        name: 'Lemon Poppy Seed Loaf',
        price: 20,
        quantity: 2,
        lineTotal: 40,
      }),
    ]);
    expect(body.order.orderNumber).toBe(body.order.id.replace(/-/g, '').slice(-8).toUpperCase());
    expect(linkRequests).toEqual([body.order.id]);
    const stored = await server.prisma.order.findUnique({ where: { id: body.order.id } });
    expect(stored!.total.toString()).toBe('43.5');
    expect(stored!.userId).toBe(user.id);
  });

  it('adds the rush fee for a pickup less than 7 days away and taxes it', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const { status, body } = await submit(client, orderPayload({ daysAhead: 4 }));
    expect(status).toBe(201);
    expect(body.order).toMatchObject({
      subtotal: 40,
      rushFee: 10,
      tax: 4.38,
      total: 54.38,
      isRushOrder: true,
    });
  });

  it('prices cake sizes, counts and cake options from the catalogue', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const payload = orderPayload({
      lines: [
        { productId: 'chocolate-layer-cake', quantity: 1, variantId: '8in' },
        { productId: 'chocolate-chip-cookies', quantity: 2, variantId: '12-count' },
      ],
      hasWriting: true,
      hasBows: true,
    });
    const { status, body } = await submit(client, payload);
    expect(status).toBe(201);
    // 60 + 2 x 30 = 120; options 10; tax 8.75% of 130 = 11.375 -> 11.38
    expect(body.order).toMatchObject({
      subtotal: 120,
      cakeOptionsFee: 10,
      tax: 11.38,
      total: 141.38,
      hasCakeItems: true,
      cakeOptions: { hasWriting: true, hasBows: true },
    });
    expect(body.order.items[0]).toMatchObject({ variant: '8in', price: 60 });
  });

  it('starts a delivery order with the fee pending and asks Square for nothing yet', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const { status, body } = await submit(client, orderPayload({ delivery: true }));
    expect(status).toBe(201);
    expect(body.order).toMatchObject({
      deliveryMethod: 'delivery',
      deliveryFeeStatus: 'pending',
      deliveryAddress: '100 Main St',
      deliveryZip: '32301',
      deliveryFee: 0,
    });
    expect(body.paymentUrl).toBeNull();
    expect(linkRequests).toEqual([]);
  });

  it('creates one order for a repeated Idempotency-Key', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const payload = orderPayload();
    const first = await submit(client, payload, { 'idempotency-key': `key-${user.id}` });
    const second = await submit(client, payload, { 'idempotency-key': `key-${user.id}` });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(1);
  });

  it('creates one order when the same Idempotency-Key arrives five times at once', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const payload = orderPayload({ daysAhead: 11 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        submit(client, payload, { 'idempotency-key': `race-${user.id}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.order.id)).size).toBe(1);
    expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(1);
  });

  it('keeps the order when Square fails and when the confirmation mail fails', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    paymentMode = 'fail';
    mailFails = true;
    const { status, body } = await submit(client, orderPayload());
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.paymentUrl).toBeNull();
    expect(body.order.paymentStatus).toBe('pending');
    expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(1);
  });

  it('says to pay at pickup (never configuration wording, never a link that will not come), keeping the order pending, when Square is not set up', async () => {
    const { user, client } = await signedInCustomer(unconfigured.baseUrl, unconfigured.prisma);
    const { status, body } = await submit(client, orderPayload());
    expect(status).toBe(201);
    expect(body.message).toBe(
      "Order submitted for review. You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
    );
    expect(body.message).not.toMatch(/configured/i);
    expect((body as { code?: string }).code).toBe('payment_not_configured');
    expect(body.paymentUrl).toBeNull();
    const stored = await unconfigured.prisma.order.findFirst({ where: { userId: user.id } });
    expect(stored!.paymentStatus).toBe('pending');
  });

  it('refuses a signed-out visitor, storing nothing (spec section 6)', async () => {
    const before = await server.prisma.order.count();
    const visitor = new Client(server.baseUrl);
    const { status, body } = await submit(
      visitor,
      orderPayload({ overrides: { customerEmail: 'walk.in@example.com' } }),
    );
    expect(status).toBe(401);
    expect(body.message).toEqual(expect.any(String));
    expect(await server.prisma.order.count()).toBe(before);
  });

  describe('refuses, storing nothing,', () => {
    const refusals: [string, () => Record<string, unknown>, number, string | RegExp][] = [
      [
        'a tampered item price',
        () => {
          const payload = orderPayload();
          // Internally consistent figures for a $1 loaf: only the catalogue can tell.
          return {
            ...payload,
            items: [{ ...payload.items[0], price: 1 }],
            subtotal: 2,
            tax: 0.18,
            total: 2.18,
          };
        },
        400,
        'Order prices do not match our current menu. Please review your cart and try again.',
      ],
      [
        'a total that is not the sum',
        () => ({ ...orderPayload(), total: 50 }),
        400,
        ORDER_MESSAGES.totalMismatch,
      ],
      [
        'a rush order without the rush fee',
        () => {
          const payload = orderPayload({ daysAhead: 4 });
          return { ...payload, rushFee: 0, isRushOrder: false, tax: 3.5, total: 43.5 };
        },
        400,
        ORDER_MESSAGES.rushFeeInvalid,
      ],
      [
        'a 21st item',
        () => orderPayload({ lines: manyLines(21) }),
        400,
        ORDER_MESSAGES.tooManyItems,
      ],
      [
        'a quantity of 51',
        () => ({ ...orderPayload(), items: [{ ...orderPayload().items[0], quantity: 51 }] }),
        400,
        ORDER_MESSAGES.quantityMax,
      ],
      [
        'an unknown product',
        () => ({
          ...orderPayload(),
          items: [{ ...orderPayload().items[0], productId: 'gold-bar' }],
        }),
        400,
        /gold-bar/,
      ],
      [
        'a pickup date of today',
        () => ({ ...orderPayload(), pickupDate: orderPayload({ daysAhead: 0 }).pickupDate }),
        400,
        ORDER_MESSAGES.pickupDateTomorrow,
      ],
      [
        'a pickup date the day after tomorrow',
        () => ({ ...orderPayload(), pickupDate: orderPayload({ daysAhead: 2 }).pickupDate }),
        400,
        ORDER_MESSAGES.pickupDateLead,
      ],
      [
        'a pickup time outside the slots',
        () => ({ ...orderPayload(), pickupTime: '1:00 AM' }),
        400,
        ORDER_MESSAGES.pickupTimeFormat,
      ],
      [
        'a delivery without an address',
        () => ({ ...orderPayload({ delivery: true }), deliveryZip: '' }),
        400,
        ORDER_MESSAGES.addressServer,
      ],
    ];

    it.each(refusals)('%s', async (_name, build, status, message) => {
      const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
      const before = await server.prisma.order.count();
      const answer = await submit(client, build());
      expect(answer.status).toBe(status);
      if (typeof message === 'string') expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(message);
      expect(await server.prisma.order.count()).toBe(before);
      expect(await server.prisma.order.count({ where: { userId: user.id } })).toBe(0);
      expect(linkRequests).toEqual([]);
    });

    it('a body over 100 kB with 413', async () => {
      const { client } = await signedInCustomer(server.baseUrl, server.prisma);
      const before = await server.prisma.order.count();
      const answer = await submit(client, {
        ...orderPayload(),
        specialInstructions: 'x'.repeat(120_000),
      });
      expect(answer.status).toBe(413);
      expect(typeof answer.body.message).toBe('string');
      expect(await server.prisma.order.count()).toBe(before);
    });

    it('a missing orderData', async () => {
      const { client } = await signedInCustomer(server.baseUrl, server.prisma);
      const answer = await client.post('/api/submit-order', { something: 1 });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Order data is required');
    });
  });
});

/** n distinct cart lines (distinct product and variant pairs). */
function manyLines(n: number) {
  const ids = [
    'banana-bread',
    'zucchini-bread',
    'cornbread',
    'focaccia',
    'pumpkin-spice-loaf',
    'lemon-poppy-seed-loaf',
    'rosemary-olive-oil-boule',
  ];
  const lines = [] as { productId: string; quantity: number; variantId?: string }[];
  for (const id of ids) lines.push({ productId: id, quantity: 1 });
  for (const id of [
    'chocolate-chip-cookies',
    'lemon-crinkle-cookies',
    'chocolate-chip-pecan-cookies',
  ]) {
    for (const variantId of ['6-count', '12-count', '24-count'])
      lines.push({ productId: id, quantity: 1, variantId });
  }
  for (const id of ['vanilla-cupcakes', 'chocolate-cupcakes', 'red-velvet-cupcakes']) {
    for (const variantId of ['6-count', '12-count'])
      lines.push({ productId: id, quantity: 1, variantId });
  }
  return lines.slice(0, n);
}

describe('GET /api/my-orders', () => {
  it("lists the caller's orders newest first and nobody else's", async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const other = await signedInCustomer(server.baseUrl, server.prisma);
    const first = (await submit(client, orderPayload())).body.order;
    const second = (await submit(client, orderPayload({ daysAhead: 12 }))).body.order;
    await submit(other.client, orderPayload());
    const { status, body } = await client.get('/api/my-orders');
    expect(status).toBe(200);
    expect(body.map((order: { id: string }) => order.id)).toEqual([second.id, first.id]);
    expect(body.every((order: { userId: string }) => order.userId === user.id)).toBe(true);
    expect(body[0]).toEqual(second);
  });

  it('answers 401 to a visitor', async () => {
    expect((await new Client(server.baseUrl).get('/api/my-orders')).status).toBe(401);
  });

  it('answers 50 at a time; X-Next-Cursor leads to the older ones', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    // 53 orders, three of them placed in the same millisecond (the id breaks the tie).
    const start = Date.parse('2026-11-01T12:00:00.000Z');
    const ids: string[] = [];
    for (let i = 0; i < 53; i += 1) {
      const createdAt = new Date(start + Math.min(i, 50) * 60_000);
      ids.push((await insertOrder(server.prisma, { userId: user.id, createdAt })).id);
    }
    const newestFirst = [...ids.slice(50).sort().reverse(), ...ids.slice(0, 50).reverse()];

    const first = await client.get<Array<{ id: string }>>('/api/my-orders');
    expect(first.status).toBe(200);
    expect(first.body.map((order) => order.id)).toEqual(newestFirst.slice(0, 50));
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const rest = await client.get<Array<{ id: string }>>(
      `/api/my-orders?before=${encodeURIComponent(cursor!)}`,
    );
    expect(rest.body.map((order) => order.id)).toEqual(newestFirst.slice(50));
    expect(rest.headers.get('x-next-cursor')).toBeNull();

    // Smaller pages walk the same list, across the three orders of one millisecond.
    const walked: string[] = [];
    let next: string | null = '';
    while (next !== null) {
      const page: { body: Array<{ id: string }>; headers: Headers } = await client.get(
        `/api/my-orders?limit=2&before=${encodeURIComponent(next)}`,
      );
      expect(page.body.length).toBeLessThanOrEqual(2);
      walked.push(...page.body.map((order) => order.id));
      next = page.headers.get('x-next-cursor');
    }
    expect(walked).toEqual(newestFirst);
  });

  it('is compressed as the browser accepts: brotli, gzip, or not at all', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    client.headers['accept-encoding'] = 'br';
    const empty = await client.get('/api/my-orders');
    expect(empty.headers.get('content-encoding')).toBeNull(); // under 1 KB
    for (let i = 0; i < 5; i += 1) await insertOrder(server.prisma, { userId: user.id });
    client.headers['accept-encoding'] = 'identity';
    const plain = await client.get<unknown[]>('/api/my-orders');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toHaveLength(5);
    for (const encoding of ['br', 'gzip']) {
      client.headers['accept-encoding'] = encoding;
      const answer = await client.get<unknown[]>('/api/my-orders');
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(answer.body).toEqual(plain.body);
    }
  });

  it('refuses a page size over 100 and a cursor it did not give', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const big = await client.get('/api/my-orders?limit=101');
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('limit must be a whole number from 1 to 100');
    const forged = await client.get('/api/my-orders?before=yesterday');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('before must be a cursor from the X-Next-Cursor header');
  });
});

describe('GET /api/order-payment-status/{id}', () => {
  it('shows the owner the full e-mail and anyone else a masked one', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const order = (await submit(client, orderPayload())).body.order;
    const own = await client.get(`/api/order-payment-status/${order.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      paymentStatus: 'pending',
      total: 43.5,
      orderId: order.id,
      customerEmail: user.email,
      paymentUrl: order.squarePaymentUrl,
    });
    const stranger = await new Client(server.baseUrl).get(`/api/order-payment-status/${order.id}`);
    expect(stranger.status).toBe(200);
    expect(stranger.body.customerEmail).toBe(`${user.email[0]}***@example.com`);
    expect(Object.keys(stranger.body).sort()).toEqual([
      'customerEmail',
      'orderId',
      'paymentStatus',
      'paymentUrl',
      'total',
    ]);
  });

  it('finds an order by its Square reference', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const order = (await submit(client, orderPayload())).body.order;
    const { status, body } = await client.get(`/api/order-payment-status/sq-${order.id}`);
    expect(status).toBe(200);
    expect(body.orderId).toBe(order.id);
  });

  it('answers 404 for an unknown id', async () => {
    const visitor = new Client(server.baseUrl);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-reference']) {
      const { status, body } = await visitor.get(`/api/order-payment-status/${id}`);
      expect(status).toBe(404);
      expect(body.message).toBe('Order not found');
    }
  });
});
