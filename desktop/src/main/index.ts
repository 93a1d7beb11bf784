// Electron entry: wires the small modules beside it to Electron's objects.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  session,
  shell,
} from 'electron';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IPC, type MenuCommand } from '../shared/bridge';
import { SettingsStore } from './settings';
import { menuTemplate, toElectronTemplate } from './menu';
import {
  contentSecurityPolicy,
  guardWebContents,
  isTrustedSender,
  permissionAllowed,
} from './navigation';
import { saveWithDialog } from './saveFile';
import { registerIpc } from './ipc';

const here = fileURLToPath(new URL('.', import.meta.url));
const rendererFile = join(here, '../renderer/index.html');
const devUrl = process.env.ELECTRON_RENDERER_URL;
const appUrl = devUrl ?? pathToFileURL(rendererFile).href;

let win: BrowserWindow | null = null;

function createWindow(settings: SettingsStore): void {
  const { bounds } = settings.get();
  win = new BrowserWindow({
    ...bounds,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Bakery Back Office',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // No DevTools in packaged builds (issue 15); the menu item is gone too.
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win?.show());
  const remember = () => {
    if (win && !win.isMinimized() && !win.isMaximized())
      settings.update({ bounds: win.getBounds() });
  };
  win.on('resize', remember);
  win.on('move', remember);
  // The navigation guards are set on every web contents (web-contents-created below).
  void openApp(settings);
}

/** Loads the screens from the configured server (same origin as the API, so
 * its session cookie just works); falls back to the bundled renderer, which
 * shows the first-run dialog or the unreachable banner with retry. */
async function openApp(settings: SettingsStore): Promise<void> {
  if (!win) return;
  const { serverUrl, configured } = settings.get();
  if (configured && !devUrl) {
    try {
      const res = await net.fetch(`${serverUrl}/api/health`);
      if (res.status < 500 || res.status === 503)
        return void (await win.loadURL(`${serverUrl}/admin/dashboard`));
    } catch {
      // Unreachable: the bundled page explains and offers retry.
    }
  }
  if (devUrl) await win.loadURL(`${devUrl}/admin/dashboard`);
  else await win.loadFile(rendererFile, { hash: '/admin/dashboard' });
}

void app.whenReady().then(() => {
  const dir = app.getPath('userData');
  const settings = new SettingsStore(
    join(dir, 'settings.json'),
    { readFileSync, writeFileSync, mkdirSync },
    dir,
  );

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The CSP only guards the app's own pages; API answers keep their headers.
    const own =
      details.url.startsWith('file:') || (devUrl !== undefined && details.url.startsWith(devUrl));
    callback({
      responseHeaders: own
        ? {
            ...details.responseHeaders,
            'Content-Security-Policy': [contentSecurityPolicy(settings.get().serverUrl)],
          }
        : details.responseHeaders,
    });
  });
  // Permissions: denied by default; notifications only for the app's pages.
  const serverUrl = () => settings.get().serverUrl;
  session.defaultSession.setPermissionRequestHandler((wc, permission, cb, details) =>
    cb(permissionAllowed(permission, details.requestingUrl ?? wc.getURL(), serverUrl(), appUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, serverUrl(), appUrl),
  );

  // Every web contents the app creates (windows, and anything a page might
  // open) gets the same guards: no new windows, no navigation or redirect out
  // of the app, no <webview>.
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, serverUrl, appUrl, (url) => shell.openExternal(url));
  });

  const send = (command: MenuCommand) => win?.webContents.send(IPC.menuCommand, command);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      toElectronTemplate(
        menuTemplate(process.platform, { devTools: !app.isPackaged }),
        send,
      ) as never,
    ),
  );

  registerIpc(ipcMain, {
    settings,
    isTrustedSender: (event) => {
      const e = event as {
        senderFrame?: { url: string; parent: unknown } | null;
      };
      const frame = e.senderFrame;
      return isTrustedSender(frame?.url, Boolean(frame) && !frame?.parent, serverUrl(), appUrl);
    },
    confirmServerChange: async (next, current) => {
      const options = {
        type: 'warning' as const,
        title: 'Change the bakery server',
        message: `Connect the back office to ${next}?`,
        detail: `It is connected to ${current} now. Staff sign in on the new server, and the app sends your session there. Only continue if you typed this address yourself.`,
        buttons: ['Cancel', 'Connect'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
      const answer = win
        ? await dialog.showMessageBox(win, options)
        : await dialog.showMessageBox(options);
      return answer.response === 1;
    },
    save: (name, bytes) =>
      saveWithDialog(
        { showSaveDialog: (o) => (win ? dialog.showSaveDialog(win, o) : dialog.showSaveDialog(o)) },
        (path, data) => writeFile(path, data),
        app.getPath('downloads'),
        name,
        bytes,
      ),
    openExternal: (url) => shell.openExternal(url),
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    // A new server address: try it at once (the bundled page reloads into it).
    onServerChanged: (next) => {
      if (win && next.configured) void openApp(settings);
    },
  });

  createWindow(settings);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(settings);
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
