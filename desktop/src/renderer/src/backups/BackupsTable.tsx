// The Backups panel's list (issue 27): the newest backups with their size, a
// download of each and of its photos (issue 22), and a restore (issue 38).
import { ROUTES, type BackupListView } from '@bakery/core';
import { Button } from '../ui/blueprint';
import { HeadedTable } from '../ui/HeadedTable';
import { formatBytes, when } from './format';
import { downloadBackup } from './useBackups';

/** Backups listed in the panel (the API answers up to 100). */
const SHOWN = 10;

export function BackupsTable({
  backups,
  restoring,
  onRestore,
}: {
  backups: BackupListView['backups'];
  /** A restore runs: no other starts. */
  restoring: boolean;
  onRestore(name: string): void;
}) {
  if (backups.length === 0) return null;
  return (
    <HeadedTable
      label="Backups"
      striped={false}
      columns={['Taken', 'Size', 'Download', 'Photos', 'Restore']}
    >
      {backups.slice(0, SHOWN).map((b) => (
        <tr key={b.name}>
          <td>{when(b.takenAt)}</td>
          <td>{formatBytes(b.size)}</td>
          <td>
            <Button
              small
              icon="download"
              text="Download"
              aria-label={`Download ${b.name}`}
              onClick={() => void downloadBackup(ROUTES.backupFile, b.name)}
            />
          </td>
          <td>
            {b.media ? (
              <Button
                small
                icon="media"
                text={`Download photos (${formatBytes(b.media.size)})`}
                aria-label={`Download photos ${b.media.name}`}
                onClick={() => void downloadBackup(ROUTES.backupPhotos, b.name)}
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
              disabled={restoring}
              onClick={() => onRestore(b.name)}
            />
          </td>
        </tr>
      ))}
    </HeadedTable>
  );
}
