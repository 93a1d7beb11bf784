import { mkdtempSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { safeFileName, saveWithDialog } from './saveFile';

describe('saving an export through the native dialog', () => {
  it('proposes the file in Downloads with an Excel filter and writes the bytes where the user chose', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bakery-save-'));
    const chosen = join(dir, 'my-orders.xlsx');
    const showSaveDialog = vi.fn().mockResolvedValue({ canceled: false, filePath: chosen });
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    const res = await saveWithDialog(
      { showSaveDialog },
      (p, b) => writeFile(p, b),
      '/home/baker/Downloads',
      'bakery-orders-2026-11-22.xlsx',
      bytes,
    );
    expect(showSaveDialog).toHaveBeenCalledWith({
      defaultPath: '/home/baker/Downloads/bakery-orders-2026-11-22.xlsx',
      filters: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
    });
    expect(res).toEqual({ saved: true, path: chosen });
    expect([...readFileSync(chosen)]).toEqual([0x50, 0x4b, 3, 4]);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const write = vi.fn();
    const res = await saveWithDialog(
      { showSaveDialog: async () => ({ canceled: true }) },
      write,
      '/tmp',
      'a.xlsx',
      new Uint8Array(),
    );
    expect(res).toEqual({ saved: false });
    expect(write).not.toHaveBeenCalled();
  });

  it('strips folders from the proposed name so the renderer cannot choose a path', () => {
    expect(safeFileName('../../.bashrc')).toBe('.bashrc');
    expect(safeFileName('C:\\Windows\\evil.xlsx')).toBe('evil.xlsx');
    expect(safeFileName('..')).toBe('export.xlsx');
  });
});
