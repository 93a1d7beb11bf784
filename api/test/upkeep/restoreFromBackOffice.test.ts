// Issue 38: the owner restores a backup from the back office, with her
// password and an authenticator code. Real app, real PostgreSQL, real backups
// (the logical format, as `npm start` on the embedded PostgreSQL writes them).
// While it runs, customers get 503 `maintenance` (and the "back in a minute"
// page); her own status call still answers. A backup of the state before is
// taken first; an order deleted after the backup is back afterwards.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON whose shape each test asserts */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_MESSAGES } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, insertOrder, PASSWORD, signedIn } from '../admin/helpers.js';
import { newRecoveryCodes } from '../../src/services/secondFactor.js';
import { backupNameFor } from '../../src/services/upkeep/backups.js';

let server: TestServer;
let backupDir: string;
let mediaDir: string;
let owner: Client;
let recoveryCodes: string[];

/** The owner signed in at the back office with her authenticator (recovery codes kept for confirming). */
async function ownerWithSecondFactor() {
  const user = await createUser(server.prisma, 'owner');
  const codes = newRecoveryCodes();
  await server.prisma.user.update({
    where: { id: user.id },
    data: {
      totpSecret: new Secret({ size: 20 }).base32,
      totpEnabledAt: new Date(),
      recoveryCodes: codes.hashes,
    },
  });
  const client = new Client(server.baseUrl);
  expect(
    (await client.post('/api/admin/login', { email: user.email, password: PASSWORD })).status,
  ).toBe(401);
  const signIn = await client.post('/api/admin/login/second-factor', { code: codes.codes[0] });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  return { client, codes: codes.codes.slice(1) };
}

async function finished(client: Client) {
  for (let i = 0; i < 600; i++) {
    const status = await client.get('/api/admin/restore');
    if (status.status === 200 && !status.body.running) return status.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the restore did not finish');
}

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-restore-38-'));
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-media-38-'));
  server = await startTestServer({ config: { backupDir, mediaDir, backupMethod: 'logical' } });
  ({ client: owner, codes: recoveryCodes } = await ownerWithSecondFactor());
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(backupDir, { recursive: true, force: true });
  await rm(mediaDir, { recursive: true, force: true });
});

describe('restore from the back office', () => {
  let backup: string;

  it('is refused without the code, with a wrong password, and to staff and customers', async () => {
    const taken = await owner.post('/api/admin/backups');
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    backup = taken.body.name;

    const noCode = await owner.post('/api/admin/restore', { name: backup, password: PASSWORD });
    expect(noCode.status).toBe(403);
    expect(noCode.body).toEqual({
      code: 'confirmation_required',
      message: RESTORE_MESSAGES.confirm,
    });
    const wrongPassword = await owner.post('/api/admin/restore', {
      name: backup,
      password: 'not-her-password',
      code: recoveryCodes[0],
    });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body.code).toBe('confirmation_required');

    const staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    const byStaff = await staff.post('/api/admin/restore', { name: backup, password: PASSWORD });
    expect(byStaff.status).toBe(403);
    expect((await staff.get('/api/admin/restore')).status).toBe(403);
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect(
      (await customer.post('/api/admin/restore', { name: backup, password: PASSWORD })).status,
    ).toBe(403);

    expect((await owner.get('/api/admin/restore')).body).toMatchObject({ started: false });
  });

  it('brings back an order deleted after the backup; customers get 503 maintenance meanwhile', async () => {
    const kept = await insertOrder(server.prisma, { customerName: 'Maria Lopez' });
    const taken = await owner.post('/api/admin/backups');
    expect(taken.status).toBe(201);
    backup = taken.body.name;
    await server.prisma.order.delete({ where: { id: kept.id } });
    const later = await insertOrder(server.prisma, { customerName: 'After The Backup' });

    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    const staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    const seen: Record<string, any> = {};
    server.deps.restoreHooks = {
      async whileClosed() {
        seen.customerCall = await customer.get('/api/user');
        seen.menu = await new Client(server.baseUrl).get('/api/menu');
        const page = await fetch(`${server.baseUrl}/menu`);
        seen.page = { status: page.status, text: await page.text() };
        seen.ownerStatus = await owner.get('/api/admin/restore');
        seen.staffStatus = await staff.get('/api/admin/restore');
      },
    };

    const started = await owner.post('/api/admin/restore', {
      name: backup,
      password: PASSWORD,
      code: recoveryCodes[1],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ running: true, backup });
    const result = await finished(owner);
    server.deps.restoreHooks = undefined;
    console.log('restore result', JSON.stringify(result));

    // While closed: customers and other staff 503 maintenance, the page says so, the owner sees the status.
    for (const answer of [seen.customerCall, seen.menu, seen.staffStatus]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ code: 'maintenance', message: RESTORE_MESSAGES.maintenance });
    }
    expect(seen.page.status).toBe(503);
    expect(seen.page.text).toContain('Back in a minute');
    expect(seen.ownerStatus.status).toBe(200);
    expect(seen.ownerStatus.body).toMatchObject({ running: true, backup });

    // The result: rows per main table, the backup of the state before.
    expect(result).toMatchObject({ step: 'done', error: null, rolledBack: false, backup });
    expect(result.safetyBackup).toMatch(/^bakery-\d{8}T\d{6}Z-manual-[0-9a-f]{8}\.dump$/);
    expect(await readdir(backupDir)).toContain(result.safetyBackup);
    const orders = result.tables.find((t: any) => t.label === 'Orders');
    expect(orders.rows).toBe(await server.prisma.order.count());
    expect(result.photos).toBe(0);

    // The order deleted after the backup is back; the one placed after it is gone.
    expect(await server.prisma.order.findUnique({ where: { id: kept.id } })).not.toBeNull();
    expect(await server.prisma.order.findUnique({ where: { id: later.id } })).toBeNull();
    // The shop is open again; the owner is still signed in.
    expect((await new Client(server.baseUrl).get('/api/menu')).status).toBe(200);
    expect((await owner.get('/api/admin/backups')).status).toBe(200);
    // The recovery code she confirmed with is not taken twice.
    const again = await owner.post('/api/admin/restore', {
      name: backup,
      password: PASSWORD,
      code: recoveryCodes[1],
    });
    expect(again.status).toBe(403);
  });

  it('takes an uploaded backup file, and refuses a file that is not one', async () => {
    const bytes = await readFile(path.join(backupDir, backup));
    const upload = (body: Uint8Array) =>
      fetch(`${server.baseUrl}/api/admin/backups/upload`, {
        method: 'POST',
        headers: {
          origin: server.baseUrl,
          cookie: owner.cookieHeader(),
          'content-type': 'application/octet-stream',
        },
        body,
      });
    const good = await upload(bytes);
    const made = (await good.json()) as any;
    expect(good.status, JSON.stringify(made)).toBe(201);
    expect(made.name).toMatch(/^bakery-\d{8}T\d{6}Z-manual-[0-9a-f]{8}\.dump$/);
    expect((await owner.get('/api/admin/backups')).body.backups.map((b: any) => b.name)).toContain(
      made.name,
    );
    const bad = await upload(new TextEncoder().encode('not a backup at all'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: RESTORE_MESSAGES.notABackup });
  });

  it('a restore that fails puts back the state before, and says so', async () => {
    // A whole, readable backup from a version of the shop this one does not know.
    const lines = gunzipSync(await readFile(path.join(backupDir, backup)))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(lines[1]!);
    header.migrations.push('29991231000000_from_a_newer_shop');
    lines[1] = JSON.stringify(header);
    const future = backupNameFor(new Date(Date.now() - 3_600_000), 'manual');
    await writeFile(path.join(backupDir, future), gzipSync(lines.join('\n')));
    const placed = await insertOrder(server.prisma, { customerName: 'Placed Before The Restore' });

    const started = await owner.post('/api/admin/restore', {
      name: future,
      password: PASSWORD,
      code: recoveryCodes[2],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const result = await finished(owner);
    console.log('failed restore', JSON.stringify(result));
    expect(result).toMatchObject({ step: 'failed', rolledBack: true, backup: future });
    expect(result.error).toContain(
      `The shop was put back as it was just before, from ${result.safetyBackup}.`,
    );
    expect(await server.prisma.order.findUnique({ where: { id: placed.id } })).not.toBeNull();
    expect((await new Client(server.baseUrl).get('/api/menu')).status).toBe(200);
  });
});
