// The migration runner: a migration marked `-- migrate:no-transaction` runs
// statement by statement (CREATE INDEX CONCURRENTLY works), others in one
// transaction; applied files are re-checked by checksum. A database that ran
// the history squashed on 2026-11-26 gets the baseline recorded, not run; one
// that ran part of it is refused.
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, BASELINE_MIGRATION, pendingMigrations } from '@bakery/prisma';
import { configuredPostgres, createDatabase, type Database } from '@bakery/test-support';
import { baselineSql, squashedHistoryFiles } from '../support/squashedHistory.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function scratch(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const write = async (name: string, sql: string) => {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, 'migration.sql'), sql);
  };
  for (const [name, sql] of Object.entries(files)) await write(name, sql);
  const remove = (name: string) => rm(path.join(dir, name), { recursive: true });
  const database = (await createDatabase(configuredPostgres().url, 'migrate')) as Database;
  cleanups.push(() => database.drop());
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  return { dir, url: database.url, write, remove, query };
}

const TABLE = `CREATE TABLE "Thing" ("id" INT PRIMARY KEY, "name" TEXT NOT NULL);
CREATE FUNCTION thing_name(n INT) RETURNS TEXT LANGUAGE sql AS $body$ SELECT 'no; split' || n; $body$;
`;
const CONCURRENT = `-- migrate:no-transaction
-- A comment; with a semicolon
CREATE INDEX CONCURRENTLY IF NOT EXISTS "Thing_name_idx" ON "Thing" ("name");
INSERT INTO "Thing" VALUES (1, 'a;b'), (2, thing_name(2));
`;

describe('migration runner', () => {
  it('runs a marked migration outside a transaction, statement by statement', async () => {
    const db = await scratch({ '001_thing': TABLE, '002_index': CONCURRENT });
    expect(await applyMigrations(db.url, db.dir)).toEqual({
      applied: ['001_thing', '002_index'],
      alreadyApplied: 0,
    });
    expect(
      await db.query(`SELECT indexname FROM pg_indexes WHERE indexname = 'Thing_name_idx'`),
    ).toHaveLength(1);
    expect(await db.query(`SELECT "name" FROM "Thing" ORDER BY "id"`)).toEqual([
      { name: 'a;b' },
      { name: 'no; split2' },
    ]);
    expect(await applyMigrations(db.url, db.dir)).toEqual({ applied: [], alreadyApplied: 2 });
    expect(await pendingMigrations(db.url, db.dir)).toEqual([]);

    // The checksum re-check covers the marked migration too.
    await db.write('002_index', `${CONCURRENT}\n-- edited\n`);
    await expect(pendingMigrations(db.url, db.dir)).rejects.toThrow(
      'Migration 002_index was changed after it was applied (checksum differs)',
    );
  });

  it('without the marker the same statement is refused and nothing is recorded', async () => {
    const unmarked = CONCURRENT.replace('-- migrate:no-transaction\n', '');
    const db = await scratch({ '001_thing': TABLE, '002_index': unmarked });
    await expect(applyMigrations(db.url, db.dir)).rejects.toThrow(
      /Migration 002_index failed: CREATE INDEX CONCURRENTLY cannot run inside a transaction block/,
    );
    expect(await pendingMigrations(db.url, db.dir)).toEqual(['002_index']);
  });

  it('a marked migration that stops half way is refused at the next start', async () => {
    const broken = `-- migrate:no-transaction
CREATE INDEX CONCURRENTLY "Thing_name_idx" ON "Thing" ("name");
INSERT INTO "Missing" VALUES (1);
`;
    const db = await scratch({ '001_thing': TABLE, '002_index': broken });
    await expect(applyMigrations(db.url, db.dir)).rejects.toThrow(
      'Migration 002_index failed: relation "Missing" does not exist',
    );
    await expect(applyMigrations(db.url, db.dir)).rejects.toThrow(
      'Migration 002_index failed earlier; resolve it before starting',
    );
  });
});

describe('the history squashed into the baseline on 2026-11-26', () => {
  const LATER = '20991231000000_later';

  it('after all of it, the baseline is recorded as applied without running it', async () => {
    const old = await squashedHistoryFiles();
    const db = await scratch(old);
    await applyMigrations(db.url, db.dir);
    // This version's files: the baseline (whose tables exist: running it would fail) and a later one.
    for (const name of Object.keys(old)) await db.remove(name);
    const baseline = await baselineSql();
    await db.write(BASELINE_MIGRATION, baseline);
    await db.write(LATER, 'CREATE TABLE "Later" ("id" INT PRIMARY KEY);\n');

    expect(await pendingMigrations(db.url, db.dir)).toEqual([LATER]);
    expect(await applyMigrations(db.url, db.dir)).toEqual({
      applied: [LATER],
      alreadyApplied: 27,
      baselined: BASELINE_MIGRATION,
    });
    expect(
      await db.query(`SELECT checksum, applied_steps_count, finished_at IS NOT NULL AS finished
        FROM "_prisma_migrations" WHERE migration_name = '${BASELINE_MIGRATION}'`),
    ).toEqual([
      {
        checksum: createHash('sha256').update(baseline).digest('hex'),
        applied_steps_count: 0,
        finished: true,
      },
    ]);
    expect(await applyMigrations(db.url, db.dir)).toEqual({ applied: [], alreadyApplied: 29 });
    expect(await pendingMigrations(db.url, db.dir)).toEqual([]);

    // From then on the baseline is checked like any applied migration.
    await db.write(BASELINE_MIGRATION, `${baseline}\n-- edited\n`);
    await expect(pendingMigrations(db.url, db.dir)).rejects.toThrow(
      `Migration ${BASELINE_MIGRATION} was changed after it was applied (checksum differs)`,
    );
  });

  it('after part of it, the database is refused as an older development build', async () => {
    const old = await squashedHistoryFiles(10);
    const db = await scratch(old);
    await applyMigrations(db.url, db.dir);
    for (const name of Object.keys(old)) await db.remove(name);
    await db.write(BASELINE_MIGRATION, await baselineSql());

    const refusal =
      /This database is from an older development build: its last migration is 20261125091612_daily_summary_slots, .* Migrate it first with a version of the shop from before that squash/;
    await expect(pendingMigrations(db.url, db.dir)).rejects.toThrow(refusal);
    await expect(applyMigrations(db.url, db.dir)).rejects.toThrow(refusal);
    expect(await db.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`)).toEqual([
      { n: 10 },
    ]);
    expect(await db.query(`SELECT to_regclass('"Order"') IS NULL AS none`)).toEqual([
      { none: true },
    ]);
  });
});
