// Drops on the server (issue 25): the owner's drops, bookDrops (run in the
// order's transaction), checkout holds, "tell me when it opens" and the job
// that sends those e-mails. Rules and messages are core's
// (core/src/kitchen/drops.ts).
//
// Only the count that decides "is there one left" is serialized: a unit's
// row is locked (SELECT ... FOR UPDATE), what is left is read in the next
// statement (so it sees every sale and hold committed before the lock was
// granted), the sale is added, and the lock is held to the commit. A buyer
// who meets a unit already sold out (read without a lock) is answered at once,
// without waiting behind the sales.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_HOLD_MINUTES,
  dropClosedDateProblem,
  dropClosedMessage,
  dropInputProblem,
  dropNeeds,
  dropNotOpenMessage,
  dropNotifyAskedMessage,
  dropNotifyConfirmedMessage,
  dropServesWindow,
  dropSoldOutMessage,
  dropState,
  dropWindowMessage,
  duplicateForNextWeek,
  formatDayInWords,
  dropProductIdsOn,
  formatInstant,
  holdExpiredMessage,
  holdMinutesProblem,
  productLimitProblem,
  unitLeft,
  unknownDropItem,
  windowLabel,
  type DropDef,
  type KitchenLine,
  type PickupWindowDef,
  type PublicDropView,
} from '@bakery/core';
import { Prisma, sqlPool, type PrismaClient } from '@bakery/prisma';
import { badRequest, conflict, HttpError, notFound } from '../../errors.js';
import type { Db, Raw } from '../../db/types.js';
import type { Logger, Notifications } from '../contracts.js';
import { settingsRow } from '../../db/settingsRow.js';
import { readAtMostEverySecond, type RecentReads } from './recentReads.js';
import { coalescePerClient } from '../../db/coalesce.js';

/** A drop as DROP_COLUMNS reads it: core's shape, before toDef makes its dates and numbers exact. */
type DropRow = DropDef;

const DROP_COLUMNS = `d."id"::text AS "id", d."name", d."opensAt", d."closesAt", d."pickupDates",
  d."windowIds"::text[] AS "windowIds", d."announce",
  COALESCE((SELECT json_agg(json_build_object('id', u."id", 'label', u."label",
     'productIds', u."productIds", 'quantity', u."quantity", 'sold', u."sold") ORDER BY u."label")
     FROM "DropUnit" u WHERE u."dropId" = d."id"), '[]'::json) AS "units"`;

const COLUMNS = Prisma.raw(DROP_COLUMNS);

const toDef = (row: DropRow): DropDef => ({
  id: row.id,
  name: row.name,
  opensAt: new Date(row.opensAt),
  closesAt: new Date(row.closesAt),
  pickupDates: row.pickupDates,
  windowIds: row.windowIds ?? [],
  announce: row.announce !== false,
  units: row.units.map((u) => ({ ...u, quantity: Number(u.quantity), sold: Number(u.sold) })),
});

/** The drops that serve a pickup date as one JSON value, for a statement that reads more (planUnits). */
export const dropsServingJson = (date: string) =>
  Prisma.sql`(SELECT COALESCE(json_agg(x), '[]'::json) FROM (
    SELECT ${COLUMNS} FROM "Drop" d WHERE ${date} = ANY(d."pickupDates")) x)`;
export const dropsFromJson = (rows: unknown): DropDef[] => ((rows ?? []) as DropRow[]).map(toDef);

/** The drops that serve a pickup date (with their units). */
async function dropsServing(tx: Raw, date: string): Promise<DropDef[]> {
  const rows = await tx.$queryRaw<DropRow[]>`
    SELECT ${COLUMNS} FROM "Drop" d WHERE ${date} = ANY(d."pickupDates")`;
  return rows.map(toDef);
}

/** The drops whose pickup dates meet a range (for the availability answer). */
export async function dropsInRange(db: Raw, fromDate: string, toDate: string): Promise<DropDef[]> {
  const rows = await db.$queryRaw<DropRow[]>`
    SELECT ${COLUMNS} FROM "Drop" d
    WHERE EXISTS (SELECT 1 FROM unnest(d."pickupDates") AS p WHERE p BETWEEN ${fromDate} AND ${toDate})`;
  return rows.map(toDef);
}

/** Items held now per unit, leaving out `holder`'s own holds. */
export async function activeHolds(
  db: Raw,
  unitIds: readonly string[],
  holder: string | null = null,
): Promise<Map<string, number>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ unitId: string; units: number }[]>`
    SELECT "dropUnitId"::text AS "unitId", sum("units")::int AS "units" FROM "DropHold"
    WHERE "dropUnitId" = ANY(${[...unitIds]}::uuid[]) AND "expiresAt" > now()
      AND "holder" IS DISTINCT FROM ${holder}
    GROUP BY 1`;
  return new Map(rows.map((row) => [row.unitId, Number(row.units)]));
}

export interface DropOrder {
  orderId: string;
  date: string;
  lines: readonly KitchenLine[];
  /** Whose holds this order uses (the account id; issue 39 ended guest holds). */
  holder: string | null;
  /** The order's window (null: the day has half-hour slots), and the owner's windows to name. */
  window?: Pick<PickupWindowDef, 'id'> | null;
  windows?: readonly PickupWindowDef[];
  now?: Date;
}

const refuse = (
  code: 'drop_not_open' | 'drop_closed' | 'drop_sold_out' | 'drop_window',
  message: string,
) => conflict(message, code);

/** What an order takes from drop units, read before its transaction locks anything. */
export interface DropPlan {
  orderId: string;
  holder: string | null;
  needs: { unitId: string; items: number; productId: string; dropName: string }[];
}

/**
 * The reading half of a booking, before any lock is taken (so a refusal
 * never waits behind the sales): the drops that serve the date, and 409
 * `drop_not_open`, `drop_closed`, or `drop_sold_out` when the unit is sold
 * out.
 */
export async function planDrops(
  tx: Raw,
  order: DropOrder,
  served?: readonly DropDef[],
): Promise<DropPlan> {
  const plan: DropPlan = { orderId: order.orderId, holder: order.holder, needs: [] };
  const drops = served ?? (await dropsServing(tx, order.date));
  if (drops.length === 0) return plan;
  const needs = [...dropNeeds(order.lines, drops, order.date).values()].sort((a, b) =>
    a.unit.id < b.unit.id ? -1 : 1,
  );
  if (needs.length === 0) return plan;
  const now = order.now ?? new Date();
  for (const need of needs) {
    const state = dropState(need.drop, now);
    if (state === 'upcoming')
      throw refuse('drop_not_open', dropNotOpenMessage(need.productId, need.drop));
    if (state === 'closed')
      throw refuse('drop_closed', dropClosedMessage(need.productId, need.drop));
    if (!dropServesWindow(need.drop, order.window?.id ?? null)) {
      const labels = (order.windows ?? [])
        .filter((w) => need.drop.windowIds.includes(w.id))
        .sort((a, b) => (a.start < b.start ? -1 : 1))
        .map(windowLabel);
      throw refuse('drop_window', dropWindowMessage(need.productId, need.drop.name, labels));
    }
    // Sold out whatever is held; what others hold at checkout is counted by
    // drop_take before it locks (and by refuseSoldOutFast before the transaction).
    const left = unitLeft(need.unit, 0);
    if (need.items > left)
      throw refuse('drop_sold_out', dropSoldOutMessage(need.productId, need.drop.name, left));
    plan.needs.push({
      unitId: need.unit.id,
      items: need.items,
      productId: need.productId,
      dropName: need.drop.name,
    });
  }
  return plan;
}

// ------------------------------------------------------ fast sold-out answer

interface ServingRead {
  drops: DropDef[];
  /** Live holds of those drops' units: `unitId` to each holder's units. */
  holds: Map<string, Map<string, number>>;
}
const servingCache: RecentReads<ServingRead> = new Map();

/** A date's drops and the live holds on their units, read together. */
async function servingWithHolds(prisma: PrismaClient, date: string): Promise<ServingRead> {
  const drops = await dropsServing(prisma, date);
  const unitIds = drops.flatMap((d) => d.units.map((u) => u.id));
  const holds = new Map<string, Map<string, number>>();
  if (unitIds.length === 0) return { drops, holds };
  const rows = await prisma.$queryRaw<{ unitId: string; holder: string; units: number }[]>`
    SELECT "dropUnitId"::text AS "unitId", "holder", sum("units")::int AS "units" FROM "DropHold"
    WHERE "dropUnitId" = ANY(${unitIds}::uuid[]) AND "expiresAt" > now()
    GROUP BY 1, 2`;
  for (const row of rows) {
    const byHolder = holds.get(row.unitId) ?? new Map<string, number>();
    byHolder.set(row.holder, Number(row.units));
    holds.set(row.unitId, byHolder);
  }
  return { drops, holds };
}

/**
 * The fast refusal, BEFORE the submission asks the pool for a transaction:
 * a drop item with nothing left for this buyer when this process last read
 * the date's drops, at most a second ago (sold, plus what others hold at
 * checkout, reaches the quantity), is refused at once (409 `drop_sold_out`,
 * or not open / closed), without waiting behind the sales for a connection.
 * A buyer who holds units goes on to the real check under the lock, as does
 * anything else: the fast answer never sells, so it can never oversell.
 */
export async function refuseSoldOutFast(
  prisma: PrismaClient,
  order: { date: string; lines: readonly KitchenLine[]; holder?: string | null },
  now = new Date(),
): Promise<void> {
  const { drops, holds } = await readAtMostEverySecond(servingCache, order.date, () =>
    servingWithHolds(prisma, order.date),
  );
  if (drops.length === 0) return;
  for (const need of dropNeeds(order.lines, drops, order.date).values()) {
    const state = dropState(need.drop, now);
    if (state === 'upcoming')
      throw refuse('drop_not_open', dropNotOpenMessage(need.productId, need.drop));
    if (state === 'closed')
      throw refuse('drop_closed', dropClosedMessage(need.productId, need.drop));
    const held = holds.get(need.unit.id);
    const own = order.holder ? (held?.get(order.holder) ?? 0) : 0;
    const othersHold = [...(held?.values() ?? [])].reduce((sum, n) => sum + n, 0) - own;
    if (own === 0 && need.unit.sold + othersHold >= need.unit.quantity)
      throw refuse('drop_sold_out', dropSoldOutMessage(need.productId, need.drop.name, 0));
  }
}

/**
 * The items of the drops that serve a date (issue 37: an order of only
 * these pays no rush fee; planDrops books every one of them in its drop or
 * refuses the order). Read as the fast refusal reads the date's drops, at
 * most once a second per process.
 */
export async function dropItemsServing(prisma: PrismaClient, date: string): Promise<Set<string>> {
  const { drops } = await readAtMostEverySecond(servingCache, date, () =>
    servingWithHolds(prisma, date),
  );
  return dropProductIdsOn(drops, date);
}

// ------------------------------------------------------------------ holds

export async function holdMinutes(db: Raw): Promise<number> {
  const [row] = await db.$queryRaw<{ holdMinutes: number }[]>`
    SELECT "holdMinutes" FROM "DropSetting" WHERE "id" = 1`;
  return row?.holdMinutes ?? DEFAULT_HOLD_MINUTES;
}

export async function setHoldMinutes(db: Db, minutes: number): Promise<{ holdMinutes: number }> {
  const problem = holdMinutesProblem(minutes);
  if (problem) throw badRequest(problem, { errors: [{ path: 'holdMinutes', message: problem }] });
  await db.dropSetting.upsert(settingsRow({ holdMinutes: minutes }));
  holdReads.clear(); // this process's holds read the change at once
  return { holdMinutes: minutes };
}

export interface HoldView {
  dropId: string;
  expiresAt: string;
  holdMinutes: number;
  secondsLeft: number;
  items: { unitId: string; productId: string; units: number }[];
}

type HoldRead = (DropRow & { holdMinutes: number }) | undefined;
const holdReads: RecentReads<HoldRead> = new Map();

/**
 * A drop and the hold time, as this process read them at most a second ago
 * (FAST_READ_MS): when a drop opens, hundreds of buyers ask for a hold of it
 * within that second, and one read serves them all. What it says of the
 * drop (its units, open or closed) decides only whether to try; the hold
 * itself is counted by drop_take on the unit's row, read fresh.
 */
function dropForHolds(prisma: PrismaClient, dropId: string): Promise<HoldRead> {
  return readAtMostEverySecond(holdReads, dropId, async () => {
    const sql = Prisma.sql`
      SELECT ${COLUMNS},
        COALESCE((SELECT "holdMinutes" FROM "DropSetting" WHERE "id" = 1), ${DEFAULT_HOLD_MINUTES}::int) AS "holdMinutes"
      FROM "Drop" d WHERE d."id" = ${dropId}::uuid`;
    const answer = await sqlPool(prisma).query<DropRow & { holdMinutes: number }>(
      sql.text,
      sql.values,
    );
    return answer.rows[0];
  });
}

type HoldStartKey = { dropId: string; holder: string };

// The ends of holders' first holds (DropHoldStart), read and written for the
// holds that arrive in one event-loop turn together (db/coalesce.ts): at a
// drop's opening, hundreds of holds ask within milliseconds.

const readHoldStarts = coalescePerClient(async (prisma: PrismaClient, keys: HoldStartKey[]) => {
  const { rows } = await sqlPool(prisma).query<HoldStartKey & { expiresAt: Date }>(
    `SELECT s."dropId"::text AS "dropId", s."holder", s."expiresAt" FROM "DropHoldStart" s
     JOIN unnest($1::uuid[], $2::text[]) AS k("dropId", "holder")
       ON s."dropId" = k."dropId" AND s."holder" = k."holder"`,
    [keys.map((key) => key.dropId), keys.map((key) => key.holder)],
  );
  const byKey = new Map(rows.map((row) => [`${row.dropId} ${row.holder}`, row.expiresAt]));
  return keys.map((key) => {
    const end = byKey.get(`${key.dropId} ${key.holder}`);
    return end ? new Date(end) : null;
  });
});

const writeHoldStarts = coalescePerClient(
  async (prisma: PrismaClient, rows: (HoldStartKey & { expiresAt: Date })[]) => {
    await sqlPool(prisma).query(
      `INSERT INTO "DropHoldStart" ("dropId", "holder", "expiresAt")
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[])
       ON CONFLICT ("dropId", "holder") DO NOTHING`,
      [
        rows.map((row) => row.dropId),
        rows.map((row) => row.holder),
        rows.map((row) => row.expiresAt),
      ],
    );
    return rows.map(() => undefined);
  },
);

type HoldTake = { unitId: string; holder: string; units: number; until: Date };
type HoldTaken = { ok: boolean; remaining: number; expires_at: Date | null };

// The holds of one event-loop turn, one statement per drop unit: drop_take
// for each in the order they arrived, in one transaction. Hundreds of holds
// for one item each waited for that unit's row lock in a round trip of its
// own; together they take the lock once. One unit per statement, so a
// statement never locks two units (no lock order to keep with the sales).
const takeHolds = coalescePerClient(async (prisma: PrismaClient, calls: HoldTake[]) => {
  const byUnit = new Map<string, number[]>();
  calls.forEach((call, i) => {
    const indexes = byUnit.get(call.unitId);
    if (indexes) indexes.push(i);
    else byUnit.set(call.unitId, [i]);
  });
  const answers: HoldTaken[] = new Array<HoldTaken>(calls.length);
  await Promise.all(
    [...byUnit].map(async ([unitId, indexes]) => {
      const { rows } = await sqlPool(prisma).query<HoldTaken & { n: string }>(
        `SELECT k."n", t."ok", t."remaining", t."expires_at"
         FROM unnest($2::text[], $3::int[], $4::timestamptz[]) WITH ORDINALITY AS k("holder", "units", "until", "n")
         CROSS JOIN LATERAL "drop_take"($1::uuid, k."holder", k."units", 'hold', NULL::uuid, k."until") t
         ORDER BY k."n"`,
        [
          unitId,
          indexes.map((i) => calls[i]!.holder),
          indexes.map((i) => calls[i]!.units),
          indexes.map((i) => calls[i]!.until),
        ],
      );
      for (const row of rows) answers[indexes[Number(row.n) - 1]!] = row;
    }),
  );
  return answers;
});

/**
 * Holds a signed-in customer's drop items while they check out (POST
 * /api/drops/{id}/holds): each unit is locked, what is left for others is
 * read, and the hold is written only when it fits (409 `drop_sold_out`
 * otherwise). A holder holds at most the catalogue's per-order maximum of an
 * item (400, core's productLimitProblem). Asking again keeps the end of the
 * holder's first hold of the drop, even after a release (DropHoldStart):
 * a hold is never stretched past its timer, and once it has run out the
 * answer is 409 `hold_expired` (issue 39, finding 1).
 */
export async function placeHold(
  prisma: PrismaClient,
  dropId: string,
  holder: string,
  lines: readonly { productId: string; quantity: number }[],
  now = new Date(),
): Promise<HoldView> {
  // Straight to pg (no Prisma engine work): a rush asks for hundreds of holds at once.
  const row = await dropForHolds(prisma, dropId);
  if (!row) throw notFound('That drop does not exist');
  const drop = toDef(row);
  const state = dropState(drop, now);
  const first = lines[0]?.productId ?? drop.units[0]?.productIds[0] ?? '';
  if (state === 'upcoming') throw refuse('drop_not_open', dropNotOpenMessage(first, drop));
  if (state === 'closed') throw refuse('drop_closed', dropClosedMessage(first, drop));
  const needs = new Map<string, { productId: string; units: number }>();
  for (const line of lines) {
    const unit = drop.units.find((u) => u.productIds.includes(line.productId));
    if (!unit || line.quantity <= 0) continue;
    const entry = needs.get(unit.id) ?? { productId: line.productId, units: 0 };
    entry.units += line.quantity;
    needs.set(unit.id, entry);
  }
  if (needs.size === 0) throw badRequest('None of these items is in this drop');
  const share = productLimitProblem(lines);
  if (share)
    throw badRequest(share, { errors: [{ path: 'items', message: share }] }, 'validation_failed');
  const minutes = Number(row.holdMinutes);
  // The end of this holder's first hold of the drop, if they had one.
  const started = await readHoldStarts(prisma, { dropId, holder });
  const until = started ?? new Date(now.getTime() + minutes * 60_000);
  if (until.getTime() <= now.getTime())
    throw conflict(holdExpiredMessage(drop.name), 'hold_expired');
  const items: HoldView['items'] = [];
  let expiresAt = until;
  // Each unit in a statement of its own (its row locked only for that statement).
  for (const unitId of [...needs.keys()].sort()) {
    const need = needs.get(unitId)!;
    const taken = await takeHolds(prisma, { unitId, holder, units: need.units, until });
    if (!taken?.ok) {
      // All or nothing: what this call held of the other units goes back.
      if (items.length > 0) await releaseHold(prisma, dropId, holder);
      throw refuse(
        'drop_sold_out',
        dropSoldOutMessage(need.productId, drop.name, Number(taken?.remaining ?? 0)),
      );
    }
    if (taken.expires_at && new Date(taken.expires_at) < expiresAt)
      expiresAt = new Date(taken.expires_at);
    items.push({ unitId, productId: need.productId, units: need.units });
  }
  if (!started) {
    // The first hold that was granted: its end stands for the drop's lifetime.
    await writeHoldStarts(prisma, { dropId, holder, expiresAt });
  }
  return {
    dropId,
    expiresAt: expiresAt.toISOString(),
    holdMinutes: minutes,
    secondsLeft: Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000)),
    items,
  };
}

/**
 * The owner lets go of every checkout hold of a drop (DELETE
 * /api/admin/drops/{id}/holds): the units' rows are locked first, in the
 * order drop_take locks them, then the holds and their counters go. The
 * holders' first ends stay (DropHoldStart): a new hold gets no fresh timer.
 */
export async function releaseAllHolds(prisma: PrismaClient, dropId: string): Promise<DropView> {
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "DropUnit" WHERE "dropId" = ${dropId}::uuid ORDER BY "id" FOR UPDATE`;
    await tx.$executeRaw`
      WITH gone AS (
        DELETE FROM "DropHold" h USING "DropUnit" u
        WHERE u."id" = h."dropUnitId" AND u."dropId" = ${dropId}::uuid
        RETURNING h."dropUnitId", h."units")
      UPDATE "DropUnit" u SET "held" = GREATEST(0, u."held" - g."units")
      FROM (SELECT "dropUnitId", sum("units")::int AS "units" FROM gone GROUP BY 1) g
      WHERE u."id" = g."dropUnitId"`;
  });
  const [view] = await listDrops(prisma, new Date(), dropId);
  if (!view) throw notFound('That drop does not exist');
  return view;
}

/** Lets go of a customer's holds in a drop (the cart emptied, or the customer left). */
export async function releaseHold(db: Raw, dropId: string, holder: string): Promise<void> {
  await db.$executeRaw`SELECT 1 FROM "drop_release_holds"(${dropId}::uuid, ${holder}::text)`;
}

// ------------------------------------------------------------ public list

/** One drop of GET /api/drops: core's wire type. */
export type DropView = PublicDropView;

function dropView(drop: DropDef, held: ReadonlyMap<string, number>, now: Date): DropView {
  const state = dropState(drop, now);
  return {
    id: drop.id,
    name: drop.name,
    opensAt: new Date(drop.opensAt).toISOString(),
    closesAt: new Date(drop.closesAt).toISOString(),
    state,
    pickupDates: drop.pickupDates,
    windowIds: drop.windowIds,
    announce: drop.announce !== false,
    units: drop.units.map((u) => ({
      id: u.id,
      label: u.label,
      productIds: u.productIds,
      quantity: u.quantity,
      left: state === 'closed' ? 0 : unitLeft(u, held.get(u.id) ?? 0),
    })),
  };
}

/** GET /api/drops: the drops open now or to come (closing last), with what is left. */
export async function currentDrops(
  db: Raw,
  now = new Date(),
): Promise<{ drops: DropView[]; holdMinutes: number }> {
  const rows = await db.$queryRaw<DropRow[]>`
    SELECT ${COLUMNS} FROM "Drop" d WHERE d."closesAt" > ${now}
    ORDER BY d."opensAt", d."name"`;
  const drops = rows.map(toDef);
  const held = await activeHolds(
    db,
    drops.flatMap((d) => d.units.map((u) => u.id)),
  );
  return { drops: drops.map((d) => dropView(d, held, now)), holdMinutes: await holdMinutes(db) };
}

// ------------------------------------------------------------------ owner

export type DropInput = Omit<DropDef, 'id' | 'units'> & {
  units: { label: string; productIds: string[]; quantity: number }[];
};

/**
 * The owner's list (GET /api/admin/drops): each unit with the items held at
 * checkout now, and each drop with how many customers hold them (issue 39).
 */
export async function listDrops(db: Raw, now = new Date(), onlyId?: string): Promise<DropView[]> {
  const only = onlyId ? Prisma.sql`WHERE d."id" = ${onlyId}::uuid` : Prisma.empty;
  const rows = await db.$queryRaw<DropRow[]>`
    SELECT ${COLUMNS} FROM "Drop" d ${only} ORDER BY d."opensAt" DESC`;
  const drops = rows.map(toDef);
  const unitIds = drops.flatMap((d) => d.units.map((u) => u.id));
  const held = await activeHolds(db, unitIds);
  const holders =
    unitIds.length === 0
      ? []
      : await db.$queryRaw<{ dropId: string; holders: number }[]>`
    SELECT u."dropId"::text AS "dropId", count(DISTINCT h."holder")::int AS "holders"
    FROM "DropHold" h JOIN "DropUnit" u ON u."id" = h."dropUnitId"
    WHERE h."dropUnitId" = ANY(${unitIds}::uuid[]) AND h."expiresAt" > now()
    GROUP BY 1`;
  return drops.map((d) => {
    const view = dropView(d, held, now);
    return {
      ...view,
      units: view.units.map((u, i) => ({
        ...u,
        held: held.get(u.id) ?? 0,
        sold: d.units[i]!.sold,
      })),
      holders: Number(holders.find((h) => h.dropId === d.id)?.holders ?? 0),
    };
  });
}

async function readDrop(db: Raw, id: string): Promise<DropView> {
  const [row] = await db.$queryRaw<DropRow[]>`
    SELECT ${COLUMNS} FROM "Drop" d WHERE d."id" = ${id}::uuid`;
  if (!row) throw notFound('That drop does not exist');
  const drop = toDef(row);
  return dropView(
    drop,
    await activeHolds(
      db,
      drop.units.map((u) => u.id),
    ),
    new Date(),
  );
}

/**
 * The owner's drop, checked before anything is written: its shape (core's
 * dropInputProblem), 400 `validation_failed` naming an item id that is not
 * on the menu, and 409 `capacity_full` naming a pickup date on which the
 * shop is closed (a closed weekday of its hours, or a closed date) (issue 37).
 */
async function checkDrop(db: Pick<PrismaClient, 'closedDate'>, input: DropInput): Promise<void> {
  const problem = dropInputProblem({
    ...input,
    units: input.units.map((u) => ({ ...u, id: '', sold: 0 })),
  });
  if (problem) throw badRequest(problem, { errors: [{ path: 'drop', message: problem }] });
  const unknown = unknownDropItem(input.units);
  if (unknown) throw badRequest(unknown.message, { errors: [unknown] }, 'validation_failed');
  const closed = await db.closedDate.findMany({ where: { date: { in: input.pickupDates } } });
  const closedProblem = dropClosedDateProblem(
    input.pickupDates,
    new Map(closed.map((row) => [row.date, row.reason])),
  );
  if (closedProblem) throw conflict(closedProblem, 'capacity_full');
}

/** The drop's own columns from the owner's input (its units are written apart). */
const dropFields = (input: DropInput) => ({
  name: input.name.trim(),
  opensAt: new Date(input.opensAt),
  closesAt: new Date(input.closesAt),
  pickupDates: input.pickupDates,
  windowIds: input.windowIds,
  announce: input.announce !== false,
});

export async function createDrop(prisma: PrismaClient, input: DropInput): Promise<DropView> {
  await checkDrop(prisma, input);
  const drop = await prisma.drop.create({
    data: { ...dropFields(input), units: { create: input.units } },
  });
  return readDrop(prisma, drop.id);
}

/**
 * Changes a drop. A unit keeps its id (and what it sold) when its items stay
 * the same; a quantity cannot go below what is sold.
 */
export async function updateDrop(
  prisma: PrismaClient,
  id: string,
  input: DropInput,
): Promise<DropView> {
  await checkDrop(prisma, input);
  await prisma.$transaction(async (tx) => {
    const current = await tx.drop.findUnique({ where: { id }, include: { units: true } });
    if (!current) throw notFound('That drop does not exist');
    await tx.drop.update({
      where: { id },
      data: dropFields(input),
    });
    const key = (ids: string[]) => [...ids].sort().join(',');
    const kept = new Set<string>();
    for (const unit of input.units) {
      const same = current.units.find((u) => key(u.productIds) === key(unit.productIds));
      if (same) {
        if (unit.quantity < same.sold)
          throw badRequest(`${same.label}: ${same.sold} are already sold`);
        await tx.$executeRaw`SELECT 1 FROM "DropUnit" WHERE "id" = ${same.id}::uuid FOR UPDATE`;
        await tx.dropUnit.update({
          where: { id: same.id },
          data: { label: unit.label, quantity: unit.quantity },
        });
        kept.add(same.id);
      } else {
        await tx.dropUnit.create({ data: { ...unit, dropId: id } });
      }
    }
    const removed = current.units.filter((u) => !kept.has(u.id));
    if (removed.some((u) => u.sold > 0))
      throw badRequest('An item that has sold cannot be taken out of the drop');
    await tx.dropUnit.deleteMany({ where: { id: { in: removed.map((u) => u.id) } } });
  });
  holdReads.clear(); // this process's holds read the change at once
  return readDrop(prisma, id);
}

export async function deleteDrop(prisma: PrismaClient, id: string): Promise<void> {
  const sold = await prisma.dropUnit.aggregate({ where: { dropId: id }, _sum: { sold: true } });
  if ((sold._sum.sold ?? 0) > 0)
    throw new HttpError(409, 'This drop has orders; let it close instead', {}, 'invalid_state');
  const { count } = await prisma.drop.deleteMany({ where: { id } });
  holdReads.clear(); // this process's holds read the change at once
  if (count === 0) throw notFound('That drop does not exist');
}

/** "Duplicate for next week": the same drop a week later, nothing sold. */
export async function duplicateDrop(prisma: PrismaClient, id: string): Promise<DropView> {
  const [row] = await prisma.$queryRaw<DropRow[]>`
    SELECT ${COLUMNS} FROM "Drop" d WHERE d."id" = ${id}::uuid`;
  if (!row) throw notFound('That drop does not exist');
  const copy = duplicateForNextWeek(toDef(row));
  return createDrop(prisma, {
    ...copy,
    units: copy.units.map((u) => ({
      label: u.label,
      productIds: u.productIds,
      quantity: u.quantity,
    })),
  });
}

// ------------------------------------------------------- tell me when it opens

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /api/drops/{id}/notify (issue 39: double opt-in). A new address, one
 * not confirmed yet, or one that unsubscribed gets a confirmation mail whose
 * link (confirmSubscription) starts the subscription; nothing here clears
 * `unsubscribedAt`, so a stranger cannot subscribe someone else again. An
 * address already confirmed is answered as before and mailed nothing. The
 * per-address and per-drop limits are the route's.
 */
export async function subscribe(
  db: Db,
  notifications: Pick<Notifications, 'dropNotifyConfirm'>,
  dropId: string,
  email: string,
  now = new Date(),
): Promise<{ success: true; message: string }> {
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address) || address.length > 255) {
    const message = 'Please enter a valid email address';
    throw badRequest(message, { errors: [{ path: 'email', message }] }, 'validation_failed');
  }
  const drop = await db.drop.findUnique({ where: { id: dropId } });
  if (!drop) throw notFound('That drop does not exist');
  if (dropState(drop, now) !== 'upcoming')
    throw new HttpError(409, `The ${drop.name} drop is already open`, {}, 'invalid_state');
  const row = await db.dropSubscription.upsert({
    where: { dropId_email: { dropId, email: address } },
    create: { dropId, email: address, token: randomBytes(24).toString('base64url') },
    update: {},
  });
  if (row.confirmedAt && !row.unsubscribedAt)
    return { success: true, message: dropNotifyConfirmedMessage(address, drop) };
  await notifications.dropNotifyConfirm?.(
    address,
    { name: drop.name, opensAt: formatInstant(drop.opensAt) },
    row.token,
  );
  return { success: true, message: dropNotifyAskedMessage(address, drop) };
}

/**
 * The confirmation link (GET /api/drops/confirm?token=): the address that
 * received it is subscribed, and an earlier unsubscribe of it is lifted
 * (that address asked again). Null for an unknown token.
 */
export async function confirmSubscription(
  db: Db,
  token: string,
): Promise<{ email: string; dropName: string; opensAt: Date } | null> {
  const row = await db.dropSubscription.findUnique({ where: { token } });
  if (!row) return null;
  const drop = await db.drop.findUnique({ where: { id: row.dropId } });
  if (!drop) return null;
  await db.dropSubscription.update({
    where: { token },
    data: { confirmedAt: new Date(), unsubscribedAt: null },
  });
  return { email: row.email, dropName: drop.name, opensAt: drop.opensAt };
}

/** The unsubscribe link of the e-mail: that address hears nothing more of that drop. */
export async function unsubscribe(db: Db, token: string): Promise<string | null> {
  const row = await db.dropSubscription.findUnique({ where: { token } });
  if (!row) return null;
  await db.dropSubscription.update({ where: { token }, data: { unsubscribedAt: new Date() } });
  return row.email;
}

/**
 * The job: tells every address that asked about a drop that has opened (and
 * not closed), once: each subscription is claimed by setting notifiedAt
 * before its mail is queued; unconfirmed and unsubscribed addresses are
 * skipped. Expired
 * holds are swept too.
 */
export async function notifyOpenedDrops(options: {
  prisma: PrismaClient;
  notifications: Notifications;
  log: Logger;
  now?: Date;
}): Promise<{ sent: number }> {
  const { prisma, notifications, log } = options;
  const now = options.now ?? new Date();
  // Expired holds swept with their counters (drop_take sweeps a unit it touches too).
  await prisma.$executeRaw`
    SELECT "drop_release_holds"(x."dropId", NULL) IS NULL FROM (
      SELECT DISTINCT u."dropId" FROM "DropHold" h JOIN "DropUnit" u ON u."id" = h."dropUnitId"
      WHERE h."expiresAt" <= now()) x`;
  // Issue 37: the mail names the items and, when the address has an account, its owner.
  const claimed = await prisma.$queryRaw<
    {
      email: string;
      token: string;
      dropId: string;
      name: string;
      closesAt: Date;
      pickupDates: string[];
      units: { label: string; quantity: number; sold: number }[];
      firstName: string | null;
    }[]
  >`
    UPDATE "DropSubscription" s SET "notifiedAt" = ${now}
    FROM "Drop" d
    WHERE d."id" = s."dropId" AND s."notifiedAt" IS NULL AND s."unsubscribedAt" IS NULL
      AND s."confirmedAt" IS NOT NULL
      AND d."opensAt" <= ${now} AND d."closesAt" > ${now}
    RETURNING s."email", s."token", d."id"::text AS "dropId", d."name", d."closesAt", d."pickupDates",
      COALESCE((SELECT json_agg(json_build_object('label', u."label", 'quantity', u."quantity",
        'sold', u."sold") ORDER BY u."label") FROM "DropUnit" u WHERE u."dropId" = d."id"), '[]'::json)
        AS "units",
      (SELECT x."firstName" FROM "User" x WHERE lower(x."email") = lower(s."email") LIMIT 1)
        AS "firstName"`;
  for (const row of claimed) {
    try {
      await notifications.dropOpened?.(
        row.email,
        {
          id: row.dropId,
          name: row.name,
          closesAt: formatInstant(row.closesAt),
          pickupDates: row.pickupDates.map((d) => formatDayInWords(d)),
          items: row.units.map((u) => `${u.label} (${Math.max(0, u.quantity - u.sold)} left)`),
          firstName: row.firstName ?? '',
        },
        row.token,
      );
    } catch (error) {
      log.error('drop mail failed', { error: String(error) });
    }
  }
  if (claimed.length > 0) log.info('drop opened: subscribers told', { sent: claimed.length });
  return { sent: claimed.length };
}
