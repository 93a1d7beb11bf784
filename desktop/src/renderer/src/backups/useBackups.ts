// The Backups panel's data (issue 40 split): the backups and the unpaid-order
// rules, "Back up now", the save of either settings form, and the download
// of a backup or of its photos (under the server's names, the ones
// db:restore pairs them by).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { formatBytes } from './format';

export const BACKUPS_KEY = [ROUTES.backups.path];
export const UNPAID_KEY = [ROUTES.unpaidOrderSettings.path];

/** The backups, the unpaid-order rules and "Back up now". */
export function useBackups() {
  const queries = useQueryClient();
  const backups = useApiQuery(BACKUPS_KEY, ROUTES.backups);
  const unpaid = useApiQuery(UNPAID_KEY, ROUTES.unpaidOrderSettings);
  const takeNow = useMutation({
    mutationFn: () => apiClient.call(ROUTES.takeBackup),
    onSuccess: (made) => {
      toast('Backup taken', `${made.name} (${formatBytes(made.size)})`, 'success');
      void queries.invalidateQueries({ queryKey: BACKUPS_KEY });
    },
    onError: (err) => toast('Backup failed', messageOf(err, 'The backup failed')),
  });
  return { backups, unpaid, takeNow };
}

/** A settings form's save: `title` toasted, `queryKey` read again, `onSaved` clears the draft. */
export function useSaveSettings({
  title,
  route,
  queryKey,
  onSaved,
}: {
  title: string;
  route: typeof ROUTES.saveBackupSettings | typeof ROUTES.saveUnpaidOrderSettings;
  queryKey: readonly unknown[];
  onSaved: () => void;
}) {
  const queries = useQueryClient();
  return useMutation({
    // `body` passed the route's own schema before the form sends it.
    mutationFn: (body: unknown) => apiClient.call(route, { body: body as never }),
    onSuccess: () => {
      onSaved();
      toast(`${title} saved`, undefined, 'success');
      void queries.invalidateQueries({ queryKey });
    },
    onError: (err) => toast(`${title} not saved`, messageOf(err, 'Please try again')),
  });
}

/** Saves backup `name` or its photos under the server's name (the one db:restore expects). */
export async function downloadBackup(
  route: typeof ROUTES.backupFile | typeof ROUTES.backupPhotos,
  name: string,
) {
  try {
    await downloadFile(route, { params: { name } });
  } catch (err) {
    toast('Download failed', messageOf(err, 'The backup could not be downloaded'));
  }
}
