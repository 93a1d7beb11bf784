// Saving an export: the native save dialog chooses the path, then the bytes
// are written. Dialog and file writer are parameters (tests replace them).
import type { SaveResult } from '../shared/bridge';

export interface SaveDialogLike {
  showSaveDialog(options: {
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
}

/** Keeps only a plain file name: the renderer cannot pick a folder. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^\w.\- ]+/g, '_').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : 'export.xlsx';
}

export async function saveWithDialog(
  dialog: SaveDialogLike,
  writeFile: (path: string, bytes: Uint8Array) => Promise<void>,
  downloadsDir: string,
  name: string,
  bytes: Uint8Array,
): Promise<SaveResult> {
  const fileName = safeFileName(name);
  const ext = fileName.includes('.') ? fileName.split('.').pop()! : 'xlsx';
  const { canceled, filePath } = await dialog.showSaveDialog({
    defaultPath: `${downloadsDir.replace(/[\\/]$/, '')}/${fileName}`,
    filters: [
      ext === 'xlsx'
        ? { name: 'Excel workbook', extensions: ['xlsx'] }
        : { name: ext.toUpperCase(), extensions: [ext] },
    ],
  });
  if (canceled || !filePath) return { saved: false };
  await writeFile(filePath, bytes);
  return { saved: true, path: filePath };
}
