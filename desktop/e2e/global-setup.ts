// Starts the real API (which serves desktop/dist-web at /admin) on a database
// of its own and a free port, then seeds orders and a review through the
// customer API. The returned function stops the API and drops the database.
//
// Database: a fresh one on TEST_DATABASE_URL / DATABASE_URL or the machine's
// PostgreSQL at 127.0.0.1:5432; where none answers, the API starts its own
// embedded PostgreSQL in a temporary folder (its behaviour without DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedThroughCustomerApi, SEED_FILE } from './seed';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const API_LOG = join(here, '..', 'test-results', 'api.log');
export const OWNER_EMAIL = 'owner-desktop-e2e@example.com';
export const OWNER_PASSWORD = 'owner-desktop-e2e-password';
const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

// The API's own PostgreSQL driver (the API is what this test starts anyway).
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = createRequire(join(repo, 'api', 'package.json'))('pg') as {
  Client: new (o: { connectionString: string; connectionTimeoutMillis?: number }) => PgClient;
};

async function onServer(server: string, sql: string): Promise<boolean> {
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

interface Database {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function createDatabase(): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || LOCAL_SERVER;
  const name = `bakery_desktop_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (await onServer(server, `CREATE DATABASE "${name}"`)) {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      drop: async () => void (await onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bakery-desktop-e2e-'));
  return {
    env: { DATABASE_URL: '', BAKERY_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`API exited with code ${child.exitCode}; see ${API_LOG}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API not healthy after ${ms} ms; see ${API_LOG}`);
}

export default async function globalSetup() {
  if (!existsSync(join(here, '..', 'dist-web', 'index.html'))) throw new Error('desktop/dist-web is missing: run `pnpm --filter @bakery/desktop run build` first');
  const db = await createDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(API_LOG), { recursive: true });
  const log = createWriteStream(API_LOG);
  // `node --import tsx src/main.ts` in api/ (where tsx resolves): the real server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'api'),
    env: { ...process.env, NODE_ENV: 'development', ...db.env, PORT: String(port), PUBLIC_URL: baseUrl, OWNER_EMAIL, OWNER_PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await db.drop();
  };
  try {
    await waitForHealth(baseUrl, child);
    const seed = await seedThroughCustomerApi(baseUrl);
    writeFileSync(SEED_FILE, JSON.stringify(seed, null, 2));
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_OWNER_EMAIL = OWNER_EMAIL;
  process.env.E2E_OWNER_PASSWORD = OWNER_PASSWORD;
  return stop;
}
