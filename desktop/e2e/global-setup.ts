// Starts the real API (which serves desktop/dist-web at /admin) on a database
// and a port of its own (@bakery/test-support), then seeds orders and a
// review through the customer API. The returned function is the teardown.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiForE2e } from '@bakery/test-support';
import { seedThroughCustomerApi, SEED_FILE } from './seed';

const here = dirname(fileURLToPath(import.meta.url));
export const OWNER_EMAIL = 'owner-desktop-e2e@example.com';
export const OWNER_PASSWORD = 'owner-desktop-e2e-password';

export default async function globalSetup() {
  if (!existsSync(join(here, '..', 'dist-web', 'index.html')))
    throw new Error(
      'desktop/dist-web is missing: run `pnpm --filter @bakery/desktop run build` first',
    );
  const api = await startApiForE2e({
    suite: 'desktop',
    logFile: join(here, '..', 'test-results', 'api.log'),
    logLevel: 'warn',
    ownerEmail: OWNER_EMAIL,
    ownerPassword: OWNER_PASSWORD,
  });
  try {
    const seed = await seedThroughCustomerApi(api.baseUrl);
    writeFileSync(SEED_FILE, JSON.stringify(seed, null, 2));
  } catch (error) {
    await api.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = api.baseUrl;
  // Mail goes to the outbox (no SMTP in the browser suites): the counter's test reads it.
  process.env.E2E_OUTBOX = api.outboxDir;
  // Issue 38: the restore test keeps the shop closed while this file exists.
  process.env.E2E_RESTORE_HOLD = api.restoreHoldFile;
  process.env.E2E_OWNER_EMAIL = OWNER_EMAIL;
  process.env.E2E_OWNER_PASSWORD = OWNER_PASSWORD;
  return api.stop;
}
