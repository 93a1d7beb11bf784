// Starts the real API (which serves the built storefront) on a database and a
// port of its own (@bakery/test-support). The returned function is the
// teardown. Square is left unconfigured: orders stay pending for staff
// ('Order submitted for review'). Mail goes over SMTP to a local server that
// files each message in E2E_OUTBOX_DIR, where the scenarios read it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiForE2e } from '@bakery/test-support';

const here = dirname(fileURLToPath(import.meta.url));
const API_LOG = join(here, '..', 'test-results', 'api.log');
const OWNER_EMAIL = 'owner-storefront-e2e@example.com';
const OWNER_PASSWORD = 'owner-storefront-e2e-password';

export default async function globalSetup() {
  if (!existsSync(join(here, '..', 'dist', 'index.html')))
    throw new Error(
      'storefront/dist is missing: run `pnpm --filter @bakery/storefront run build` first',
    );
  const api = await startApiForE2e({
    suite: 'storefront',
    logFile: API_LOG,
    logLevel: 'info',
    ownerEmail: OWNER_EMAIL,
    ownerPassword: OWNER_PASSWORD,
  });
  process.env.E2E_BASE_URL = api.baseUrl;
  process.env.E2E_OUTBOX_DIR = api.outboxDir;
  process.env.E2E_OWNER_EMAIL = OWNER_EMAIL;
  process.env.E2E_OWNER_PASSWORD = OWNER_PASSWORD;
  return api.stop;
}
