// @bakery/prisma: the generated Prisma Client (run `pnpm --filter
// @bakery/prisma run generate` after a schema change), a factory that wires it
// to PostgreSQL through the pg driver adapter, and the migration runner.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';

export { Prisma, PrismaClient } from './generated/client';
export type * from './generated/models';
export { applyMigrations, pendingMigrations, type MigrationResult } from './migrate';

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
