// A fresh database per test file on the server globalSetup found, with the
// migrations applied, dropped again by drop().
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { applyMigrations, createPrismaClient, type PrismaClient } from '@bakery/prisma';

export interface TestDatabase {
  url: string;
  prisma: PrismaClient;
  drop(): Promise<void>;
}

function serverUrl(): string {
  try {
    return inject('testDatabaseServer');
  } catch {
    return (
      process.env.TEST_DATABASE_URL ||
      process.env.DATABASE_URL ||
      'postgresql://postgres@127.0.0.1:5432/postgres'
    );
  }
}

async function admin<T>(server: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const server = serverUrl();
  const name = `bakery_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(server, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await applyMigrations(databaseUrl);
  const prisma = createPrismaClient(databaseUrl, { max: 5 });
  return {
    url: databaseUrl,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await admin(server, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}
