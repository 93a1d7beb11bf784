// Start-up pieces: the configuration rules and the owner seed.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/services/logger.js';
import { seedOwner } from '../../src/services/seed.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';

describe('loadConfig', () => {
  it('has development defaults and a random session secret per start', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      production: false,
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
    expect(a.dataDir).toMatch(/\.data$/);
  });

  it('reads the production settings (the session secret may come from the data folder: test/config)', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-long-enough-secret',
      PORT: '8080',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://shop.example.com/',
      OWNER_EMAIL: 'Owner@Shop.example.com',
      OWNER_PASSWORD: 'owner-pass-1',
    });
    expect(config).toMatchObject({
      port: 8080,
      production: true,
      trustProxy: true,
      publicUrl: 'https://shop.example.com',
      ownerEmail: 'owner@shop.example.com',
    });
  });

  it('refuses a bad PORT and a short secret', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/16 characters/);
  });
});

describe('seedOwner', () => {
  let db: TestDatabase;
  const log = createLogger({ level: 'silent' });
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('creates the OWNER_EMAIL owner once, with that password', async () => {
    const config = loadConfig({
      OWNER_EMAIL: 'Boss@Bakery.example',
      OWNER_PASSWORD: 'owner-pass-1',
    });
    await seedOwner(db.prisma, config, log);
    await seedOwner(db.prisma, config, log);
    const owners = await db.prisma.user.findMany({ where: { role: 'owner' } });
    expect(owners.map((o) => o.email)).toEqual(['boss@bakery.example']);
    expect(await argon2.verify(owners[0]!.password, 'owner-pass-1')).toBe(true);
    // Issue 38: a password set up for her is changed at her first sign-in.
    expect(owners[0]!.passwordChangeRequired).toBe(true);
  });

  it('creates no generated owner when an owner exists', async () => {
    await seedOwner(db.prisma, loadConfig({}), log);
    expect(await db.prisma.user.count({ where: { email: 'owner@bakery.local' } })).toBe(0);
  });

  it('creates owner@bakery.local when there is no owner at all', async () => {
    await db.prisma.user.deleteMany({});
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-seed-'));
    await seedOwner(db.prisma, { ...loadConfig({}), dataDir }, log);
    const owner = await db.prisma.user.findUnique({ where: { email: 'owner@bakery.local' } });
    expect(owner!.role).toBe('owner');
    expect(owner!.password).toMatch(/^\$argon2id\$/);
    expect(owner!.passwordChangeRequired).toBe(true);
    await rm(dataDir, { recursive: true, force: true });
  });

  // Issue 15, finding 14: the generated password was printed to the log.
  it('writes the generated password to a mode-600 file under the data folder and logs only its path', async () => {
    await db.prisma.user.deleteMany({});
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-seed-'));
    const lines: string[] = [];
    const written = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const records: unknown[] = [];
    const capture = {
      info: (...args: unknown[]) => records.push(args),
      warn: (...args: unknown[]) => records.push(args),
      error: (...args: unknown[]) => records.push(args),
    };
    try {
      await seedOwner(db.prisma, { ...loadConfig({}), dataDir }, capture);
    } finally {
      written.mockRestore();
    }
    const file = path.join(dataDir, 'owner-first-password.txt');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(await readFile(file, 'utf8'))![1]!;
    const owner = await db.prisma.user.findUnique({ where: { email: 'owner@bakery.local' } });
    expect(await argon2.verify(owner!.password, password)).toBe(true);
    const logged = JSON.stringify(records) + lines.join('');
    expect(logged).toContain(file);
    expect(logged).not.toContain(password);
    await rm(dataDir, { recursive: true, force: true });
  });
});
