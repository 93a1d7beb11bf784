// The owner's upkeep (issue 27): the newest backup, its size and age (a
// warning past 26 hours or when the last nightly run failed), "Back up now",
// a download of any listed backup and of the photos taken with it (issue 22:
// both under the names db:restore pairs them by), a restore of any of them
// or of an uploaded file (issue 38, RestoreBackup.tsx), the nightly time and
// retention, and the unpaid-order rules. Rules and messages are core's; the
// server enforces them.
import { Button, Callout, Card, H5 } from '../ui/blueprint';
import { QueryStatus } from '../ui/QueryStatus';
import { SETTINGS_FORMS, SettingsForm } from './BackupSettings';
import { BackupsTable } from './BackupsTable';
import { formatBytes, when } from './format';
import { useRestore } from './RestoreBackup';
import { BACKUPS_KEY, useBackups } from './useBackups';

export function BackupPanel() {
  const { backups, unpaid, takeNow } = useBackups();
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
          <BackupsTable
            backups={view.backups}
            restoring={restore.running}
            onRestore={restore.choose}
          />
          {restore.panel}
          <SettingsForm {...SETTINGS_FORMS.nightly} saved={view.settings} />
        </>
      )}
      <QueryStatus query={unpaid} what="unpaid-order rules" small />
      {unpaid.data && <SettingsForm {...SETTINGS_FORMS.unpaid} saved={unpaid.data} />}
    </Card>
  );
}
