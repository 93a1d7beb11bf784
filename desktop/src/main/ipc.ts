// IPC handlers, registered on an ipcMain-like object so tests can call them.
import type { BridgeSettings, SaveResult } from '../shared/bridge';
import { IPC } from '../shared/bridge';
import type { SettingsStore } from './settings';
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
  /** Called after the server address was set (not on a theme change). */
  onServerChanged?(settings: BridgeSettings): void;
}

export function publicSettings(store: SettingsStore): BridgeSettings {
  const { serverUrl, theme, configured } = store.get();
  return { serverUrl, theme, configured };
}

export function registerIpc(ipcMain: IpcMainLike, deps: IpcDeps): void {
  ipcMain.handle(IPC.getSettings, () => publicSettings(deps.settings));
  ipcMain.handle(IPC.setSettings, (_e, patch) => {
    const p = (patch ?? {}) as { serverUrl?: unknown; theme?: unknown };
    deps.settings.update({
      ...(typeof p.serverUrl === 'string' ? { serverUrl: p.serverUrl } : {}),
      ...(p.theme === 'dark' || p.theme === 'light' ? { theme: p.theme } : {}),
    });
    const next = publicSettings(deps.settings);
    if (typeof p.serverUrl === 'string') deps.onServerChanged?.(next);
    return next;
  });
  ipcMain.handle(IPC.saveFile, (_e, name, bytes) => {
    if (typeof name !== 'string' || !(bytes instanceof Uint8Array))
      throw new Error('saveFile needs a name and bytes');
    return deps.save(name, bytes);
  });
  ipcMain.handle(IPC.openExternal, (_e, url) => {
    // Only web and mail links leave the app; file: or custom schemes never do.
    if (typeof url !== 'string' || decideNavigation(url, '', '') !== 'external') return;
    return deps.openExternal(url);
  });
  ipcMain.on(IPC.notify, (_e, title, body) => {
    if (typeof title === 'string' && typeof body === 'string') deps.notify(title, body);
  });
}
