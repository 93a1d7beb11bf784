// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { commandForKey, createWebBridge } from './webBridge';

describe('browser bridge', () => {
  it('maps Alt+1..6, Alt+R and Alt+E to the menu commands', () => {
    const k = (key: string, extra: Partial<KeyboardEvent> = {}) =>
      commandForKey({
        key,
        altKey: true,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        ...extra,
      });
    expect(k('1')).toBe('tab:orders');
    expect(k('5')).toBe('tab:analytics');
    expect(k('6')).toBe('tab:kitchen');
    expect(k('r')).toBe('reload');
    expect(k('E', { shiftKey: true })).toBe('export:recipes');
    expect(
      commandForKey({ key: '1', altKey: false, ctrlKey: true, metaKey: false, shiftKey: false }),
    ).toBeNull();
  });

  it('delivers shortcuts to subscribers until they unsubscribe', () => {
    const bridge = createWebBridge(window);
    const cb = vi.fn();
    const off = bridge.onMenuCommand(cb);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '3', altKey: true }));
    off();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '4', altKey: true }));
    expect(cb.mock.calls).toEqual([['tab:users']]);
  });

  it('saves a file as a download link named after the export', async () => {
    const created: HTMLAnchorElement[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this);
    });
    const res = await createWebBridge(window).saveFile(
      'bakery-orders.xlsx',
      new Uint8Array([1, 2, 3]),
    );
    expect(res.saved).toBe(true);
    expect(created[0]?.download).toBe('bakery-orders.xlsx');
    expect(created[0]?.href).toBe('blob:x');
    click.mockRestore();
  });

  it('remembers the theme in the browser', async () => {
    const bridge = createWebBridge(window);
    await bridge.setSettings({ theme: 'dark' });
    expect((await bridge.getSettings()).theme).toBe('dark');
    expect((await bridge.getSettings()).serverUrl).toBe('');
  });
});
