// The desk's lists: orders of a range a page at a time, the desk's filtered
// and sorted page, and the poll for changes. Also the customer's own order
// list and look-ups (routes/orders.ts).
import { Prisma, sqlPool, type PrismaClient } from '@bakery/prisma';
import {
  decodeCursor,
  encodeCursor,
  isFulfillmentStatus,
  isUuid,
  normaliseSearch,
  parseOrderNumber,
  type DeskQuery,
} from '@bakery/core';
import { ORDER_VIEW_COLUMNS, type OrderViewRow } from '../orderView.js';
import { rangeBounds } from '../stats.js';
import { BEFORE_READY_SQL, OPEN_SQL } from '../../db/orderStates.js';
import { type OrderRow } from './record.js';
import { rawSession } from '../../db/rawSession.js';

export interface OrderListQuery {
  fromDate?: string;
  toDate?: string;
  /** A payment status (pending, paid, completed, cancelled) or an order status ('in progress', complete). */
  status?: string;
  limit?: number;
  cursor?: string;
}

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
  // Archived orders leave the desk (they keep their money and history) unless asked for.
  if (query.status !== 'archived') parts.push(Prisma.sql`"archivedAt" IS NULL`);
  switch (query.status) {
    case 'open':
      parts.push(OPEN_SQL);
      break;
    case 'unfulfilled':
      parts.push(BEFORE_READY_SQL);
      break;
    case 'archived':
      parts.push(Prisma.sql`"archivedAt" IS NOT NULL`);
      break;
    case undefined:
      break;
    default:
      parts.push(
        isFulfillmentStatus(query.status)
          ? Prisma.sql`"fulfillmentStatus" = ${query.status}`
          : Prisma.sql`"paymentStatus" = ${query.status}`,
      );
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
 * Two statements on a raw session (db/rawSession.ts): Prisma's engine work
 * for a page of 100 orders cost more than the statements.
 */
export async function deskPage(prisma: PrismaClient, query: DeskQuery, cap: number) {
  const where = deskWhere(query);
  return rawSession(prisma, async (db) => {
    const [orders, counted] = await Promise.all([
      db.$queryRaw<OrderRow[]>(
        Prisma.sql`SELECT * FROM "Order" WHERE ${where} ORDER BY ${deskOrder(query)} LIMIT ${query.limit} OFFSET ${query.offset}`,
      ),
      db.$queryRaw<{ n: number; now: Date }[]>(
        Prisma.sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM "Order" WHERE ${where} LIMIT ${cap + 1}) t) AS n, now() AS now`,
      ),
    ]);
    const n = counted[0]?.n ?? 0;
    return {
      orders,
      count: Math.min(n, cap),
      countCapped: n > cap,
      asOf: new Date(counted[0]!.now).toISOString(),
    };
  });
}

/** How far back a poll looks before `since`: a transaction may commit a moment after its updatedAt. */
const CHANGE_MARGIN_MS = 2_000;

/** Orders created or changed since `since` (at most 200), for the desk's poll (raw, as deskPage). */
export async function deskChanges(prisma: PrismaClient, since: Date) {
  const from = new Date(since.getTime() - CHANGE_MARGIN_MS);
  const [rows, clock] = await rawSession(prisma, (db) =>
    Promise.all([
      db.$queryRaw<OrderRow[]>`SELECT * FROM "Order" WHERE "updatedAt" > ${from}
        ORDER BY "updatedAt" ASC, "id" ASC LIMIT 200`,
      db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`,
    ]),
  );
  return {
    orders: rows,
    created: rows.filter((row) => new Date(row.createdAt) > since).map((row) => row.id),
    asOf: new Date(clock[0]!.now).toISOString(),
  };
}

// ------------------------------------------------ the customer's own orders

const LIST_SQL = `SELECT ${Object.keys(ORDER_VIEW_COLUMNS)
  .map((column) => `"${column}"`)
  .join(', ')} FROM "Order" WHERE "userId" = $1`;
const NEWEST_FIRST = 'ORDER BY "createdAt" DESC, "id" DESC LIMIT';

/**
 * An account's orders, newest first, older than `before` when given, on the
 * pg pool (the customer's most frequent read; Prisma's query compiler alone
 * cost more than the rest of the request). PostgreSQL's numerics arrive as
 * text, which dollarsOf() reads alike.
 */
export async function latestOrders(
  prisma: PrismaClient,
  userId: string,
  take: number,
  before?: { createdAt: Date; id: string },
): Promise<OrderViewRow[]> {
  const { rows } = before
    ? await sqlPool(prisma).query(
        `${LIST_SQL} AND ("createdAt", "id") < ($2, $3::uuid) ${NEWEST_FIRST} $4`,
        [userId, before.createdAt, before.id, take],
      )
    : await sqlPool(prisma).query(`${LIST_SQL} ${NEWEST_FIRST} $2`, [userId, take]);
  return rows as OrderViewRow[];
}

/** The account's own order with this id, or null. */
export function ownOrder(prisma: PrismaClient, userId: string, id: string) {
  return prisma.order.findFirst({ where: { id, userId } });
}

/** The pickup code of the account's own order with this id (null before it is ready), or null. */
export async function ownPickupCode(
  prisma: PrismaClient,
  userId: string,
  id: string,
): Promise<string | null> {
  if (!isUuid(id)) return null;
  const order = await prisma.order.findFirst({
    where: { id, userId },
    select: { pickupCode: true },
  });
  return order?.pickupCode ?? null;
}

/**
 * The order the payment-status poll names: an order id; the short number
 * (#4CA071DC) for its signed-in owner only, as 8 characters are easily
 * guessed (issue 24); or one of the Square ids the payment link's redirect
 * may carry. Null when none matches.
 */
export async function orderByReference(
  prisma: PrismaClient,
  reference: string,
  userId: string | null,
) {
  if (isUuid(reference)) return prisma.order.findUnique({ where: { id: reference } });
  const short = parseOrderNumber(reference);
  if (short) return userId ? ownOrderByNumber(prisma, userId, short) : null;
  return prisma.order.findFirst({
    where: {
      OR: [
        { squareOrderId: reference },
        { squarePaymentLinkId: reference },
        { squarePaymentId: reference },
      ],
    },
  });
}

/** The customer's own order whose short number (the id's last 8 characters) is `number`. */
async function ownOrderByNumber(prisma: PrismaClient, userId: string, number: string) {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT "id"::text AS "id" FROM "Order"
    WHERE "userId" = ${userId}::uuid AND upper(right("id"::text, 8)) = ${number}
    ORDER BY "createdAt" DESC LIMIT 1`;
  const id = rows[0]?.id;
  return id ? prisma.order.findUnique({ where: { id } }) : null;
}
