// IPC handlers, registered on an ipcMain-like object so tests can call them.
// Every message is checked against its sender (issue 15, finding 8): only the
// main frame of a page of the app (its own page or the configured server) is
// answered. A new server address is never taken from the renderer alone: the
// main process asks the user in a native dialog first.
import type { BridgeSettings, SaveResult } from '../shared/bridge';
import { IPC } from '../shared/bridge';
import type { SettingsStore } from './settings';
import { normalizeServerUrl } from './settings';
import { decideNavigation } from './navigation';

export interface IpcMainLike {
  handle(channel: string, listener: (event: unknown, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
}

export interface IpcDeps {
  settings: SettingsStore;
  save(name: string, bytes: Uint8Array): Promise<SaveResult>;
  openExternal(url: string): Promise<void>;
  notify(title: string, body: string): void;
  /** Whether the event comes from the app's own page or the configured server (main frame). */
  isTrustedSender(event: unknown): boolean;
  /** Asks the user, in the main process, to confirm a new server address. */
  confirmServerChange(next: string, current: string): Promise<boolean>;
  /** Called after the server address was set (not on a theme change). */
  onServerChanged?(settings: BridgeSettings): void;
}

export const UNTRUSTED_SENDER = 'Refused: this page is not part of the Bakery Back Office';

export function publicSettings(store: SettingsStore): BridgeSettings {
  const { serverUrl, theme, configured } = store.get();
  return { serverUrl, theme, configured };
}

export function registerIpc(ipcMain: IpcMainLike, deps: IpcDeps): void {
  const handle = (channel: string, listener: (...args: unknown[]) => unknown) =>
    ipcMain.handle(channel, (event, ...args) => {
      if (!deps.isTrustedSender(event)) throw new Error(UNTRUSTED_SENDER);
      return listener(...args);
    });

  handle(IPC.getSettings, () => publicSettings(deps.settings));
  handle(IPC.setSettings, async (patch) => {
    const p = (patch ?? {}) as { serverUrl?: unknown; theme?: unknown };
    if (p.theme === 'dark' || p.theme === 'light') deps.settings.update({ theme: p.theme });
    if (typeof p.serverUrl === 'string') {
      const next = normalizeServerUrl(p.serverUrl);
      if (!next)
        throw new Error(
          'The server address must start with https:// (http:// only for this computer)',
        );
      const current = deps.settings.get();
      // The same address again (the first-run dialog's default) needs no question.
      const unchanged = current.configured && next === current.serverUrl;
      if (!unchanged && !(await deps.confirmServerChange(next, current.serverUrl)))
        return publicSettings(deps.settings);
      deps.settings.update({ serverUrl: next });
      const saved = publicSettings(deps.settings);
      deps.onServerChanged?.(saved);
      return saved;
    }
    return publicSettings(deps.settings);
  });
  handle(IPC.saveFile, (name, bytes) => {
    if (typeof name !== 'string' || !(bytes instanceof Uint8Array))
      throw new Error('saveFile needs a name and bytes');
    return deps.save(name, bytes);
  });
  handle(IPC.openExternal, (url) => {
    // Only web and mail links leave the app; file: or custom schemes never do.
    if (typeof url !== 'string' || decideNavigation(url, '', '') !== 'external') return;
    return deps.openExternal(url);
  });
  ipcMain.on(IPC.notify, (event, title, body) => {
    if (!deps.isTrustedSender(event)) return;
    if (typeof title === 'string' && typeof body === 'string') deps.notify(title, body);
  });
}
