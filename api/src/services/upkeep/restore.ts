// `npm run db:restore <file>` (issue 27): a backup into an empty database,
// then the migrations the backup predates. A database that already has
// tables is refused unless `force` (its public schema is then dropped first).
// Both formats: pg_dump's custom archive (pg_restore), or the API's logical
// format (logicalBackup.ts), told apart by the file's first bytes.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { toolsFor } from './backups.js';
import {
  backupFormatOf,
  LogicalRestoreRefused,
  readLogical,
  restoreLogical,
} from './logicalBackup.js';
import { libpqTarget } from './pgTools.js';

const run = promisify(execFile);

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** One short connection to the database at `url`, for `work`. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A server shutdown rejects the query in flight; unheard, the 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The tables of the database's public schema. */
export const publicTables = (databaseUrl: string): Promise<string[]> =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    return rows.map((row) => row.name);
  });

/** Drops every table of the database at `url` (its public schema, made again empty). */
export const emptyDatabase = (url: string): Promise<void> =>
  withClient(url, async (client) => {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  });

export interface RestoreResult {
  tables: number;
  durationMs: number;
  replaced: boolean;
  format: 'pg_dump' | 'logical';
}

/**
 * Checks that `file` is a backup that reads back whole (before anything is
 * dropped); answers its format and, for pg_dump's, the tools that read it.
 */
export async function checkBackupFile(
  databaseUrl: string,
  file: string,
  pgBinDir?: string,
): Promise<{ format: 'pg_dump' | 'logical'; tools: Awaited<ReturnType<typeof toolsFor>> | null }> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new RestoreRefused(`No backup file at ${file}`);
  const format = await backupFormatOf(file);
  if (!format)
    throw new RestoreRefused(
      `${file} is not a backup (neither a pg_dump archive nor the shop's own format)`,
    );
  const tools = format === 'pg_dump' ? await toolsFor(databaseUrl, pgBinDir) : null;
  // A file that cannot be read whole is not a backup: refused before anything is dropped.
  if (tools)
    await run(tools.pgRestore, ['--list', file], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stderr?: string }) => {
        throw new RestoreRefused(`${file} is not a readable backup: ${error.stderr?.trim() ?? ''}`);
      },
    );
  else
    await readLogical(file).catch((error: Error) => {
      throw new RestoreRefused(`${file} is not a readable backup: ${error.message}`);
    });
  return { format, tools };
}

/** pg_restore of `file` into `databaseUrl` in one transaction (all or nothing). */
export async function restoreBackup(
  databaseUrl: string,
  file: string,
  options: { force?: boolean; pgBinDir?: string; migrationsDir?: string } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  const { format, tools } = await checkBackupFile(databaseUrl, file, options.pgBinDir);
  const existing = await publicTables(databaseUrl);
  if (existing.length > 0 && !options.force)
    throw new RestoreRefused(
      `The target database is not empty (${existing.length} tables, e.g. ${existing.slice(0, 3).join(', ')}). Restore into an empty database, or add --force to drop everything in it first.`,
    );
  if (existing.length > 0) {
    await emptyDatabase(databaseUrl);
  }
  if (!tools) {
    if (!options.migrationsDir)
      throw new Error('restoring a logical backup needs the migrations folder');
    await restoreLogical(databaseUrl, file, options.migrationsDir).catch((error: Error) => {
      throw error instanceof LogicalRestoreRefused ? new RestoreRefused(error.message) : error;
    });
    return {
      tables: (await publicTables(databaseUrl)).length,
      durationMs: Date.now() - started,
      replaced: existing.length > 0,
      format,
    };
  }
  const target = libpqTarget(databaseUrl);
  await run(
    tools.pgRestore,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.url}`,
      file,
    ],
    { env: { ...process.env, ...target.env }, maxBuffer: 16 * 1024 * 1024 },
  );
  return {
    tables: (await publicTables(databaseUrl)).length,
    durationMs: Date.now() - started,
    replaced: existing.length > 0,
    format,
  };
}
