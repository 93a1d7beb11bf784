// Start-up: the database (DATABASE_URL, or an embedded PostgreSQL under
// BAKERY_DATA_DIR), migrations, the seed owner, the integrations, then the
// HTTP server on PORT. SIGINT/SIGTERM close everything in order.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations, createPrismaClient } from '@bakery/prisma';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { createIntegrations } from './services/integrations.js';
import { seedOwner } from './services/seed.js';
import { seedKitchen } from './services/recipes.js';
import { createLogger } from './services/logger.js';
import { purgeExpired } from './services/sessionStore.js';

/** Variables from the repository's .env, if any; the real environment wins. */
function loadDotEnv() {
  const file = path.resolve(import.meta.dirname, '../../.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

async function main() {
  loadDotEnv();
  const config = loadConfig(process.env);
  const log = createLogger({ level: (process.env.LOG_LEVEL as never) ?? 'info' });
  if (config.production && !config.trustProxy) {
    log.warn(
      'NODE_ENV=production without TRUST_PROXY=1: the Secure session cookie needs the TLS proxy to be trusted (X-Forwarded-Proto); sign-in fails until TRUST_PROXY=1 is set',
    );
  }
  let embedded: EmbeddedServer | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    log.info('DATABASE_URL is not set: starting the embedded PostgreSQL', {
      dataDir: config.dataDir,
      port,
    });
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port,
      persistent: true,
    });
    databaseUrl = await ensureDatabase(embedded.serverUrl, 'bakery');
  }
  const stopEmbedded = async () => {
    await embedded
      ?.stop()
      .catch((error: unknown) =>
        log.error('embedded PostgreSQL did not stop cleanly', { error: String(error) }),
      );
    embedded = null;
  };
  let freshDatabase = false;
  try {
    const migrations = await applyMigrations(databaseUrl);
    freshDatabase = migrations.alreadyApplied === 0;
    if (migrations.applied.length) log.info('migrations applied', { applied: migrations.applied });
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
  const prisma = createPrismaClient(databaseUrl);
  await seedOwner(prisma, config, log);
  // The starter ingredients and recipes, on a new database only: once staff
  // have edited (or emptied) the kitchen, a restart must not bring them back.
  if (freshDatabase && (await seedKitchen(prisma)).seeded)
    log.info('starter ingredients and recipes added');

  const integrations = createIntegrations(config, prisma, log);
  const { notifications, payments } = integrations;

  const app = createApp({ prisma, config, log, notifications, payments });
  const server = app.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info('bakery API listening', {
      url: `http://localhost:${port}`,
      publicUrl: config.publicUrl,
    });
  });
  server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout

  const purge = setInterval(
    () =>
      void purgeExpired(prisma).catch((error) =>
        log.warn('purge failed', { error: String(error) }),
      ),
    60 * 60 * 1000,
  );
  purge.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    clearInterval(purge);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    // Queued mail is sent before the database goes away.
    await integrations
      .close()
      .catch((error: unknown) =>
        log.warn('mail queue did not close cleanly', { error: String(error) }),
      );
    await prisma.$disconnect().catch(() => undefined);
    await stopEmbedded();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  server.on('error', async (error) => {
    log.error('server error', { error: String(error) });
    await prisma.$disconnect().catch(() => undefined);
    await stopEmbedded();
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
