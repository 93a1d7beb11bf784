// Shared pieces of the integration tests: an order with known figures, a
// logger that keeps its entries, a Square-signed webhook body, and a small Koa
// app serving squareRouter behind the same body parser settings as app.ts.
import { errorMiddleware } from '../../src/middleware/errors.js';
import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { Logger } from '../../src/services/contracts.js';
import { squareRouter } from '../../src/routes/square.js';
import type { Payments } from '../../src/services/contracts.js';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function recordingLogger(): Logger & { entries: LogEntry[]; errors(): LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (message: string, fields?: Record<string, unknown>) =>
    void entries.push({ level, message, fields });
  return {
    entries,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    errors: () => entries.filter((e) => e.level === 'error'),
  };
}

/**
 * Two lemon loaves ($20.00 each): subtotal $40.00, tax 8.75% $3.50, total
 * $43.50 (4350 cents) unless overridden.
 */
export async function insertOrder(
  prisma: PrismaClient,
  overrides: Partial<Prisma.OrderUncheckedCreateInput> = {},
) {
  return prisma.order.create({
    data: {
      customerName: 'Robin Baker',
      customerEmail: `robin-${randomUUID().slice(0, 8)}@example.com`,
      customerPhone: '8505550100',
      pickupDate: '2026-12-04',
      pickupTime: '10:00 AM',
      items: [
        {
          productId: 'lemon-poppy-seed-loaf',
          name: 'Lemon Poppy Seed Loaf',
          price: 20,
          quantity: 2,
          variant: null,
        },
      ],
      subtotal: new Prisma.Decimal('40.00'),
      tax: new Prisma.Decimal('3.50'),
      total: new Prisma.Decimal('43.50'),
      ...overrides,
    },
  });
}

/** The signature Square puts in x-square-hmacsha256-signature: HMAC-SHA256 of URL + body, base64. */
export function squareSignature(key: string, notificationUrl: string, body: string): string {
  return createHmac('sha256', key)
    .update(notificationUrl + body)
    .digest('base64');
}

export function paymentUpdatedEvent(
  payment: {
    id: string;
    order_id: string;
    amountCents: number;
    status?: string;
    reference_id?: string;
  },
  eventId = randomUUID(),
) {
  return JSON.stringify({
    merchant_id: 'MLTESTMERCHANT',
    type: 'payment.updated',
    event_id: eventId,
    created_at: new Date().toISOString(),
    data: {
      type: 'payment',
      id: payment.id,
      object: {
        payment: {
          id: payment.id,
          status: payment.status ?? 'COMPLETED',
          order_id: payment.order_id,
          ...(payment.reference_id ? { reference_id: payment.reference_id } : {}),
          amount_money: { amount: payment.amountCents, currency: 'USD' },
          total_money: { amount: payment.amountCents, currency: 'USD' },
          source_type: 'CARD',
          location_id: 'LTESTLOCATION',
          version: 4,
        },
      },
    },
  });
}

/** squareRouter on its own server, behind the error middleware, with or without the JSON body parser in front (as app.ts has it). */
export async function startSquareRoutes(
  payments: Payments,
  log: Logger,
  options: { bodyParser?: boolean } = {},
) {
  const app = new Koa();
  app.silent = true;
  // As app.ts has it: errors become `{ code, message }` answers.
  app.use(errorMiddleware(log));
  if (options.bodyParser !== false)
    app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', encoding: 'utf-8' }));
  const router = squareRouter({ payments, log });
  app.use(router.routes());
  app.use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    async post(path: string, body: string, headers: Record<string, string> = {}) {
      const response = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      const text = await response.text();
      let answer: Record<string, unknown>;
      try {
        answer = JSON.parse(text) as Record<string, unknown>;
      } catch {
        answer = { text };
      }
      return { status: response.status, body: answer };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
