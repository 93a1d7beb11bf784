// The owner's holiday pause (issue 41): every active standing order skips
// its dates between two days, booked ones cancelled and their units given
// back at once, and each customer is told once which of her dates are
// skipped and why. The skipped rows keep the booking job from booking those
// dates again; the standing orders themselves go on after the holiday.
import {
  addDays,
  bakeryToday,
  daysAway,
  formatLongDate,
  HOLIDAY_MAX_DAYS,
  occurrenceDates,
  type StandingHoliday,
} from '@bakery/core';
import { fieldError } from '../../errors.js';
import type { Actor } from '../orders/index.js';
import type { BookingDeps } from './booking.js';
import { skipDate } from './customer.js';
import type { StandingRow } from './record.js';

const PAGE = 200;

export interface HolidayResult {
  fromDate: string;
  toDate: string;
  skipped: number;
  customers: number;
}

export async function pauseForHoliday(
  deps: BookingDeps,
  holiday: StandingHoliday,
  actor: Actor,
  now = new Date(),
): Promise<HolidayResult> {
  const { fromDate, toDate, reason } = holiday;
  if (fromDate <= bakeryToday(now)) throw fieldError('fromDate', 'Choose a first day after today');
  if (daysAway(toDate, fromDate) >= HOLIDAY_MAX_DAYS)
    throw fieldError('toDate', `A holiday pause covers at most ${HOLIDAY_MAX_DAYS} days`);

  const told = new Map<string, { email: string; firstName: string | null; dates: Set<string> }>();
  let skipped = 0;
  let cursor: string | null = null;
  for (;;) {
    const page: (StandingRow & { user: { email: string; firstName: string | null } })[] =
      await deps.prisma.standingOrder.findMany({
        where: {
          endedAt: null,
          firstDate: { lte: toDate },
          OR: [{ endDate: null }, { endDate: { gte: fromDate } }],
          ...(cursor ? { id: { gt: cursor } } : {}),
        },
        include: { user: { select: { email: true, firstName: true } } },
        orderBy: { id: 'asc' },
        take: PAGE,
      });
    if (page.length === 0) break;
    cursor = page[page.length - 1]!.id;
    for (const row of page) {
      const dates = occurrenceDates(row, fromDate, toDate);
      if (dates.length === 0) continue;
      // One transaction per standing order: a failure leaves the others done.
      await deps.prisma.$transaction(async (tx) => {
        for (const date of dates) await skipDate(tx, row, date, actor, now);
      });
      skipped += dates.length;
      const customer = told.get(row.userId) ?? {
        email: row.user.email,
        firstName: row.user.firstName,
        dates: new Set<string>(),
      };
      for (const date of dates) customer.dates.add(date);
      told.set(row.userId, customer);
    }
  }

  const send = deps.notifications.standingHoliday?.bind(deps.notifications);
  if (send)
    for (const customer of told.values())
      await send(customer.email, {
        firstName: customer.firstName,
        reason,
        fromDate: formatLongDate(fromDate),
        toDate: formatLongDate(toDate),
        dates: [...customer.dates].sort().map(formatLongDate),
        backOn: formatLongDate(addDays(toDate, 1)),
      }).catch((error: unknown) =>
        deps.log.error('holiday mail failed', { to: customer.email, error: String(error) }),
      );
  deps.log.info('standing orders paused for a holiday', {
    fromDate,
    toDate,
    skipped,
    customers: told.size,
    by: actor.email,
  });
  return { fromDate, toDate, skipped, customers: told.size };
}
