// The burst crash test's server (burstCrash.test.ts): the real API on the
// database the test names, with the real mail queue (no SMTP: rows in the
// OutboundMail table, files in a temporary outbox), so an order and its
// confirmation mail are stored as in production. Prints "listening <url>".
// The test kills it with SIGKILL in the middle of a burst of orders.
// pgRestart.test.ts runs it too, with BURST_SMTP_PORT (mail sent to an SMTP
// peer) and stops its PostgreSQL under it instead.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPrismaClient } from '@bakery/prisma';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { unconfiguredPayments } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { createMailNotifications, readMailSettings } from '../../src/services/mail/mailer.js';
import { DEFAULT_RATE_LIMITS } from '../../src/middleware/rateLimit.js';

const databaseUrl = process.env.BURST_DATABASE_URL!;
const prisma = createPrismaClient(databaseUrl, { max: 10 });
const config = {
  ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'burst-test-session-secret-0123' }),
  databaseUrl,
  rateLimits: { orderPerIp: { ...DEFAULT_RATE_LIMITS.orderPerIp, max: 10_000 } },
};
const log = createLogger({
  level: (process.env.BURST_LOG_LEVEL as 'warn' | undefined) ?? 'silent',
});
const notifications = createMailNotifications({
  prisma,
  log,
  settings: process.env.BURST_SMTP_PORT
    ? readMailSettings({ SMTP_HOST: '127.0.0.1', SMTP_PORT: process.env.BURST_SMTP_PORT })
    : null,
  outboxDir: mkdtempSync(path.join(os.tmpdir(), 'bakery-burst-')),
  publicUrl: 'https://shop.example.com',
  paymentConfigured: false,
});
const app = createApp({ prisma, config, log, notifications, payments: unconfiguredPayments });
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`listening http://127.0.0.1:${port}\n`);
});
