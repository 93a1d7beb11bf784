// Restore from the back office (issue 38): the owner picks one of the
// server's backups (or uploads one), confirms with her password and an
// authenticator code, and follows the restore: the shop is closed to
// customers meanwhile, the server backs up the state just before, and the
// result says how many rows of each main table and photos came back, and the
// name of the backup to restore to undo it. The server checks everything.
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RESTORE_STEP_TEXT, ROUTES, type RestoreStatusView } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { toast } from '../ui/toaster';

/** How often the panel asks how the restore is going. */
const POLL_MS = 1000;

/** The restore's status, asked again every second while it runs. */
function useRestoreStatus() {
  const [status, setStatus] = useState<RestoreStatusView | null>(null);
  /** Bumped when a restore starts here: follow it to its end. */
  const [followed, setFollowed] = useState(0);
  const client = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      // A failed call while following: the shop may be closed a moment, ask again.
      let again = followed > 0;
      try {
        const next = await apiClient.call(ROUTES.restoreStatus);
        if (stopped) return;
        setStatus(next);
        again = next.running;
        // Everything on screen may have changed: read it all again.
        if (!next.running && followed > 0) void client.invalidateQueries();
      } catch {
        // the status is shown once it answers
      }
      if (!stopped && again) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, followed]);
  const follow = (started: RestoreStatusView) => {
    setStatus(started);
    setFollowed((n) => n + 1);
  };
  return { status, follow };
}

function RestoreResult({ status }: { status: RestoreStatusView }) {
  if (status.running)
    return (
      <Callout intent="primary" role="status" title="Restoring" icon={<Spinner size={16} />}>
        {status.step ? RESTORE_STEP_TEXT[status.step] : null} Customers see a “Back in a minute”
        page until it is done.
        {status.safetyBackup && <> The shop as it was just before: {status.safetyBackup}.</>}
      </Callout>
    );
  if (status.step === 'failed')
    return (
      <Callout intent="danger" role="alert" title="The restore failed">
        {status.error}
      </Callout>
    );
  return (
    <Callout intent="success" role="status" title={`Restored ${status.backup}`}>
      <p>
        The shop is open again. Photos restored:{' '}
        {status.photos === null ? 'none were saved with this backup' : status.photos}. The shop as
        it was just before is kept as <strong>{status.safetyBackup}</strong>: restore it to undo
        this.
      </p>
      <table className="bp6-html-table bp6-compact" aria-label="Rows restored">
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Rows</th>
          </tr>
        </thead>
        <tbody>
          {status.tables.map((t) => (
            <tr key={t.label}>
              <td>{t.label}</td>
              <td>{t.rows}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Callout>
  );
}

/** The dialog that asks for the password and the code before a restore. */
function ConfirmRestore({
  backup,
  onClose,
  onStarted,
}: {
  backup: string | null;
  onClose(): void;
  onStarted(status: RestoreStatusView): void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!backup) return;
    setBusy(true);
    setError(null);
    try {
      const started = await apiClient.call(ROUTES.restoreBackup, {
        body: { name: backup, password, code },
      });
      onStarted(started);
      onClose();
    } catch (err) {
      setError(messageOf(err, 'The restore could not start'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={backup !== null} onClose={onClose} title="Restore this backup?">
      <form onSubmit={(e) => void submit(e)} aria-label="Restore this backup">
        <DialogBody>
          <p>
            <strong>{backup}</strong> replaces every order, customer, menu change and setting made
            since it was taken. Customers see a “Back in a minute” page while it runs (usually under
            a minute). The shop as it is now is backed up first, so this can be undone.
          </p>
          <TextField
            id="restore-password"
            label="Your password"
            type="password"
            value={password}
            onChange={setPassword}
          />
          <TextField
            id="restore-code"
            label="Authenticator code"
            hint="6 digits, or a recovery code"
            value={code}
            onChange={setCode}
          />
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="danger" text="Restore" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** Sends a backup file from this computer to the server's backup folder. */
function uploadBackup(file: File) {
  return apiClient.call(ROUTES.uploadBackup, {
    headers: { 'Content-Type': 'application/octet-stream' },
    body: file,
  });
}

/** The restore's parts of the Backups panel: the status, the dialog, the upload. */
export function useRestore(backupsKey: readonly unknown[]) {
  const { status, follow } = useRestoreStatus();
  const [chosen, setChosen] = useState<string | null>(null);
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const made = await uploadBackup(file);
      toast('Backup uploaded', `${file.name} is listed as ${made.name}`, 'success');
      await client.invalidateQueries({ queryKey: backupsKey });
      setChosen(made.name);
    } catch (err) {
      toast('Upload failed', messageOf(err, 'The file could not be uploaded'));
    } finally {
      setUploading(false);
    }
  };
  const running = status?.running ?? false;
  const panel = (
    <>
      {status?.started && <RestoreResult status={status} />}
      <label style={{ marginTop: 8, display: 'block' }}>
        <span className="bp6-text-muted">Restore a backup file from this computer: </span>
        <input
          type="file"
          accept=".dump"
          aria-label="Upload a backup file"
          disabled={uploading || running}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </label>
      {/* A new dialog (empty fields) for each backup chosen. */}
      <ConfirmRestore
        key={chosen ?? ''}
        backup={chosen}
        onClose={() => setChosen(null)}
        onStarted={follow}
      />
    </>
  );
  return { panel, choose: setChosen, running };
}
