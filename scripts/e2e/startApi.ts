// The real API for the browser suites (storefront and desktop e2e): a database
// of its own, a data folder of its own (mail outbox, and the embedded cluster
// where no PostgreSQL server answers), a free port, Square and SMTP left
// unconfigured. `npm test` has already built everything, so nothing is built
// here. `stop()` ends the API, drops the database and removes the folder.
//
// Database: a fresh one on TEST_DATABASE_URL / DATABASE_URL or the machine's
// PostgreSQL at 127.0.0.1:5432; where none answers, the API starts its own
// embedded PostgreSQL (what it does without DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

// The API's own PostgreSQL driver: the browser suites have no database code.
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
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

interface Database {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function createDatabase(suite: string): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), `bakery-${suite}-e2e-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || LOCAL_SERVER;
  const name = `bakery_${suite}_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
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

async function waitForHealth(
  url: string,
  child: ChildProcess,
  logFile: string,
  ms = 90_000,
): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`API exited with code ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API not healthy after ${ms} ms; see ${logFile}`);
}

/** The environment with every payment and mail setting blanked (not removed:
 *  the API would then read them from a .env file), so neither is configured. */
function withoutIntegrations(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {
    SQUARE_ACCESS_TOKEN: '',
    SQUARE_LOCATION_ID: '',
    SMTP_HOST: '',
    SMTP_URL: '',
  };
  for (const [key, value] of Object.entries(env))
    if (value !== undefined) out[key] = /^(SQUARE_|SMTP_|MAIL_)/.test(key) ? '' : value;
  return out;
}

export interface E2eApi {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startApiForE2e(options: {
  /** Names the database and folder: 'storefront', 'desktop'. */
  suite: string;
  logFile: string;
  logLevel: 'info' | 'warn';
  ownerEmail: string;
  ownerPassword: string;
}): Promise<E2eApi> {
  const db = await createDatabase(options.suite);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  // `node --import tsx src/main.ts` in api/ (where tsx resolves): the real server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'api'),
    env: {
      ...withoutIntegrations(process.env),
      NODE_ENV: 'development',
      ...db.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      OWNER_EMAIL: options.ownerEmail,
      OWNER_PASSWORD: options.ownerPassword,
      LOG_LEVEL: options.logLevel,
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
    await waitForHealth(baseUrl, child, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
