// The Capacity panel's data (issue 21 split): the limits and closed dates,
// and each change to them, refreshing them and the booked days. Closing a
// date that already has orders warns that they are not cancelled.
import type { ClosedDatesAddedView } from '@bakery/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLongDate, type CapacityView, type ClosedDateView } from '@bakery/core';
import { api } from '../api/client';
import { toast } from '../ui/toaster';
import { BOOKED_DAYS_KEY } from './BookedDaysCard';
import { failed } from './shared';

const KEY = ['/api/admin/kitchen/capacity'];

/** "3 orders are already booked for …": what closing leaves to the owner. */
const bookedWarning = (booked: number, when: string) =>
  `${booked} ${booked === 1 ? 'order is' : 'orders are'} already booked ${when}. Closing does not cancel them: contact those customers.`;

/** `onLimitsSaved` and `onClosed` clear the root's forms after a save. */
export function useCapacity({
  onLimitsSaved,
  onClosed,
}: {
  onLimitsSaved: () => void;
  onClosed: () => void;
}) {
  const client = useQueryClient();
  const capacity = useQuery({
    queryKey: KEY,
    queryFn: () => api<CapacityView>('/api/admin/kitchen/capacity'),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: BOOKED_DAYS_KEY });
  };
  const saveLimits = useMutation({
    mutationFn: (body: unknown) =>
      api<CapacityView>('/api/admin/kitchen/capacity', { method: 'PUT', body }),
    onSuccess: () => {
      onLimitsSaved();
      refresh();
      toast('Capacity saved', 'The new limits apply to orders from now on', 'success');
    },
    onError: failed('Failed to save capacity'),
  });
  const addRange = useMutation({
    mutationFn: (body: unknown) =>
      api<ClosedDatesAddedView>('/api/admin/kitchen/closed-dates/range', { method: 'POST', body }),
    onSuccess: (added) => {
      onClosed();
      refresh();
      const first = added.dates[0]?.date ?? '';
      const last = added.dates.at(-1)?.date ?? first;
      const span = `${formatLongDate(first)} to ${formatLongDate(last)}`;
      if (added.bookedOrders > 0)
        toast('Dates closed', bookedWarning(added.bookedOrders, `from ${span}`), 'warning');
      else
        toast(
          'Dates closed',
          `${span} (${added.dates.length} days) can no longer be chosen`,
          'success',
        );
    },
    onError: failed('Failed to close the dates'),
  });
  const addClosed = useMutation({
    mutationFn: (body: unknown) =>
      api<ClosedDateView>('/api/admin/kitchen/closed-dates', { method: 'POST', body }),
    onSuccess: (added) => {
      onClosed();
      refresh();
      const booked = added.bookedOrders ?? 0;
      const day = formatLongDate(added.date);
      if (booked > 0) toast('Date closed', bookedWarning(booked, `for ${day}`), 'warning');
      else toast('Date closed', `${day} can no longer be chosen`, 'success');
    },
    onError: failed('Failed to close the date'),
  });
  const reopen = useMutation({
    mutationFn: (date: string) =>
      api(`/api/admin/kitchen/closed-dates/${date}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: failed('Failed to reopen the date'),
  });
  return { capacity, saveLimits, addRange, addClosed, reopen };
}
