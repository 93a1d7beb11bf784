// Daily capacity on the server: the limits and closed dates the owner sets,
// availability per date for the storefront calendar, and reserveCapacity, the
// check run inside the order-creation transaction. The rules and messages are
// core's (core/src/kitchen); this file only reads the database.
import {
  CAPACITY_UNITS,
  CATEGORY_IDS,
  DEFAULT_CAPACITY,
  addDays,
  capacityCheck,
  closedDateMessage,
  dayAvailability,
  effectiveLimits,
  getCategory,
  unitsByCategory,
  type AvailabilityView,
  type CapacityLimits,
  type CapacityView,
  type CategoryId,
  type ClosedDateView,
  type KitchenLine,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { conflict, notFound } from '../../middleware/errors.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** Orders that hold kitchen time: every state but cancelled. */
export const BOOKED = { paymentStatus: { not: 'cancelled' } } as const;

/** Namespace of the advisory locks taken per pickup date (any constant int4 unlikely to collide). */
const CAPACITY_LOCK_NAMESPACE = 0x0b4e;

/** The `items` JSON of a stored order as kitchen lines. */
export function storedLines(items: Prisma.JsonValue): KitchenLine[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw) => {
    const item = raw as { productId?: unknown; quantity?: unknown; variant?: unknown } | null;
    if (!item || typeof item.productId !== 'string') return [];
    return [
      {
        productId: item.productId,
        quantity: Number(item.quantity ?? 0),
        variant: typeof item.variant === 'string' ? item.variant : null,
      },
    ];
  });
}

export async function loadLimits(db: Db): Promise<CapacityLimits> {
  return effectiveLimits(
    await db.capacityLimit.findMany({ select: { category: true, maxUnits: true } }),
  );
}

/**
 * Refuses (409, core's message naming the category and date, or the closed
 * date) an order for `pickupDate` whose lines do not fit. Call it INSIDE the
 * transaction that creates the order, before the insert: the advisory lock on
 * the date is held until that transaction ends, so two submissions for the
 * same date are checked one after the other and the second sees the first.
 */
export async function reserveCapacity(
  tx: Prisma.TransactionClient,
  pickupDate: string,
  lines: readonly KitchenLine[],
): Promise<void> {
  const date = pickupDate.slice(0, 10);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CAPACITY_LOCK_NAMESPACE}::int4, hashtext(${date}))`;
  const closed = await tx.closedDate.findUnique({ where: { date } });
  if (closed) throw conflict(closedDateMessage(date, closed.reason), 'capacity_full');
  const booked = await tx.order.findMany({
    where: { pickupDate: date, ...BOOKED },
    select: { items: true },
  });
  const result = capacityCheck(
    booked.flatMap((order) => storedLines(order.items)),
    lines,
    await loadLimits(tx),
    date,
  );
  if (!result.ok) throw conflict(result.message, 'capacity_full');
}

/** GET /api/availability: per date of the range, closed or not, what is left. */
export async function availability(
  db: Db,
  fromDate: string,
  toDate: string,
): Promise<AvailabilityView> {
  const [limits, closed, orders] = await Promise.all([
    loadLimits(db),
    db.closedDate.findMany({ where: { date: { gte: fromDate, lte: toDate } } }),
    db.order.findMany({
      where: { pickupDate: { gte: fromDate, lte: toDate }, ...BOOKED },
      select: { pickupDate: true, items: true },
    }),
  ]);
  const closedOn = new Map(closed.map((row) => [row.date, row]));
  const linesOn = new Map<string, KitchenLine[]>();
  for (const order of orders) {
    const date = order.pickupDate!;
    linesOn.set(date, [...(linesOn.get(date) ?? []), ...storedLines(order.items)]);
  }
  const days = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    const closedRow = closedOn.get(date);
    days.push(
      dayAvailability(
        date,
        unitsByCategory(linesOn.get(date) ?? []),
        limits,
        closedRow ? { reason: closedRow.reason } : null,
      ),
    );
  }
  return { fromDate, toDate, days };
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
    limits: CATEGORY_IDS.map((category) => ({
      category,
      label: getCategory(category)?.label ?? category,
      unit: CAPACITY_UNITS[category].many,
      maxUnits: stored.get(category) ?? DEFAULT_CAPACITY[category],
      defaultUnits: DEFAULT_CAPACITY[category],
      isDefault: !stored.has(category),
    })),
    closedDates: await listClosedDates(db),
  };
}

export async function setCapacityLimits(
  db: PrismaClient,
  limits: { category: CategoryId; maxUnits: number }[],
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

export async function removeClosedDate(db: Db, date: string): Promise<void> {
  const { count } = await db.closedDate.deleteMany({ where: { date } });
  if (count === 0) throw notFound('That date is not closed');
}
