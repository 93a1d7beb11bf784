// A fresh database per test file on the server globalSetup found, with the
// migrations applied, dropped again by drop().
import { inject } from 'vitest';
import { applyMigrations, createPrismaClient, type PrismaClient } from '@bakery/prisma';
import { configuredPostgres, createDatabase } from '@bakery/test-support';

export interface TestDatabase {
  url: string;
  prisma: PrismaClient;
  drop(): Promise<void>;
}

function serverUrl(): string {
  try {
    return inject('testDatabaseServer');
  } catch {
    return configuredPostgres().url;
  }
}

/** A test database on the run's server, or on `server` (e.g. a test's own embedded PostgreSQL). */
export async function createTestDatabase(server: string = serverUrl()): Promise<TestDatabase> {
  const database = await createDatabase(server, 'test');
  if (!database) throw new Error(`Cannot create a test database on ${server}`);
  const databaseUrl = database.url;
  await applyMigrations(databaseUrl);
  const prisma = createPrismaClient(databaseUrl, { max: 5 });
  return {
    url: databaseUrl,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
