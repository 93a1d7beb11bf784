// The logical backup format's refusals (issue 27): a file cut short is
// refused when read back (so takeBackup never renames it, and db:restore
// refuses it before dropping anything), and a backup whose migrations are
// not an earlier state of this version's is refused with a message that
// names the first that differs, before the target is touched. A backup taken
// before the migration squash of 2026-11-26 restores onto the baseline.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  applyMigrations,
  BASELINE_MIGRATION,
  pendingMigrations,
  SQUASHED_MIGRATIONS,
} from '@bakery/prisma';
import { createDatabase, type Database } from '@bakery/test-support';
import { MIGRATIONS_DIR } from '../../src/config.js';
import {
  backupFormatOf,
  dumpLogical,
  LogicalRestoreRefused,
  NotLogicalBackup,
  readLogical,
  restoreLogical,
} from '../../src/services/upkeep/logicalBackup.js';
import { publicTables } from '../../src/services/upkeep/restore.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { createUser } from '../support/factories.js';
import { squashedHistoryFiles } from '../support/squashedHistory.js';

let db: TestDatabase;
let dir: string;
let target: Database | null = null;
const extra: Database[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-logical-'));
});
afterAll(async () => {
  await target?.drop();
  for (const database of extra) await database.drop();
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

it('writes a file that reads back whole, and refuses one cut short or from an unknown schema', async () => {
  await createUser(db.prisma);
  const file = path.join(dir, 'whole.dump');
  const written = await dumpLogical(db.url, file);
  expect(await backupFormatOf(file)).toBe('logical');
  const read = await readLogical(file);
  expect(read.rows).toEqual(written.rows);
  expect(read.rows.User).toBe(1);
  expect(read.header.migrations.length).toBeGreaterThan(0);

  // Cut short: the last lines (the closing counts) missing, or the gzip itself cut.
  const text = gunzipSync(await readFile(file)).toString('utf8');
  const cut = path.join(dir, 'cut.dump');
  await writeFile(cut, gzipSync(text.slice(0, text.lastIndexOf('\\.'))));
  await expect(readLogical(cut)).rejects.toBeInstanceOf(NotLogicalBackup);
  const bytes = await readFile(file);
  await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await expect(readLogical(cut)).rejects.toThrow();

  // A schema this version does not have: refused before anything is created.
  const [magic, header, ...rest] = text.split('\n');
  const parsed = JSON.parse(header!) as { migrations: string[] };
  parsed.migrations.splice(1, 0, '20991231000000_from_another_branch');
  const foreign = path.join(dir, 'foreign.dump');
  await writeFile(foreign, gzipSync([magic, JSON.stringify(parsed), ...rest].join('\n')));
  target = await createDatabase(new URL('/postgres', db.url).toString(), 'logical');
  const refused = await restoreLogical(target!.url, foreign, MIGRATIONS_DIR).catch(
    (error: Error) => error,
  );
  expect(refused).toBeInstanceOf(LogicalRestoreRefused);
  expect((refused as Error).message).toContain('20991231000000_from_another_branch');
  expect(await publicTables(target!.url)).toEqual([]);
  process.stdout.write(
    `logical backup: ${Object.keys(read.rows).length} tables read back; a cut file and one with an unknown migration refused, the target left empty\n`,
  );
});

/** A database on the test server whose migrations are `files`, applied by the runner. */
async function databaseMigratedWith(files: Record<string, string>): Promise<Database> {
  const database = await createDatabase(new URL('/postgres', db.url).toString(), 'logical');
  extra.push(database!);
  const migrations = await mkdtemp(path.join(dir, 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(migrations, name));
    await writeFile(path.join(migrations, name, 'migration.sql'), sql);
  }
  await applyMigrations(database!.url, migrations);
  return database!;
}

it('restores a backup taken before the squash onto the baseline, then records it', async () => {
  const old = await databaseMigratedWith(await squashedHistoryFiles());
  const file = path.join(dir, 'before-squash.dump');
  const written = await dumpLogical(old.url, file);
  expect(written.header.migrations).toEqual(SQUASHED_MIGRATIONS);

  const into = (await createDatabase(new URL('/postgres', db.url).toString(), 'logical'))!;
  extra.push(into);
  await restoreLogical(into.url, file, MIGRATIONS_DIR);
  // The backup's own migrations table came back: the old history, then the runner's record.
  expect(await pendingMigrations(into.url, MIGRATIONS_DIR)).not.toContain(BASELINE_MIGRATION);
  const result = await applyMigrations(into.url, MIGRATIONS_DIR);
  expect(result.baselined).toBe(BASELINE_MIGRATION);
  expect(result.alreadyApplied).toBe(SQUASHED_MIGRATIONS.length);
  expect(await pendingMigrations(into.url, MIGRATIONS_DIR)).toEqual([]);

  // One from a build part way through that history is refused, the target left empty.
  const partial = await databaseMigratedWith(await squashedHistoryFiles(10));
  const older = path.join(dir, 'older-build.dump');
  await dumpLogical(partial.url, older);
  const empty = (await createDatabase(new URL('/postgres', db.url).toString(), 'logical'))!;
  extra.push(empty);
  const refused = await restoreLogical(empty.url, older, MIGRATIONS_DIR).catch(
    (error: Error) => error,
  );
  expect(refused).toBeInstanceOf(LogicalRestoreRefused);
  expect((refused as Error).message).toMatch(
    /This backup is from an older development build: its last migration is 20261125091612_daily_summary_slots/,
  );
  expect(await publicTables(empty.url)).toEqual([]);
});
