// Helpers of the staff-side tests: a cookie-keeping HTTP client (shared with
// the customer-side factories), signed-in staff and customers, and orders
// built by hand so every figure is known.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON whose shape each test asserts */
import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import { legacyFulfillment } from '@bakery/core';
import { createUser as createAccount, PASSWORD } from '../support/factories.js';

export { PASSWORD };

/** A browser-like client: keeps cookies, sends JSON, claims the server's own origin. */
export class Client {
  private cookies = new Map<string, string>();
  /** Extra headers sent with every request (e.g. X-Forwarded-For, User-Agent). */
  headers: Record<string, string> = {};
  constructor(readonly baseUrl: string) {}

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...this.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The JSON answer and status of a call. */
  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>('POST', path, body);
  patch = <T = any>(path: string, body: unknown = {}) => this.call<T>('PATCH', path, body);
  put = <T = any>(path: string, body: unknown = {}) => this.call<T>('PUT', path, body);
  del = <T = any>(path: string) => this.call<T>('DELETE', path);
}

/** A user of `role` whose password is PASSWORD. */
export async function createUser(
  prisma: PrismaClient,
  role: 'customer' | 'admin' | 'owner',
  overrides: { firstName?: string; lastName?: string; email?: string } = {},
) {
  const tag = randomUUID().slice(0, 8);
  return createAccount(prisma, {
    email: `${role}-${tag}@example.com`,
    firstName: role[0]!.toUpperCase() + role.slice(1),
    lastName: `Tester ${tag}`,
    role,
    ...overrides,
  });
}

/** A client signed in as a new user of `role`; staff also hold an admin session. */
export async function signedIn(
  baseUrl: string,
  prisma: PrismaClient,
  role: 'customer' | 'admin' | 'owner',
) {
  const user = await createUser(prisma, role);
  const client = new Client(baseUrl);
  const login = await client.post('/api/login', { email: user.email, password: PASSWORD });
  if (login.status !== 200)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  if (role !== 'customer') {
    const admin = await client.post('/api/admin/auto-login');
    if (admin.status !== 200)
      throw new Error(`auto-login failed: ${admin.status} ${JSON.stringify(admin.body)}`);
  }
  return { user, client };
}

type Line = {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  variant?: string | null;
  filling?: string | null;
  addIn?: string | null;
};

export interface OrderSpec {
  createdAt?: Date;
  total?: number;
  subtotal?: number;
  tax?: number;
  rushFee?: number;
  cakeOptionsFee?: number;
  deliveryFee?: number;
  paymentStatus?: 'pending' | 'paid' | 'completed' | 'cancelled';
  orderStatus?: 'in progress' | 'complete';
  deliveryMethod?: 'pickup' | 'delivery';
  deliveryFeeStatus?: 'not_applicable' | 'pending' | 'calculated';
  isRushOrder?: boolean;
  items?: Line[];
  userId?: string | null;
  squarePaymentUrl?: string | null;
  pickupDate?: string;
  pickupTime?: string;
  customerName?: string;
  customerEmail?: string;
  /** The counter's state; by default what the migration gives such a row (core's legacyFulfillment). */
  fulfillmentStatus?: string;
  deliveryInstructions?: string;
}

const DEFAULT_ITEMS: Line[] = [
  { productId: 'lemon-loaf', name: 'Lemon Loaf', price: 20, quantity: 2 },
];

/** Inserts an order as the database holds it; money in dollars. */
export async function insertOrder(prisma: PrismaClient, spec: OrderSpec = {}) {
  const items = spec.items ?? DEFAULT_ITEMS;
  const subtotal =
    spec.subtotal ?? items.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const tax = spec.tax ?? Math.round(subtotal * 8.75) / 100;
  const total =
    spec.total ??
    Math.round((subtotal + tax + (spec.rushFee ?? 0) + (spec.deliveryFee ?? 0)) * 100) / 100;
  const delivery = spec.deliveryMethod === 'delivery';
  const createdAt = spec.createdAt ?? new Date();
  return prisma.order.create({
    data: {
      userId: spec.userId ?? null,
      customerName: spec.customerName ?? 'Dana Baker',
      customerEmail: spec.customerEmail ?? 'dana@example.com',
      customerPhone: '8505550000',
      orderDate: createdAt,
      pickupDate: spec.pickupDate ?? '2026-12-20',
      pickupTime: spec.pickupTime ?? '10:00 AM',
      items: items as unknown as Prisma.InputJsonValue,
      subtotal,
      cakeOptionsFee: spec.cakeOptionsFee ?? 0,
      rushFee: spec.rushFee ?? 0,
      tax,
      total,
      deliveryFee: spec.deliveryFee ?? 0,
      paymentStatus: spec.paymentStatus ?? 'pending',
      orderStatus: spec.orderStatus ?? 'in progress',
      fulfillmentStatus:
        spec.fulfillmentStatus ??
        legacyFulfillment({
          paymentStatus: spec.paymentStatus ?? 'pending',
          orderStatus: spec.orderStatus ?? 'in progress',
          deliveryMethod: spec.deliveryMethod ?? 'pickup',
        }),
      deliveryInstructions: spec.deliveryInstructions ?? null,
      deliveryMethod: spec.deliveryMethod ?? 'pickup',
      deliveryFeeStatus: spec.deliveryFeeStatus ?? (delivery ? 'pending' : 'not_applicable'),
      ...(delivery
        ? {
            deliveryAddress: '100 Main St',
            deliveryCity: 'Tallahassee',
            deliveryState: 'FL',
            deliveryZip: '32301',
          }
        : {}),
      isRushOrder: spec.isRushOrder ?? false,
      squarePaymentUrl: spec.squarePaymentUrl ?? null,
      createdAt,
    },
  });
}
