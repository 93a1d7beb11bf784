// Finds the PostgreSQL server the test files create their databases on:
// TEST_DATABASE_URL or DATABASE_URL when set, else the machine's own server at
// 127.0.0.1:5432 (user postgres, trust auth), else one embedded PostgreSQL
// started here for the whole run and removed afterwards.
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: string;
  }
}

const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let embedded: EmbeddedServer | null = null;

export async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let server = given ?? LOCAL_SERVER;
  // TEST_EMBEDDED_PG=1 forces the embedded server (to check the fallback on a machine that has PostgreSQL).
  if (!given && (process.env.TEST_EMBEDDED_PG === '1' || !(await reachable(LOCAL_SERVER)))) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-test-pg-'));
    await chmod(dir, 0o755); // as root, initdb runs as the postgres user, which must reach the folder
    const port = 20000 + Math.floor(Math.random() * 20000);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port,
      persistent: false,
    });
    server = embedded.serverUrl;
  }
  project.provide('testDatabaseServer', server);
}

export async function teardown() {
  await embedded?.stop();
  embedded = null;
}
