// The order row as every staff action writes it (issue 36 split orderAdmin.ts
// along its jobs): lock it, ask core whether an action is allowed, apply the
// changes with one history row per field, and send mail after the commit.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { randomInt } from 'node:crypto';
import {
  adminActionChanges,
  checkAdminAction,
  checkOrderAction,
  fulfillmentAfterSpecAction,
  fulfillmentOf,
  makePickupCode,
  orderNumber,
  PICKUP_CODE_ALPHABET,
  type OrderAction,
  type ActionCheck,
  type AdminAction,
} from '@bakery/core';
import type { Logger, Notifications, Payments } from '../contracts.js';
import { conflict, notFound } from '../../errors.js';
import { orderMoneyOf } from '../../db/money.js';
import type { Tx } from '../../db/types.js';

export interface OrderAdminDeps {
  prisma: PrismaClient;
  payments: Payments;
  notifications: Notifications;
  log?: Logger;
}

/** What the order engine needs: the database, the customer's mails and the log. */
export type EngineDeps = Pick<OrderAdminDeps, 'prisma' | 'notifications' | 'log'>;

export interface Actor {
  /** The staff member's account; null for the server's own jobs. */
  id: string | null;
  email: string;
}

export type OrderRow = NonNullable<Awaited<ReturnType<PrismaClient['order']['findUnique']>>>;

export interface Change {
  field: string;
  from: string | null;
  to: string | null;
}

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Prisma.Decimal) return value.toFixed(2);
  // JSON (order lines, cake options) as JSON with sorted keys: the same value reads the same.
  if (typeof value === 'object') return JSON.stringify(sortedKeys(value));
  return String(value);
};

const sortedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
        )
      : value;

/** Locks the order row for the rest of the transaction and reads it; 404 when unknown. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  await tx.$queryRaw`SELECT 1 FROM "Order" WHERE "id" = ${id}::uuid FOR UPDATE`;
  const order = await tx.order.findUnique({ where: { id } });
  if (!order) throw notFound('Order not found');
  return order;
}

export function ensure(verdict: ActionCheck) {
  if (!verdict.ok) throw conflict(verdict.message, verdict.code);
}

export const ensureAllowed = (order: OrderRow, action: AdminAction) =>
  ensure(checkAdminAction(order, action));

/** Applies `data` to the order and records every field whose value changes. */
export async function applyChanges(
  tx: Tx,
  order: OrderRow,
  data: Record<string, unknown>,
  actor: Actor,
): Promise<OrderRow> {
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(data)) {
    const before = text((order as Record<string, unknown>)[field]);
    const after = text(value);
    if (before !== after) changes.push({ field, from: before, to: after });
  }
  if (changes.length === 0) return order;
  const updated = await tx.order.update({
    where: { id: order.id },
    data: data as Prisma.OrderUpdateInput,
  });
  await tx.orderHistory.createMany({
    data: changes.map((change) => ({
      orderId: order.id,
      actorId: actor.id,
      actorEmail: actor.email,
      field: change.field,
      from: change.from,
      to: change.to,
    })),
  });
  return updated;
}

/**
 * In one transaction: lock the order, ask core whether `action` is allowed
 * (409 with core's message if not), apply core's status changes for it plus
 * `extra` fields, and record the history.
 */
export async function act(
  deps: OrderAdminDeps,
  id: string,
  action: AdminAction | ((order: OrderRow) => ActionCheck),
  actor: Actor,
  change: (order: OrderRow) => Record<string, unknown>,
): Promise<OrderRow> {
  return deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (typeof action === 'function') ensure(action(order));
    else ensure(checkAdminAction(order, action));
    const statusChanges =
      typeof action === 'function'
        ? {}
        : { ...adminActionChanges(order, action), ...counterChanges(order, action) };
    return applyChanges(tx, order, { ...statusChanges, ...change(order) }, actor);
  });
}

/** The counter's fields (core's orderState.ts) that follow one of the spec's buttons. */
export function counterChanges(order: OrderRow, action: string, now = new Date()) {
  const next = fulfillmentAfterSpecAction(order, action);
  if (!next) return {};
  const changes: Record<string, unknown> = { fulfillmentStatus: next };
  if (next === 'cancelled') {
    changes.cancelledFrom = fulfillmentOf(order);
    changes.cancelledAt = now;
  }
  return changes;
}

/** Sends a notification without letting a mail failure reach the caller. */
export async function notify(
  deps: Pick<OrderAdminDeps, 'log'>,
  what: string,
  send: () => Promise<void>,
) {
  try {
    await send();
  } catch (error) {
    deps.log?.warn(`notification failed: ${what}`, { error: String(error) });
  }
}

/**
 * Asks Square (through deps.payments) for the order's link. The payments
 * service stores the link and mails the customer when it makes a new one; a
 * failure is logged there or here and never undoes the staff change before it.
 */
export async function ensureLink(
  deps: OrderAdminDeps,
  orderId: string,
  options?: { notifyCustomer?: boolean },
): Promise<string | null> {
  try {
    return await deps.payments.ensurePaymentLink(orderId, options);
  } catch (error) {
    deps.log?.error('payment link failed', { orderId, error: String(error) });
    return null;
  }
}

export const reload = async (deps: OrderAdminDeps, id: string) => {
  const order = await deps.prisma.order.findUnique({ where: { id } });
  if (!order) throw notFound('Order not found');
  return order;
};

// ------------------------------------------------------------------- actions

export type CounterContext = Parameters<typeof checkOrderAction>[2];

/** Asks core's order-state table; a refusal is a 409 with its code. */
export function ensureCounter(order: OrderRow, action: OrderAction, context: CounterContext = {}) {
  const verdict = checkOrderAction(stateOf(order), action, context);
  if (!verdict.ok) throw conflict(verdict.message, verdict.code);
}

/** A stored order as core's order-state table reads it. */
export const stateOf = (order: OrderRow) => {
  const { totalCents, receivedCents, refundedCents } = orderMoneyOf(order);
  return { ...order, totalCents, receivedCents, refundedCents };
};

/** A pickup code no other order holds (the column is unique; a clash is retried by the caller). */
export const newPickupCode = () =>
  makePickupCode(() => randomInt(PICKUP_CODE_ALPHABET.length) / PICKUP_CODE_ALPHABET.length);

/** "#8C522CC7 (Ann Lee)": how refusals and logs name an order. */
export const orderName = (order: Pick<OrderRow, 'id' | 'customerName'>) =>
  `#${orderNumber(order.id)} (${order.customerName})`;
