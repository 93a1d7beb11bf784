// Builds the outside services from the environment: Square payments when
// SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set (otherwise orders stay
// pending for staff), SMTP mail when SMTP_URL or SMTP_HOST is set (otherwise
// messages go to the outbox folder, never the log, and mailConfigured is false).
// Issue 38: a service the environment does not set may be connected by the
// owner in Settings (integrationSettings.ts); `reload()` puts the stored
// connections in force without a restart. The notifications and payments
// handed to the app are live: they always use the connection now in force.
import type { PrismaClient } from '@bakery/prisma';
import {
  mailSettingsOf,
  smsSettingsOf,
  outboxDirOf,
  parseEnv,
  squareSettingsOf,
  squareWebhookOf,
  type AppConfig,
} from '../config.js';
import type { Logger } from './contracts.js';
import { createMailNotifications, type MailNotifications } from './mail/mailer.js';
import { createSmsSender, withTexts, type SmsSender } from './sms.js';
import { createSquarePayments } from './square/squarePayments.js';
import { unconfiguredPaymentFlows, type PaymentFlows } from './square/types.js';
import type { MailSettings, SmsSettings, SquareSettings } from '../settings.js';
import {
  mailSettingsFrom,
  readStoredIntegrations,
  smsSettingsFrom,
  squareSettingsFrom,
  squareWebhookUrlOf,
  type SquareWebhookSettings,
  type StoredIntegrations,
} from './integrationSettings.js';

export interface Integrations {
  notifications: MailNotifications;
  payments: PaymentFlows;
  /** What is in force now and where it came from (the Settings screen, issue 38). */
  state: IntegrationState;
  /** Reads the connections stored in Settings and puts them in force (env settings win). */
  reload(): Promise<void>;
  /** Waits for queued mail, then closes SMTP connections (call on shutdown). */
  close(): Promise<void>;
}

export interface IntegrationState {
  /** Set by the environment (or config): these win over Settings. */
  environment: { square: boolean; mail: boolean; sms: boolean };
  /** Issue 42: SQUARE_TERMINAL_DEVICE_ID, which wins over the device saved in Settings. */
  environmentTerminalDeviceId: string | null;
  /** How a Square connection made in Settings checks webhooks: the environment's key (when set) and the URL. */
  squareWebhook: SquareWebhookSettings;
  /** The stored connections last read (null before the first reload). */
  stored: StoredIntegrations | null;
  /** Where tests point Square and Twilio (never an owner's input). */
  squareBaseUrl?: string;
  twilioApiUrl?: string;
  squareMaxRetries?: number;
  squareTimeoutInSeconds?: number;
}

export interface IntegrationOverrides {
  /** SDK limits (tests: 0 retries, a short timeout). */
  squareMaxRetries?: number;
  squareTimeoutInSeconds?: number;
  mailRetryDelaysMs?: number[];
  outboxDir?: string;
  /** Tests: the local fakes that connections made in Settings talk to. */
  squareBaseUrl?: string;
  twilioApiUrl?: string;
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
    Partial<
      Pick<
        AppConfig,
        | 'square'
        | 'squareTerminalDeviceId'
        | 'squareWebhook'
        | 'mail'
        | 'sms'
        | 'outboxDir'
        | 'production'
        | 'sessionSecret'
      >
    >,
  prisma: PrismaClient,
  log: Logger,
  env?: NodeJS.ProcessEnv,
  overrides: IntegrationOverrides = {},
): Integrations {
  const parsed = env ? parseEnv(env) : null;
  const envSquare = parsed ? squareSettingsOf(parsed) : (config.square ?? null);
  const envMail = parsed ? mailSettingsOf(parsed) : (config.mail ?? null);
  const envSms = parsed ? smsSettingsOf(parsed) : (config.sms ?? null);
  const envTerminalDeviceId =
    (parsed ? parsed.SQUARE_TERMINAL_DEVICE_ID : config.squareTerminalDeviceId) || null;
  const envWebhook = parsed ? squareWebhookOf(parsed) : config.squareWebhook;
  const squareWebhook: SquareWebhookSettings = {
    signatureKey: envWebhook?.signatureKey,
    url: envWebhook?.url ?? squareWebhookUrlOf(config.publicUrl),
  };
  const outboxDir =
    overrides.outboxDir ?? (parsed ? outboxDirOf(parsed) : (config.outboxDir ?? outboxDirOf({})));

  // The payments in force; `payments` below always hands calls to it.
  let square: SquareSettings | null = null;
  let currentPayments: PaymentFlows = unconfiguredPaymentFlows;
  const payments: PaymentFlows = {
    get configured() {
      return currentPayments.configured;
    },
    ensurePaymentLink: (orderId, options) => currentPayments.ensurePaymentLink(orderId, options),
    confirmPayment: (referenceId) => currentPayments.confirmPayment(referenceId),
    handleWebhook: (rawBody, signature) => currentPayments.handleWebhook(rawBody, signature),
    terminal: {
      start: (orderId, actor) => currentPayments.terminal.start(orderId, actor),
      latest: (orderId) => currentPayments.terminal.latest(orderId),
      cancel: (orderId, actor) => currentPayments.terminal.cancel(orderId, actor),
      apply: (tx, report) => currentPayments.terminal.apply(tx, report),
    },
  };

  let smsSettings: SmsSettings | null = null;
  let currentSms: SmsSender = createSmsSender(null, log);
  const sms: SmsSender = {
    get configured() {
      return currentSms.configured;
    },
    send: (to, body) => currentSms.send(to, body),
  };

  const mailNotifications = createMailNotifications({
    prisma,
    log,
    settings: envMail,
    outboxDir,
    publicUrl: config.publicUrl,
    paymentConfigured: () => payments.configured,
    retryDelaysMs: overrides.mailRetryDelaysMs,
  });
  const notifications = withTexts(mailNotifications, sms, prisma, log, config.publicUrl);

  const useSquare = (settings: SquareSettings | null) => {
    if (JSON.stringify(settings) === JSON.stringify(square)) return;
    square = settings;
    currentPayments = settings
      ? createSquarePayments({
          settings,
          prisma,
          log,
          notifications,
          publicUrl: config.publicUrl,
          maxRetries: overrides.squareMaxRetries,
          timeoutInSeconds: overrides.squareTimeoutInSeconds,
        })
      : unconfiguredPaymentFlows;
  };
  const useSms = (settings: SmsSettings | null) => {
    if (JSON.stringify(settings) === JSON.stringify(smsSettings)) return;
    smsSettings = settings;
    currentSms = createSmsSender(settings, log);
  };
  let mailSettings: MailSettings | null = envMail;
  const useMail = (settings: MailSettings | null) => {
    if (JSON.stringify(settings) === JSON.stringify(mailSettings)) return;
    mailSettings = settings;
    mailNotifications.useSettings(settings);
  };
  useSquare(envSquare);
  useSms(envSms);

  const state: IntegrationState = {
    environment: { square: envSquare !== null, mail: envMail !== null, sms: envSms !== null },
    environmentTerminalDeviceId: envTerminalDeviceId,
    squareWebhook,
    stored: null,
    squareBaseUrl: overrides.squareBaseUrl,
    twilioApiUrl: overrides.twilioApiUrl,
    squareMaxRetries: overrides.squareMaxRetries,
    squareTimeoutInSeconds: overrides.squareTimeoutInSeconds,
  };

  async function reload() {
    if (!config.sessionSecret) return;
    const stored = await readStoredIntegrations(prisma, config.sessionSecret);
    state.stored = stored;
    if (!envSquare)
      useSquare(
        stored.square
          ? {
              ...squareSettingsFrom(stored.square, overrides.squareBaseUrl, squareWebhook),
              // The Terminal paired in the environment wins over the one saved in Settings.
              ...(envTerminalDeviceId ? { terminalDeviceId: envTerminalDeviceId } : {}),
            }
          : null,
      );
    if (!envMail) useMail(stored.mail ? mailSettingsFrom(stored.mail) : null);
    if (!envSms) useSms(stored.sms ? smsSettingsFrom(stored.sms, overrides.twilioApiUrl) : null);
  }

  if (envSms) log.info('Text messages configured (Twilio)', { from: envSms.from });
  if (envSquare) {
    log.info('Square payments configured', {
      environment: envSquare.environment,
      baseUrl: envSquare.baseUrl,
      allowTipping: envSquare.allowTipping,
    });
    if (!envSquare.webhookSignatureKey || !envSquare.webhookUrl)
      log.warn(
        'Square webhook disabled: set SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL (payments are still confirmed on the confirmation page)',
      );
  } else {
    log.warn(
      'Square is not set in the environment (SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID): the owner may connect it in Settings; until then orders stay pending for staff to arrange payment',
    );
  }
  if (!envMail)
    log.warn(
      'Mail is not set in the environment (SMTP_URL or SMTP_HOST): the owner may connect it in Settings; until then messages are written to the outbox folder only, never to the log',
      { outboxDir },
    );

  return { notifications, payments, state, reload, close: () => notifications.close() };
}
