// The API's own backup format (issue 27), for when no pg_dump at least as new
// as the server is at hand: the embedded PostgreSQL is 18, the npm package
// ships no pg_dump and Debian 12 only has the 15 client, which refuses a
// newer server. Written through the `pg` driver with PostgreSQL's COPY, so
// it works with any server version and needs nothing outside npm.
//
// The file (same `bakery-…Z.dump` name as a pg_dump archive; restore tells
// them apart by the first bytes: `PGDMP` or gzip's 1f 8b) is gzip of lines:
//
//   BAKERY-LOGICAL-BACKUP 1
//   {"takenAt", "server": "18.1", "migrations": [applied names, in order],
//    "tables": [{"name", "columns": [...]}], "sequences": [{"name", "lastValue"}]}
//   then for each table, in the header's order:
//     {"table": "Order"}
//     its rows in COPY's text format, one line each (COPY escapes newlines,
//     so a row is exactly one line, and no row is the line `\.`)
//     \.
//   {"end": true, "rows": {"Order": 6, ...}}
//
// Everything is read in one SERIALIZABLE READ ONLY DEFERRABLE transaction:
// one consistent snapshot, never aborted, blocking no writer. The schema is
// not in the file: it is the migrations named in the header, which restore
// applies first (they must be a prefix of the shop's own), before loading
// the rows with COPY FROM in one transaction with triggers off, so counter
// tables kept by triggers (DailyKitchenLoad, the daily summaries) come back
// as they were, not recounted.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { applyMigrations, withSquashedHistoryAsBaseline } from '@bakery/prisma';

export const LOGICAL_MAGIC = 'BAKERY-LOGICAL-BACKUP 1';
const END_OF_DATA = '\\.';
const MIGRATIONS_TABLE = '_prisma_migrations';
const NEWLINE = Buffer.from('\n');

export interface LogicalHeader {
  takenAt: string;
  server: string;
  migrations: string[];
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; lastValue: string | null }[];
}

export interface LogicalListing {
  header: LogicalHeader;
  rows: Record<string, number>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A server shutdown rejects the query in flight; unheard, the 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes the logical backup of `databaseUrl` to `file` (gzip); returns each table's rows. */
export async function dumpLogical(databaseUrl: string, file: string): Promise<LogicalListing> {
  const client = await connect(databaseUrl);
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file, { mode: 0o600 });
  const written = finished(out);
  // Awaited at the end; an early failure (disk full) must not be an unhandled rejection,
  // and must stop the writer waiting for a 'drain' that would never come.
  written.catch(() => undefined);
  out.once('error', (error) => gzip.destroy(error));
  gzip.pipe(out);
  try {
    await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY DEFERRABLE');
    const version = await client.query<{ v: string }>(
      `SELECT current_setting('server_version') AS v`,
    );
    const tables = await client.query<{ name: string; columns: string[] }>(
      `SELECT c.relname AS name,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
              AND a.attgenerated = ''
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        GROUP BY c.relname
        ORDER BY c.relname`,
    );
    const names = tables.rows.map((t) => t.name);
    const migrations = names.includes(MIGRATIONS_TABLE)
      ? (
          await client.query<{ name: string }>(
            `SELECT migration_name AS name FROM "${MIGRATIONS_TABLE}"
              WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
          )
        ).rows.map((r) => r.name)
      : [];
    const sequences = await client.query<{ name: string; lastValue: string | null }>(
      `SELECT sequencename AS name, last_value::text AS "lastValue"
         FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    );
    const header: LogicalHeader = {
      takenAt: new Date().toISOString(),
      server: version.rows[0]!.v,
      migrations,
      tables: tables.rows,
      sequences: sequences.rows,
    };
    await write(gzip, `${LOGICAL_MAGIC}\n${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const table of header.tables) {
      await write(gzip, `${JSON.stringify({ table: table.name })}\n`);
      const columns = table.columns.map(ident).join(', ');
      const copy = client.query(copyTo(`COPY ${ident(table.name)} (${columns}) TO STDOUT`));
      let count = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count += 1;
        await write(gzip, chunk);
      }
      rows[table.name] = count;
      await write(gzip, `${END_OF_DATA}\n`);
    }
    await write(gzip, `${JSON.stringify({ end: true, rows })}\n`);
    await client.query('COMMIT');
    gzip.end();
    await written;
    return { header, rows };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The lines of a gzip file, without their `\n`. */
async function* linesOf(file: string): AsyncGenerator<Buffer> {
  const source = createReadStream(file);
  const input: Readable = source.pipe(createGunzip());
  source.once('error', (error) => input.destroy(error));
  let rest: Buffer | null = null;
  try {
    yield* splitLines();
  } finally {
    source.destroy();
    input.destroy();
  }
  async function* splitLines(): AsyncGenerator<Buffer> {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      let data: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, start)) {
        yield data.subarray(start, i);
        start = i + 1;
      }
      data = data.subarray(start);
      rest = data.length ? Buffer.from(data) : null;
    }
    if (rest) throw new NotLogicalBackup('the backup ends in the middle of a line (truncated)');
  }
}

export class NotLogicalBackup extends Error {}

/** Where restore sends a table's rows (COPY text lines, each followed by its newline). */
export interface TableSink {
  write(rows: Buffer[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * Reads a logical backup from end to end: the header, every table's section
 * and the closing counts, which must match the rows read (the equivalent of
 * `pg_restore --list`). `onTable` may return where each table's rows go.
 */
export async function readLogical(
  file: string,
  onTable?: (table: { name: string; columns: string[] }) => Promise<TableSink | null>,
): Promise<LogicalListing> {
  const lines = linesOf(file);
  const next = async (): Promise<Buffer> => {
    const line = await lines.next();
    if (line.done) throw new NotLogicalBackup('the backup ends early (truncated)');
    return line.value;
  };
  try {
    if ((await next()).toString() !== LOGICAL_MAGIC)
      throw new NotLogicalBackup(`not a bakery logical backup (no "${LOGICAL_MAGIC}" line)`);
    const header = JSON.parse((await next()).toString()) as LogicalHeader;
    if (!Array.isArray(header.tables) || !Array.isArray(header.migrations))
      throw new NotLogicalBackup('the backup header is incomplete');
    const rows: Record<string, number> = {};
    for (const table of header.tables) {
      const opening = JSON.parse((await next()).toString()) as { table?: string };
      if (opening.table !== table.name)
        throw new NotLogicalBackup(`expected the rows of ${table.name}, found ${opening.table}`);
      const sink = onTable ? await onTable(table) : null;
      let batch: Buffer[] = [];
      let bytes = 0;
      let count = 0;
      for (;;) {
        const line = await next();
        if (line.length === 2 && line[0] === 0x5c && line[1] === 0x2e) break;
        count += 1;
        if (sink) {
          batch.push(line, NEWLINE);
          bytes += line.length + 1;
          if (bytes > 256 * 1024) {
            await sink.write(batch);
            batch = [];
            bytes = 0;
          }
        }
      }
      if (sink) {
        await sink.write(batch);
        await sink.end();
      }
      rows[table.name] = count;
    }
    const end = JSON.parse((await next()).toString()) as {
      end?: boolean;
      rows?: Record<string, number>;
    };
    if (!end.end || !end.rows) throw new NotLogicalBackup('the backup has no closing line');
    for (const table of header.tables)
      if (end.rows[table.name] !== rows[table.name])
        throw new NotLogicalBackup(
          `${table.name}: ${rows[table.name]} rows read, ${end.rows[table.name]} written`,
        );
    return { header, rows };
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new NotLogicalBackup(`unreadable backup: ${error.message}`);
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new NotLogicalBackup(`unreadable backup: ${(error as Error).message}`);
    throw error;
  } finally {
    await lines.return(undefined);
  }
}

/** The first bytes tell the formats apart: pg_dump's custom archive or ours (gzip). */
export async function backupFormatOf(file: string): Promise<'pg_dump' | 'logical' | null> {
  const stream = createReadStream(file, { start: 0, end: 4 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  const head = Buffer.concat(chunks);
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'logical';
  return null;
}

export class LogicalRestoreRefused extends Error {}

/**
 * Restores a logical backup into `databaseUrl`, which must be empty (the
 * caller checks and empties it): applies the backup's migrations (a prefix of
 * `migrationsDir`'s), then loads every table in one transaction with
 * triggers off, then sets the sequences. The migrations after the backup's
 * are left to the caller (db:deploy's runner), as after a pg_restore.
 */
export async function restoreLogical(
  databaseUrl: string,
  file: string,
  migrationsDir: string,
): Promise<LogicalListing> {
  // Read to the end first: a truncated or damaged file is refused before any change.
  const verified = await readLogical(file);
  const { header } = verified;
  const known = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  // A backup taken before the squash of 2026-11-26 names the old history,
  // whose schema is the baseline's; its own migrations table comes back with
  // its rows and the caller's runner then records the baseline.
  let migrations: string[];
  try {
    migrations = withSquashedHistoryAsBaseline(header.migrations);
  } catch (error) {
    throw new LogicalRestoreRefused((error as Error).message);
  }
  const unknown = migrations.filter((name, i) => known[i] !== name);
  if (unknown.length)
    throw new LogicalRestoreRefused(
      `This backup's schema (${header.migrations.length} migrations, up to ${header.migrations.at(-1)}) is not an earlier state of this version's (${known.length} migrations): ${unknown[0]} is not the migration this version has at that place. Restore it with the version of the shop that took it, or a newer one.`,
    );

  // The schema as the backup knew it: only its migrations, from the shop's own files.
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'bakery-restore-migrations-'));
  try {
    for (const name of migrations)
      await cp(path.join(migrationsDir, name), path.join(prefix, name), { recursive: true });
    await applyMigrations(databaseUrl, prefix);
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }

  const client = await connect(databaseUrl);
  try {
    const present = await client.query<{ name: string; columns: string[] }>(
      `SELECT c.relname AS name, array_agg(a.attname::text) AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') GROUP BY c.relname`,
    );
    const columnsOf = new Map(present.rows.map((t) => [t.name, new Set(t.columns)]));
    for (const table of header.tables) {
      const columns = columnsOf.get(table.name);
      const missing = columns ? table.columns.filter((c) => !columns.has(c)) : ['(the table)'];
      if (missing.length)
        throw new LogicalRestoreRefused(
          `After the backup's migrations, ${table.name} lacks ${missing.join(', ')}: the migrations files differ from those that made the backup.`,
        );
    }

    await client.query('BEGIN');
    try {
      const names = header.tables.map((t) => t.name);
      const triggers = await withoutTriggers(client, names);
      // The migrations' own rows (the migrations table, seeded settings) give way to the backup's.
      if (names.length) await client.query(`TRUNCATE ${names.map(ident).join(', ')}`);
      const load = (only: (name: string) => boolean) =>
        readLogical(file, async (table) => {
          if (!only(table.name)) return null;
          const columns = table.columns.map(ident).join(', ');
          const copy = client.query(copyFrom(`COPY ${ident(table.name)} (${columns}) FROM STDIN`));
          // A refused row errors the stream between writes: kept for end() (finished) to throw.
          copy.on('error', () => undefined);
          return {
            write: async (rows: Buffer[]) => {
              for (const row of rows) await write(copy, row);
            },
            end: async () => {
              copy.end();
              await finished(copy);
            },
          };
        });
      let listing = verified;
      if (triggers.foreignKeysChecked) {
        // Foreign keys still checked: referenced tables first, one pass over the file each.
        for (const name of await dependencyOrder(client, names))
          listing = await load((table) => table === name);
      } else listing = await load(() => true);
      await triggers.restore();
      for (const sequence of header.sequences)
        await client.query(
          sequence.lastValue === null
            ? `ALTER SEQUENCE ${ident(sequence.name)} RESTART`
            : `SELECT setval($1, $2::bigint, true)`,
          sequence.lastValue === null ? [] : [ident(sequence.name), sequence.lastValue],
        );
      await client.query('COMMIT');
      return listing;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Triggers off until the transaction ends: with `session_replication_role =
 * replica` (a superuser, or a role granted SET on it) every trigger, the
 * foreign-key checks included; otherwise the tables' owner disables their
 * user triggers (enabled again by `restore()`, before COMMIT) and the
 * foreign keys stay checked.
 */
async function withoutTriggers(
  client: pg.Client,
  tables: string[],
): Promise<{ foreignKeysChecked: boolean; restore: () => Promise<void> }> {
  await client.query('SAVEPOINT replica');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('RELEASE SAVEPOINT replica');
    return { foreignKeysChecked: false, restore: async () => undefined };
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT replica');
  }
  for (const table of tables)
    await client.query(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);
  return {
    foreignKeysChecked: true,
    restore: async () => {
      for (const table of tables)
        await client.query(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
    },
  };
}

/** `tables` with every table after those its foreign keys reference (self references aside). */
async function dependencyOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replace(/""/g, '"');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const row of rows) parents.get(unquote(row.child))?.add(unquote(row.parent));
  const order: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table))
      throw new LogicalRestoreRefused(
        `The foreign keys between ${[...path].join(', ')} form a cycle: restore as a superuser (session_replication_role).`,
      );
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    path.delete(table);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return order;
}
