// Applies the committed migrations (prisma/migrations/*/migration.sql) in
// order, recording them in Prisma's own `_prisma_migrations` table with the
// same checksum, so `prisma migrate deploy` and `migrate status` agree with
// it. It runs in-process (start-up and every test database) in milliseconds,
// where the CLI would take seconds. An advisory lock makes concurrent
// start-ups of several API processes safe: one applies, the others wait.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_ID = 72_707_369; // any constant shared by every process of this app

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

async function migrationNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Migrations not yet applied to `databaseUrl` (a process that does not migrate
 * at start-up refuses to serve an older schema). Also refuses an applied
 * migration whose file has changed since (checksum) or that failed.
 */
export async function pendingMigrations(
  databaseUrl: string,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query(`SELECT to_regclass('"_prisma_migrations"') AS t`);
    const names = await migrationNames(migrationsDir);
    if (!(table.rows[0] as { t: string | null }).t) return names;
    const done = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    await checkApplied(done.rows, migrationsDir);
    const finished = new Set(done.rows.map((row) => row.migration_name));
    return names.filter((name) => !finished.has(name));
  } finally {
    await client.end();
  }
}

async function checkApplied(
  rows: Array<{ migration_name: string; checksum: string; finished_at: Date | null }>,
  migrationsDir: string,
): Promise<void> {
  const failed = rows.find((row) => row.finished_at === null);
  if (failed)
    throw new Error(
      `Migration ${failed.migration_name} failed earlier; resolve it before starting`,
    );
  for (const row of rows) {
    const sql = await readFile(
      path.join(migrationsDir, row.migration_name, 'migration.sql'),
      'utf8',
    ).catch(() => null);
    if (sql !== null && checksumOf(sql) !== row.checksum)
      throw new Error(
        `Migration ${row.migration_name} was changed after it was applied (checksum differs); restore the applied file and add a new migration instead`,
      );
  }
}

export async function applyMigrations(
  databaseUrl: string,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const done = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    await checkApplied(done.rows, migrationsDir);
    const finished = new Set(done.rows.map((row) => row.migration_name));
    const applied: string[] = [];
    for (const name of await migrationNames(migrationsDir)) {
      if (finished.has(name)) continue;
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      const checksum = checksumOf(sql);
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
    }
    return { applied, alreadyApplied: finished.size };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
