import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IPC } from '../shared/bridge';
import { registerIpc, UNTRUSTED_SENDER, type IpcMainLike } from './ipc';
import { isTrustedSender } from './navigation';
import { SettingsStore } from './settings';

const APP = 'file:///opt/bakery/resources/app.asar/out/renderer/index.html';

/** An IPC event as Electron sends it: the sending frame's URL, main frame or not. */
const from = (url: string, mainFrame = true) => ({
  senderFrame: { url, parent: mainFrame ? null : {} },
});
const APP_EVENT = from(`${APP}#/admin/dashboard`);

function setup(confirm = true) {
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
    confirmServerChange: vi.fn().mockResolvedValue(confirm),
    // The same check index.ts wires, on the event's frame.
    isTrustedSender: (event: unknown) => {
      const frame = (event as ReturnType<typeof from>).senderFrame;
      return isTrustedSender(frame?.url, !frame?.parent, settings.get().serverUrl, APP);
    },
  };
  registerIpc(ipc, deps);
  return { handlers, deps };
}

describe('IPC handlers', () => {
  it('exposes only server, theme and first-run flag (never window bounds)', async () => {
    const { handlers, deps } = setup();
    expect(await handlers[IPC.getSettings]!(APP_EVENT)).toEqual({
      serverUrl: 'http://localhost:3000',
      theme: 'light',
      configured: false,
    });
    const next = await handlers[IPC.setSettings]!(APP_EVENT, {
      theme: 'dark',
      bounds: { width: 1, height: 1 },
    });
    expect(next).toEqual({ serverUrl: 'http://localhost:3000', theme: 'dark', configured: false });
    expect(deps.onServerChanged).not.toHaveBeenCalled();
    expect(deps.confirmServerChange).not.toHaveBeenCalled();
  });

  it('changes the server only after the native confirmation says yes', async () => {
    const { handlers, deps } = setup(true);
    await handlers[IPC.setSettings]!(APP_EVENT, { serverUrl: 'https://bakery.example/admin' });
    expect(deps.confirmServerChange).toHaveBeenCalledWith(
      'https://bakery.example',
      'http://localhost:3000',
    );
    expect(deps.onServerChanged).toHaveBeenCalledWith({
      serverUrl: 'https://bakery.example',
      theme: 'light',
      configured: true,
    });

    const refused = setup(false);
    const answer = await refused.handlers[IPC.setSettings]!(APP_EVENT, {
      serverUrl: 'https://evil.example',
    });
    expect(answer).toMatchObject({ serverUrl: 'http://localhost:3000', configured: false });
    expect(refused.deps.settings.get().serverUrl).toBe('http://localhost:3000');
    expect(refused.deps.onServerChanged).not.toHaveBeenCalled();
  });

  it('refuses plain http to another computer, without asking', async () => {
    const { handlers, deps } = setup();
    await expect(
      handlers[IPC.setSettings]!(APP_EVENT, { serverUrl: 'http://192.168.1.20:3000' }),
    ).rejects.toThrow(/https:\/\//);
    expect(deps.confirmServerChange).not.toHaveBeenCalled();
    expect(deps.settings.get().serverUrl).toBe('http://localhost:3000');
  });

  it('answers nothing to a page that is not the app: another site, an iframe, a file', async () => {
    const { handlers, deps } = setup();
    for (const event of [
      from('https://evil.example/'),
      from(`${APP}#/admin`, false),
      from('file:///tmp/download.html'),
      {},
    ]) {
      expect(() => handlers[IPC.getSettings]!(event)).toThrow(UNTRUSTED_SENDER);
      expect(() =>
        handlers[IPC.setSettings]!(event, { serverUrl: 'https://evil.example' }),
      ).toThrow(UNTRUSTED_SENDER);
      expect(() => handlers[IPC.openExternal]!(event, 'https://evil.example')).toThrow(
        UNTRUSTED_SENDER,
      );
      handlers[IPC.notify]!(event, 'Pay here', 'https://evil.example');
    }
    expect(deps.confirmServerChange).not.toHaveBeenCalled();
    expect(deps.openExternal).not.toHaveBeenCalled();
    expect(deps.notify).not.toHaveBeenCalled();
    // The configured server's own pages are the app too.
    expect(await handlers[IPC.getSettings]!(from('http://localhost:3000/admin/dashboard'))).toEqual(
      expect.objectContaining({ serverUrl: 'http://localhost:3000' }),
    );
  });

  it('opens only web and mail links outside', async () => {
    const { handlers, deps } = setup();
    await handlers[IPC.openExternal]!(APP_EVENT, 'https://square.link/u/x');
    await handlers[IPC.openExternal]!(APP_EVENT, 'file:///etc/passwd');
    await handlers[IPC.openExternal]!(APP_EVENT, 'mailto:owner@bakery.local');
    expect(deps.openExternal.mock.calls).toEqual([
      ['https://square.link/u/x'],
      ['mailto:owner@bakery.local'],
    ]);
  });

  it('passes the export bytes to the save dialog and refuses anything else', async () => {
    const { handlers, deps } = setup();
    const bytes = new Uint8Array([1, 2]);
    expect(await handlers[IPC.saveFile]!(APP_EVENT, 'orders.xlsx', bytes)).toEqual({
      saved: true,
      path: '/x.xlsx',
    });
    expect(deps.save).toHaveBeenCalledWith('orders.xlsx', bytes);
    expect(() => handlers[IPC.saveFile]!(APP_EVENT, 'orders.xlsx', 'not bytes')).toThrow();
  });

  it('forwards notifications with text only', () => {
    const { handlers, deps } = setup();
    handlers[IPC.notify]!(APP_EVENT, 'New order', 'Ada — $12.00');
    handlers[IPC.notify]!(APP_EVENT, { evil: true }, 'x');
    expect(deps.notify.mock.calls).toEqual([['New order', 'Ada — $12.00']]);
  });
});
