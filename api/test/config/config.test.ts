// The environment, read once through config.ts's zod schema: every variable
// that can hold a wrong value is refused with one message naming it, the
// session secret is kept in the data folder, and the cookie/HSTS settings
// follow the scheme of PUBLIC_URL.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/config.js';
import { readMailSettings } from '../../src/services/mail/mailer.js';
import { readSquareSettings } from '../../src/services/square/settings.js';

function refusal(env: Record<string, string>): string[] {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const REFUSED: Array<[string, string, RegExp]> = [
  ['NODE_ENV', 'prod', /^NODE_ENV must be one of development, production, test \(got "prod"\)$/],
  ['PORT', 'abc', /^PORT must be a port number/],
  ['PORT', '70000', /^PORT must be a port number/],
  ['PUBLIC_URL', 'shop.example.com', /^PUBLIC_URL must be a http or https URL/],
  ['TRUST_PROXY', 'maybe', /^TRUST_PROXY must be one of 1, true, yes, on, 0, false, no, off/],
  ['SESSION_SECRET', 'short', /^SESSION_SECRET must be at least 16 characters/],
  [
    'LOG_LEVEL',
    'verbose',
    /^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/,
  ],
  ['MIGRATE_ON_START', 'sometimes', /^MIGRATE_ON_START must be one of 1, true/],
  ['SIGNUP_LIMIT_PER_HOUR', '0', /^SIGNUP_LIMIT_PER_HOUR must be a whole number from 1 to 100000/],
  ['DATABASE_URL', 'mysql://db/bakery', /^DATABASE_URL must be a postgres or postgresql URL/],
  ['EMBEDDED_PG_PORT', '0', /^EMBEDDED_PG_PORT must be a port number \(1-65535\)/],
  ['OWNER_EMAIL', 'not-an-address', /^OWNER_EMAIL must be an e-mail address/],
  ['OWNER_PASSWORD', 'only11chars', /^OWNER_PASSWORD must be at least 12 characters/],
  [
    'SQUARE_ENVIRONMENT',
    'prod',
    /^SQUARE_ENVIRONMENT must be one of sandbox, production \(got "prod"\)$/,
  ],
  ['SQUARE_WEBHOOK_URL', 'example.com/hook', /^SQUARE_WEBHOOK_URL must be a https or http URL/],
  ['SQUARE_BASE_URL', 'ftp://square', /^SQUARE_BASE_URL must be a https or http URL/],
  ['SQUARE_ALLOW_TIPPING', 'nah', /^SQUARE_ALLOW_TIPPING must be one of 1, true/],
  ['SMTP_URL', 'http://mail.example.com', /^SMTP_URL must be a smtp or smtps URL/],
  ['SMTP_PORT', '25x', /^SMTP_PORT must be a port number/],
  ['MAIL_FROM', 'the bakery', /^MAIL_FROM must be an address/],
];

describe('the environment schema', () => {
  it.each(REFUSED)('refuses %s=%s with one message naming it', (name, value, message) => {
    const problems = refusal({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('refuses half a pair: Square token without location, owner e-mail without password', () => {
    expect(refusal({ SQUARE_ACCESS_TOKEN: 't' })).toEqual([
      'SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID must be set together (or both left empty to run without card payment)',
    ]);
    expect(refusal({ OWNER_EMAIL: 'boss@bakery.example' })).toEqual([
      'OWNER_EMAIL and OWNER_PASSWORD must be set together',
    ]);
  });

  it('names every refused variable at once, and loadConfig throws the same list', () => {
    const env = { PORT: 'x', SQUARE_ENVIRONMENT: 'live', TRUST_PROXY: 'perhaps' };
    expect(
      refusal(env)
        .map((p) => p.split(' ')[0])
        .sort(),
    ).toEqual(['PORT', 'SQUARE_ENVIRONMENT', 'TRUST_PROXY']);
    expect(() => loadConfig(env)).toThrow(/Configuration refused:\n {2}- PORT must be/);
  });

  it('accepts every documented value; blank counts as unset', () => {
    expect(refusal({ PORT: '', SQUARE_ENVIRONMENT: ' ', TRUST_PROXY: '' })).toEqual([]);
    for (const value of ['1', 'true', 'YES', 'on', '0', 'false', 'no', 'Off'])
      expect(refusal({ TRUST_PROXY: value })).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('one flag() meaning everywhere: SQUARE_ALLOW_TIPPING reads like TRUST_PROXY', () => {
    const square = (tipping: string) =>
      readSquareSettings({
        SQUARE_ACCESS_TOKEN: 't',
        SQUARE_LOCATION_ID: 'L',
        SQUARE_ALLOW_TIPPING: tipping,
      })!.allowTipping;
    expect([square('0'), square('no'), square('1'), square('on'), square('')]).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(() => square('nope')).toThrow(/SQUARE_ALLOW_TIPPING must be one of/);
  });

  it('SQUARE_ENVIRONMENT=production is production; a typo is refused, never sandbox', () => {
    const env = { SQUARE_ACCESS_TOKEN: 't', SQUARE_LOCATION_ID: 'L' };
    expect(readSquareSettings({ ...env, SQUARE_ENVIRONMENT: 'Production' })!.environment).toBe(
      'production',
    );
    expect(readSquareSettings(env)!.environment).toBe('sandbox');
    expect(() => readSquareSettings({ ...env, SQUARE_ENVIRONMENT: 'prod' })).toThrow(
      /SQUARE_ENVIRONMENT must be one of sandbox, production/,
    );
  });

  it('reads SMTP from SMTP_URL or the fields', () => {
    expect(readMailSettings({})).toBeNull();
    expect(
      readMailSettings({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u' }),
    ).toMatchObject({ smtp: { host: 'smtp.example.com', port: 465, secure: true } });
  });
});

describe('loadConfig', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('keeps a generated session secret in the data folder (mode 600) across restarts', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bakery-config-'));
    dirs.push(dataDir);
    const first = loadConfig({ BAKERY_DATA_DIR: dataDir }, { persistSecret: true });
    const second = loadConfig({ BAKERY_DATA_DIR: dataDir }, { persistSecret: true });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(first.sessionSecret).toHaveLength(64);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // SESSION_SECRET, when set, wins (every process behind a proxy shares it).
    expect(
      loadConfig(
        { BAKERY_DATA_DIR: dataDir, SESSION_SECRET: 'a-shared-secret-of-the-fleet' },
        { persistSecret: true },
      ).sessionSecret,
    ).toBe('a-shared-secret-of-the-fleet');
  });

  it('production no longer needs SESSION_SECRET; Secure cookies and HSTS follow PUBLIC_URL', () => {
    const local = loadConfig({ NODE_ENV: 'production' });
    expect(local).toMatchObject({ production: true, secureCookies: false });
    const behindTls = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com/',
      TRUST_PROXY: '1',
    });
    expect(behindTls).toMatchObject({
      publicUrl: 'https://shop.example.com',
      secureCookies: true,
      trustProxy: true,
    });
  });
});
