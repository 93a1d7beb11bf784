// The Standing orders panel's data (issue 40 split): the panel's view,
// "Book now", the owner's settings, the holiday pause and the workbook, each
// change reading the view again and toasting what it did.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type RouteBody } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { failed } from './shared';

const KEY = [ROUTES.standingPanel.path];

/** "1 date", "3 customers". */
export const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The view read again after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

/** The panel's view and "Book now" (the booking job at once). */
export function useStanding() {
  const refresh = useRefresh();
  const panel = useApiQuery(KEY, ROUTES.standingPanel);
  const run = useMutation({
    mutationFn: () => client.call(ROUTES.runStandingOrders),
    onSuccess: (result) => {
      refresh();
      toast(
        'Standing orders booked',
        `${result.booked} booked, ${result.refused} could not be taken, ${result.reminded} reminders`,
        'success',
      );
    },
    onError: failed('Failed to book the standing orders'),
  });
  return { panel, run };
}

/** The owner's settings: offered, which items, the reminder and the substitutes. */
export function useSaveStandingSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.saveStandingSettings>) =>
      client.call(ROUTES.saveStandingSettings, { body }),
    onSuccess: () => {
      refresh();
      toast('Standing orders', 'Settings saved', 'success');
    },
    onError: failed('Failed to save the standing-order settings'),
  });
}

/** Every standing order skips the holiday's dates; each customer is mailed once. */
export function useStandingHoliday() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.standingHoliday>) =>
      client.call(ROUTES.standingHoliday, { body }),
    onSuccess: (result) => {
      refresh();
      toast(
        'Standing orders paused',
        `${count(result.skipped, 'date')} skipped, ${count(result.customers, 'customer')} told`,
        'success',
      );
    },
    onError: failed('Failed to pause the standing orders'),
  });
}

/** The standing orders as an Excel workbook, saved by the host. */
export async function exportStandingOrders() {
  try {
    const res = await downloadFile(ROUTES.standingWorkbook);
    if (res.saved)
      toast('Export ready', res.path ? `Saved to ${res.path}` : 'Workbook downloaded', 'success');
  } catch (err) {
    toast('Export Failed', messageOf(err, 'Failed to export the standing orders'));
  }
}
