// The uploaded photos in the backup (issue 22): every backup of the database
// has the media folder (MEDIA_DIR: the menu photos, every size and the kept
// originals) beside it, as a gzipped tar under the backup's own name
// (bakery-20261125T070000Z.dump -> bakery-20261125T070000Z.media.tar.gz), so
// a restore brings back the photos the restored menu points at. Written by
// the system's `tar` under a temporary name and listed back whole before it
// takes its final name (like the dump); restored into a new folder that then
// replaces the media folder in one rename, so a failed restore leaves the
// photos as they were.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Half-written uploads: not photos yet, never backed up. */
const INCOMING = '.incoming';

/** The media archive that belongs with the backup file `backupFile` (its stem + .media.tar.gz). */
export const mediaArchiveFor = (backupFile: string): string =>
  `${backupFile.replace(/\.dump$/, '')}.media.tar.gz`;

/** The media archive beside the backup file `backupFile`, when there is one. */
export async function mediaArchiveBeside(
  backupFile: string,
): Promise<{ path: string; name: string; size: number } | null> {
  const file = mediaArchiveFor(backupFile);
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { path: file, name: path.basename(file), size: info.size } : null;
}

export interface MediaArchive {
  path: string;
  /** Files in it (folders not counted). */
  files: number;
  size: number;
}

async function exists(dir: string) {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}

/** The files `tar` lists in an archive (throws on an archive it cannot read whole). */
async function listTar(file: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', file], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\n').filter((name) => name && !name.endsWith('/'));
}

/**
 * Writes the media folder to `file` (an empty archive when there is no folder
 * yet: a shop with no photos restores to none). Checked by listing it back.
 */
export async function archiveMedia(mediaDir: string, file: string): Promise<MediaArchive> {
  const partial = path.join(
    path.dirname(file),
    `.partial-${randomBytes(6).toString('hex')}-${path.basename(file)}`,
  );
  try {
    const source = (await exists(mediaDir)) ? mediaDir : await emptyDir(file);
    await run('tar', ['-czf', partial, `--exclude=./${INCOMING}`, '-C', source, '.'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    await chmod(partial, 0o600);
    const files = (await listTar(partial)).length;
    await rename(partial, file);
    return { path: file, files, size: (await stat(file)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(`${file}.empty`, { recursive: true, force: true });
  }
}

async function emptyDir(file: string) {
  const dir = `${file}.empty`;
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Puts the photos of `file` in place of `mediaDir`: unpacked into a new
 * folder beside it, then swapped in (the old folder is removed after). Returns
 * the number of files restored.
 */
export async function restoreMedia(file: string, mediaDir: string): Promise<number> {
  const files = (await listTar(file)).length;
  const parent = path.dirname(path.resolve(mediaDir));
  await mkdir(parent, { recursive: true });
  const tag = randomBytes(6).toString('hex');
  const incoming = path.join(parent, `.media-restore-${tag}`);
  const old = path.join(parent, `.media-old-${tag}`);
  try {
    await mkdir(incoming, { mode: 0o755 });
    // GNU tar refuses members outside the folder (absolute paths, ..) by default.
    await run('tar', ['-xzf', file, '-C', incoming, '--no-same-owner'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const hadMedia = await exists(mediaDir);
    if (hadMedia) await rename(mediaDir, old);
    await rename(incoming, mediaDir);
    if (hadMedia) await rm(old, { recursive: true, force: true });
    return files;
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
}

/** Removes the media archives whose backup is gone (after pruning). */
export async function pruneMediaArchives(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const dumps = new Set(names.filter((n) => n.endsWith('.dump')));
  const removed: string[] = [];
  for (const name of names) {
    if (!/^bakery-\d{8}T\d{6}Z(?:-(?:nightly|manual)-[0-9a-f]{8})?\.media\.tar\.gz$/.test(name))
      continue;
    if (dumps.has(name.replace(/\.media\.tar\.gz$/, '.dump'))) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
