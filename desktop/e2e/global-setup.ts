// Starts the real API (which serves desktop/dist-web at /admin) on a fresh
// database and a free port, then seeds orders and a review through the
// customer API. The returned function stops the API and drops the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../../api/test/support/testDatabase';
import { seedThroughCustomerApi, SEED_FILE } from './seed';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const API_LOG = join(here, '..', 'test-results', 'api.log');
export const OWNER_EMAIL = 'owner-desktop-e2e@example.com';
export const OWNER_PASSWORD = 'owner-desktop-e2e-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, ms = 60_000): Promise<void> {
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
  const db = await createTestDatabase('desktop_e2e');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(API_LOG), { recursive: true });
  const log = createWriteStream(API_LOG);
  // `node --import tsx src/main.ts` in api/ (where tsx resolves), the real server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'api'),
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, OWNER_EMAIL, OWNER_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
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
