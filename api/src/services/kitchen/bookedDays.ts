// How booked each coming day is, for the Capacity panel: availability() (the
// storefront's view: closed dates, full categories) beside the units booked
// per category (capacity.ts's counters), which availability() does not give:
// it says what is left, never less than 0, and 0 on a closed date.
import { addDays, bookedDay, unitsByCategory, type BookedDaysView } from '@bakery/core';
import { loadAvailability } from './capacity.js';
import type { Db } from '../../db/types.js';

/** GET /api/admin/kitchen/capacity/days: `days` dates from `fromDate`, booked against the limit. */
export async function bookedDays(db: Db, fromDate: string, days: number): Promise<BookedDaysView> {
  const toDate = addDays(fromDate, days - 1);
  const { view: open, booked, limits } = await loadAvailability(db, fromDate, toDate);
  const none = unitsByCategory([]);
  return {
    fromDate,
    toDate,
    days: open.days.map((day) => bookedDay(day, booked.get(day.date) ?? none, limits)),
  };
}
