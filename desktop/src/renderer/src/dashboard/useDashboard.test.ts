// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { MENU_COMMANDS } from '../../../shared/bridge';
import { runMenuCommand } from './useDashboard';

const handlers = () => ({ tab: vi.fn(), reload: vi.fn(), export: vi.fn(), settings: vi.fn() });

describe('runMenuCommand', () => {
  it('opens the named tab, reloads, exports a workbook or opens the server settings', () => {
    const on = handlers();
    runMenuCommand('tab:kitchen', on);
    runMenuCommand('reload', on);
    runMenuCommand('export:orders', on);
    runMenuCommand('export:recipes', on);
    runMenuCommand('settings', on);
    expect(on.tab.mock.calls).toEqual([['kitchen']]);
    expect(on.reload).toHaveBeenCalledTimes(1);
    expect(on.export.mock.calls).toEqual([['orders'], ['recipes']]);
    expect(on.settings).toHaveBeenCalledTimes(1);
  });

  it('does exactly one thing for each command of the menu', () => {
    for (const command of MENU_COMMANDS) {
      const on = handlers();
      runMenuCommand(command, on);
      const done = Object.values(on).reduce((n, fn) => n + fn.mock.calls.length, 0);
      expect(done, command).toBe(1);
    }
  });
});
