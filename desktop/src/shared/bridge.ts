// The one surface the renderer sees of its host. The Electron preload exposes
// an object of this type with contextBridge; the browser build supplies its
// own (renderer/src/platform/webBridge.ts), so screens never ask which they run in.

export type Theme = 'light' | 'dark';

export interface BridgeSettings {
  /** Server the renderer talks to; '' in the browser (same origin). */
  serverUrl: string;
  theme: Theme;
  /** false until the first-run dialog has been answered (Electron only). */
  configured: boolean;
}

export type MenuCommand =
  | 'tab:orders'
  | 'tab:recipes'
  | 'tab:users'
  | 'tab:reviews'
  | 'tab:analytics'
  | 'tab:kitchen'
  | 'reload'
  | 'export:orders'
  | 'export:recipes'
  | 'settings';

export const MENU_COMMANDS: readonly MenuCommand[] = [
  'tab:orders',
  'tab:recipes',
  'tab:users',
  'tab:reviews',
  'tab:analytics',
  'tab:kitchen',
  'reload',
  'export:orders',
  'export:recipes',
  'settings',
];

export interface SaveResult {
  saved: boolean;
  path?: string;
}

export interface BakeryBridge {
  readonly kind: 'electron' | 'browser';
  getSettings(): Promise<BridgeSettings>;
  setSettings(patch: Partial<Pick<BridgeSettings, 'serverUrl' | 'theme'>>): Promise<BridgeSettings>;
  saveFile(name: string, bytes: Uint8Array): Promise<SaveResult>;
  openExternal(url: string): Promise<void>;
  notify(title: string, body: string): void;
  /** Returns the unsubscribe function. */
  onMenuCommand(cb: (command: MenuCommand) => void): () => void;
}

/** IPC channel names shared by main and preload. */
export const IPC = {
  getSettings: 'bakery:get-settings',
  setSettings: 'bakery:set-settings',
  saveFile: 'bakery:save-file',
  openExternal: 'bakery:open-external',
  notify: 'bakery:notify',
  menuCommand: 'bakery:menu-command',
} as const;

export const DEFAULT_SERVER_URL = 'http://localhost:3000';
