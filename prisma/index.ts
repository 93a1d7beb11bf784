// @bakery/prisma: the generated Prisma Client (run `pnpm --filter
// @bakery/prisma run generate` after a schema change), a factory that wires it
// to PostgreSQL through the pg driver adapter, and the migration runner.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export { Prisma, PrismaClient } from './generated/client';
export type * from './generated/models';
export { applyMigrations, pendingMigrations, type MigrationResult } from './migrate';

/** A Prisma Client on `databaseUrl` (JavaScript query engine, pg adapter). */
export function createPrismaClient(
  databaseUrl: string,
  options: { max?: number } = {},
): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
