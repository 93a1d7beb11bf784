// How booked each coming day is, for the Capacity panel: availability() (the
// storefront's view: closed dates, full categories) beside the units booked
// per category, which availability() does not give (it says what is left,
// never less than 0, and 0 on a closed date).
import {
  addDays,
  bookedDay,
  unitsByCategory,
  type BookedDaysView,
  type CapacityLimits,
  type KitchenLine,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { BOOKED, availability, loadLimits, storedLines } from './capacity.js';

type Db = PrismaClient | Prisma.TransactionClient;

/** Units booked per category on each date of the range (orders that are not cancelled). */
export async function bookedUnitsByDate(
  db: Db,
  fromDate: string,
  toDate: string,
): Promise<Map<string, CapacityLimits>> {
  const orders = await db.order.findMany({
    where: { pickupDate: { gte: fromDate, lte: toDate }, ...BOOKED },
    select: { pickupDate: true, items: true },
  });
  const linesOn = new Map<string, KitchenLine[]>();
  for (const order of orders) {
    const lines = linesOn.get(order.pickupDate!) ?? [];
    lines.push(...storedLines(order.items));
    linesOn.set(order.pickupDate!, lines);
  }
  return new Map([...linesOn].map(([date, lines]) => [date, unitsByCategory(lines)]));
}

/** GET /api/admin/kitchen/capacity/days: `days` dates from `fromDate`, booked against the limit. */
export async function bookedDays(db: Db, fromDate: string, days: number): Promise<BookedDaysView> {
  const toDate = addDays(fromDate, days - 1);
  const [open, booked, limits] = await Promise.all([
    availability(db, fromDate, toDate),
    bookedUnitsByDate(db, fromDate, toDate),
    loadLimits(db),
  ]);
  const none = unitsByCategory([]);
  return {
    fromDate,
    toDate,
    days: open.days.map((day) => bookedDay(day, booked.get(day.date) ?? none, limits)),
  };
}
