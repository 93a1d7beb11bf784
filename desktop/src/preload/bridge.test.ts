import { describe, expect, it, vi } from 'vitest';
import { IPC } from '../shared/bridge';
import { createElectronBridge, type IpcRendererLike } from './bridge';

function fakeIpc() {
  const listeners = new Map<string, Set<(e: unknown, ...a: unknown[]) => void>>();
  const ipc: IpcRendererLike & { emit(channel: string, ...a: unknown[]): void } = {
    invoke: vi.fn().mockResolvedValue({ saved: true }),
    send: vi.fn(),
    on: (c, l) => listeners.set(c, (listeners.get(c) ?? new Set()).add(l)),
    removeListener: (c, l) => listeners.get(c)?.delete(l),
    emit: (c, ...a) => listeners.get(c)?.forEach((l) => l({ sender: 'raw ipc event' }, ...a)),
  };
  return ipc;
}

describe('preload bridge', () => {
  it('maps each method to its IPC channel', async () => {
    const ipc = fakeIpc();
    const bridge = createElectronBridge(ipc);
    const bytes = new Uint8Array([1]);
    await bridge.saveFile('orders.xlsx', bytes);
    await bridge.setSettings({ theme: 'dark' });
    await bridge.openExternal('https://square.link/u/1');
    bridge.notify('New order', 'Ada');
    expect(ipc.invoke).toHaveBeenCalledWith(IPC.saveFile, 'orders.xlsx', bytes);
    expect(ipc.invoke).toHaveBeenCalledWith(IPC.setSettings, { theme: 'dark' });
    expect(ipc.invoke).toHaveBeenCalledWith(IPC.openExternal, 'https://square.link/u/1');
    expect(ipc.send).toHaveBeenCalledWith(IPC.notify, 'New order', 'Ada');
    expect(bridge.kind).toBe('electron');
  });

  it('passes known menu commands only, without the raw IPC event, and unsubscribes', () => {
    const ipc = fakeIpc();
    const bridge = createElectronBridge(ipc);
    const cb = vi.fn();
    const off = bridge.onMenuCommand(cb);
    ipc.emit(IPC.menuCommand, 'tab:users');
    ipc.emit(IPC.menuCommand, 'rm -rf');
    off();
    ipc.emit(IPC.menuCommand, 'reload');
    expect(cb.mock.calls).toEqual([['tab:users']]);
  });
});
