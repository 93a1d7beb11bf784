// The Drops panel's data (issue 21 split): the drops, the pickup windows and
// every change to them, each refreshing both lists and toasting a failure.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatInstant, formatLongDate, ROUTES, type RouteBody } from '@bakery/core';
import { client as apiClient } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { failed } from './shared';

const DROPS_KEY = [ROUTES.adminDrops.path];
const WINDOWS_KEY = [ROUTES.windows.path];

/** `onDropSaved` and `onHoldSaved` clear the root's forms after a save. */
export function useDrops({
  onDropSaved,
  onHoldSaved,
}: {
  onDropSaved: () => void;
  onHoldSaved: () => void;
}) {
  const client = useQueryClient();
  const drops = useApiQuery(DROPS_KEY, ROUTES.adminDrops);
  const windows = useApiQuery(WINDOWS_KEY, ROUTES.windows);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: DROPS_KEY });
    void client.invalidateQueries({ queryKey: WINDOWS_KEY });
  };

  const saveDrop = useMutation({
    mutationFn: ({ id, body }: { id: string; body: RouteBody<typeof ROUTES.addDrop> }) =>
      id
        ? apiClient.call(ROUTES.saveDrop, { params: { id }, body })
        : apiClient.call(ROUTES.addDrop, { body }),
    onSuccess: (drop) => {
      onDropSaved();
      refresh();
      toast('Drop saved', `${drop.name} opens ${formatInstant(drop.opensAt)}`, 'success');
    },
    onError: failed('Failed to save the drop'),
  });
  const duplicate = useMutation({
    mutationFn: (id: string) => apiClient.call(ROUTES.duplicateDrop, { params: { id } }),
    onSuccess: (drop) => {
      refresh();
      toast(
        'Drop duplicated',
        `${drop.name} for ${drop.pickupDates.map(formatLongDate).join('; ')}`,
        'success',
      );
    },
    onError: failed('Failed to duplicate the drop'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiClient.call(ROUTES.removeDrop, { params: { id } }),
    onSuccess: refresh,
    onError: failed('Failed to delete the drop'),
  });
  // Issue 39: the owner lets go of every checkout hold of a drop.
  const releaseHolds = useMutation({
    mutationFn: (id: string) => apiClient.call(ROUTES.releaseDropHolds, { params: { id } }),
    onSuccess: (drop) => {
      refresh();
      toast('Holds released', `Every hold of ${drop.name} is let go`, 'success');
    },
    onError: failed('Failed to release the holds'),
  });
  const saveHold = useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.dropSettings>) =>
      apiClient.call(ROUTES.dropSettings, { body }),
    onSuccess: () => {
      onHoldSaved();
      refresh();
      toast('Hold saved', 'Checkouts from now on are held this long', 'success');
    },
    onError: failed('Failed to save the hold'),
  });
  const addWindow = useMutation({
    mutationFn: (body: RouteBody<typeof ROUTES.addWindow>) =>
      apiClient.call(ROUTES.addWindow, { body }),
    onSuccess: refresh,
    onError: failed('Failed to add the window'),
  });
  const removeWindow = useMutation({
    mutationFn: (id: string) => apiClient.call(ROUTES.removeWindow, { params: { id } }),
    onSuccess: refresh,
    onError: failed('Failed to remove the window'),
  });

  return {
    drops,
    windows,
    saveDrop,
    duplicate,
    remove,
    releaseHolds,
    saveHold,
    addWindow,
    removeWindow,
  };
}
