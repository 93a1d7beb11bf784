// Issue 38: the owner's delivery-fee table (Settings, by ZIP code), set
// through PUT /api/admin/settings as the Settings tab sends it and read by the
// storefront from GET /api/settings. A delivery to a ZIP of the table has its
// fee in the total at submit, recomputed on the server, and keeps it in My
// Orders; another ZIP keeps the fee pending for staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, resetShopSettings, type OrderView } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, orderPayload, signedInCustomer } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import { PRICE_MISMATCH } from '../../src/services/orderSubmission.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
  const refused = await owner.put('/api/admin/settings', {
    ...DEFAULT_SHOP_SETTINGS,
    deliveryFees: [{ zip: '3230', feeCents: 750 }],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Each delivery-fee ZIP code must be 5 digits');
  const saved = await owner.put('/api/admin/settings', {
    ...DEFAULT_SHOP_SETTINGS,
    deliveryFees: [{ zip: '32301', feeCents: 750 }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // What the storefront's checkout reads to show the fee before submit.
  const shown = await new Client(server.baseUrl).get('/api/settings');
  expect(shown.body.deliveryFees).toEqual([{ zip: '32301', feeCents: 750 }]);
}, 60_000);

afterAll(async () => {
  resetShopSettings();
  await server?.close();
});

/** A delivery payload to `zip` whose total carries `feeCents` more than the goods. */
function deliveryTo(zip: string, feeCents: number) {
  const payload = orderPayload({ delivery: true, overrides: { deliveryZip: zip } }) as {
    total: number;
  };
  return {
    ...payload,
    ...(feeCents ? { deliveryFee: feeCents / 100, deliveryFeeStatus: 'calculated' } : {}),
    total: Math.round(payload.total * 100 + feeCents) / 100,
  };
}

describe('delivery fee at checkout', () => {
  it('adds the fee of a configured ZIP to the total at submit', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const goods = orderPayload({ delivery: true }) as { total: number };
    const submitted = await client.post('/api/submit-order', {
      orderData: deliveryTo('32301', 750),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.order).toMatchObject({
      deliveryFee: 7.5,
      deliveryFeeStatus: 'calculated',
      total: Math.round(goods.total * 100 + 750) / 100,
    });
    expect(submitted.body.message).not.toMatch(/calculate your delivery fee/);
    const stored = await server.prisma.order.findUniqueOrThrow({
      where: { id: submitted.body.order.id },
    });
    expect(stored.deliveryFee.toFixed(2)).toBe('7.50');
    expect(stored.total.toFixed(2)).toBe((Math.round(goods.total * 100 + 750) / 100).toFixed(2));
    // My Orders shows the same fee and total.
    const mine = await client.get<OrderView[]>('/api/my-orders');
    expect(mine.body.find((o) => o.id === submitted.body.order.id)).toMatchObject({
      deliveryFee: 7.5,
      deliveryFeeStatus: 'calculated',
      total: submitted.body.order.total,
    });
  });

  it('recomputes the fee on the server: a total without it is refused', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const refused = await client.post('/api/submit-order', { orderData: deliveryTo('32301', 0) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PRICE_MISMATCH);
  });

  it('keeps the fee pending for staff for a ZIP without a fee', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const submitted = await client.post('/api/submit-order', {
      orderData: deliveryTo('32303', 0),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.order).toMatchObject({ deliveryFee: 0, deliveryFeeStatus: 'pending' });
  });
});
