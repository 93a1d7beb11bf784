// Orders and a review created the way customers create them: signup, then
// POST /api/submit-order priced by core, then POST /api/reviews.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  dollarsToCents,
  priceOrder,
  type CartLine,
} from '@bakery/core';
import { ApiSession } from '@bakery/test-support/client';

export const SEED_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-results',
  'seed.json',
);

export interface Seed {
  customerEmail: string;
  pickupOrderId: string;
  pickupCustomer: string;
  deliveryOrderId: string;
  deliveryCustomer: string;
  spareCustomer: string;
  orderCount: number;
  /** The bakery's day the orders were placed on: "Today's Orders" counts them only that day. */
  orderedOn: string;
  /** Order totals in cents, as the server priced them. */
  pickupTotalCents: number;
  deliveryTotalCents: number;
  spareTotalCents: number;
  reviewTitle: string;
}

function orderData(lines: CartLine[], who: { name: string; email: string }, delivery: boolean) {
  const today = bakeryToday();
  const pickupDate = addDays(today, 10);
  const priced = priceOrder(lines, { pickupDate, hasWriting: false, hasBows: false }, today);
  const [firstName = '', ...rest] = who.name.split(' ');
  // core's one payload builder, as the storefront sends it; the server names
  // the order after the signed-in account anyway.
  return buildOrderPayload(
    priced,
    {
      customerPhone: '555-123-4567',
      pickupDate,
      pickupTime: '10:00 AM',
      deliveryMethod: delivery ? 'delivery' : 'pickup',
      deliveryAddress: '12 Oven Street',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
      deliveryInstructions: 'Ring twice',
      specialInstructions: 'Please box separately',
    },
    { id: null, firstName, lastName: rest.join(' '), email: who.email },
  );
}

export async function seedThroughCustomerApi(base: string): Promise<Seed> {
  const { MENU_ITEMS } = await import('@bakery/core');
  const simple = MENU_ITEMS.filter((i) => !i.variants?.length && !i.fillings && !i.addIns);
  const [a, b] = [simple[0]!, simple[1] ?? simple[0]!];
  // One account per customer: the server names an order after its account.
  const signUp = async (firstName: string, lastName: string) => {
    const customer = new ApiSession(base);
    const email = `${firstName}.${lastName}@example.com`.toLowerCase();
    await customer.call('POST', '/api/signup', {
      email,
      password: 'Customer-pass-1',
      firstName,
      lastName,
      phone: '5551234567',
    });
    return { customer, who: { name: `${firstName} ${lastName}`, email } };
  };
  type Submitted = { order: { id: string; total: number } };
  const pat = await signUp('Pat', 'Pickup');
  const dora = await signUp('Dora', 'Delivery');
  const sam = await signUp('Sam', 'Spare');
  const submit = (c: Awaited<ReturnType<typeof signUp>>, lines: CartLine[], delivery: boolean) =>
    c.customer.call<Submitted>('POST', '/api/submit-order', {
      orderData: orderData(lines, c.who, delivery),
    });
  const pickup = await submit(pat, [{ productId: a.id, quantity: 2 }], false);
  const delivery = await submit(dora, [{ productId: b.id, quantity: 1 }], true);
  const spare = await submit(sam, [{ productId: a.id, quantity: 1 }], false);
  const reviewTitle = 'Best gluten-free bread in town';
  await pat.customer.call('POST', '/api/reviews', {
    rating: '5',
    title: reviewTitle,
    comment:
      'The crust is perfect and nobody at the table could tell it was gluten-free. We will be back every Saturday for more loaves!',
  });
  const cents = (x: Submitted) => dollarsToCents(x.order.total);
  return {
    customerEmail: pat.who.email,
    pickupOrderId: pickup.order.id,
    pickupCustomer: pat.who.name,
    deliveryOrderId: delivery.order.id,
    deliveryCustomer: dora.who.name,
    spareCustomer: sam.who.name,
    orderCount: 3,
    orderedOn: bakeryToday(),
    pickupTotalCents: cents(pickup),
    deliveryTotalCents: cents(delivery),
    spareTotalCents: cents(spare),
    reviewTitle,
  };
}
