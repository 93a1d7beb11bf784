// The application menu as plain data, so tests can read labels and
// accelerators without Electron; index.ts hands it to Menu.buildFromTemplate.
import type { MenuCommand } from '../shared/bridge';

export interface MenuItemSpec {
  label?: string;
  role?: string;
  type?: 'separator';
  accelerator?: string;
  command?: MenuCommand;
  submenu?: MenuItemSpec[];
}

/** The tabs in the window's order; Ctrl+1 (Cmd+1 on a Mac) opens the first, and so on. */
const TABS: [MenuCommand, string][] = [
  ['tab:orders', 'Order Management'],
  ['tab:recipes', 'Recipe Management'],
  ['tab:users', 'User Management'],
  ['tab:reviews', 'Review Management'],
  ['tab:analytics', 'Analytics & Reports'],
  ['tab:kitchen', 'Kitchen'],
];
export const TAB_SHORTCUTS: { command: MenuCommand; label: string; accelerator: string }[] =
  TABS.map(([command, label], index) => ({
    command,
    label,
    accelerator: `CmdOrCtrl+${index + 1}`,
  }));

/**
 * The menu. `devTools` is false in packaged builds (index.ts passes
 * !app.isPackaged): no Toggle Developer Tools item, and the window's
 * webPreferences.devTools is off too, so its shortcut does nothing (issue 15).
 */
export function menuTemplate(
  platform: string,
  options: { devTools: boolean } = { devTools: false },
): MenuItemSpec[] {
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Export Orders…', accelerator: 'CmdOrCtrl+E', command: 'export:orders' },
        { label: 'Export Recipes…', accelerator: 'CmdOrCtrl+Shift+E', command: 'export:recipes' },
        { type: 'separator' },
        { label: 'Server Settings…', accelerator: 'CmdOrCtrl+,', command: 'settings' },
        { type: 'separator' },
        { role: mac ? 'close' : 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...TAB_SHORTCUTS.map((t) => ({
          label: t.label,
          accelerator: t.accelerator,
          command: t.command,
        })),
        { type: 'separator' },
        // Reload refetches data in the renderer instead of reloading the page,
        // so the user keeps the open tab and filters.
        { label: 'Reload Data', accelerator: 'CmdOrCtrl+R', command: 'reload' },
        ...(options.devTools ? [{ role: 'toggleDevTools' }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}

/** Turns the spec into Electron's template, wiring each command to send(). */
export function toElectronTemplate(
  items: MenuItemSpec[],
  send: (command: MenuCommand) => void,
): Record<string, unknown>[] {
  return items.map((item) => {
    const { command, submenu, ...rest } = item;
    const out: Record<string, unknown> = { ...rest };
    if (command) out.click = () => send(command);
    if (submenu) out.submenu = toElectronTemplate(submenu, send);
    return out;
  });
}
