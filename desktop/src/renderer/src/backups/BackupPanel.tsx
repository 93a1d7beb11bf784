// The owner's upkeep (issue 27): the newest backup, its size and age (a
// warning past 26 hours or when the last nightly run failed), "Back up now",
// a download of any listed backup and of the photos taken with it (issue 22:
// both under the names db:restore pairs them by), a restore of any of them
// or of an uploaded file (issue 38, RestoreBackup.tsx), the nightly time and
// retention, and the unpaid-order rules. Rules and messages are core's; the
// server enforces them.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, H5, H6 } from '../ui/blueprint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackupSettingsSchema, UnpaidOrderSettingsSchema, ROUTES } from '@bakery/core';
// `client` here is the query cache (useQueryClient); the API's client is apiClient.
import { client as apiClient, messageOf } from '../api/client';
import { downloadFile } from '../api/downloadFile';
import { useApiQuery } from '../api/useApiQuery';
import { firstIssues, TextField } from '../ui/fields';
import { HeadedTable } from '../ui/HeadedTable';
import { QueryStatus } from '../ui/QueryStatus';
import { toast } from '../ui/toaster';
import { useRestore } from './RestoreBackup';

const BACKUPS_KEY = [ROUTES.backups.path];
const UNPAID_KEY = [ROUTES.unpaidOrderSettings.path];
/** Backups listed in the panel (the API answers up to 100). */
const SHOWN = 10;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** Saves backup `name` or its photos under the server's name (the one db:restore expects). */
async function download(
  route: typeof ROUTES.backupFile | typeof ROUTES.backupPhotos,
  name: string,
) {
  try {
    await downloadFile(route, { params: { name } });
  } catch (err) {
    toast('Download failed', messageOf(err, 'The backup could not be downloaded'));
  }
}

/** A small form of whole-number and text fields, checked by a core schema before it is sent. */
function SettingsForm({
  title,
  fields,
  saved,
  schema,
  route,
  queryKey,
}: {
  title: string;
  fields: { key: string; label: string; hint?: string; type?: string }[];
  /** The stored settings (an object of the fields' keys). */
  saved: object;
  schema: typeof BackupSettingsSchema | typeof UnpaidOrderSettingsSchema;
  route: typeof ROUTES.saveBackupSettings | typeof ROUTES.saveUnpaidOrderSettings;
  queryKey: readonly unknown[];
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const value = (key: string) =>
    draft[key] ?? String((saved as Record<string, unknown>)[key] ?? '');
  const save = useMutation({
    // `body` passed the route's own schema (`schema`) in submit below.
    mutationFn: (body: unknown) => apiClient.call(route, { body: body as never }),
    onSuccess: () => {
      setDraft({});
      toast(`${title} saved`, undefined, 'success');
      void client.invalidateQueries({ queryKey });
    },
    onError: (err) => toast(`${title} not saved`, messageOf(err, 'Please try again')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(fields.map((f) => [f.key, value(f.key)]));
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} aria-label={title} style={{ marginTop: 12 }}>
      <H6>{title}</H6>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {fields.map((f) => (
          <TextField
            key={f.key}
            id={`${route.path}-${f.key}`}
            label={f.label}
            hint={f.hint}
            type={f.type}
            value={value(f.key)}
            error={errors[f.key]}
            onChange={(v) => setDraft((d) => ({ ...d, [f.key]: v }))}
          />
        ))}
      </div>
      <Button type="submit" text="Save" loading={save.isPending} />
    </form>
  );
}

/** The panel's two settings forms: where each is saved, its fields and its rules. */
const SETTINGS_FORMS = {
  nightly: {
    title: 'Nightly backup',
    route: ROUTES.saveBackupSettings,
    queryKey: BACKUPS_KEY,
    schema: BackupSettingsSchema,
    fields: [
      { key: 'time', label: 'Time (HH:MM, New York)' },
      { key: 'keepDaily', label: 'Daily backups kept' },
      { key: 'keepWeekly', label: 'Weekly backups kept' },
      // Issue 39: keeping fewer deletes older backups: the server asks for this.
      {
        key: 'confirm',
        label: 'Password or authenticator code',
        hint: 'only to keep fewer backups',
        type: 'password',
      },
    ],
  },
  unpaid: {
    title: 'Unpaid orders',
    route: ROUTES.saveUnpaidOrderSettings,
    queryKey: UNPAID_KEY,
    schema: UnpaidOrderSettingsSchema,
    fields: [
      {
        key: 'releaseAfterHours',
        label: 'Release after (hours)',
        hint: 'counted from the payment link',
      },
      { key: 'warnBeforeHours', label: 'Warn the customer (hours before)' },
      { key: 'maxOpenUnpaid', label: 'Unpaid orders per account' },
    ],
  },
};

export function BackupPanel() {
  const client = useQueryClient();
  const backups = useApiQuery(BACKUPS_KEY, ROUTES.backups);
  const unpaid = useApiQuery(UNPAID_KEY, ROUTES.unpaidOrderSettings);
  const takeNow = useMutation({
    mutationFn: () => apiClient.call(ROUTES.takeBackup),
    onSuccess: (made) => {
      toast('Backup taken', `${made.name} (${formatBytes(made.size)})`, 'success');
      void client.invalidateQueries({ queryKey: BACKUPS_KEY });
    },
    onError: (err) => toast('Backup failed', messageOf(err, 'The backup failed')),
  });
  const restore = useRestore(BACKUPS_KEY);
  const view = backups.data;
  return (
    <Card style={{ marginTop: 12 }} role="region" aria-labelledby="backups-title">
      <H5 id="backups-title">Backups</H5>
      <QueryStatus query={backups} what="backups" small />
      {view && (
        <>
          {view.newest ? (
            <Callout
              intent={view.stale ? 'warning' : 'success'}
              role="status"
              title={
                view.stale
                  ? 'The newest backup is too old'
                  : `Last backup ${view.ageHours} hours ago`
              }
            >
              {when(view.newest.takenAt)}, {formatBytes(view.newest.size)}. {view.warning}
            </Callout>
          ) : (
            <Callout intent="warning" role="status" title="No backup yet">
              {view.warning}
            </Callout>
          )}
          {view.lastError && (
            <Callout intent="danger" role="alert" title="The last nightly backup failed">
              {view.lastError}
            </Callout>
          )}
          <p className="bp6-text-muted" style={{ marginTop: 8 }}>
            Every night at {view.settings.time} (New York time) into <code>{view.folder}</code> on
            the server; {view.settings.keepDaily} daily and {view.settings.keepWeekly} weekly are
            kept. Now and then download a backup and its photos into one folder off this computer.
            Restore puts the shop back as it was when that backup was taken (its photos too), after
            backing up the shop as it is now.
          </p>
          <Button
            icon="floppy-disk"
            text="Back up now"
            loading={takeNow.isPending}
            onClick={() => takeNow.mutate()}
          />
          {view.backups.length > 0 && (
            <HeadedTable
              label="Backups"
              striped={false}
              columns={['Taken', 'Size', 'Download', 'Photos', 'Restore']}
            >
              {view.backups.slice(0, SHOWN).map((b) => (
                <tr key={b.name}>
                  <td>{when(b.takenAt)}</td>
                  <td>{formatBytes(b.size)}</td>
                  <td>
                    <Button
                      small
                      icon="download"
                      text="Download"
                      aria-label={`Download ${b.name}`}
                      onClick={() => void download(ROUTES.backupFile, b.name)}
                    />
                  </td>
                  <td>
                    {b.media ? (
                      <Button
                        small
                        icon="media"
                        text={`Download photos (${formatBytes(b.media.size)})`}
                        aria-label={`Download photos ${b.media.name}`}
                        onClick={() => void download(ROUTES.backupPhotos, b.name)}
                      />
                    ) : (
                      <span className="bp6-text-muted">None saved</span>
                    )}
                  </td>
                  <td>
                    <Button
                      small
                      icon="history"
                      text="Restore…"
                      aria-label={`Restore ${b.name}`}
                      disabled={restore.running}
                      onClick={() => restore.choose(b.name)}
                    />
                  </td>
                </tr>
              ))}
            </HeadedTable>
          )}
          {restore.panel}
          <SettingsForm {...SETTINGS_FORMS.nightly} saved={view.settings} />
        </>
      )}
      <QueryStatus query={unpaid} what="unpaid-order rules" small />
      {unpaid.data && <SettingsForm {...SETTINGS_FORMS.unpaid} saved={unpaid.data} />}
    </Card>
  );
}
