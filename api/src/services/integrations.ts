// Builds the outside services from the environment: Square payments when
// SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set (otherwise orders stay
// pending for staff), SMTP mail when SMTP_URL or SMTP_HOST is set (otherwise
// messages go to the outbox folder and the log, and mailConfigured is false).
import path from 'node:path';
import type { PrismaClient } from '@bakery/prisma';
import type { AppConfig } from '../config.js';
import type { Logger } from './contracts.js';
import {
  createMailNotifications,
  readMailSettings,
  type MailNotifications,
} from './mail/mailer.js';
import { readSquareSettings } from './square/settings.js';
import { createSquarePayments } from './square/squarePayments.js';
import { unconfiguredPaymentFlows, type PaymentFlows } from './square/types.js';

export interface Integrations {
  notifications: MailNotifications;
  payments: PaymentFlows;
  /** Waits for queued mail, then closes SMTP connections (call on shutdown). */
  close(): Promise<void>;
}

export interface IntegrationOverrides {
  /** SDK limits (tests: 0 retries, a short timeout). */
  squareMaxRetries?: number;
  squareTimeoutInSeconds?: number;
  mailRetryDelaysMs?: number[];
  outboxDir?: string;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** `BAKERY_DATA_DIR/outbox` when a data folder is set, else `.outbox/` at the repository root (git-ignored). */
export function outboxDirFor(env: NodeJS.ProcessEnv): string {
  const dataDir = env.BAKERY_DATA_DIR?.trim();
  return dataDir ? path.resolve(dataDir, 'outbox') : path.join(REPO_ROOT, '.outbox');
}

export function createIntegrations(
  config: Pick<AppConfig, 'publicUrl'>,
  prisma: PrismaClient,
  log: Logger,
  env: NodeJS.ProcessEnv = process.env,
  overrides: IntegrationOverrides = {},
): Integrations {
  const square = readSquareSettings(env);
  const mail = readMailSettings(env);
  const outboxDir = overrides.outboxDir ?? outboxDirFor(env);

  const notifications = createMailNotifications({
    prisma,
    log,
    settings: mail,
    outboxDir,
    publicUrl: config.publicUrl,
    paymentConfigured: square !== null,
    retryDelaysMs: overrides.mailRetryDelaysMs,
  });
  const payments = square
    ? createSquarePayments({
        settings: square,
        prisma,
        log,
        notifications,
        publicUrl: config.publicUrl,
        maxRetries: overrides.squareMaxRetries,
        timeoutInSeconds: overrides.squareTimeoutInSeconds,
      })
    : unconfiguredPaymentFlows;

  if (square) {
    log.info('Square payments configured', {
      environment: square.environment,
      baseUrl: square.baseUrl,
      allowTipping: square.allowTipping,
    });
    if (!square.webhookSignatureKey || !square.webhookUrl)
      log.warn(
        'Square webhook disabled: set SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL (payments are still confirmed on the confirmation page)',
      );
  } else {
    log.warn(
      'Square is not configured (SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID): orders stay pending for staff to arrange payment',
    );
  }
  if (!mail)
    log.warn(
      'SMTP is not configured (SMTP_URL or SMTP_HOST): mail is written to the outbox and the log',
      { outboxDir },
    );

  return { notifications, payments, close: () => notifications.close() };
}
