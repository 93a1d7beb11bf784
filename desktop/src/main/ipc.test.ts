import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IPC } from '../shared/bridge';
import { registerIpc, type IpcMainLike } from './ipc';
import { SettingsStore } from './settings';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'bakery-ipc-'));
  const settings = new SettingsStore(
    join(dir, 's.json'),
    { readFileSync, writeFileSync, mkdirSync },
    dir,
  );
  const handlers: Record<string, (e: unknown, ...a: unknown[]) => unknown> = {};
  const ipc: IpcMainLike = {
    handle: (c, l) => void (handlers[c] = l),
    on: (c, l) => void (handlers[c] = l),
  };
  const deps = {
    settings,
    save: vi.fn().mockResolvedValue({ saved: true, path: '/x.xlsx' }),
    openExternal: vi.fn(),
    notify: vi.fn(),
    onServerChanged: vi.fn(),
  };
  registerIpc(ipc, deps);
  return { handlers, deps };
}

describe('IPC handlers', () => {
  it('exposes only server, theme and first-run flag (never window bounds)', async () => {
    const { handlers, deps } = setup();
    expect(await handlers[IPC.getSettings]!({})).toEqual({
      serverUrl: 'http://localhost:3000',
      theme: 'light',
      configured: false,
    });
    const next = await handlers[IPC.setSettings]!(
      {},
      { theme: 'dark', bounds: { width: 1, height: 1 } },
    );
    expect(next).toEqual({ serverUrl: 'http://localhost:3000', theme: 'dark', configured: false });
    expect(deps.onServerChanged).not.toHaveBeenCalled();
    await handlers[IPC.setSettings]!({}, { serverUrl: 'http://192.168.1.20:3000' });
    expect(deps.onServerChanged).toHaveBeenCalledWith({
      serverUrl: 'http://192.168.1.20:3000',
      theme: 'dark',
      configured: true,
    });
  });

  it('opens only web and mail links outside', async () => {
    const { handlers, deps } = setup();
    await handlers[IPC.openExternal]!({}, 'https://square.link/u/x');
    await handlers[IPC.openExternal]!({}, 'file:///etc/passwd');
    await handlers[IPC.openExternal]!({}, 'mailto:owner@bakery.local');
    expect(deps.openExternal.mock.calls).toEqual([
      ['https://square.link/u/x'],
      ['mailto:owner@bakery.local'],
    ]);
  });

  it('passes the export bytes to the save dialog and refuses anything else', async () => {
    const { handlers, deps } = setup();
    const bytes = new Uint8Array([1, 2]);
    expect(await handlers[IPC.saveFile]!({}, 'orders.xlsx', bytes)).toEqual({
      saved: true,
      path: '/x.xlsx',
    });
    expect(deps.save).toHaveBeenCalledWith('orders.xlsx', bytes);
    expect(() => handlers[IPC.saveFile]!({}, 'orders.xlsx', 'not bytes')).toThrow();
  });

  it('forwards notifications with text only', () => {
    const { handlers, deps } = setup();
    handlers[IPC.notify]!({}, 'New order', 'Ada — $12.00');
    handlers[IPC.notify]!({}, { evil: true }, 'x');
    expect(deps.notify.mock.calls).toEqual([['New order', 'Ada — $12.00']]);
  });
});
