// Backups of the whole database (issue 27): `pg_dump --format=custom` into the
// backup folder under a temporary name, listed with `pg_restore --list` to
// check the archive is whole, then renamed to its final name. Without a
// pg_dump at least as new as the server (the embedded PostgreSQL 18), or with
// BACKUP_METHOD=logical, the API writes its own format instead
// (logicalBackup.ts: COPY of every table in one snapshot, gzip), checked by
// reading it back whole. Only files
// under a final name count as backups; a failed or interrupted dump leaves
// none (its partial file is removed, or swept at the next run).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PrismaClient } from '@bakery/prisma';
import {
  BACKUP_LIST_LIMIT,
  backupsToKeep,
  DEFAULT_BACKUP_SETTINGS,
  type BackupSettings,
} from '@bakery/core';
import type { Logger } from '../contracts.js';
import { dumpLogical, readLogical } from './logicalBackup.js';
import { archiveMedia, mediaArchiveFor, pruneMediaArchives } from './mediaBackup.js';
import { findPgTools, libpqTarget, PgToolsMissing, serverMajor, type PgTools } from './pgTools.js';
import { settingsRow, storedOrDefault } from '../../db/settingsRow.js';

/** BACKUP_METHOD: pg_dump when one fits the server, else logical (auto, the default); or either alone. */
export type BackupMethod = 'auto' | 'pg_dump' | 'logical';

const run = promisify(execFile);

/**
 * bakery-20261125T070000Z-nightly-1a2b3c4d.dump: the UTC instant it was
 * started, to the second, whether the schedule or the owner took it, and a
 * random part (issue 39: three clicks in one second wrote one name three
 * times). Names from before, bakery-20261125T070000Z.dump, count as nightly.
 */
const BACKUP_NAME =
  /^bakery-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(nightly|manual)-[0-9a-f]{8})?\.dump$/;

/** Who took a backup: the schedule, or someone by hand (the owner's button, db:backup). */
export type BackupKind = 'nightly' | 'manual';
const PARTIAL_PREFIX = '.partial-';
/** A partial file older than this belongs to a dump that died: swept. */
const PARTIAL_STALE_MS = 24 * 3_600_000;

export interface BackupFile {
  name: string;
  size: number;
  takenAt: Date;
  /** Taken by hand (issue 39): never in a nightly backup's place. */
  manual: boolean;
}

export interface BackupResult extends BackupFile {
  path: string;
  durationMs: number;
  /** Entries `pg_restore --list` found in the archive (logical: the tables). */
  entries: number;
  tableData: number;
  /** How it was written: pg_dump's custom archive, or the API's logical format. */
  format: 'pg_dump' | 'logical';
  /** Rows written (logical format only; pg_restore --list does not count them). */
  rows?: number;
  /** The uploaded photos beside it (issue 22), when a media folder was given. */
  media?: { path: string; files: number; size: number };
}

export const backupNameFor = (at: Date, kind: BackupKind = 'manual') =>
  `bakery-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}-${kind}-${randomBytes(4).toString('hex')}.dump`;

/** Whether a backup's name says it was taken by hand. */
export const isManualBackup = (name: string): boolean => BACKUP_NAME.exec(name)?.[7] === 'manual';

/** The instant a backup's name says it was taken, or null for any other name. */
export function takenAtOf(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

/** The file of backup `name` in `dir`, or null when the name is not a backup's (no path tricks). */
export function backupFilePath(dir: string, name: string): string | null {
  if (!takenAtOf(name)) return null;
  return path.join(dir, name);
}

/** The backups in `dir`, newest first (at most `limit`). */
export async function listBackups(dir: string, limit = BACKUP_LIST_LIMIT): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const takenAt = takenAtOf(name);
    if (!takenAt) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile())
      files.push({ name, size: info.size, takenAt, manual: isManualBackup(name) });
  }
  files.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  return files.slice(0, limit);
}

/** Runs pg_dump into `file`; throws with pg_dump's own message on failure. */
export type Dumper = (tools: PgTools, databaseUrl: string, file: string) => Promise<void>;

export const pgDump: Dumper = async (tools, databaseUrl, file) => {
  const target = libpqTarget(databaseUrl);
  await run(
    tools.pgDump,
    // The job queue's schema (graphile-worker) is not the shop's data: its
    // migrate makes it again, and a restore into a database that has it would fail.
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--exclude-schema=graphile_worker',
      `--file=${file}`,
      target.url,
    ],
    { env: { ...process.env, ...target.env }, maxBuffer: 16 * 1024 * 1024 },
  );
};

/** What `pg_restore --list` reads in the archive: every entry, and the tables' data among them. */
export async function listArchive(
  tools: PgTools,
  file: string,
): Promise<{ entries: number; tableData: number }> {
  const { stdout } = await run(tools.pgRestore, ['--list', file], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = stdout.split('\n').filter((line) => /^\d+;/.test(line));
  return { entries: lines.length, tableData: lines.filter((l) => / TABLE DATA /.test(l)).length };
}

const toolsCache = new Map<string, Promise<PgTools>>();

/** The pg tools for the database's server (found once per process and server). */
export async function toolsFor(databaseUrl: string, preferredDir?: string): Promise<PgTools> {
  const major = await serverMajor(databaseUrl);
  const key = `${major}:${preferredDir ?? ''}`;
  let tools = toolsCache.get(key);
  if (!tools) {
    tools = findPgTools(major, preferredDir);
    toolsCache.set(key, tools);
    tools.catch(() => toolsCache.delete(key));
  }
  return tools;
}

/**
 * Takes one backup into `dir`: dump under a temporary name, check it with
 * pg_restore --list, flush it to disk, rename it. The file is mode 600 (it
 * holds every customer's data).
 */
export async function takeBackup(options: {
  databaseUrl: string;
  dir: string;
  pgBinDir?: string;
  now?: Date;
  dump?: Dumper;
  method?: BackupMethod;
  /** MEDIA_DIR: the uploaded photos, archived beside the dump (issue 22). */
  mediaDir?: string;
  /** Nightly (the schedule) or manual (default). */
  kind?: BackupKind;
}): Promise<BackupResult> {
  const started = Date.now();
  const at = options.now ?? new Date();
  const { dir } = options;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const method = options.method ?? 'auto';
  let tools: PgTools | null = null;
  if (method !== 'logical')
    tools = await toolsFor(options.databaseUrl, options.pgBinDir).catch((error: unknown) => {
      if (method === 'auto' && error instanceof PgToolsMissing) return null;
      throw error;
    });
  const name = backupNameFor(at, options.kind ?? 'manual');
  const final = path.join(dir, name);
  const partial = path.join(dir, `${PARTIAL_PREFIX}${randomBytes(6).toString('hex')}-${name}`);
  try {
    let listed: Pick<BackupResult, 'entries' | 'tableData' | 'format' | 'rows'>;
    if (tools) {
      await (options.dump ?? pgDump)(tools, options.databaseUrl, partial);
      await chmod(partial, 0o600);
      listed = { ...(await listArchive(tools, partial)), format: 'pg_dump' };
    } else {
      const written = await dumpLogical(options.databaseUrl, partial);
      await chmod(partial, 0o600);
      // Read back whole: the header, every table's section, the counts at the end.
      const read = await readLogical(partial);
      for (const table of written.header.tables)
        if (read.rows[table.name] !== written.rows[table.name])
          throw new Error(
            `${table.name}: ${written.rows[table.name]} rows written, ${read.rows[table.name]} read back`,
          );
      const tables = read.header.tables.length;
      listed = {
        entries: tables,
        tableData: tables,
        format: 'logical',
        rows: Object.values(read.rows).reduce((sum, n) => sum + n, 0),
      };
    }
    if (listed.tableData === 0) throw new Error('the archive lists no table data');
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The photos first: a backup only counts (its final name) with them beside it.
    const media = options.mediaDir
      ? await archiveMedia(options.mediaDir, mediaArchiveFor(final))
      : undefined;
    await rename(partial, final);
    const size = (await stat(final)).size;
    return {
      name,
      path: final,
      size,
      takenAt: at,
      manual: isManualBackup(name),
      durationMs: Date.now() - started,
      ...listed,
      ...(media ? { media } : {}),
    };
  } catch (error) {
    await rm(partial, { force: true });
    if (options.mediaDir) await rm(mediaArchiveFor(final), { force: true });
    throw error;
  }
}

/**
 * Deletes the backups core's retention does not keep, and stale partial
 * files; never `justTaken` (names tell the second a backup was taken, so two
 * taken in one second could otherwise lose the newer one).
 */
export async function pruneBackups(
  dir: string,
  settings: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>,
  now = new Date(),
  justTaken?: string,
): Promise<string[]> {
  // The backup just taken is the newest of its second: retention keeps it, not a twin.
  const all = (await listBackups(dir, Number.MAX_SAFE_INTEGER)).map((file) =>
    file.name === justTaken ? { ...file, takenAt: new Date(file.takenAt.getTime() + 999) } : file,
  );
  const keep = backupsToKeep(all, settings);
  const removed: string[] = [];
  for (const file of all) {
    if (keep.has(file) || file.name === justTaken) continue;
    await rm(path.join(dir, file.name), { force: true });
    removed.push(file.name);
  }
  // A pruned backup's photos go with it.
  await pruneMediaArchives(dir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(PARTIAL_PREFIX)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > PARTIAL_STALE_MS)
      await rm(path.join(dir, name), { force: true });
  }
  return removed;
}

/** The owner's backup settings (core's defaults when none are stored). */
export async function backupSettings(prisma: PrismaClient): Promise<BackupSettings> {
  const row = await prisma.backupSetting.findUnique({ where: { id: 1 } });
  return storedOrDefault(row, DEFAULT_BACKUP_SETTINGS);
}

export async function saveBackupSettings(
  prisma: PrismaClient,
  settings: BackupSettings,
): Promise<BackupSettings> {
  await prisma.backupSetting.upsert(settingsRow(settings));
  return backupSettings(prisma);
}

/** A backup and its pruning, logged: what the nightly job and the owner's button run. */
export async function backupNow(options: {
  prisma: PrismaClient;
  databaseUrl: string;
  dir: string;
  pgBinDir?: string;
  method?: BackupMethod;
  /** MEDIA_DIR (issue 22): the photos go in every backup. */
  mediaDir?: string;
  log: Logger;
  reason: 'nightly' | 'owner' | 'command';
}): Promise<BackupResult> {
  const result = await takeBackup({
    ...options,
    kind: options.reason === 'nightly' ? 'nightly' : 'manual',
  });
  const removed = await pruneBackups(
    options.dir,
    await backupSettings(options.prisma),
    new Date(),
    result.name,
  );
  options.log.info('backup taken', {
    reason: options.reason,
    file: result.path,
    bytes: result.size,
    ms: result.durationMs,
    format: result.format,
    entries: result.entries,
    tables: result.tableData,
    ...(result.rows === undefined ? {} : { rows: result.rows }),
    ...(result.media ? { mediaFiles: result.media.files, mediaBytes: result.media.size } : {}),
    pruned: removed.length,
  });
  return result;
}
