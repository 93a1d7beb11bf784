// Builds the BakeryBridge from an ipcRenderer-like object (a parameter so
// tests can check each call's channel and arguments).
import { IPC, MENU_COMMANDS, type BakeryBridge, type MenuCommand } from '../shared/bridge';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createElectronBridge(ipc: IpcRendererLike): BakeryBridge {
  return {
    kind: 'electron',
    getSettings: () => ipc.invoke(IPC.getSettings) as ReturnType<BakeryBridge['getSettings']>,
    setSettings: (patch) =>
      ipc.invoke(IPC.setSettings, patch) as ReturnType<BakeryBridge['setSettings']>,
    saveFile: (name, bytes) =>
      ipc.invoke(IPC.saveFile, name, bytes) as ReturnType<BakeryBridge['saveFile']>,
    openExternal: async (url) => {
      await ipc.invoke(IPC.openExternal, url);
    },
    notify: (title, body) => ipc.send(IPC.notify, title, body),
    onMenuCommand: (cb) => {
      // The raw IPC event never reaches the renderer; only known commands do.
      const listener = (_event: unknown, command: unknown) => {
        if (MENU_COMMANDS.includes(command as MenuCommand)) cb(command as MenuCommand);
      };
      ipc.on(IPC.menuCommand, listener);
      return () => {
        ipc.removeListener(IPC.menuCommand, listener);
      };
    },
  };
}
