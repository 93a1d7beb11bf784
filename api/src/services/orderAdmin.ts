// Staff actions on an order. Each one locks the order row, asks core's
// lifecycle whether the action is allowed in the order's current state (a
// refusal is a 409 whose message names the state), changes the order and
// writes one OrderHistory row per changed field (who, when, from, to) in the
// same transaction, so a refused or failed action changes nothing. Mail and
// Square calls happen after the commit and never undo it.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import {
  adminActionChanges,
  checkAdminAction,
  checkPaymentChange,
  checkPaymentLinkRetry,
  dollarsToCents,
  isFulfilled,
  normaliseSearch,
  type ActionCheck,
  type AdminAction,
  type DeskQuery,
  type OrderHistoryView,
} from '@bakery/core';
import type { Logger, Notifications, Payments } from './contracts.js';
import { conflict, notFound } from '../middleware/errors.js';
import { rangeBounds } from './stats.js';

export interface OrderAdminDeps {
  prisma: PrismaClient;
  payments: Payments;
  notifications: Notifications;
  log?: Logger;
}

export interface Actor {
  /** The staff member's account; null for the server's own jobs. */
  id: string | null;
  email: string;
}

type Tx = Prisma.TransactionClient;
type OrderRow = NonNullable<Awaited<ReturnType<PrismaClient['order']['findUnique']>>>;

export interface Change {
  field: string;
  from: string | null;
  to: string | null;
}

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Prisma.Decimal) return value.toFixed(2);
  return String(value);
};

const cents = (value: Prisma.Decimal | number | string | null | undefined) =>
  value === null || value === undefined ? 0 : Number(new Prisma.Decimal(value).mul(100).toFixed(0));
const decimalOf = (centsValue: number) => new Prisma.Decimal(centsValue).div(100);

/** Locks the order row for the rest of the transaction and reads it; 404 when unknown. */
async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  await tx.$queryRaw`SELECT 1 FROM "Order" WHERE "id" = ${id}::uuid FOR UPDATE`;
  const order = await tx.order.findUnique({ where: { id } });
  if (!order) throw notFound('Order not found');
  return order;
}

function ensure(verdict: ActionCheck) {
  if (!verdict.ok) throw conflict(verdict.message);
}

const ensureAllowed = (order: OrderRow, action: AdminAction) =>
  ensure(checkAdminAction(order, action));

/** Applies `data` to the order and records every field whose value changes. */
async function applyChanges(
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
async function act(
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
    const statusChanges = typeof action === 'function' ? {} : adminActionChanges(order, action);
    return applyChanges(tx, order, { ...statusChanges, ...change(order) }, actor);
  });
}

/** Sends a notification without letting a mail failure reach the caller. */
async function notify(deps: OrderAdminDeps, what: string, send: () => Promise<void>) {
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
async function ensureLink(deps: OrderAdminDeps, orderId: string): Promise<string | null> {
  try {
    return await deps.payments.ensurePaymentLink(orderId);
  } catch (error) {
    deps.log?.error('payment link failed', { orderId, error: String(error) });
    return null;
  }
}

const reload = async (deps: OrderAdminDeps, id: string) => {
  const order = await deps.prisma.order.findUnique({ where: { id } });
  if (!order) throw notFound('Order not found');
  return order;
};

// ------------------------------------------------------------------- actions

// Which payment changes staff may make is core's checkPaymentChange.

/** PATCH /status: 'paid' confirms the payment, 'cancelled' cancels, 'completed' settles it. */
export async function changePaymentStatus(
  deps: OrderAdminDeps,
  id: string,
  status: string,
  actor: Actor,
) {
  if (status === 'paid') return confirmPayment(deps, id, actor);
  if (status === 'cancelled') return cancelOrder(deps, id, actor);
  const order = await act(
    deps,
    id,
    (current) => checkPaymentChange(current, status),
    actor,
    () => ({ paymentStatus: status }),
  );
  if (status === 'completed')
    await notify(deps, 'payment received', () => deps.notifications.paymentReceived(id));
  return order;
}

/** Cancels the order and tells the customer (a paid order is refunded in Square by staff). */
export async function cancelOrder(deps: OrderAdminDeps, id: string, actor: Actor) {
  const order = await act(deps, id, 'cancel', actor, () => ({}));
  const send = deps.notifications.orderCancelled?.bind(deps.notifications);
  if (send) await notify(deps, 'order cancelled', () => send(id));
  return order;
}

/** Who the order history names for the unpaid-order release. */
export const RELEASE_ACTOR: Actor = { id: null, email: 'automatic release (unpaid)' };

/**
 * The unpaid-order job's cancellation (issue 27), with the same lifecycle
 * check and history as a staff cancel, plus a `cancelReason` history row.
 * In one transaction with the order locked: when `stillDue` says no (staff
 * confirmed the payment, the customer paid a moment ago), nothing changes and
 * null is returned. The caller mails the customer.
 */
export async function releaseUnpaidOrder(
  deps: Pick<OrderAdminDeps, 'prisma'>,
  id: string,
  reason: string,
  stillDue: (order: OrderRow) => boolean,
): Promise<OrderRow | null> {
  return deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!stillDue(order) || !checkAdminAction(order, 'cancel').ok) return null;
    const updated = await applyChanges(
      tx,
      order,
      { ...adminActionChanges(order, 'cancel') },
      RELEASE_ACTOR,
    );
    await tx.orderHistory.create({
      data: {
        orderId: id,
        actorId: null,
        actorEmail: RELEASE_ACTOR.email,
        field: 'cancelReason',
        from: null,
        to: reason,
      },
    });
    return updated;
  });
}

export async function confirmPayment(deps: OrderAdminDeps, id: string, actor: Actor) {
  const order = await act(deps, id, 'confirmPayment', actor, () => ({}));
  await notify(deps, 'payment received', () => deps.notifications.paymentReceived(id));
  return order;
}

/** Adds the delivery fee to the total (untaxed) and asks Square for the link the customer can now pay. */
export async function setDeliveryFee(
  deps: OrderAdminDeps,
  id: string,
  input: { deliveryFee: number; deliveryDistance?: number | null },
  actor: Actor,
) {
  const feeCents = dollarsToCents(input.deliveryFee);
  // Also a correction while payment is pending (core); the link below is
  // then re-issued by the payments service for the new total.
  await act(deps, id, 'calculateDeliveryFee', actor, (order) => ({
    deliveryFee: decimalOf(feeCents),
    deliveryDistance:
      input.deliveryDistance === undefined || input.deliveryDistance === null
        ? null
        : new Prisma.Decimal(input.deliveryDistance).toDecimalPlaces(2),
    // The total so far holds any earlier fee; replace it rather than add twice.
    total: decimalOf(cents(order.total) - cents(order.deliveryFee) + feeCents),
  }));
  const link = await ensureLink(deps, id);
  return { order: await reload(deps, id), paymentUrl: link };
}

export async function setFulfillment(
  deps: OrderAdminDeps,
  id: string,
  orderStatus: string,
  actor: Actor,
) {
  const action = orderStatus === 'complete' ? 'markComplete' : 'markInProgress';
  // Back in progress undoes a fulfilment, so no badge still says fulfilled.
  return act(deps, id, action, actor, () =>
    action === 'markInProgress' ? { fulfilledAt: null } : {},
  );
}

/**
 * Marks the order fulfilled (core: complete, and a paid payment completed),
 * stamps the time, tells the customer. Refused (409) on a cancelled order;
 * idempotent: on an order already fulfilled it changes and sends nothing.
 */
export async function fulfill(deps: OrderAdminDeps, id: string, actor: Actor, now = new Date()) {
  let already = false;
  const order = await deps.prisma.$transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    if (isFulfilled(current)) {
      already = true;
      return current;
    }
    ensure(checkAdminAction(current, 'fulfill'));
    return applyChanges(
      tx,
      current,
      { ...adminActionChanges(current, 'fulfill'), fulfilledAt: now },
      actor,
    );
  });
  if (!already) await notify(deps, 'order ready', () => deps.notifications.orderReady(id));
  return { order, alreadyFulfilled: already };
}

/** Staff retry of the Square link (for instance after Square was down). */
export async function retryPaymentLink(deps: OrderAdminDeps, id: string) {
  ensure(checkPaymentLinkRetry(await reload(deps, id)));
  const link = await ensureLink(deps, id);
  return { order: await reload(deps, id), paymentUrl: link };
}

export async function deleteOrder(deps: OrderAdminDeps, id: string, actor: Actor) {
  await deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    ensureAllowed(order, 'delete');
    await tx.orderHistory.deleteMany({ where: { orderId: id } });
    await tx.order.delete({ where: { id } });
  });
  deps.log?.info('order deleted', { orderId: id, by: actor.email });
}

export async function orderHistory(prisma: PrismaClient, id: string): Promise<OrderHistoryView[]> {
  const order = await prisma.order.findUnique({ where: { id }, select: { id: true } });
  if (!order) throw notFound('Order not found');
  const rows = await prisma.orderHistory.findMany({
    where: { orderId: id },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
  });
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    field: row.field,
    from: row.from,
    to: row.to,
  }));
}

// ---------------------------------------------------------------- listing

export interface OrderListQuery {
  fromDate?: string;
  toDate?: string;
  /** A payment status (pending, paid, completed, cancelled) or an order status ('in progress', complete). */
  status?: string;
  limit?: number;
  cursor?: string;
}

/** Where a page ends (the last order's creation instant and id), opaque to the client. */
export const encodeCursor = (order: { createdAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.id])).toString('base64url');

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      string,
      string,
    ];
    const createdAt = new Date(at);
    return typeof id === 'string' && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
  } catch {
    return null;
  }
}

export const isValidCursor = (cursor: string) => decodeCursor(cursor) !== null;

/**
 * Orders of the range, newest first. With `limit`, one page plus the cursor
 * of the next one (keyset on createdAt, id: stable while orders arrive).
 */
export async function listOrders(
  prisma: PrismaClient,
  query: OrderListQuery,
  statusField: (status: string) => 'paymentStatus' | 'orderStatus',
) {
  const { start, end } = rangeBounds(query);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.OrderWhereInput = {
    createdAt: { ...(start ? { gte: start } : {}), ...(end ? { lt: end } : {}) },
    ...(query.status ? { [statusField(query.status)]: query.status } : {}),
    ...(after
      ? {
          OR: [
            { createdAt: { lt: after.createdAt } },
            { createdAt: after.createdAt, id: { lt: after.id } },
          ],
        }
      : {}),
  };
  const rows = await prisma.order.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...(query.limit ? { take: query.limit + 1 } : {}),
  });
  if (query.limit && rows.length > query.limit) {
    const page = rows.slice(0, query.limit);
    return { orders: page, nextCursor: encodeCursor(page[page.length - 1]!) };
  }
  return { orders: rows, nextCursor: null };
}

// ------------------------------------------------------------ the order desk

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL conditions of the desk's filters (every one backed by an index or cheap on its rows). */
function deskWhere(query: DeskQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (query.dueFrom) parts.push(Prisma.sql`"pickupDate" >= ${query.dueFrom}`);
  if (query.dueTo) parts.push(Prisma.sql`"pickupDate" <= ${query.dueTo}`);
  const { start, end } = rangeBounds(query);
  if (start) parts.push(Prisma.sql`"createdAt" >= ${start}`);
  if (end) parts.push(Prisma.sql`"createdAt" < ${end}`);
  const q = query.q ? normaliseSearch(query.q) : '';
  if (q) parts.push(Prisma.sql`"searchText" LIKE ${likePattern(q)}`);
  if (query.method) parts.push(Prisma.sql`"deliveryMethod" = ${query.method}`);
  switch (query.status) {
    case 'open':
      parts.push(
        Prisma.sql`"paymentStatus" <> 'cancelled' AND NOT ("fulfilledAt" IS NOT NULL AND "orderStatus" = 'complete')`,
      );
      break;
    case 'unfulfilled':
      parts.push(Prisma.sql`"paymentStatus" <> 'cancelled' AND "fulfilledAt" IS NULL`);
      break;
    case undefined:
      break;
    default:
      parts.push(Prisma.sql`"paymentStatus" = ${query.status}`);
  }
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

function deskOrder(query: DeskQuery): Prisma.Sql {
  const desc = query.dir === 'desc';
  const d = Prisma.raw(desc ? 'DESC' : 'ASC');
  // Null dues last going forward, first going back: the index read either way.
  const n = Prisma.raw(desc ? 'NULLS FIRST' : 'NULLS LAST');
  switch (query.sort) {
    case 'placed':
      return Prisma.sql`"createdAt" ${d}, "id" ${d}`;
    case 'customer':
      return Prisma.sql`"customerName" ${d}, "id" ${d}`;
    case 'total':
      return Prisma.sql`"total" ${d}, "id" ${d}`;
    default:
      return Prisma.sql`"pickupDate" ${d} ${n}, "dueMinutes" ${d} ${n}, "id" ${d}`;
  }
}

/**
 * One page of the desk: filtered, searched and sorted in PostgreSQL, `limit`
 * rows from `offset`, and the number of matching rows counted up to `cap`.
 */
export async function deskPage(prisma: PrismaClient, query: DeskQuery, cap: number) {
  const where = deskWhere(query);
  const [ids, counted, clock] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>(
      Prisma.sql`SELECT "id"::text AS id FROM "Order" WHERE ${where} ORDER BY ${deskOrder(query)} LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    prisma.$queryRaw<{ n: number }[]>(
      Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM "Order" WHERE ${where} LIMIT ${cap + 1}) t`,
    ),
    prisma.$queryRaw<{ now: Date }[]>`SELECT now() AS now`,
  ]);
  const rows = ids.length
    ? await prisma.order.findMany({ where: { id: { in: ids.map((r) => r.id) } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const n = counted[0]?.n ?? 0;
  return {
    orders: ids.map((r) => byId.get(r.id)).filter((row): row is OrderRow => Boolean(row)),
    count: Math.min(n, cap),
    countCapped: n > cap,
    asOf: new Date(clock[0]!.now).toISOString(),
  };
}

/** How far back a poll looks before `since`: a transaction may commit a moment after its updatedAt. */
const CHANGE_MARGIN_MS = 2_000;

/** Orders created or changed since `since` (at most 200), for the desk's poll. */
export async function deskChanges(prisma: PrismaClient, since: Date) {
  const from = new Date(since.getTime() - CHANGE_MARGIN_MS);
  const [rows, clock] = await Promise.all([
    prisma.order.findMany({
      where: { updatedAt: { gt: from } },
      orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
      take: 200,
    }),
    prisma.$queryRaw<{ now: Date }[]>`SELECT now() AS now`,
  ]);
  return {
    orders: rows,
    created: rows.filter((row) => row.createdAt > since).map((row) => row.id),
    asOf: new Date(clock[0]!.now).toISOString(),
  };
}
