// The crash test's victim (mailCrash.test.ts): the real API on a database and
// an SMTP peer the test names, whose order-mail release kills the process
// (SIGKILL, no clean-up) right after the order's transaction has committed and
// before anything is sent. Prints "listening <url>" when it serves.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPrismaClient } from '@bakery/prisma';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { unconfiguredPayments } from '../../src/services/contracts.js';
import { createLogger } from '../../src/services/logger.js';
import { createMailNotifications, readMailSettings } from '../../src/services/mail/mailer.js';

const databaseUrl = process.env.CRASH_DATABASE_URL!;
const prisma = createPrismaClient(databaseUrl, { max: 3 });
const config = {
  ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'crash-test-session-secret-0123' }),
  databaseUrl,
};
const log = createLogger({ level: 'silent' });
const mail = createMailNotifications({
  prisma,
  log,
  settings: readMailSettings({ SMTP_HOST: '127.0.0.1', SMTP_PORT: process.env.CRASH_SMTP_PORT }),
  outboxDir: mkdtempSync(path.join(os.tmpdir(), 'bakery-crash-')),
  publicUrl: 'https://shop.example.com',
  paymentConfigured: false,
  holdMs: 1_000,
});
const notifications = {
  ...mail,
  // The order and its mail row are committed; the process dies before the send.
  releaseQueued: async () => {
    process.kill(process.pid, 'SIGKILL');
  },
};
const app = createApp({ prisma, config, log, notifications, payments: unconfiguredPayments });
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`listening http://127.0.0.1:${port}\n`);
});
