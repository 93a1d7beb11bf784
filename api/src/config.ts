// Configuration from the environment, read once at start-up. Everything has a
// development default except SESSION_SECRET in production, which must be set
// so that every API process behind the proxy signs cookies with the same key.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { RateLimits } from './middleware/rateLimit.js';

export interface AppConfig {
  port: number;
  /** Unset: start-up runs an embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  sessionSecret: string;
  /** The address customers reach the shop at; used in e-mailed links. */
  publicUrl: string;
  nodeEnv: string;
  production: boolean;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* (needed for Secure cookies). */
  trustProxy: boolean;
  /** How many proxies in front of the API append to X-Forwarded-For (TRUSTED_PROXIES, default 1). */
  trustedProxies?: number;
  storefrontDist: string;
  adminDist: string;
  /** Overrides of the rate limits' defaults (tests use small ones). */
  rateLimits?: Partial<RateLimits>;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

function flag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function blank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function trustedProxiesOf(value: string | undefined): number {
  const count = Number(blank(value) ?? 1);
  if (!Number.isInteger(count) || count < 1 || count > 10)
    throw new Error(`TRUSTED_PROXIES must be a whole number from 1 to 10, got "${value}"`);
  return count;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = blank(env.NODE_ENV) ?? 'development';
  const production = nodeEnv === 'production';
  const port = Number(blank(env.PORT) ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const sessionSecret = blank(env.SESSION_SECRET);
  if (production && !sessionSecret)
    throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  if (sessionSecret && sessionSecret.length < 16)
    throw new Error('SESSION_SECRET must be at least 16 characters');
  const publicUrl = (blank(env.PUBLIC_URL) ?? `http://localhost:${port || 3000}`).replace(
    /\/+$/,
    '',
  );
  return {
    port,
    databaseUrl: blank(env.DATABASE_URL),
    dataDir: path.resolve(blank(env.BAKERY_DATA_DIR) ?? path.join(REPO_ROOT, '.data')),
    ownerEmail: blank(env.OWNER_EMAIL)?.toLowerCase(),
    ownerPassword: blank(env.OWNER_PASSWORD),
    // A random secret per start in development: sessions simply end on restart.
    sessionSecret: sessionSecret ?? randomBytes(32).toString('hex'),
    publicUrl,
    nodeEnv,
    production,
    trustProxy: flag(env.TRUST_PROXY),
    trustedProxies: trustedProxiesOf(env.TRUSTED_PROXIES),
    storefrontDist: path.resolve(
      blank(env.STOREFRONT_DIST) ?? path.join(REPO_ROOT, 'storefront/dist'),
    ),
    adminDist: path.resolve(blank(env.ADMIN_DIST) ?? path.join(REPO_ROOT, 'desktop/dist-web')),
  };
}
