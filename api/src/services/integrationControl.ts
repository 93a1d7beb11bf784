// The owner's Settings → Connections (issue 38): what is connected (never a
// secret: only how it ends), saving and removing a connection, and the
// tests: a real call to Square (the location), a real test mail over the
// entered SMTP server, a real test text through Twilio. A saved connection
// is in force at once here and, through NOTIFY shop_settings, in every
// process (main.ts reloads on it).
import nodemailer from 'nodemailer';
import {
  INTEGRATION_MESSAGES as M,
  secretEnding,
  type IntegrationService,
  type IntegrationsView,
  type IntegrationTestResult,
  type MailConnectionInput,
  type MailTestInput,
  type SmsConnectionInput,
  type SmsTestInput,
  type SquareConnectionInput,
  type SquareConnectionView,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { SquareError } from 'square';
import type { AppConfig } from '../config.js';
import type { SquareSettings } from '../settings.js';
import { badRequest } from '../errors.js';
import type { Integrations } from './integrations.js';
import {
  mailFields,
  mailSettingsFrom,
  readStoredIntegrations,
  removeStoredIntegration,
  saveStoredIntegration,
  smsFields,
  smsSettingsFrom,
  squareFields,
  squareSettingsFrom,
  type SquareWebhookSettings,
  type StoredSquare,
} from './integrationSettings.js';
import { createSmsSender, toE164 } from './sms.js';
import { createSquareClient, describeSquareError } from './square/squarePayments.js';
import type { Logger } from './contracts.js';

export interface ControlDeps {
  prisma: PrismaClient;
  config: Pick<AppConfig, 'sessionSecret' | 'square' | 'mail' | 'sms'>;
  integrations: Integrations;
  log: Logger;
}

const when = (date: Date | undefined) => date?.toISOString() ?? null;

/** What the Settings screen shows: no secret, only its last four characters. */
export async function integrationsView(deps: ControlDeps): Promise<IntegrationsView> {
  const { environment, squareWebhook } = deps.integrations.state;
  const stored = await readStoredIntegrations(deps.prisma, deps.config.sessionSecret);
  const env = deps.config;
  const summary = (connected: boolean, what: string, ending: string | null, fromEnv: boolean) =>
    fromEnv ? M.fromEnvironment : connected ? M.connected(what, ending) : M.notConnected;

  const envSquare = environment.square ? env.square : null;
  const square = envSquare ?? stored.square;
  // Issue 42: the Terminal the checkouts go to; the environment's wins over Settings'.
  const envTerminal = deps.integrations.state.environmentTerminalDeviceId;
  const savedTerminal = (!envSquare && stored.square?.terminalDeviceId) || null;
  const squareEnding = secretEnding(square?.accessToken);
  const envMail = environment.mail ? env.mail : null;
  const mailSmtp = envMail && typeof envMail.smtp === 'object' ? envMail.smtp : null;
  const mailStored = envMail ? null : stored.mail;
  const mailEnding = secretEnding(mailStored?.password ?? null);
  const envSms = environment.sms ? env.sms : null;
  const sms = envSms ?? stored.sms;
  const smsEnding = secretEnding(sms?.authToken);
  return {
    square: {
      source: environment.square ? 'environment' : stored.square ? 'settings' : 'none',
      connected: square !== null,
      secretEnding: squareEnding,
      summary: summary(square !== null, 'token', squareEnding, environment.square),
      environment: square?.environment ?? null,
      locationId: square?.locationId ?? null,
      terminalDeviceId: envTerminal ?? savedTerminal,
      terminalSource: envTerminal ? 'environment' : savedTerminal ? 'settings' : 'none',
      ...squareWebhookView(envSquare, squareWebhook, envSquare ? null : stored.square),
      updatedAt: when(stored.square?.updatedAt),
      updatedBy: stored.square?.updatedBy ?? null,
    },
    mail: {
      source: environment.mail ? 'environment' : stored.mail ? 'settings' : 'none',
      connected: environment.mail || stored.mail !== null,
      secretEnding: mailEnding,
      summary: summary(
        environment.mail || stored.mail !== null,
        'password',
        mailEnding,
        environment.mail,
      ),
      host: mailSmtp?.host ?? mailStored?.host ?? null,
      port: mailSmtp?.port ?? mailStored?.port ?? null,
      secure: mailSmtp?.secure ?? mailStored?.secure ?? null,
      user: mailSmtp?.auth?.user ?? mailStored?.user ?? null,
      from: envMail?.from ?? mailStored?.from ?? null,
      updatedAt: when(stored.mail?.updatedAt),
      updatedBy: stored.mail?.updatedBy ?? null,
    },
    sms: {
      source: environment.sms ? 'environment' : stored.sms ? 'settings' : 'none',
      connected: sms !== null,
      secretEnding: smsEnding,
      summary: summary(sms !== null, 'token', smsEnding, environment.sms),
      accountSid: sms?.accountSid ?? null,
      from: sms?.from ?? null,
      updatedAt: when(stored.sms?.updatedAt),
      updatedBy: stored.sms?.updatedBy ?? null,
    },
  };
}

/** Where Square's events are checked: the URL to give Square, and where the key comes from (never the key). */
function squareWebhookView(
  envSquare: SquareSettings | null,
  webhook: SquareWebhookSettings,
  stored: StoredSquare | null,
): Pick<SquareConnectionView, 'webhookUrl' | 'webhookKey'> {
  if (envSquare)
    return {
      webhookUrl: envSquare.webhookUrl ?? null,
      webhookKey: envSquare.webhookSignatureKey ? 'environment' : 'none',
    };
  return {
    webhookUrl: webhook.url,
    webhookKey: webhook.signatureKey
      ? 'environment'
      : stored?.webhookSignatureKey
        ? 'settings'
        : 'none',
  };
}

/** Refuses a change of a service the environment sets (it would have no effect). */
function refuseEnvironment(deps: ControlDeps, service: IntegrationService) {
  if (deps.integrations.state.environment[service])
    throw badRequest(M.fromEnvironment, undefined, 'validation_failed');
}

const missingSecret = (path: string, what: string) =>
  badRequest(
    M.secretMissing(what),
    { errors: [{ path, message: M.secretMissing(what) }] },
    'validation_failed',
  );

export async function saveConnection(
  deps: ControlDeps,
  service: IntegrationService,
  input: SquareConnectionInput | MailConnectionInput | SmsConnectionInput,
  by: string,
): Promise<IntegrationsView> {
  refuseEnvironment(deps, service);
  const secret = deps.config.sessionSecret;
  const stored = await readStoredIntegrations(deps.prisma, secret);
  let fields;
  if (service === 'square') {
    fields = squareFields(input as SquareConnectionInput, stored.square);
    if (!fields) throw missingSecret('accessToken', 'access token');
  } else if (service === 'mail') {
    fields = mailFields(input as MailConnectionInput, stored.mail);
    if (fields.user && !fields.password) throw missingSecret('password', 'password');
  } else {
    fields = smsFields(input as SmsConnectionInput, stored.sms);
    if (!fields) throw missingSecret('authToken', 'auth token');
  }
  await saveStoredIntegration(deps.prisma, service, fields, by, secret);
  await deps.integrations.reload();
  deps.log.info('connection saved in Settings', { service, by });
  return integrationsView(deps);
}

export async function removeConnection(
  deps: ControlDeps,
  service: IntegrationService,
  by: string,
): Promise<IntegrationsView> {
  refuseEnvironment(deps, service);
  await removeStoredIntegration(deps.prisma, service);
  await deps.integrations.reload();
  deps.log.info('connection removed in Settings', { service, by });
  return integrationsView(deps);
}

/** "Test connection": asks Square for the location with the entered (or stored) token. */
export async function testSquare(
  deps: ControlDeps,
  input: Omit<SquareConnectionInput, 'confirm'>,
): Promise<IntegrationTestResult> {
  const stored = await readStoredIntegrations(deps.prisma, deps.config.sessionSecret);
  const fields = squareFields(input, stored.square);
  if (!fields) throw missingSecret('accessToken', 'access token');
  const { state } = deps.integrations;
  const client = createSquareClient(squareSettingsFrom(fields, state.squareBaseUrl), {
    maxRetries: 0,
    timeoutInSeconds: state.squareTimeoutInSeconds ?? 15,
  });
  try {
    const { location } = await client.locations.get({ locationId: fields.locationId });
    return {
      ok: true,
      message: M.squareOk(location?.name ?? fields.locationId, fields.environment),
    };
  } catch (error) {
    deps.log.warn('Square connection test failed', describeSquareError(error));
    if (error instanceof SquareError && error.statusCode === 401)
      return { ok: false, message: M.squareUnauthorized };
    if (error instanceof SquareError && (error.statusCode === 404 || error.statusCode === 403))
      return { ok: false, message: M.squareNoLocation };
    return { ok: false, message: M.squareDown };
  }
}

/** "Send a test mail" over the entered SMTP server, to the owner (or the address given). */
export async function testMail(
  deps: ControlDeps,
  input: MailTestInput,
  ownerEmail: string,
): Promise<IntegrationTestResult> {
  const stored = await readStoredIntegrations(deps.prisma, deps.config.sessionSecret);
  const fields = mailFields(input, stored.mail);
  if (fields.user && !fields.password) throw missingSecret('password', 'password');
  const settings = mailSettingsFrom(fields);
  const to = input.to ?? ownerEmail;
  const transport = nodemailer.createTransport({
    ...(settings.smtp as object),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to,
      subject: 'Test mail from your bakery',
      text: 'This is the test mail you asked for in Settings. Mail to customers will go out this way.',
    });
    return { ok: true, message: M.mailOk(to) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn('test mail failed', { error: reason });
    return { ok: false, message: M.mailFailed(reason) };
  } finally {
    transport.close();
  }
}

/** A test text through Twilio to the number given. */
export async function testSms(
  deps: ControlDeps,
  input: SmsTestInput,
): Promise<IntegrationTestResult> {
  const to = toE164(input.to);
  if (!to)
    throw badRequest(M.smsTo, { errors: [{ path: 'to', message: M.smsTo }] }, 'validation_failed');
  const stored = await readStoredIntegrations(deps.prisma, deps.config.sessionSecret);
  const fields = smsFields(input, stored.sms);
  if (!fields) throw missingSecret('authToken', 'auth token');
  const sender = createSmsSender(
    smsSettingsFrom(fields, deps.integrations.state.twilioApiUrl),
    deps.log,
  );
  try {
    await sender.send(to, 'Test text from your bakery: texts to customers will go out this way.');
    return { ok: true, message: M.smsOk(input.to) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn('test text failed', { error: reason });
    return { ok: false, message: M.smsFailed(reason) };
  }
}
