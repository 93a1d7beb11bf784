// Issue 38: the owner's delivery-fee table (Settings, by ZIP code). A
// delivery to a ZIP of the table has its fee in the total at submit,
// recomputed on the server; another ZIP keeps the fee pending for staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, resetShopSettings } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { saveShopSettings } from '../../src/services/settings/shopSettings.js';
import { PRICE_MISMATCH } from '../../src/services/orderSubmission.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await saveShopSettings(
    server.prisma,
    { ...DEFAULT_SHOP_SETTINGS, deliveryFees: [{ zip: '32301', feeCents: 750 }] },
    'owner@bakery.test',
  );
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
