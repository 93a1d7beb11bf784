import { describe, expect, it, vi } from 'vitest';
import { menuTemplate, toElectronTemplate, type MenuItemSpec } from './menu';

const flat = (items: MenuItemSpec[]): MenuItemSpec[] =>
  items.flatMap((i) => [i, ...(i.submenu ? flat(i.submenu) : [])]);

describe('application menu', () => {
  // Issue 15, finding 8: DevTools were in the packaged menu.
  it('has Toggle Developer Tools only when asked (development), not by default (packaged)', () => {
    const roles = (devTools?: boolean) =>
      flat(devTools === undefined ? menuTemplate('linux') : menuTemplate('linux', { devTools }))
        .map((i) => i.role)
        .filter(Boolean);
    expect(roles()).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
  });

  it('has a shortcut for each of the five tabs (and Kitchen), reload and export', () => {
    const items = flat(menuTemplate('linux'));
    const byCommand = Object.fromEntries(items.filter((i) => i.command).map((i) => [i.command, i]));
    const shortcuts: [command: string, label: string, accelerator: string][] = [
      ['tab:orders', 'Order Management', 'CmdOrCtrl+1'],
      ['tab:recipes', 'Recipe Management', 'CmdOrCtrl+2'],
      ['tab:users', 'User Management', 'CmdOrCtrl+3'],
      ['tab:reviews', 'Review Management', 'CmdOrCtrl+4'],
      ['tab:analytics', 'Analytics & Reports', 'CmdOrCtrl+5'],
      ['tab:kitchen', 'Kitchen', 'CmdOrCtrl+6'],
    ];
    for (const [command, label, accelerator] of shortcuts)
      expect(byCommand[command]).toMatchObject({ label, accelerator });
    expect(byCommand.reload?.accelerator).toBe('CmdOrCtrl+R');
    expect(byCommand['export:orders']?.accelerator).toBe('CmdOrCtrl+E');
    expect(byCommand['export:recipes']?.accelerator).toBe('CmdOrCtrl+Shift+E');
  });

  it('never gives two items the same accelerator', () => {
    const accels = flat(menuTemplate('darwin'))
      .map((i) => i.accelerator)
      .filter(Boolean);
    expect(new Set(accels).size).toBe(accels.length);
  });

  it('adds the app menu only on macOS', () => {
    expect(menuTemplate('darwin')[0]).toEqual({ role: 'appMenu' });
    expect(menuTemplate('win32')[0]?.label).toBe('File');
  });

  it('wires each command item to send its command to the window', () => {
    const send = vi.fn();
    const template = toElectronTemplate(menuTemplate('linux'), send);
    const view = template.find((i) => i.label === 'View') as {
      submenu: { label?: string; click?: () => void }[];
    };
    view.submenu.find((i) => i.label === 'Review Management')!.click!();
    expect(send).toHaveBeenCalledWith('tab:reviews');
    expect(JSON.stringify(template)).not.toContain('"command"');
  });
});
