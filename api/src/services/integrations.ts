// Builds the outside services from the environment: Square payments when
// SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set (otherwise orders stay
// pending for staff), SMTP mail when SMTP_URL or SMTP_HOST is set (otherwise
// messages go to the outbox folder, never the log, and mailConfigured is false).
import type { PrismaClient } from '@bakery/prisma';
import {
  mailSettingsOf,
  smsSettingsOf,
  outboxDirOf,
  parseEnv,
  squareSettingsOf,
  type AppConfig,
} from '../config.js';
import type { Logger } from './contracts.js';
import { createMailNotifications, type MailNotifications } from './mail/mailer.js';
import { createSmsSender, withTexts } from './sms.js';
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

/** `BAKERY_DATA_DIR/outbox` when a data folder is set, else `.outbox/` at the repository root (git-ignored). */
export function outboxDirFor(env: NodeJS.ProcessEnv): string {
  return outboxDirOf(parseEnv(env));
}

/**
 * The outside services of `config` (main.ts), or of `env` when given (tests
 * build several from small environments).
 */
export function createIntegrations(
  config: Pick<AppConfig, 'publicUrl'> &
    Partial<Pick<AppConfig, 'square' | 'mail' | 'sms' | 'outboxDir' | 'production'>>,
  prisma: PrismaClient,
  log: Logger,
  env?: NodeJS.ProcessEnv,
  overrides: IntegrationOverrides = {},
): Integrations {
  const parsed = env ? parseEnv(env) : null;
  const square = parsed ? squareSettingsOf(parsed) : (config.square ?? null);
  const mail = parsed ? mailSettingsOf(parsed) : (config.mail ?? null);
  const outboxDir =
    overrides.outboxDir ?? (parsed ? outboxDirOf(parsed) : (config.outboxDir ?? outboxDirOf({})));

  const mailNotifications = createMailNotifications({
    prisma,
    log,
    settings: mail,
    outboxDir,
    publicUrl: config.publicUrl,
    paymentConfigured: square !== null,
    retryDelaysMs: overrides.mailRetryDelaysMs,
  });
  const sms = parsed ? smsSettingsOf(parsed) : (config.sms ?? null);
  const notifications = withTexts(mailNotifications, createSmsSender(sms, log), prisma, log);
  if (sms) log.info('Text messages configured (Twilio)', { from: sms.from });
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
      'Mail is not configured (set SMTP_URL or SMTP_HOST): no mail is sent; messages are written to the outbox folder only, never to the log',
      { outboxDir },
    );

  return { notifications, payments, close: () => notifications.close() };
}
