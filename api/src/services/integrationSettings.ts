// The connections the owner makes in Settings (issue 38), stored in
// IntegrationSetting: one row per service, the secret fields sealed with the
// session secret's key (secretBox.ts, as the 2FA seeds). Read back here into
// the settings the integrations take (settings.ts); a sealed value that no
// longer opens (the session secret changed) counts as not connected.
import type { Prisma, PrismaClient } from '@bakery/prisma';
import {
  ROUTES,
  type IntegrationService,
  type MailConnectionInput,
  type SmsConnectionInput,
  type SquareConnectionInput,
} from '@bakery/core';
import { open, seal } from './secretBox.js';
import type { MailSettings, SmsSettings, SquareSettings } from '../settings.js';
import { SETTINGS_CHANNEL } from './settings/shopSettings.js';

/** What is stored per service (the secret sealed). */
export interface StoredSquare {
  accessToken: string;
  locationId: string;
  environment: 'sandbox' | 'production';
  /** Issue 42: the paired Square Terminal (absent in rows saved before). */
  terminalDeviceId?: string | null;
  /** Square's webhook signature key, when the owner saved one. */
  webhookSignatureKey?: string;
}
export interface StoredMail {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}
export interface StoredSms {
  accountSid: string;
  authToken: string;
  from: string;
}

export interface StoredIntegrations {
  square: (StoredSquare & Meta) | null;
  mail: (StoredMail & Meta) | null;
  sms: (StoredSms & Meta) | null;
}

interface Meta {
  updatedAt: Date;
  updatedBy: string | null;
}

const SECRET_FIELDS: Record<IntegrationService, readonly string[]> = {
  square: ['accessToken', 'webhookSignatureKey'],
  mail: ['password'],
  sms: ['authToken'],
};

/** Every stored connection with its secret opened (null for one that no longer opens). */
export async function readStoredIntegrations(
  prisma: Pick<PrismaClient, 'integrationSetting'>,
  sessionSecret: string,
): Promise<StoredIntegrations> {
  const rows = await prisma.integrationSetting.findMany();
  const opened = (service: IntegrationService) => {
    const row = rows.find((r) => r.service === service);
    if (!row) return null;
    const fields = { ...(row.settings as Record<string, unknown>) };
    for (const field of SECRET_FIELDS[service]) {
      const sealed = fields[field];
      if (typeof sealed !== 'string') continue;
      const plain = open(sessionSecret, sealed);
      // Sealed under another session secret: unusable until entered again.
      if (plain === null) return null;
      fields[field] = plain;
    }
    return { ...fields, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
  };
  return {
    square: opened('square') as StoredIntegrations['square'],
    mail: opened('mail') as StoredIntegrations['mail'],
    sms: opened('sms') as StoredIntegrations['sms'],
  };
}

type Fields = StoredSquare | StoredMail | StoredSms;

/** Stores a service's fields (the secret sealed) and announces the change to every process. */
export async function saveStoredIntegration(
  prisma: PrismaClient,
  service: IntegrationService,
  fields: Fields,
  updatedBy: string,
  sessionSecret: string,
): Promise<void> {
  const document: Record<string, unknown> = { ...fields };
  for (const field of SECRET_FIELDS[service]) {
    const secret = document[field];
    if (typeof secret === 'string') document[field] = seal(sessionSecret, secret);
  }
  const settings = document as Prisma.InputJsonValue;
  await prisma.$transaction(async (tx) => {
    await tx.integrationSetting.upsert({
      where: { service },
      create: { service, settings, updatedBy },
      update: { settings, updatedBy },
    });
    await tx.$executeRaw`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`;
  });
}

export async function removeStoredIntegration(
  prisma: PrismaClient,
  service: IntegrationService,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.integrationSetting.deleteMany({ where: { service } });
    await tx.$executeRaw`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`;
  });
}

/** The owner's form with the stored secret kept when the field was left empty. */
export function squareFields(
  input: Omit<SquareConnectionInput, 'confirm'>,
  stored: StoredSquare | null,
): StoredSquare | null {
  const accessToken = input.accessToken || stored?.accessToken;
  if (!accessToken) return null;
  const webhookSignatureKey = input.webhookSignatureKey || stored?.webhookSignatureKey;
  return {
    accessToken,
    locationId: input.locationId,
    environment: input.environment,
    terminalDeviceId: input.terminalDeviceId || null,
    ...(webhookSignatureKey ? { webhookSignatureKey } : {}),
  };
}

export function mailFields(
  input: Omit<MailConnectionInput, 'confirm'>,
  stored: StoredMail | null,
): StoredMail {
  const user = input.user || null;
  return {
    host: input.host,
    port: input.port,
    secure: input.secure,
    user,
    // A user name needs a password: the one entered, else the stored one.
    password: user ? input.password || stored?.password || null : null,
    from: input.from,
  };
}

export function smsFields(
  input: Omit<SmsConnectionInput, 'confirm'>,
  stored: StoredSms | null,
): StoredSms | null {
  const authToken = input.authToken || stored?.authToken;
  if (!authToken) return null;
  return { accountSid: input.accountSid, authToken, from: input.from };
}

/**
 * Where Square sends a Settings connection's events unless SQUARE_WEBHOOK_URL
 * says otherwise: the shop's public address (the signature covers the URL).
 */
export const squareWebhookUrlOf = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}${ROUTES.squareWebhook.path}`;

/** Where a Settings connection's webhook is checked: the environment's key and URL win. */
export interface SquareWebhookSettings {
  signatureKey: string | undefined;
  url: string;
}

/** The integrations' settings of stored fields (tests may point Square and Twilio at local fakes). */
export function squareSettingsFrom(
  stored: StoredSquare,
  baseUrl?: string,
  webhook?: SquareWebhookSettings,
): SquareSettings {
  const webhookSignatureKey = webhook?.signatureKey || stored.webhookSignatureKey;
  return {
    accessToken: stored.accessToken,
    locationId: stored.locationId,
    environment: stored.environment,
    baseUrl,
    // Without a key, payments are confirmed on the confirmation page only.
    webhookSignatureKey,
    webhookUrl: webhookSignatureKey ? webhook?.url : undefined,
    allowTipping: true,
    terminalDeviceId: stored.terminalDeviceId || undefined,
  };
}

export function mailSettingsFrom(stored: StoredMail): MailSettings {
  return {
    smtp: {
      host: stored.host,
      port: stored.port,
      secure: stored.secure,
      ...(stored.user ? { auth: { user: stored.user, pass: stored.password ?? '' } } : {}),
    },
    from: stored.from,
  };
}

export function smsSettingsFrom(stored: StoredSms, apiUrl?: string): SmsSettings {
  return { ...stored, ...(apiUrl ? { apiUrl } : {}) };
}
