// The API server the admin bench measures, in a process of its own so that
// its memory is the server's alone: the Koa app of createApp on DATABASE_URL
// and PORT (no mail, no Square). Prints "ready <port>" once listening.
import type { AddressInfo } from 'node:net';
import { createPrismaClient } from '@bakery/prisma';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { loggingNotifications, unconfiguredPayments } from '../src/services/contracts.js';
import { createLogger } from '../src/services/logger.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const config = {
  ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'bench-session-secret-0123456789abcdef' }),
  databaseUrl,
};
const log = createLogger({ level: 'error' });
const prisma = createPrismaClient(databaseUrl);
const app = createApp({
  prisma,
  config,
  log,
  notifications: loggingNotifications(log),
  payments: unconfiguredPayments,
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`ready ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void prisma.$disconnect().finally(() => process.exit(0));
});
