// Configuration from the environment, read once at start-up through one zod
// schema (ENV_SCHEMA). Every variable the API reads is listed there; a value
// it cannot use is refused with one message naming the variable and what it
// accepts, all of them at once, before anything starts. Nothing else in api/src
// reads process.env.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';
import { BAKERY_INFO, STAFF_PASSWORD_MIN } from '@bakery/core';
import { DEFAULT_PROXY_ADDRESSES } from './clientAddress.js';
import type { MailSettings, RateLimits, SmsSettings, SquareSettings } from './settings.js';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  /** Unset: start-up runs an embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /** Port of the embedded PostgreSQL (only without DATABASE_URL). */
  embeddedPgPort: number;
  dataDir: string;
  /** Where mail goes without SMTP (and failed mail): <dataDir>/outbox or .outbox/. */
  outboxDir: string;
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  sessionSecret: string;
  /** The address customers reach the shop at; used in e-mailed links. */
  publicUrl: string;
  /** PUBLIC_URL is https: Secure cookies, HSTS and upgrade-insecure-requests. */
  secureCookies: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* (needed for Secure cookies). */
  trustProxy: boolean;
  /** How many proxies in front of the API append to X-Forwarded-For (TRUSTED_PROXIES, default 1). */
  trustedProxies?: number;
  /**
   * The addresses or CIDRs the nearest proxy connects from (PROXY_ADDRESSES,
   * default loopback): forwarding headers count only from these peers.
   */
  proxyAddresses?: string[];
  /** The address to listen on (HOST); unset: every interface. */
  host?: string;
  /** Apply pending migrations (and the seed) when the process starts. */
  migrateOnStart: boolean;
  logLevel: LogLevel;
  storefrontDist: string;
  adminDist: string;
  square: SquareSettings | null;
  /**
   * The Square Terminal paired in the environment (SQUARE_TERMINAL_DEVICE_ID):
   * wins over the one saved in Settings, also beside a connection made there.
   */
  squareTerminalDeviceId?: string;
  /**
   * SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL, also without the
   * token: they win over a Square connection made in Settings (issue 38).
   */
  squareWebhook?: { signatureKey: string | undefined; url: string | undefined };
  mail: MailSettings | null;
  /** Twilio text messages (issue 23), or null: mail only. */
  sms: SmsSettings | null;
  /** Overrides of the rate limits' defaults (tests use small ones). */
  rateLimits?: Partial<RateLimits>;
  /** Where backups are written: BACKUP_DIR, else <dataDir>/backups. */
  backupDir: string;
  /** Uploaded photos (served at /media/menu/...): MEDIA_DIR, else <dataDir>/media. */
  mediaDir: string;
  /** A folder holding pg_dump and pg_restore to prefer (PG_BIN_DIR). */
  pgBinDir?: string;
  /**
   * Browser tests only (RESTORE_HOLD_FILE, ignored in production): a restore
   * from the back office keeps the shop closed while this file exists.
   */
  restoreHoldFile?: string;
  /** BACKUP_METHOD: auto (pg_dump when one fits the server, else the API's logical format), pg_dump or logical. */
  backupMethod: 'auto' | 'pg_dump' | 'logical';
  /** Whether this process runs the scheduled jobs on the job queue (SCHEDULED_JOBS, default on: nightly backup, unpaid-order release, standing orders, reminders). */
  scheduledJobs: boolean;
  /** New staff (promoted, or the seeded owner) set up a second factor at first sign-in (STAFF_2FA_BY_DEFAULT, default on). */
  newStaffSecondFactor: boolean;
  /** Issue 38: the owner the seed creates changes her password at first sign-in (OWNER_FIRST_PASSWORD_CHANGE, default on). */
  ownerFirstPasswordChange: boolean;
}

/** The repository root: the folder holding pnpm-workspace.yaml above this file (src/ or the bundle in dist/). */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma', 'migrations');

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** Empty text counts as unset (a blanked variable in .env or a unit file). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const text = () => optional(z.string().trim());

/** One meaning everywhere: 1/true/yes/on or 0/false/no/off; anything else is refused. */
const flag = () =>
  optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => TRUE.includes(value) || FALSE.includes(value), {
        error: `must be one of ${[...TRUE, ...FALSE].join(', ')}`,
      })
      .transform((value) => TRUE.includes(value)),
  );

const port = (min: number) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: `must be a port number (${min}-65535)` })
      .transform(Number)
      .refine((value) => value >= min && value <= 65535, {
        error: `must be a port number (${min}-65535)`,
      }),
  );

/** A whole number from `min` to `max`. */
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return optional(z.coerce.number().int().min(min, { error }).max(max, { error }));
};

const url = (schemes: string[], example: string) =>
  optional(
    z
      .string()
      .trim()
      .refine(
        (value) => {
          try {
            return schemes.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        {
          error: `must be a ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL, e.g. ${example}`,
        },
      ),
  );

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => values.includes(value), {
        error: `must be one of ${values.join(', ')}`,
      })
      .transform((value) => value as T[number]),
  );

/** A comma-separated list of addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). */
const addressList = () =>
  optional(
    z
      .string()
      .trim()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => {
          try {
            proxyAddr.compile(entries);
            return entries.length > 0;
          } catch {
            return false;
          }
        },
        {
          error:
            'must be a comma-separated list of IP addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16) or loopback, linklocal, uniquelocal',
        },
      ),
  );

/** An IP address or a host name to listen on. */
const listenHost = () =>
  optional(
    z
      .string()
      .trim()
      .refine(
        (value) =>
          isIP(value) !== 0 ||
          /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(
            value,
          ),
        { error: 'must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0' },
      ),
  );

/** Every variable of .env.example, with what it accepts. */
export const ENV_SCHEMA = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']),
  PORT: port(0),
  PUBLIC_URL: url(['http:', 'https:'], 'https://shop.example.com'),
  TRUST_PROXY: flag(),
  TRUSTED_PROXIES: wholeNumber(1, 10),
  PROXY_ADDRESSES: addressList(),
  HOST: listenHost(),
  SESSION_SECRET: optional(z.string().trim().min(16, { error: 'must be at least 16 characters' })),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  // New accounts per client address per hour (a shop event on one Wi-Fi may need more).
  SIGNUP_LIMIT_PER_HOUR: wholeNumber(1, 100_000),
  MIGRATE_ON_START: flag(),
  STAFF_2FA_BY_DEFAULT: flag(),
  OWNER_FIRST_PASSWORD_CHANGE: flag(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgresql://bakery:secret@db:5432/bakery'),
  BAKERY_DATA_DIR: text(),
  MEDIA_DIR: text(),
  BACKUP_DIR: text(),
  PG_BIN_DIR: text(),
  RESTORE_HOLD_FILE: text(),
  BACKUP_METHOD: oneOf(['auto', 'pg_dump', 'logical']),
  SCHEDULED_JOBS: flag(),
  EMBEDDED_PG_PORT: port(1),
  OWNER_EMAIL: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'must be an e-mail address' })),
  ),
  // A staff password: the owner signs in to the back office with it.
  OWNER_PASSWORD: optional(
    z.string().min(STAFF_PASSWORD_MIN, {
      error: `must be at least ${STAFF_PASSWORD_MIN} characters (a staff password)`,
    }),
  ),
  STOREFRONT_DIST: text(),
  ADMIN_DIST: text(),
  SQUARE_ACCESS_TOKEN: text(),
  SQUARE_LOCATION_ID: text(),
  SQUARE_ENVIRONMENT: oneOf(['sandbox', 'production']),
  SQUARE_WEBHOOK_SIGNATURE_KEY: text(),
  SQUARE_WEBHOOK_URL: url(['https:', 'http:'], 'https://shop.example.com/api/square/webhook'),
  SQUARE_BASE_URL: url(['https:', 'http:'], 'http://127.0.0.1:8099'),
  SQUARE_ALLOW_TIPPING: flag(),
  SQUARE_TERMINAL_DEVICE_ID: text(),
  TWILIO_ACCOUNT_SID: text(),
  TWILIO_AUTH_TOKEN: text(),
  TWILIO_FROM: text(),
  TWILIO_API_URL: url(['https:', 'http:'], 'http://127.0.0.1:8098'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465'),
  SMTP_HOST: text(),
  SMTP_PORT: port(1),
  SMTP_USER: text(),
  SMTP_PASSWORD: optional(z.string()),
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
        error: 'must be an address, e.g. "Bakery" <orders@example.com>',
      }),
  ),
});

export type Env = z.infer<typeof ENV_SCHEMA>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The environment, checked: one message per refused variable ("PORT must be ..."). */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = ENV_SCHEMA.safeParse(env);
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      if (!problems.has(name))
        problems.set(name, `${name} ${issue.message} (got "${String(env[name] ?? '')}")`);
    }
    throw new ConfigError([...problems.values()]);
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (Boolean(values.SQUARE_ACCESS_TOKEN) !== Boolean(values.SQUARE_LOCATION_ID))
    problems.push(
      'SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID must be set together (or both left empty to run without card payment)',
    );
  if (Boolean(values.OWNER_EMAIL) !== Boolean(values.OWNER_PASSWORD))
    problems.push('OWNER_EMAIL and OWNER_PASSWORD must be set together');
  if (problems.length) throw new ConfigError(problems);
  return values;
}

export function squareSettingsOf(env: Env): SquareSettings | null {
  if (!env.SQUARE_ACCESS_TOKEN || !env.SQUARE_LOCATION_ID) return null;
  return {
    accessToken: env.SQUARE_ACCESS_TOKEN,
    locationId: env.SQUARE_LOCATION_ID,
    environment: env.SQUARE_ENVIRONMENT ?? 'sandbox',
    baseUrl: env.SQUARE_BASE_URL?.replace(/\/+$/, ''),
    webhookSignatureKey: env.SQUARE_WEBHOOK_SIGNATURE_KEY,
    webhookUrl: env.SQUARE_WEBHOOK_URL,
    allowTipping: env.SQUARE_ALLOW_TIPPING ?? true,
    terminalDeviceId: env.SQUARE_TERMINAL_DEVICE_ID || undefined,
  };
}

export const squareWebhookOf = (env: Env) => ({
  signatureKey: env.SQUARE_WEBHOOK_SIGNATURE_KEY || undefined,
  url: env.SQUARE_WEBHOOK_URL || undefined,
});

/** Twilio: all three of sid, token and sender, or none (text messages off). */
export function smsSettingsOf(env: Env): SmsSettings | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) return null;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    apiUrl: env.TWILIO_API_URL,
  };
}

export function mailSettingsOf(env: Env): MailSettings | null {
  const from = env.MAIL_FROM ?? `"${BAKERY_INFO.name}" <${BAKERY_INFO.email}>`;
  if (env.SMTP_URL) return { smtp: env.SMTP_URL, from };
  if (!env.SMTP_HOST) return null;
  const port = env.SMTP_PORT ?? 587;
  const user = env.SMTP_USER;
  // 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it.
  return {
    smtp: {
      host: env.SMTP_HOST,
      port,
      secure: port === 465,
      ...(user ? { auth: { user, pass: env.SMTP_PASSWORD ?? '' } } : {}),
    },
    from,
  };
}

/** `BAKERY_DATA_DIR/outbox` when a data folder is set, else `.outbox/` at the repository root (git-ignored). */
export function outboxDirOf(env: Pick<Env, 'BAKERY_DATA_DIR'>): string {
  return env.BAKERY_DATA_DIR
    ? path.resolve(env.BAKERY_DATA_DIR, 'outbox')
    : path.join(REPO_ROOT, '.outbox');
}

/**
 * The session secret kept in the data folder (mode 600): generated on the
 * first start without SESSION_SECRET, read on every later one, so a restart
 * keeps everyone signed in.
 */
export function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 16) return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(
  rawEnv: NodeJS.ProcessEnv = process.env,
  options: {
    /** Without SESSION_SECRET: keep a generated one in the data folder (main.ts), else one per call (tests). */
    persistSecret?: boolean;
  } = {},
): AppConfig {
  const env = parseEnv(rawEnv);
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const port = env.PORT ?? 3000;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.BAKERY_DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const trustProxy = env.TRUST_PROXY ?? false;
  const sessionSecret =
    env.SESSION_SECRET ??
    (options.persistSecret ? persistedSessionSecret(dataDir) : randomBytes(32).toString('hex'));
  return {
    port,
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT ?? 54329,
    dataDir,
    outboxDir: outboxDirOf(env),
    ownerEmail: env.OWNER_EMAIL,
    ownerPassword: env.OWNER_PASSWORD,
    sessionSecret,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    nodeEnv,
    production,
    trustProxy,
    trustedProxies: env.TRUSTED_PROXIES ?? 1,
    proxyAddresses: env.PROXY_ADDRESSES ?? DEFAULT_PROXY_ADDRESSES,
    // Behind a proxy the API needs to answer only the proxy: this machine by default.
    host: env.HOST ?? (trustProxy ? '127.0.0.1' : undefined),
    migrateOnStart: env.MIGRATE_ON_START ?? false,
    newStaffSecondFactor: env.STAFF_2FA_BY_DEFAULT ?? true,
    ownerFirstPasswordChange: env.OWNER_FIRST_PASSWORD_CHANGE ?? true,
    ...(env.SIGNUP_LIMIT_PER_HOUR
      ? { rateLimits: { signupPerIp: { max: env.SIGNUP_LIMIT_PER_HOUR, windowMs: 3_600_000 } } }
      : {}),
    logLevel: env.LOG_LEVEL ?? 'info',
    storefrontDist: path.resolve(env.STOREFRONT_DIST ?? path.join(REPO_ROOT, 'storefront/dist')),
    adminDist: path.resolve(env.ADMIN_DIST ?? path.join(REPO_ROOT, 'desktop/dist-web')),
    square: squareSettingsOf(env),
    ...(env.SQUARE_TERMINAL_DEVICE_ID
      ? { squareTerminalDeviceId: env.SQUARE_TERMINAL_DEVICE_ID }
      : {}),
    squareWebhook: squareWebhookOf(env),
    mail: mailSettingsOf(env),
    sms: smsSettingsOf(env),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    ...(env.PG_BIN_DIR ? { pgBinDir: path.resolve(env.PG_BIN_DIR) } : {}),
    ...(env.RESTORE_HOLD_FILE && !production
      ? { restoreHoldFile: path.resolve(env.RESTORE_HOLD_FILE) }
      : {}),
    backupMethod: env.BACKUP_METHOD ?? 'auto',
    scheduledJobs: env.SCHEDULED_JOBS ?? true,
  };
}
