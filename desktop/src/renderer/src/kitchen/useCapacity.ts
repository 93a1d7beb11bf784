// The Capacity panel's data (issue 21 split): the limits and closed dates,
// and each change to them, refreshing them and the booked days. Closing a
// date that already has orders warns that they are not cancelled.
import { ROUTES, type RouteBody } from '@bakery/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatLongDate } from '@bakery/core';
import { client as apiClient } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { BOOKED_DAYS_KEY } from './BookedDaysCard';
import { failed } from './shared';

const KEY = [ROUTES.capacity.path];

/**
 * What closing says: that orders already booked `when` are not cancelled
 * (a warning), or else that `what` can no longer be chosen.
 */
function toastClosed(title: string, booked: number, when: string, what: string) {
  if (booked > 0)
    toast(
      title,
      `${booked} ${booked === 1 ? 'order is' : 'orders are'} already booked ${when}. Closing does not cancel them: contact those customers.`,
      'warning',
    );
  else toast(title, `${what} can no longer be chosen`, 'success');
}

/** A change: sent, then the limits and booked days refreshed and `done` told; a failure toasts `failure`. */
function useChange<B, T>(
  send: (body: B) => Promise<T>,
  failure: string,
  done?: (answer: T) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: BOOKED_DAYS_KEY });
      done?.(answer);
    },
    onError: failed(failure),
  });
}

/** The root clears its forms in each `mutate`'s own onSuccess. */
export function useCapacity() {
  const capacity = useApiQuery(KEY, ROUTES.capacity);
  const saveLimits = useChange(
    (body: RouteBody<typeof ROUTES.saveCapacity>) => apiClient.call(ROUTES.saveCapacity, { body }),
    'Failed to save capacity',
    () => toast('Capacity saved', 'The new limits apply to orders from now on', 'success'),
  );
  const addRange = useChange(
    (body: RouteBody<typeof ROUTES.addClosedDates>) =>
      apiClient.call(ROUTES.addClosedDates, { body }),
    'Failed to close the dates',
    (added) => {
      const first = added.dates[0]?.date ?? '';
      const last = added.dates.at(-1)?.date ?? first;
      const span = `${formatLongDate(first)} to ${formatLongDate(last)}`;
      toastClosed(
        'Dates closed',
        added.bookedOrders,
        `from ${span}`,
        `${span} (${added.dates.length} days)`,
      );
    },
  );
  const addClosed = useChange(
    (body: RouteBody<typeof ROUTES.addClosedDate>) =>
      apiClient.call(ROUTES.addClosedDate, { body }),
    'Failed to close the date',
    (added) => {
      const day = formatLongDate(added.date);
      toastClosed('Date closed', added.bookedOrders ?? 0, `for ${day}`, day);
    },
  );
  const reopen = useChange(
    (date: string) => apiClient.call(ROUTES.removeClosedDate, { params: { date } }),
    'Failed to reopen the date',
  );
  return { capacity, saveLimits, addRange, addClosed, reopen };
}
