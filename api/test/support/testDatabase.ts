// A fresh database per test file on the server globalSetup found, with the
// migrations applied, dropped again by drop().
import { inject } from 'vitest';
import { applyMigrations, createPrismaClient, sqlPool, type PrismaClient } from '@bakery/prisma';
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
      // Disconnecting waits for every checked-out connection. Once (CI, a
      // checkout test's teardown) that wait outlived the hook's 2 minutes
      // after every test had passed: it is bounded, says what was still
      // checked out, and the drop (WITH FORCE) ends those backends.
      const pool = sqlPool(prisma);
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        prisma.$disconnect().then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 15_000))),
      ]);
      clearTimeout(timer);
      if (waited)
        console.warn(
          `test database ${databaseUrl}: disconnect still waiting after 15 s, ${pool.totalCount - pool.idleCount} connection(s) checked out, ${pool.waitingCount} waiting`,
        );
      await database.drop();
    },
  };
}
