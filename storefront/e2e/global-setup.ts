// Starts the real API (which serves the built storefront) on a fresh database
// and a free port. `npm test` has already run `pnpm run build`, so nothing is
// built here. The returned function is the teardown: stop the API, drop the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../../api/test/support/testDatabase';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
export const API_LOG = join(here, '..', 'test-results', 'api.log');
export const OWNER_EMAIL = 'owner-e2e@example.com';
export const OWNER_PASSWORD = 'owner-e2e-password';

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

async function waitForHealth(url: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`API exited with code ${child.exitCode}; see ${API_LOG}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API not healthy after ${ms} ms; see ${API_LOG}`);
}

export default async function globalSetup() {
  if (!existsSync(join(here, '..', 'dist', 'index.html')))
    throw new Error('storefront/dist is missing: run `pnpm run build` first');
  const db = await createTestDatabase('storefront_e2e');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(API_LOG), { recursive: true });
  const log = createWriteStream(API_LOG);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      OWNER_EMAIL,
      OWNER_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    await db.drop();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_API_LOG = API_LOG;
  process.env.E2E_OWNER_EMAIL = OWNER_EMAIL;
  process.env.E2E_OWNER_PASSWORD = OWNER_PASSWORD;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await db.drop();
  };
}
