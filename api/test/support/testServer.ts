// A real HTTP server on port 0 on its own test database, with the same
// middleware chain as production. Options swap in other integrations (a real
// SMTP peer, Square against a local fake) or configuration.
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import type { AppDeps } from '../../src/deps.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import {
  loggingNotifications,
  unconfiguredPayments,
  type Logger,
  type Notifications,
  type Payments,
} from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import type { Integrations } from '../../src/services/integrations.js';
import { createTestDatabase } from './testDatabase.js';

export interface TestServerOptions {
  notifications?:
    Notifications | ((deps: Omit<AppDeps, 'notifications' | 'payments'>) => Notifications);
  payments?: Payments | ((deps: Omit<AppDeps, 'notifications' | 'payments'>) => Payments);
  /** Issue 38: the live integrations behind Settings → Connections (their notifications and payments are used). */
  integrations?: (deps: Omit<AppDeps, 'notifications' | 'payments'>) => Integrations;
  config?: Partial<AppConfig>;
  log?: Logger;
  /** The PostgreSQL server to create the test database on (default: the run's). */
  databaseServer?: string;
}

export async function startTestServer(options: TestServerOptions = {}) {
  const database = await createTestDatabase(options.databaseServer);
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-0123456789' }),
    databaseUrl: database.url,
    ...options.config,
  };
  const log =
    options.log ?? createLogger({ level: (process.env.TEST_LOG_LEVEL as never) ?? 'error' });
  const base = { prisma: database.prisma, config, log };
  const resolve = <T>(value: T | ((deps: typeof base) => T) | undefined, fallback: T): T =>
    value === undefined
      ? fallback
      : typeof value === 'function'
        ? (value as (deps: typeof base) => T)(base)
        : value;
  const integrations = options.integrations?.(base);
  if (integrations) await integrations.reload();
  const deps: AppDeps = integrations
    ? {
        ...base,
        integrations,
        notifications: integrations.notifications,
        payments: integrations.payments,
      }
    : {
        ...base,
        notifications: resolve(
          options.notifications,
          loggingNotifications(createLogger({ level: 'error' })),
        ),
        payments: resolve(options.payments, unconfiguredPayments),
      };
  const app = createApp(deps);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links in mail point at this server unless the test chose otherwise.
  if (!options.config?.publicUrl) config.publicUrl = baseUrl;
  return {
    baseUrl,
    prisma: database.prisma,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
