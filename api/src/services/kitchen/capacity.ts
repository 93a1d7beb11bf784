// Daily capacity on the server: the limits and closed dates the owner sets,
// availability per date for the storefront calendar, and checkDay, the
// booking's reads and the refusals that need no lock (kitchen/booking.ts). The rules and messages are
// core's (core/src/kitchen); this file only reads the database.
import {
  kitchenCategories,
  unitWords,
  defaultCapacityOf,
  DEFAULT_BOOKING_HORIZON_DAYS,
  addDays,
  closedDateMessage,
  dayAvailability,
  effectiveLimits,
  fairShareCheck,
  getCategory,
  horizonProblem,
  productLimitProblem,
  unitsByCategory,
  type AvailabilityView,
  type BookingSettingsView,
  type CapacityLimits,
  type CapacityView,
  type ClosedDateView,
  type KitchenLine,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Db, Raw } from '../../db/types.js';
import { settingsRow } from '../../db/settingsRow.js';

/** Orders that hold kitchen time: every state but cancelled. */
export const BOOKED = { paymentStatus: { not: 'cancelled' } } as const;

/** The `items` JSON of a stored order as kitchen lines. */
export function storedLines(items: Prisma.JsonValue): KitchenLine[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw) => {
    const item = raw as {
      productId?: unknown;
      quantity?: unknown;
      variant?: unknown;
      fromDrop?: unknown;
    } | null;
    if (!item || typeof item.productId !== 'string') return [];
    return [
      {
        productId: item.productId,
        quantity: Number(item.quantity ?? 0),
        variant: typeof item.variant === 'string' ? item.variant : null,
        ...(item.fromDrop === true ? { fromDrop: true } : {}),
      },
    ];
  });
}

export async function loadLimits(db: Db): Promise<CapacityLimits> {
  return effectiveLimits(
    await db.capacityLimit.findMany({ select: { category: true, maxUnits: true } }),
  );
}

/** Orders that hold kitchen time without being paid yet (the fair share counts these). */
export const UNPAID = { paymentStatus: 'pending' } as const;

/** The owner's booking horizon in days (core's default when unset). */
export async function loadHorizonDays(db: Db): Promise<number> {
  const row = await db.bookingSetting.findUnique({ where: { id: 1 } });
  return row?.horizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS;
}

export interface Reservation {
  /** The account ordering; null skips the fair share (no account to count). */
  userId: string | null;
  /** The bakery's today, for the booking horizon. */
  today: string;
}

const refuseField = (path: string, message: string) =>
  badRequest(message, { errors: [{ path, message }] }, 'validation_failed');

/** What checkDay read and book_order needs: the date, the lines, the day's limits. */
export interface DayCheck {
  date: string;
  lines: readonly KitchenLine[];
  limits: CapacityLimits;
  /** The account's fair-share refusal, when its unpaid orders of the day would pass it. */
  fairShare: string | null;
  /** What checkDay's `alsoRead` read. */
  also?: unknown;
}

/**
 * The booking's half that needs no lock (run first, so a refusal never
 * waits behind the sales): 400 for a product over its maximum or a date
 * beyond the horizon, 409 for a closed date; and the account's fair share,
 * judged by book_order after the day's fit (its message says less).
 */
export async function checkDay(
  tx: Raw,
  pickupDate: string,
  lines: readonly KitchenLine[],
  who: Reservation,
  /** Another read sent in the same statement (one round trip less); its value is `also`. */
  alsoRead?: Prisma.Sql,
): Promise<DayCheck> {
  const date = pickupDate.slice(0, 10);
  const tooMany = productLimitProblem(lines);
  if (tooMany) throw refuseField('items', tooMany);
  const day = await dayRules(tx, date, who.userId, alsoRead);
  const beyond = horizonProblem(date, who.today, day.horizonDays);
  if (beyond) throw refuseField('pickupDate', beyond);
  if (day.closed) throw conflict(closedDateMessage(date, day.closedReason), 'capacity_full');
  const limits = effectiveLimits(day.limits);
  const share =
    who.userId && !day.exempt
      ? fairShareCheck(day.held.flatMap(storedLines), lines, limits, date)
      : null;
  return {
    date,
    lines,
    limits,
    fairShare: share && !share.ok ? share.message : null,
    also: day.also,
  };
}

interface DayRules {
  horizonDays: number;
  closed: boolean;
  closedReason: string | null;
  limits: { category: string; maxUnits: number }[];
  /** The `items` of the account's unpaid orders of the day. */
  held: Prisma.JsonValue[];
  exempt: boolean;
  also?: unknown;
}

/** Everything else the check needs, in one statement (the fair share by the userId + date index). */
async function dayRules(
  tx: Raw,
  date: string,
  userId: string | null,
  alsoRead?: Prisma.Sql,
): Promise<DayRules> {
  const [row] = await tx.$queryRaw<
    {
      horizonDays: number | null;
      closed: boolean;
      closedReason: string | null;
      limits: DayRules['limits'] | null;
      held: Prisma.JsonValue[] | null;
      exempt: boolean;
      also: unknown;
    }[]
  >`
    SELECT
      (SELECT "horizonDays" FROM "BookingSetting" WHERE "id" = 1) AS "horizonDays",
      EXISTS (SELECT 1 FROM "ClosedDate" WHERE "date" = ${date}) AS "closed",
      (SELECT "reason" FROM "ClosedDate" WHERE "date" = ${date}) AS "closedReason",
      (SELECT json_agg(json_build_object('category', "category", 'maxUnits', "maxUnits"))
         FROM "CapacityLimit") AS "limits",
      -- An exempt account's orders need not be read (staff lifted its fair share).
      CASE WHEN e."userId" IS NULL THEN
        (SELECT json_agg("items") FROM "Order"
           WHERE "userId" = ${userId}::uuid AND "pickupDate" = ${date}
             AND "paymentStatus" = ${UNPAID.paymentStatus})
      END AS "held",
      e."userId" IS NOT NULL AS "exempt",
      ${alsoRead ?? Prisma.sql`NULL`} AS "also"
    FROM (SELECT 1) AS one
    LEFT JOIN "CapacityShareExemption" e ON e."userId" = ${userId}::uuid`;
  return {
    horizonDays: row?.horizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS,
    closed: Boolean(row?.closed),
    closedReason: row?.closedReason ?? null,
    limits: row?.limits ?? [],
    held: row?.held ?? [],
    exempt: Boolean(row?.exempt),
    also: row?.also,
  };
}

/** Units booked per category on each date of the range that has any (the counters). */
async function bookedUnits(
  db: Db,
  fromDate: string,
  toDate: string,
): Promise<Map<string, CapacityLimits>> {
  const rows = await db.dailyKitchenLoad.findMany({
    where: { date: { gte: fromDate, lte: toDate }, units: { not: 0 } },
  });
  const byDate = new Map<string, CapacityLimits>();
  for (const row of rows) {
    if (!kitchenCategories().includes(row.category)) continue;
    const units = byDate.get(row.date) ?? unitsByCategory([]);
    units[row.category] = row.units;
    byDate.set(row.date, units);
  }
  return byDate;
}

/** GET /api/availability: per date of the range, closed or not, what is left. */
export async function availability(
  db: Db,
  fromDate: string,
  toDate: string,
): Promise<AvailabilityView> {
  return (await loadAvailability(db, fromDate, toDate)).view;
}

/** availability's view with the booked units and limits it was made from (bookedDays.ts). */
export async function loadAvailability(
  db: Db,
  fromDate: string,
  toDate: string,
): Promise<{
  view: AvailabilityView;
  booked: Map<string, CapacityLimits>;
  limits: CapacityLimits;
}> {
  const [limits, closed, booked] = await Promise.all([
    loadLimits(db),
    db.closedDate.findMany({ where: { date: { gte: fromDate, lte: toDate } } }),
    bookedUnits(db, fromDate, toDate),
  ]);
  const closedOn = new Map(closed.map((row) => [row.date, row]));
  const none = unitsByCategory([]);
  const days = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    const closedRow = closedOn.get(date);
    days.push(
      dayAvailability(
        date,
        booked.get(date) ?? none,
        limits,
        closedRow ? { reason: closedRow.reason } : null,
      ),
    );
  }
  return { view: { fromDate, toDate, days }, booked, limits };
}

// ------------------------------------------------------------ owner settings

const closedView = (row: { date: string; reason: string | null }): ClosedDateView => ({
  date: row.date,
  reason: row.reason,
});

export async function listClosedDates(db: Db, fromDate?: string): Promise<ClosedDateView[]> {
  const rows = await db.closedDate.findMany({
    where: fromDate ? { date: { gte: fromDate } } : {},
    orderBy: { date: 'asc' },
  });
  return rows.map(closedView);
}

export async function capacitySettings(db: Db): Promise<CapacityView> {
  const stored = new Map(
    (await db.capacityLimit.findMany()).map((row) => [row.category, row.maxUnits]),
  );
  return {
    limits: kitchenCategories().map((category) => ({
      category,
      label: getCategory(category)?.label ?? category,
      unit: unitWords(category).many,
      maxUnits: stored.get(category) ?? defaultCapacityOf(category),
      defaultUnits: defaultCapacityOf(category),
      isDefault: !stored.has(category),
    })),
    closedDates: await listClosedDates(db),
  };
}

export async function setCapacityLimits(
  db: PrismaClient,
  limits: { category: string; maxUnits: number }[],
): Promise<CapacityView> {
  await db.$transaction(
    limits.map(({ category, maxUnits }) =>
      db.capacityLimit.upsert({
        where: { category },
        create: { category, maxUnits },
        update: { maxUnits },
      }),
    ),
  );
  return capacitySettings(db);
}

/**
 * Adds a closed date, or changes its reason when it is already closed. Orders
 * already booked for it stay; their count is in the answer so staff can call.
 */
export async function addClosedDate(
  db: Db,
  input: { date: string; reason: string | null },
): Promise<ClosedDateView> {
  const row = await db.closedDate.upsert({
    where: { date: input.date },
    create: { date: input.date, reason: input.reason },
    update: { reason: input.reason },
  });
  const bookedOrders = await db.order.count({ where: { pickupDate: input.date, ...BOOKED } });
  return { ...closedView(row), bookedOrders };
}

/**
 * Holidays in one action (issue 14): closes every date from `fromDate` to
 * `toDate` (both included) in one transaction, with the orders booked on them.
 */
export async function addClosedDates(
  prisma: PrismaClient,
  input: { fromDate: string; toDate: string; reason: string | null },
): Promise<{ dates: ClosedDateView[]; bookedOrders: number }> {
  const dates: string[] = [];
  for (let d = input.fromDate; d <= input.toDate; d = addDays(d, 1)) dates.push(d);
  const closed = await prisma.$transaction(async (tx) => {
    const out = [];
    for (const date of dates) out.push(await addClosedDate(tx, { date, reason: input.reason }));
    return out;
  });
  return {
    dates: closed,
    bookedOrders: closed.reduce((sum, d) => sum + (d.bookedOrders ?? 0), 0),
  };
}

export async function removeClosedDate(db: Db, date: string): Promise<void> {
  const { count } = await db.closedDate.deleteMany({ where: { date } });
  if (count === 0) throw notFound('That date is not closed');
}

// ------------------------------------------------ booking horizon, fair share

export async function bookingSettings(db: Db): Promise<BookingSettingsView> {
  const [horizonDays, exemptions] = await Promise.all([
    loadHorizonDays(db),
    db.capacityShareExemption.findMany({ orderBy: { createdAt: 'asc' } }),
  ]);
  const users = await db.user.findMany({
    where: { id: { in: exemptions.map((row) => row.userId) } },
    select: { id: true, email: true, firstName: true, lastName: true },
  });
  const byId = new Map(users.map((user) => [user.id, user]));
  return {
    horizonDays,
    defaultHorizonDays: DEFAULT_BOOKING_HORIZON_DAYS,
    exemptions: exemptions.map((row) => {
      const user = byId.get(row.userId);
      return {
        userId: row.userId,
        email: user?.email ?? null,
        name: user ? `${user.firstName} ${user.lastName}`.trim() : null,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}

export async function setBookingHorizon(db: Db, horizonDays: number): Promise<BookingSettingsView> {
  await db.bookingSetting.upsert(settingsRow({ horizonDays }));
  return bookingSettings(db);
}

/** Lets an account's unpaid orders exceed the fair share of a day (staff decide). */
export async function liftFairShare(
  db: Db,
  userId: string,
  staffId: string | null,
): Promise<BookingSettingsView> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound('User not found');
  await db.capacityShareExemption.upsert({
    where: { userId },
    create: { userId, createdBy: staffId },
    update: {},
  });
  return bookingSettings(db);
}

export async function restoreFairShare(db: Db, userId: string): Promise<BookingSettingsView> {
  await db.capacityShareExemption.deleteMany({ where: { userId } });
  return bookingSettings(db);
}
