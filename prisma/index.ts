// @bakery/prisma: the generated Prisma Client (run `pnpm --filter
// @bakery/prisma run generate` after a schema change), a factory that wires it
// to PostgreSQL through the pg driver adapter, and the migration runner.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';

export { Prisma, PrismaClient } from './generated/client';
export type * from './generated/models';
export {
  applyMigrations,
  BASELINE_MIGRATION,
  pendingMigrations,
  SQUASHED_MIGRATIONS,
  withSquashedHistoryAsBaseline,
  type MigrationResult,
} from './migrate';

const pools = new WeakMap<PrismaClient, pg.Pool>();

/** A Prisma Client on `databaseUrl` (JavaScript query engine, pg adapter). */
export function createPrismaClient(
  databaseUrl: string,
  options: { max?: number } = {},
): PrismaClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  // An idle connection the server dropped (a restart) leaves the pool, which opens
  // another on the next query; without a listener the 'error' event would end the process
  // (the adapter adds its own only once Prisma runs a first query).
  pool.on('error', () => undefined);
  // A connection the server ends while it is checked out (a Prisma transaction
  // between statements, when PostgreSQL stops) emits 'error' on the client,
  // where the pool listens only while it is idle: unheard, it would end the
  // process. Heard, the next statement fails (503) and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
  });
  pools.set(prisma, pool);
  return prisma;
}

/**
 * The pg pool under a client of createPrismaClient, for the few hot
 * statements that skip Prisma's query compiler (it costs about 1 ms of CPU a
 * query). Statements on it run outside any Prisma transaction.
 */
export function sqlPool(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error('sqlPool: the client was not made by createPrismaClient');
  return pool;
}

/**
 * One statement (its values written into `sql`) in a transaction that commits
 * without waiting for the disk flush (synchronous_commit off), in one round
 * trip on the pool: for writes a crash may lose without harm. Resolves to the
 * statement's rows. A failure discards the connection (pg's pool.query), so
 * its aborted transaction never serves another query.
 */
export async function asyncCommitQuery<R extends pg.QueryResultRow>(
  prisma: PrismaClient,
  sql: string,
): Promise<R[]> {
  const results = (await sqlPool(prisma).query(
    `BEGIN; SET LOCAL synchronous_commit = off; ${sql}; COMMIT`,
  )) as unknown as pg.QueryResult<R>[];
  return results[2]!.rows;
}
