// Start-up: the configuration (config.ts refuses what it cannot use), the
// database (DATABASE_URL, or an embedded PostgreSQL under BAKERY_DATA_DIR),
// then the integrations and the HTTP server on PORT. Migrations and the seed
// are a release step (release.ts: `pnpm --filter @bakery/prisma run db:deploy`)
// run once before the processes start; with MIGRATE_ON_START=1 (npm start, a
// single machine) this process runs that step itself. SIGINT/SIGTERM close
// everything in order. The start-up time is logged with the address.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createPrismaClient, pendingMigrations } from '@bakery/prisma';
import { createApp } from './app.js';
import { closeMenu } from './services/menu/live.js';
import { proxyPeerCheck } from './clientAddress.js';
import { ConfigError, loadConfig, MIGRATIONS_DIR, REPO_ROOT } from './config.js';
import { openDatabase } from './db/embedded.js';
import { releaseStep } from './release.js';
import { createIntegrations } from './services/integrations.js';
import { createLogger, flushLogs } from './services/logger.js';
import {
  backupJob,
  dropNotifyJob,
  standingOrdersJob,
  photoSweepJob,
  pickupReminderJob,
  purgeJob,
  queueCleanupJob,
  idempotencySweepJob,
  unpaidReleaseJob,
} from './services/upkeep/jobs.js';
import { startScheduler } from './services/upkeep/scheduler.js';
import { listenForShopSettings, loadShopSettings } from './services/settings/shopSettings.js';

/** Variables from the repository's .env, if any; the real environment wins. */
function loadDotEnv() {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  flushLogs();
  process.exit(1);
}

async function main() {
  loadDotEnv();
  let config;
  try {
    config = loadConfig(process.env, { persistSecret: true });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = createLogger({ level: config.logLevel });
  if (config.production && config.secureCookies && !config.trustProxy) {
    log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is not set: the Secure session cookie needs the TLS proxy to be trusted (X-Forwarded-Proto); sign-in fails until TRUST_PROXY=1 is set',
    );
  }
  const loopbackHost = config.host && /^(localhost|127\.[\d.]+|::1)$/.test(config.host);
  const isProxy = proxyPeerCheck(config);
  if (config.trustProxy && loopbackHost && !isProxy('127.0.0.1') && !isProxy('::1')) {
    log.warn(
      `HOST is ${config.host} (only this machine can connect) but PROXY_ADDRESSES names no address of this machine: set HOST to an address the proxy reaches`,
    );
  }
  const database = await openDatabase(config, log);
  const databaseUrl = database.url;
  try {
    if (config.migrateOnStart) {
      await releaseStep(databaseUrl, config, log);
    } else {
      const pending = await pendingMigrations(databaseUrl, MIGRATIONS_DIR);
      if (pending.length)
        throw new Error(
          `The database lacks ${pending.length} migration(s) (${pending.join(', ')}). Run the release step first: pnpm --filter @bakery/prisma run db:deploy (or start with MIGRATE_ON_START=1).`,
        );
    }
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  const prisma = createPrismaClient(databaseUrl);
  const integrations = createIntegrations(config, prisma, log);
  const { notifications, payments } = integrations;

  // The owner's shop settings, in force before the first request; every
  // process reloads them when any one saves a change (NOTIFY shop_settings).
  await loadShopSettings(prisma);
  // Issue 38: Square, mail and texts connected in Settings, reloaded with the settings.
  await integrations.reload();
  const settingsListener = listenForShopSettings({
    databaseUrl,
    prisma,
    log,
    onReload: () => integrations.reload(),
  });

  const app = createApp({
    prisma,
    config,
    log,
    notifications,
    payments,
    integrations,
    databaseUrl,
  });
  const listening = () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info('bakery API listening', {
      url: `http://localhost:${port}`,
      // HOST; behind a proxy (TRUST_PROXY=1) 127.0.0.1 unless set, else every interface.
      host: config.host ?? 'every interface',
      publicUrl: config.publicUrl,
      mode: config.nodeEnv,
      startupMs: Math.round(process.uptime() * 1000),
    });
  };
  const server = config.host
    ? app.listen(config.port, config.host, listening)
    : app.listen(config.port, listening);
  server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout

  // The scheduled jobs (issues 27, 41) on the job queue (graphile-worker, its
  // own schema in this database): any process may run them, each run is taken
  // by one (docs/deployment.md#backups).
  const scheduler = config.scheduledJobs
    ? await startScheduler({
        prisma,
        log,
        databaseUrl,
        jobs: [
          backupJob({
            prisma,
            log,
            databaseUrl,
            dir: config.backupDir,
            pgBinDir: config.pgBinDir,
            method: config.backupMethod,
            mediaDir: config.mediaDir,
          }),
          unpaidReleaseJob({ prisma, log, notifications }),
          dropNotifyJob({ prisma, log, notifications }),
          standingOrdersJob({ prisma, log, notifications }),
          pickupReminderJob({ prisma, log, mail: notifications }),
          purgeJob({ prisma }),
          photoSweepJob({ prisma, log, mediaDir: config.mediaDir }),
          queueCleanupJob({ databaseUrl }),
          idempotencySweepJob({ prisma, log }),
        ],
      })
    : null;
  if (scheduler) {
    log.info('scheduled jobs on graphile-worker: nightly backup, unpaid-order release and more', {
      backupDir: config.backupDir,
    });
    // A night missed while the server was down, without waiting for the first minute.
    void scheduler
      .tick()
      .catch((error: unknown) =>
        log.warn('scheduled jobs: first run not queued', { error: String(error) }),
      );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    await scheduler?.stop();
    await settingsListener.stop();
    const forced = setTimeout(() => {
      flushLogs();
      process.exit(1);
    }, 10_000);
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
    // The menu's LISTEN connection and page renderer (issue 22).
    await closeMenu().catch(() => undefined);
    await prisma.$disconnect().catch(() => undefined);
    await database
      .close()
      .catch((error: unknown) =>
        log.error('embedded PostgreSQL did not stop cleanly', { error: String(error) }),
      );
    flushLogs();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  server.on('error', (error) => {
    log.error('server error', { error: String(error) });
    void (async () => {
      await prisma.$disconnect().catch(() => undefined);
      await database.close().catch(() => undefined);
      flushLogs();
      process.exit(1);
    })();
  });
}

main().catch((error: unknown) => {
  fail(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
});
