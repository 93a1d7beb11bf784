// How booked each coming day is (issue 12): per pickup date and category, the
// units booked against the day's limit, for the Kitchen tab's Capacity panel.
// Units count as in capacity.ts; a closed date keeps its booked units (orders
// already taken stay) but takes nothing more.
import { closedWeekdayReason } from '../calendar/calendar';
import { getCategory } from '../catalogue/catalogue';
import {
  kitchenCategories,
  unitWords,
  type CapacityLimits,
  type DayAvailability,
} from './capacity';
import type { BookedCategoryView, BookedDayView } from './views';

/** How many days the Capacity panel shows, today first. */
export const BOOKED_DAYS_SHOWN = 14;

/** One date of the Capacity panel from availability's day, the booked units and the limits. */
export function bookedDay(
  day: DayAvailability,
  booked: CapacityLimits,
  limits: CapacityLimits,
): BookedDayView {
  // A weekday the owner's hours close is closed too (issue 37), not "0 / 30".
  const weekly = closedWeekdayReason(day.date);
  const closed = day.closed || weekly !== null;
  return {
    date: day.date,
    closed,
    closedReason: day.closed ? day.closedReason : weekly,
    categories: kitchenCategories().map((category) => ({
      category,
      label: getCategory(category)?.label ?? category,
      unit: unitWords(category).many,
      booked: booked[category],
      limit: limits[category],
      full: closed || day.full.includes(category),
      over: booked[category] > limits[category],
    })),
  };
}

/** "Cakes 3 / 4" as the panel and its screen-reader label say it. */
export const bookedText = (c: Pick<BookedCategoryView, 'booked' | 'limit'>): string =>
  `${c.booked} / ${c.limit}`;
