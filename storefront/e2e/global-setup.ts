// Starts the real API (which serves the built storefront) on a database of its
// own and a free port. `npm test` has already run `pnpm run build`, so nothing
// is built here. The returned function is the teardown: stop the API, drop the
// database.
//
// Database: a fresh one on TEST_DATABASE_URL / DATABASE_URL or the machine's
// PostgreSQL at 127.0.0.1:5432; where none answers, the API starts its own
// embedded PostgreSQL in a temporary folder (what it does without DATABASE_URL).
// Square and SMTP are left unconfigured: orders stay pending for staff ('Order
// submitted for review') and the reset link is written to the API's log.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
export const API_LOG = join(here, '..', 'test-results', 'api.log');
export const OWNER_EMAIL = 'owner-storefront-e2e@example.com';
export const OWNER_PASSWORD = 'owner-storefront-e2e-password';
const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

// The API's own PostgreSQL driver: the storefront has no database code of its own.
type PgClient = {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
};
const pg = createRequire(join(repo, 'api', 'package.json'))('pg') as {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => PgClient;
};

async function runOn(server: string, sql: string): Promise<boolean> {
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

type Database = { env: Record<string, string>; drop: () => Promise<void> };

async function createDatabase(): Promise<Database> {
  // A data folder of its own in every case: the mail outbox (and, without a
  // PostgreSQL server, the embedded cluster) lives there and goes with it.
  const dataDir = mkdtempSync(join(tmpdir(), 'bakery-storefront-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || LOCAL_SERVER;
  const name = `bakery_storefront_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (await runOn(server, `CREATE DATABASE "${name}"`)) {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString(), BAKERY_DATA_DIR: dataDir },
      drop: async () => {
        await runOn(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        removeDataDir();
      },
    };
  }
  return {
    env: { DATABASE_URL: '', BAKERY_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) },
    drop: async () => removeDataDir(),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`API exited with code ${child.exitCode}; see ${API_LOG}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API not healthy after ${ms} ms; see ${API_LOG}`);
}

/** The environment with every payment and mail setting blanked (not removed:
 *  the API would then read them from a .env file), so neither is configured. */
function withoutIntegrations(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = { SQUARE_ACCESS_TOKEN: '', SQUARE_LOCATION_ID: '', SMTP_HOST: '', SMTP_URL: '' };
  for (const [key, value] of Object.entries(env))
    if (value !== undefined) out[key] = /^(SQUARE_|SMTP_|MAIL_)/.test(key) ? '' : value;
  return out;
}

export default async function globalSetup() {
  if (!existsSync(join(here, '..', 'dist', 'index.html')))
    throw new Error('storefront/dist is missing: run `pnpm --filter @bakery/storefront run build` first');
  if (!existsSync(join(repo, 'api', 'src', 'main.ts')))
    throw new Error('api/src/main.ts is missing: the end-to-end tests need the real API');
  const db = await createDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(API_LOG), { recursive: true });
  const log = createWriteStream(API_LOG);
  // `node --import tsx src/main.ts` in api/ (where tsx resolves): the real server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'api'),
    env: {
      ...withoutIntegrations(process.env),
      NODE_ENV: 'development',
      ...db.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      OWNER_EMAIL,
      OWNER_PASSWORD,
      // The reset scenario reads the logged reset link.
      LOG_LEVEL: 'info',
    },
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
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_API_LOG = API_LOG;
  process.env.E2E_OWNER_EMAIL = OWNER_EMAIL;
  process.env.E2E_OWNER_PASSWORD = OWNER_PASSWORD;
  return stop;
}
