// Pickup windows with capacity on the server (issue 25): the owner's windows,
// what an order books in one (planWindow; book_order counts it) and the
// units used per window for the availability answer. Rules and messages are
// core's (core/src/kitchen/windows.ts).
import {
  noWindowMessage,
  windowForTime,
  windowInputProblem,
  windowNeeds,
  windowsOn,
  type Fulfillment,
  type KitchenLine,
  type PickupWindowDef,
  type WindowLimits,
  type WindowScope,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { badRequest, notFound } from '../../errors.js';
import type { Db, Raw } from '../../db/types.js';
import { readAtMostEverySecond, type RecentReads } from './recentReads.js';

interface WindowRow {
  id: string;
  weekday: number;
  start: string;
  end: string;
  fulfillment: string;
  limits: unknown;
}

const toDef = (row: WindowRow): PickupWindowDef => ({
  id: row.id,
  weekday: row.weekday,
  start: row.start,
  end: row.end,
  fulfillment: row.fulfillment === 'delivery' ? 'delivery' : 'pickup',
  limits: (row.limits ?? {}) as WindowLimits,
});

const WINDOW_ROWS = Prisma.sql`
  SELECT "id"::text, "weekday", "start", "end", "fulfillment", "limits" FROM "PickupWindow"`;

/** Every window the owner set (a handful of rows). */
export async function loadWindows(db: Raw): Promise<PickupWindowDef[]> {
  return (await db.$queryRaw<WindowRow[]>(WINDOW_ROWS)).map(toDef);
}

const windowReads: RecentReads<PickupWindowDef[]> = new Map();

/**
 * The owner's windows as this process read them at most a second ago: what
 * the submission's mail names the window with, without a query per order
 * in a rush (the booking itself reads them fresh, in its own statement).
 */
export const windowsReadRecently = (db: Raw): Promise<PickupWindowDef[]> =>
  readAtMostEverySecond(windowReads, 'windows', () => loadWindows(db));

/** The same as one JSON value, for a statement that reads other things with it (planUnits). */
export const WINDOWS_JSON = Prisma.sql`(SELECT COALESCE(json_agg(w), '[]'::json) FROM (${WINDOW_ROWS}) w)`;
export const windowsFromJson = (rows: unknown): PickupWindowDef[] =>
  ((rows ?? []) as WindowRow[]).map(toDef);

export interface WindowOrder {
  orderId: string;
  date: string;
  pickupTime: string | null;
  fulfillment: Fulfillment;
  lines: readonly KitchenLine[];
}

/** The window an order's units go in and what they take there (null: no windows that day). */
export interface WindowPlan {
  orderId: string;
  date: string;
  window: PickupWindowDef;
  needs: [WindowScope, number][];
}

/**
 * The reading half: the day's windows for the fulfillment and the one the
 * pickup time falls in (400 when it is in none). A weekday without windows
 * books nothing (the day's limits apply).
 */
export async function planWindow(
  tx: Raw,
  order: WindowOrder,
  defs?: readonly PickupWindowDef[],
): Promise<WindowPlan | null> {
  const windows = windowsOn(defs ?? (await loadWindows(tx)), order.date, order.fulfillment);
  if (windows.length === 0) return null;
  const window = windowForTime(windows, order.pickupTime);
  if (!window) {
    const message = noWindowMessage(order.date);
    throw badRequest(message, { errors: [{ path: 'pickupTime', message }] }, 'validation_failed');
  }
  const needs = [...windowNeeds(order.lines, window.limits)].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return { orderId: order.orderId, date: order.date, window, needs };
}

/** Gives back what an order booked in windows and drops (before booking it again: a change). */
export async function releaseBookings(tx: Raw, orderId: string): Promise<void> {
  await tx.$executeRaw`SELECT "release_window_drop_bookings"(ARRAY[${orderId}::uuid])`;
}

/** Gives back only the order's window units (a new pickup time on the same date and lines). */
export async function releaseWindowBookings(tx: Raw, orderId: string): Promise<void> {
  await tx.$executeRaw`
    WITH gone AS (DELETE FROM "WindowBooking" WHERE "orderId" = ${orderId}::uuid RETURNING *)
    UPDATE "WindowLoad" l SET "used" = l."used" - g."units" FROM gone g
    WHERE l."date" = g."date" AND l."windowId" = g."windowId" AND l."scope" = g."scope"`;
}

/** Units used per date and window (by scope) in a range of dates. */
export async function windowLoads(
  db: Raw,
  fromDate: string,
  toDate: string,
): Promise<Map<string, Map<string, Record<string, number>>>> {
  const rows = await db.$queryRaw<
    { date: string; windowId: string; scope: string; used: number }[]
  >`
    SELECT "date", "windowId"::text AS "windowId", "scope", "used" FROM "WindowLoad"
    WHERE "date" BETWEEN ${fromDate} AND ${toDate} AND "used" <> 0`;
  const out = new Map<string, Map<string, Record<string, number>>>();
  for (const row of rows) {
    const day = out.get(row.date) ?? new Map<string, Record<string, number>>();
    const used = day.get(row.windowId) ?? {};
    used[row.scope] = Number(row.used);
    day.set(row.windowId, used);
    out.set(row.date, day);
  }
  return out;
}

// ------------------------------------------------------------------ owner

export type WindowInput = Omit<PickupWindowDef, 'id'>;

export async function listWindows(db: Db): Promise<PickupWindowDef[]> {
  const rows = await db.pickupWindow.findMany({ orderBy: [{ weekday: 'asc' }, { start: 'asc' }] });
  return rows.map(toDef);
}

async function checked(db: Db, input: WindowInput, id?: string): Promise<void> {
  const others = (await listWindows(db)).filter((w) => w.id !== id);
  const problem = windowInputProblem(input, others);
  if (problem) throw badRequest(problem, { errors: [{ path: 'window', message: problem }] });
}

export async function createWindow(db: Db, input: WindowInput): Promise<PickupWindowDef> {
  await checked(db, input);
  return toDef(await db.pickupWindow.create({ data: { ...input, limits: input.limits } }));
}

export async function updateWindow(
  db: Db,
  id: string,
  input: WindowInput,
): Promise<PickupWindowDef> {
  if (!(await db.pickupWindow.findUnique({ where: { id } })))
    throw notFound('That pickup window does not exist');
  await checked(db, input, id);
  return toDef(await db.pickupWindow.update({ where: { id }, data: { ...input } }));
}

/** Removes a window; orders booked in it keep their time (their units stay on the day). */
export async function deleteWindow(db: Db, id: string): Promise<void> {
  const { count } = await db.pickupWindow.deleteMany({ where: { id } });
  if (count === 0) throw notFound('That pickup window does not exist');
}
