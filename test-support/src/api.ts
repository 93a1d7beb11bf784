// The real API for the browser suites (storefront and desktop e2e): a database
// of its own, a data folder of its own (mail outbox, and the embedded cluster
// where no PostgreSQL server answers), a free port, Square left unconfigured
// and mail sent over SMTP to a local mailbox (smtpMailbox.ts) whose folder the
// tests read. `npm test` has already built everything, so nothing is built
// here. `stop()` ends the API, drops the database and removes the folder.
//
// Database: a fresh one on the configured server (postgres.ts); where none
// answers, the API starts its own embedded PostgreSQL (what it does without
// DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredPostgres, createDatabase } from './postgres';
import { startSmtpMailbox } from './smtpMailbox';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface SuiteDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function suiteDatabase(suite: string): Promise<SuiteDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `bakery-${suite}-e2e-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const db = await createDatabase(configuredPostgres().url, `${suite}_e2e`);
  if (db) {
    return {
      env: { DATABASE_URL: db.url, BAKERY_DATA_DIR: dataDir },
      drop: async () => {
        await db.drop();
        removeDataDir();
      },
    };
  }
  return {
    env: { DATABASE_URL: '', BAKERY_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) },
    drop: async () => removeDataDir(),
  };
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
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
  ms = 180_000,
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
  /**
   * Every message the API sent, one .eml file each, as a local SMTP server
   * received it (smtpMailbox.ts): the API talks real SMTP to it.
   */
  outboxDir: string;
  /** While this file exists, a restore from the back office keeps the shop closed. */
  restoreHoldFile: string;
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
  const db = await suiteDatabase(options.suite);
  const mailbox = await startSmtpMailbox(join(db.env.BAKERY_DATA_DIR, 'mailbox'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const restoreHoldFile = join(db.env.BAKERY_DATA_DIR, 'restore-hold');
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  // The compiled server `npm test` built (api/dist), as production runs it;
  // the TypeScript sources through tsx when no build is there.
  const bundle = join(repo, 'api', 'dist', 'main.js');
  const args = existsSync(bundle)
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
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
      // A new database: the release step (migrations, owner seed) runs in this process.
      MIGRATE_ON_START: '1',
      // The browser suites sign up many customers from one address.
      SIGNUP_LIMIT_PER_HOUR: '10000',
      // ... and sign in as the seeded owner with the password alone.
      STAFF_2FA_BY_DEFAULT: '0',
      // ... without choosing a new password first (issue 38).
      OWNER_FIRST_PASSWORD_CHANGE: '0',
      // Mail goes out over SMTP, to the local mailbox; Square stays unconfigured.
      SMTP_URL: mailbox.url,
      MAIL_FROM: '"Bakery tests" <shop@bakery.test>',
      // A restore from the back office stays closed while this file exists (issue 38).
      RESTORE_HOLD_FILE: restoreHoldFile,
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
    await mailbox.close();
    await db.drop();
  };
  try {
    await waitForHealth(baseUrl, child, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, outboxDir: mailbox.dir, restoreHoldFile, stop };
}
