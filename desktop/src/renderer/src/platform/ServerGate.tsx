// First-run server dialog and the unreachable-server banner with retry. In the
// browser the server is the page's own origin, so the check passes at once.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import { DEFAULT_SERVER_URL } from '../../../shared/bridge';
import { ROUTES } from '@bakery/core';
import { routeHref } from '../api/client';
import { useSettings } from './settingsContext';
import { OfflineDesk } from '../offline/OfflineDesk';

export function ServerSettingsDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose?: () => void;
}) {
  const { settings, update } = useSettings();
  const [url, setUrl] = useState(settings.serverUrl || DEFAULT_SERVER_URL);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      await update({ serverUrl: url });
      onClose?.();
    } catch {
      setError(
        'Enter an address starting with https:// (http:// only for this computer, e.g. http://localhost:3000)',
      );
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      title="Bakery server"
      onClose={onClose}
      canEscapeKeyClose={!!onClose}
      isCloseButtonShown={!!onClose}
    >
      <DialogBody>
        <p>Which server should the back office connect to?</p>
        <TextField
          id="server-url"
          label="Server address"
          value={url}
          onChange={setUrl}
          error={error}
          hint={`Default: ${DEFAULT_SERVER_URL}`}
          autoFocus
        />
      </DialogBody>
      <DialogFooter
        actions={<Button intent="primary" text="Connect" onClick={() => void save()} />}
      />
    </Dialog>
  );
}

/** no-cors: from the bundled page the server is another origin; any answer at all means it is reachable. */
function reachable(): Promise<boolean> {
  return fetch(routeHref(ROUTES.health), { mode: 'no-cors' }).then(
    () => true,
    () => false,
  );
}

export function ServerGate({ children }: { children: ReactNode }) {
  const { settings, update } = useSettings();
  const [state, setState] = useState<'checking' | 'ok' | 'down'>(
    settings.serverUrl ? 'checking' : 'ok',
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!settings.serverUrl) return;
    let live = true;
    void reachable().then((ok) => {
      if (!live) return;
      setState(ok ? 'ok' : 'down');
      // In Electron the bundled page hands over to the server's own pages.
      if (ok && settings.serverUrl !== location.origin)
        void update({ serverUrl: settings.serverUrl });
    });
    return () => {
      live = false;
    };
  }, [settings.serverUrl, attempt, update]);
  const check = () => {
    setState('checking');
    setAttempt((n) => n + 1);
  };

  if (!settings.configured) return <ServerSettingsDialog isOpen />;
  if (state === 'down')
    return (
      <div className="app-main">
        <Callout
          intent="danger"
          title="Cannot reach the bakery server"
          className="banner"
          role="alert"
        >
          <p>
            No answer from <code>{settings.serverUrl}</code>. Check that the server is running and
            the address is right.
          </p>
          <div className="button-row">
            <Button icon="refresh" text="Retry" onClick={check} />
            <ChangeServerButton />
          </div>
        </Callout>
        {/* Issue 42: the counter goes on with what this computer kept. */}
        <OfflineDesk />
      </div>
    );
  if (state === 'checking') return <div className="app-main" aria-busy="true" />;
  return <>{children}</>;
}

function ChangeServerButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="cog" text="Change server…" onClick={() => setOpen(true)} />
      {open && <ServerSettingsDialog isOpen onClose={() => setOpen(false)} />}
    </>
  );
}
