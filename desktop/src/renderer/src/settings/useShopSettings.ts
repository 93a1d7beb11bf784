// The Settings tab's data (issue 40 split): the owner's shop settings and
// their save. A saved document is in force in this window at once (core
// follows it); a refused one comes back as the server's issues per field.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setShopSettings, ROUTES, type ShopSettings, type ShopSettingsView } from '@bakery/core';
import { ApiError, client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { PUBLIC_SETTINGS_KEY } from './publicSettings';

export const SETTINGS_KEY = [ROUTES.adminSettings.path];

export const useShopSettings = () => useApiQuery(SETTINGS_KEY, ROUTES.adminSettings);

/** The server's 400 as a message per field path ("hours.mon.closes"); none for other failures. */
export function issuesOf(err: unknown): Record<string, string> {
  const issues =
    (err instanceof ApiError &&
      (err.body as { errors?: { path: string; message: string }[] } | null)?.errors) ||
    [];
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}

/**
 * Saves the settings; `onSaved` resets the form to what was stored,
 * `onRefused` shows the server's issues per field.
 */
export function useSaveShopSettings({
  onSaved,
  onRefused,
}: {
  onSaved(next: ShopSettingsView): void;
  onRefused(errors: Record<string, string>): void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettings) => apiClient.call(ROUTES.saveAdminSettings, { body }),
    onSuccess: (next) => {
      client.setQueryData(SETTINGS_KEY, next);
      // In force in this window at once (the order paper, the counter's slots).
      setShopSettings(next.settings);
      void client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
      onSaved(next);
      toast('Settings saved', 'Orders placed from now on use them.', 'success');
    },
    onError: (err) => {
      onRefused(issuesOf(err));
      toast('Settings not saved', messageOf(err, 'Please try again'));
    },
  });
}
