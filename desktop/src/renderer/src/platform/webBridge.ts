// The browser's BakeryBridge: same type as the Electron preload's, built on
// web APIs (blob download, window.open, the Notification API, key shortcuts).
import type { BakeryBridge, BridgeSettings, MenuCommand } from '../../../shared/bridge';

const THEME_KEY = 'bakery.admin.theme';

/** Browser shortcuts mirroring the desktop menu (Alt+1..6 avoids the browser's own Ctrl+digit). */
export function commandForKey(
  e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): MenuCommand | null {
  if (e.altKey && !e.ctrlKey && !e.metaKey) {
    const tabs: Record<string, MenuCommand> = {
      '1': 'tab:orders',
      '2': 'tab:recipes',
      '3': 'tab:users',
      '4': 'tab:reviews',
      '5': 'tab:analytics',
      '6': 'tab:kitchen',
    };
    if (tabs[e.key]) return tabs[e.key]!;
    if (e.key.toLowerCase() === 'r') return 'reload';
    if (e.key.toLowerCase() === 'e') return e.shiftKey ? 'export:recipes' : 'export:orders';
  }
  return null;
}

export function createWebBridge(win: Window = window): BakeryBridge {
  const read = (): BridgeSettings => ({
    serverUrl: '',
    theme: win.localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light',
    configured: true,
  });
  return {
    kind: 'browser',
    getSettings: async () => read(),
    setSettings: async (patch) => {
      if (patch.theme) win.localStorage.setItem(THEME_KEY, patch.theme);
      return read();
    },
    saveFile: async (name, bytes) => {
      const blob = new Blob([bytes as BlobPart], {
        type: name.endsWith('.xlsx')
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'application/octet-stream',
      });
      const url = URL.createObjectURL(blob);
      const a = win.document.createElement('a');
      a.href = url;
      a.download = name;
      win.document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return { saved: true };
    },
    openExternal: async (url) => {
      win.open(url, '_blank', 'noopener,noreferrer');
    },
    notify: (title, body) => {
      if (typeof Notification === 'undefined') return;
      if (Notification.permission === 'granted') new Notification(title, { body });
      else if (Notification.permission === 'default')
        void Notification.requestPermission().then((p) => {
          if (p === 'granted') new Notification(title, { body });
        });
    },
    onMenuCommand: (cb) => {
      const listener = (e: KeyboardEvent) => {
        const command = commandForKey(e);
        if (command) {
          e.preventDefault();
          cb(command);
        }
      };
      win.addEventListener('keydown', listener);
      return () => win.removeEventListener('keydown', listener);
    },
  };
}
