// What the benches stand on (bench.ts, drop.ts): a database of their own on
// the PostgreSQL at hand (an embedded one when none answers), the migrations,
// the compiled API started on it, and everything removed afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '@bakery/prisma';
import { freePort } from '@bakery/test-support';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.js';
import { MIGRATIONS_DIR } from '../src/config.js';

/** BENCH_API_DIR: another build's api folder (its dist/main.js), to compare two builds in one minute. */
export const API_DIR = path.resolve(
  process.env.BENCH_API_DIR || path.join(import.meta.dirname, '..'),
);

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
}

export interface BenchDatabase {
  databaseUrl: string;
  /** The API's data folder; its log is api.log there. */
  dataDir: string;
  /** Starts the compiled API on this database (stopped when the bench ends). */
  startServer(port: number, options?: { logLevel?: string }): Promise<BenchServer>;
}

/**
 * Runs `bench` on a fresh, migrated database named `<prefix>_<random>`; on a
 * failure prints the end of the API's log; always stops the server and drops
 * the database, its data folder and an embedded PostgreSQL.
 */
export async function withBenchDatabase(
  prefix: string,
  bench: (db: BenchDatabase) => Promise<void>,
): Promise<void> {
  if (!existsSync(path.join(API_DIR, 'dist/main.js')))
    throw new Error('api/dist/main.js is missing: run `pnpm --filter @bakery/api run build` first');
  let embedded: EmbeddedServer | null = null;
  let serverUrl =
    process.env.BENCH_PG_URL ||
    process.env.TEST_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgresql://postgres@127.0.0.1:5432/postgres';
  if (!(await reachable(serverUrl))) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-bench-pg-'));
    await chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port: await freePort(),
      persistent: false,
    });
    serverUrl = embedded.serverUrl;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-data-`));
  const servers: ChildProcess[] = [];
  try {
    await applyMigrations(databaseUrl, MIGRATIONS_DIR);
    await bench({
      databaseUrl,
      dataDir,
      async startServer(port, options) {
        const running = await startApi(databaseUrl, port, dataDir, options?.logLevel);
        servers.push(running.child);
        return running;
      },
    });
  } catch (error) {
    const log = path.join(dataDir, 'api.log');
    if (existsSync(log)) console.error(readFileSync(log, 'utf8').split('\n').slice(-15).join('\n'));
    throw error;
  } finally {
    for (const server of servers)
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
    await embedded?.stop();
  }
}

/** The compiled API (production mode) on `databaseUrl`, once /api/health answers. */
async function startApi(
  databaseUrl: string,
  port: number,
  dataDir: string,
  logLevel = 'warn',
): Promise<BenchServer> {
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--enable-source-maps', 'dist/main.js'],
    {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        BAKERY_DATA_DIR: dataDir,
        TRUST_PROXY: '1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? logLevel,
        // Blank, not unset: the API would read them from a .env file.
        SQUARE_ACCESS_TOKEN: '',
        SQUARE_LOCATION_ID: '',
        SMTP_URL: '',
        SMTP_HOST: '',
      },
      stdio: ['ignore', openSync(path.join(dataDir, 'api.log'), 'a'), 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not answer /api/health within 60 s');
}
