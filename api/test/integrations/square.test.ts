// Square payment links and payment confirmation: the real `square` SDK
// against the local fake of Square's API, on a real PostgreSQL database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Prisma } from '@bakery/prisma';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { startSquareFake, type SquareFake } from '../fakes/squareFake.js';
import {
  createSquarePayments,
  type SquarePayments,
} from '../../src/services/square/squarePayments.js';
import { readSquareSettings } from '../../src/services/square/settings.js';
import { insertOrder, recordingLogger } from './helpers.js';

const PUBLIC_URL = 'https://shop.example.com';

let db: TestDatabase;
let fake: SquareFake;
let log: ReturnType<typeof recordingLogger>;
let mails: Array<[string, string]>;
let payments: SquarePayments;

function build(env: Record<string, string> = {}, limits: { timeoutInSeconds?: number } = {}) {
  const settings = readSquareSettings({
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_BASE_URL: fake.baseUrl,
    ...env,
  })!;
  return createSquarePayments({
    settings,
    prisma: db.prisma,
    log,
    publicUrl: PUBLIC_URL,
    maxRetries: 0,
    timeoutInSeconds: limits.timeoutInSeconds ?? 5,
    notifications: {
      paymentLinkReady: async (orderId) => void mails.push(['paymentLinkReady', orderId]),
      paymentReceived: async (orderId) => void mails.push(['paymentReceived', orderId]),
    },
  });
}

const linkCreates = () =>
  fake.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v2/online-checkout/payment-links',
  );

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startSquareFake();
});
afterAll(async () => {
  await fake?.close();
  await db?.drop();
});
beforeEach(() => {
  log = recordingLogger();
  mails = [];
  fake.requests.length = 0;
  payments = build();
});

describe('payment links', () => {
  it('creates a Square link for the order total and stores it on the order', async () => {
    const order = await insertOrder(db.prisma);
    const url = await payments.ensurePaymentLink(order.id);

    expect(url).toMatch(/^https:\/\/square\.link\/u\//);
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.squarePaymentUrl).toBe(url);
    expect(stored.squarePaymentLinkId).toBeTruthy();
    expect(fake.orders.has(stored.squareOrderId!)).toBe(true);
    expect(stored.paymentStatus).toBe('pending');

    const request = linkCreates()[0]!.body!;
    expect(linkCreates()[0]!.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(request.idempotency_key).toBe(`bakery-order-${order.id}-4350`);
    expect(request.order?.location_id).toBe(fake.locationId);
    expect(request.order?.reference_id).toBe(order.id);
    expect(request.order?.line_items).toEqual([
      expect.objectContaining({
        quantity: '1',
        base_price_money: { amount: 4350, currency: 'USD' },
      }),
    ]);
    expect(request.pre_populated_data).toEqual({ buyer_email: order.customerEmail });
    expect(request.checkout_options?.allow_tipping).toBe(true);
    expect(request.checkout_options?.redirect_url).toBe(
      `${PUBLIC_URL}/confirmation?order_id=${order.id}&referenceId=${order.id}&status=success&payment_method=square`,
    );
    expect(mails).toEqual([['paymentLinkReady', order.id]]);
  });

  it('returns the same link on a retry without making a second one', async () => {
    const order = await insertOrder(db.prisma);
    const first = await payments.ensurePaymentLink(order.id);
    const second = await payments.ensurePaymentLink(order.id);
    expect(second).toBe(first);
    expect(linkCreates()).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it('makes a new link when the total changed (delivery fee added)', async () => {
    const order = await insertOrder(db.prisma, {
      deliveryMethod: 'delivery',
      deliveryFeeStatus: 'pending',
      deliveryAddress: '1 Main St',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
    });
    expect(await payments.ensurePaymentLink(order.id)).toBeNull();
    expect(linkCreates()).toHaveLength(0);

    await db.prisma.order.update({
      where: { id: order.id },
      data: {
        deliveryFee: new Prisma.Decimal('7.50'),
        deliveryFeeStatus: 'calculated',
        total: new Prisma.Decimal('51.00'),
      },
    });
    const first = await payments.ensurePaymentLink(order.id);
    expect(linkCreates().at(-1)!.body?.order?.line_items?.[0]?.base_price_money?.amount).toBe(5100);

    await db.prisma.order.update({
      where: { id: order.id },
      data: { deliveryFee: new Prisma.Decimal('9.00'), total: new Prisma.Decimal('52.50') },
    });
    const second = await payments.ensurePaymentLink(order.id);
    expect(second).not.toBe(first);
    expect(linkCreates()).toHaveLength(2);
    expect(linkCreates()[1]!.body?.idempotency_key).toBe(`bakery-order-${order.id}-5250`);
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.squarePaymentUrl).toBe(second);
    expect(fake.orders.get(stored.squareOrderId!)!.total_money.amount).toBe(5250);
  });

  it('leaves the order pending and logs when Square fails; a staff retry then succeeds', async () => {
    const order = await insertOrder(db.prisma);
    fake.failNext(500);
    expect(await payments.ensurePaymentLink(order.id)).toBeNull();
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({
      paymentStatus: 'pending',
      squarePaymentUrl: null,
      squareOrderId: null,
    });
    expect(log.errors()[0]).toMatchObject({
      message: expect.stringContaining('Square failed'),
      fields: expect.objectContaining({ statusCode: 500 }),
    });
    expect(mails).toHaveLength(0);

    expect(await payments.ensurePaymentLink(order.id)).toMatch(/^https:\/\/square\.link\//);
  });

  it('gives up on a Square answer that takes longer than the timeout', async () => {
    payments = build({}, { timeoutInSeconds: 0.5 });
    const order = await insertOrder(db.prisma);
    fake.delayNext(3000);
    const started = Date.now();
    expect(await payments.ensurePaymentLink(order.id)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(log.errors()[0]!.fields).toMatchObject({ error: 'Square did not answer in time' });
    expect(
      (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).squarePaymentUrl,
    ).toBeNull();
  });

  it('refuses with a wrong access token and turns tipping off when configured so', async () => {
    const order = await insertOrder(db.prisma);
    payments = build({ SQUARE_ACCESS_TOKEN: 'wrong-token' });
    expect(await payments.ensurePaymentLink(order.id)).toBeNull();
    expect(log.errors()[0]!.fields).toMatchObject({ statusCode: 401 });

    payments = build({ SQUARE_ALLOW_TIPPING: 'false' });
    expect(await payments.ensurePaymentLink(order.id)).toBeTruthy();
    expect(linkCreates().at(-1)!.body?.checkout_options?.allow_tipping).toBe(false);
  });

  it('makes no link for a paid or cancelled order', async () => {
    const paid = await insertOrder(db.prisma, { paymentStatus: 'paid' });
    const cancelled = await insertOrder(db.prisma, { paymentStatus: 'cancelled' });
    expect(await payments.ensurePaymentLink(paid.id)).toBeNull();
    expect(await payments.ensurePaymentLink(cancelled.id)).toBeNull();
    expect(linkCreates()).toHaveLength(0);
  });
});

describe('confirming a payment with Square', () => {
  async function orderWithLink() {
    const order = await insertOrder(db.prisma);
    await payments.ensurePaymentLink(order.id);
    return db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  }

  it('refuses while Square has no completed payment, then marks the order paid once it has', async () => {
    const order = await orderWithLink();
    expect(await payments.confirmPayment(order.id)).toEqual({
      ok: false,
      status: 409,
      message: 'Square has not completed the payment for this order yet',
    });

    const payment = fake.pay(order.squareOrderId!);
    expect(await payments.confirmPayment(order.id)).toEqual({ ok: true, paymentStatus: 'paid' });
    const stored = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { history: true },
    });
    expect(stored.paymentStatus).toBe('paid');
    expect(stored.squarePaymentId).toBe(payment.id);
    expect(stored.history).toEqual([
      expect.objectContaining({
        field: 'paymentStatus',
        from: 'pending',
        to: 'paid',
        actorEmail: 'Square',
      }),
    ]);
    expect(mails).toContainEqual(['paymentReceived', order.id]);

    // A second confirmation answers from the database and mails nothing more.
    const calls = fake.requests.length;
    expect(await payments.confirmPayment(order.id)).toEqual({ ok: true, paymentStatus: 'paid' });
    expect(fake.requests.length).toBe(calls);
    expect(mails.filter(([kind]) => kind === 'paymentReceived')).toHaveLength(1);
  });

  it('accepts Square’s order id as the reference, and a payment that includes a tip', async () => {
    const order = await orderWithLink();
    fake.pay(order.squareOrderId!, { tipCents: 500 });
    expect(await payments.confirmPayment(order.squareOrderId!)).toEqual({
      ok: true,
      paymentStatus: 'paid',
    });
  });

  it('refuses a payment whose amount does not match the order total', async () => {
    const order = await orderWithLink();
    fake.pay(order.squareOrderId!, { amountCents: 100 });
    expect(await payments.confirmPayment(order.id)).toEqual({
      ok: false,
      status: 409,
      message: 'The payment amount does not match the order total',
    });
    expect(
      (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus,
    ).toBe('pending');
  });

  it('refuses unknown references and orders without a link', async () => {
    expect(await payments.confirmPayment('7d1f3c1e-0000-4000-8000-000000000000')).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await payments.confirmPayment('NOT-A-SQUARE-ORDER')).toMatchObject({
      ok: false,
      status: 404,
      message: 'Order not found',
    });
    const noLink = await insertOrder(db.prisma);
    expect(await payments.confirmPayment(noLink.id)).toEqual({
      ok: false,
      status: 409,
      message: 'This order has no Square payment link yet',
    });
  });

  it('answers 502 when Square cannot be reached, leaving the order pending', async () => {
    const order = await orderWithLink();
    fake.pay(order.squareOrderId!);
    fake.failNext(503, 'SERVICE_UNAVAILABLE');
    expect(await payments.confirmPayment(order.id)).toEqual({
      ok: false,
      status: 502,
      message: 'Could not check the payment with Square. Please try again.',
    });
    expect(
      (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus,
    ).toBe('pending');
  });
});
