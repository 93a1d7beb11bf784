// The PostgreSQL server a test run uses, and databases of its own on it.
//
// Server: TEST_DATABASE_URL or DATABASE_URL when set, else the machine's own
// PostgreSQL at 127.0.0.1:5432 (user postgres, trust auth). Where none
// answers, each suite falls back to an embedded PostgreSQL (the API tests
// start one for the run; the browser suites let the API start its own).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** The server the environment names, or the machine's own. */
export function configuredPostgres(): { url: string; given: boolean } {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  return given ? { url: given, given: true } : { url: LOCAL_POSTGRES, given: false };
}

/** Runs one statement on a server; false when it cannot be reached or refuses. */
export async function runOn(server: string, sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(sql);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const reachable = (server: string): Promise<boolean> => runOn(server, 'SELECT 1');

export interface Database {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new empty database on `server`, named `bakery_<prefix>_<random>` so runs
 * never see each other's rows; null when the server cannot be reached.
 */
export async function createDatabase(server: string, prefix: string): Promise<Database | null> {
  const name = `bakery_${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!(await runOn(server, `CREATE DATABASE "${name}"`))) return null;
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => void (await runOn(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}
