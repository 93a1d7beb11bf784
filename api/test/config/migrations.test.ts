// The migration runner: a migration marked `-- migrate:no-transaction` runs
// statement by statement (CREATE INDEX CONCURRENTLY works), others in one
// transaction; applied files are re-checked by checksum.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, pendingMigrations } from '@bakery/prisma';
import { configuredPostgres, createDatabase, type Database } from '@bakery/test-support';

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
  return { dir, url: database.url, write, query };
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
