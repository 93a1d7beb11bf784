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
  /** Set when the baseline was recorded as applied after the squashed history, not run. */
  baselined?: string;
}

async function migrationNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The history squashed into {@link BASELINE_MIGRATION} on 2026-11-26 (issue
 * 21): the 27 migrations written before the shop's first release, which
 * redefined the same trigger functions again and again. Their files are gone;
 * their names stay here because databases that ran them record them in
 * `_prisma_migrations`. A database that ran all of them holds exactly what
 * the baseline makes, so the baseline is recorded there as applied without
 * running it; one that ran only some is from an older development build and
 * is refused. Never add to this list (later migrations come after the
 * baseline).
 */
export const SQUASHED_MIGRATIONS: readonly string[] = [
  '20261122220506_init',
  '20261123182432_capacity_fair_share',
  '20261123182449_order_cake_writing',
  '20261123182543_daily_summary',
  '20261123182558_account_security',
  '20261123182628_order_desk',
  '20261123185616_outbound_mail_clear_sent_bodies',
  '20261125082910_kitchen_load',
  '20261125090441_kitchen_load_first',
  '20261125091612_daily_summary_slots',
  '20261125183832_order_state',
  '20261125183843_upkeep_backups_unpaid_release',
  '20261125184046_email_change_totp_setup',
  '20261125184417_session_ids_hashed',
  '20261125190647_heart_cake_flavours',
  '20261125195953_order_search_address',
  '20261125221921_daily_takings',
  '20261125222937_ingredient_allergens',
  '20261125223440_outbound_mail_calendar',
  '20261126031518_pickup_windows_drops',
  '20261126031615_menu_catalogue',
  '20261126031744_shop_settings',
  '20261126035755_bakery_day',
  '20261126064000_drop_take_refuses_before_lock',
  '20261126065500_daily_summary_insert_static',
  '20261126073353_owner_categories_counted',
  '20261126100000_book_order_in_one_statement',
];

/** The one migration that replaces {@link SQUASHED_MIGRATIONS}. */
export const BASELINE_MIGRATION = '20261126120000_baseline';

/**
 * Whether the applied migrations `applied` are the whole squashed history
 * (true: the baseline's objects are there) or none of it (false). Throws for
 * a database that stopped part way through it.
 */
function ranSquashedHistory(
  applied: Iterable<string>,
  what: 'database' | 'backup' = 'database',
): boolean {
  const names = new Set(applied);
  if (names.has(SQUASHED_MIGRATIONS.at(-1)!)) return true;
  const last = SQUASHED_MIGRATIONS.findLast((name) => names.has(name));
  if (last === undefined) return false;
  const remedy =
    what === 'database'
      ? 'Migrate it first with a version of the shop from before that squash (its db:deploy applies the rest of that history), then with this one.'
      : 'Restore it with a version of the shop from before that squash and migrate it there, then take a new backup for this one.';
  throw new Error(
    `This ${what} is from an older development build: its last migration is ${last}, of the history squashed into ${BASELINE_MIGRATION} on 2026-11-26, which ends with ${SQUASHED_MIGRATIONS.at(-1)}. ${remedy}`,
  );
}

/**
 * Applied migration names as this version's files name them: the squashed
 * history, when all of it ran, becomes {@link BASELINE_MIGRATION} (for the
 * list of migrations in a backup's header). Throws for part of that history.
 */
export function withSquashedHistoryAsBaseline(applied: readonly string[]): string[] {
  if (!ranSquashedHistory(applied, 'backup')) return [...applied];
  const squashed = new Set(SQUASHED_MIGRATIONS);
  const rest = applied.filter((name) => !squashed.has(name) && name !== BASELINE_MIGRATION);
  return [BASELINE_MIGRATION, ...rest].sort();
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
  // A server shutdown rejects the query in flight; unheard, the 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const table = await client.query(`SELECT to_regclass('"_prisma_migrations"') AS t`);
    const names = await migrationNames(migrationsDir);
    if (!(table.rows[0] as { t: string | null }).t) return names;
    const finished = await appliedMigrations(client, migrationsDir);
    // After the squashed history the baseline's objects are there: not pending
    // (applyMigrations records it at the next deploy).
    if (ranSquashedHistory(finished)) finished.add(BASELINE_MIGRATION);
    return names.filter((name) => !finished.has(name));
  } finally {
    await client.end();
  }
}

/**
 * The names of the migrations applied to the database `client` is connected
 * to, after refusing one that failed or whose file changed since (checksum).
 */
async function appliedMigrations(client: pg.Client, migrationsDir: string): Promise<Set<string>> {
  const { rows } = await client.query<{
    migration_name: string;
    checksum: string;
    finished_at: Date | null;
  }>(
    'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
  );
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
  return new Set(rows.map((row) => row.migration_name));
}

const recordSql = `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
  VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END, $5)`;

async function applyInTransaction(client: pg.Client, name: string, sql: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(sql);
    await client.query(recordSql, [randomUUID(), checksumOf(sql), name, true, 1]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A migration whose first line is `-- migrate:no-transaction` (for statements
 * PostgreSQL refuses inside a transaction, such as CREATE INDEX CONCURRENTLY)
 * runs one statement at a time. It is recorded first as started, so one that
 * stops half way is refused at the next start ("failed earlier") instead of
 * being run again over its own leftovers; write such a migration so it can be
 * re-run (IF NOT EXISTS) and delete its failed row after mending.
 */
async function applyOutsideTransaction(client: pg.Client, name: string, sql: string) {
  const id = randomUUID();
  await client.query(recordSql, [id, checksumOf(sql), name, false, 0]);
  const statements = splitStatements(sql);
  try {
    for (const statement of statements) await client.query(statement);
  } catch (error) {
    await client
      .query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [
        id,
        (error as Error).message,
      ])
      .catch(() => undefined);
    throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
  }
  await client.query(
    'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = $2 WHERE id = $1',
    [id, statements.length],
  );
}

/** The marker a migration's first line carries to run outside a transaction. */
const NO_TRANSACTION = /^-- migrate:no-transaction[ \t]*\r?(?:\n|$)/;

/**
 * The statements of a migration file, split at semicolons outside quotes,
 * dollar quotes and comments; empty ones (only comments) are left out.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let index = 0;
  let meaningful = false;
  while (index < sql.length) {
    const rest = sql.slice(index);
    const skip =
      /^--[^\n]*/.exec(rest) ??
      /^\/\*[\s\S]*?\*\//.exec(rest) ??
      /^'(?:[^']|'')*'/.exec(rest) ??
      /^"(?:[^"]|"")*"/.exec(rest) ??
      dollarQuoted(rest);
    if (skip) {
      if (!skip[0].startsWith('--') && !skip[0].startsWith('/*')) meaningful = true;
      index += skip[0].length;
      continue;
    }
    const char = sql[index]!;
    if (char === ';') {
      if (meaningful) statements.push(sql.slice(start, index).trim());
      start = index + 1;
      meaningful = false;
    } else if (!/\s/.test(char)) meaningful = true;
    index += 1;
  }
  if (meaningful) statements.push(sql.slice(start).trim());
  return statements;
}

function dollarQuoted(rest: string): RegExpExecArray | null {
  const open = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(rest);
  if (!open) return null;
  const close = rest.indexOf(open[0], open[0].length);
  return /^[\s\S]*/.exec(close < 0 ? rest : rest.slice(0, close + open[0].length));
}

export async function applyMigrations(
  databaseUrl: string,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A server shutdown rejects the query in flight; unheard, the 'error' event would end the process.
  client.on('error', () => undefined);
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
    const finished = await appliedMigrations(client, migrationsDir);
    const afterSquashedHistory = ranSquashedHistory(finished);
    const result: MigrationResult = { applied: [], alreadyApplied: finished.size };
    for (const name of await migrationNames(migrationsDir)) {
      if (finished.has(name)) continue;
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      if (name === BASELINE_MIGRATION && afterSquashedHistory) {
        // As `prisma migrate resolve --applied` records it: finished, no step run.
        await client.query(recordSql, [randomUUID(), checksumOf(sql), name, true, 0]);
        result.baselined = name;
      } else {
        if (NO_TRANSACTION.test(sql)) await applyOutsideTransaction(client, name, sql);
        else await applyInTransaction(client, name, sql);
        result.applied.push(name);
      }
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
