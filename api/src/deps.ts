// What every router and service is handed: the database, the configuration,
// the logger and the two outside services. Its own module so that routers
// never import app.ts (which imports them).
import type { PrismaClient } from '@bakery/prisma';
import type { AppConfig } from './config.js';
import type { Logger, Notifications, Payments } from './services/contracts.js';
import type { Integrations } from './services/integrations.js';

export interface AppDeps {
  prisma: PrismaClient;
  config: AppConfig;
  log: Logger;
  notifications: Notifications;
  payments: Payments;
  /** Issue 38: the live integrations, for Settings → Connections (absent: those routes answer 503). */
  integrations?: Integrations;
  /** The database's URL when it differs from config.databaseUrl (the embedded PostgreSQL): for pg_dump. */
  databaseUrl?: string;
  /** Tests only (issue 38): held while the shop is closed for a restore. */
  restoreHooks?: { whileClosed?: () => Promise<void> };
}
