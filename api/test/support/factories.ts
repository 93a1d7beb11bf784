// Data for the customer-side tests: accounts with a known password, signed-in
// clients, and order payloads priced by core exactly as the storefront does.
import { randomUUID } from 'node:crypto';
import { addDays, bakeryToday, buildOrderPayload, priceOrder, type CartLine } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { hashPassword } from '../../src/services/auth.js';
import { Client } from '../admin/helpers.js';

export { Client };
export const PASSWORD = 'bakery-secret-1';

let passwordHash: Promise<string> | null = null;

export async function createUser(
  prisma: PrismaClient,
  overrides: Partial<{
    email: string;
    role: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    password: string;
  }> = {},
) {
  const { password, ...fields } = overrides;
  const tag = randomUUID().slice(0, 8);
  return prisma.user.create({
    data: {
      email: `customer-${tag}@example.com`,
      firstName: 'Casey',
      lastName: `Customer`,
      phone: '8505551234',
      role: 'customer',
      ...fields,
      password: password
        ? await hashPassword(password)
        : await (passwordHash ??= hashPassword(PASSWORD)),
    },
  });
}

/** A new customer and a client signed in as them. */
export async function signedInCustomer(
  baseUrl: string,
  prisma: PrismaClient,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(prisma, overrides);
  const client = new Client(baseUrl);
  const login = await client.post('/api/login', {
    email: user.email,
    password: overrides.password ?? PASSWORD,
  });
  if (login.status !== 200)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { user, client };
}

export interface PayloadOptions {
  lines?: CartLine[];
  daysAhead?: number;
  hasWriting?: boolean;
  hasBows?: boolean;
  delivery?: boolean;
  overrides?: Record<string, unknown>;
}

/** An `orderData` payload from core's payload builder, as the storefront sends it. */
export function orderPayload(options: PayloadOptions = {}) {
  const today = bakeryToday();
  const pickupDate = addDays(today, options.daysAhead ?? 10);
  const lines = options.lines ?? [{ productId: 'lemon-poppy-seed-loaf', quantity: 2 }];
  const priced = priceOrder(
    lines,
    { pickupDate, hasWriting: Boolean(options.hasWriting), hasBows: Boolean(options.hasBows) },
    today,
  );
  const payload = buildOrderPayload(
    priced,
    {
      customerPhone: '8505550000',
      deliveryMethod: options.delivery ? 'delivery' : 'pickup',
      pickupDate,
      pickupTime: '10:00 AM',
      deliveryAddress: '100 Main St',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
      hasWriting: options.hasWriting,
      // Writing chosen must be written (issue 24); a test may override it.
      cakeWriting: options.hasWriting ? 'Happy Birthday' : '',
      hasBows: options.hasBows,
    },
    { id: null, firstName: 'Guest', lastName: 'Baker', email: 'guest@example.com' },
  );
  return {
    ...payload,
    ...options.overrides,
  };
}
