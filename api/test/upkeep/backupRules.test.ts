// Backups' rules (issue 27): retention keeps 14 daily + 8 weekly; a dump
// that fails leaves no file under a backup's name; the endpoints are the
// owner's alone and refuse path tricks; the nightly job runs once across
// processes and catches up a missed night at start-up.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryInstant, backupsToKeep, bakeryToday } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { PASSWORD, signedIn } from '../admin/helpers.js';
import {
  backupNameFor,
  listBackups,
  pruneBackups,
  takeBackup,
  toolsFor,
} from '../../src/services/upkeep/backups.js';
import { runIfDue, type Job } from '../../src/services/upkeep/scheduler.js';
import { backupJob } from '../../src/services/upkeep/jobs.js';
import { createLogger } from '../../src/services/logger.js';

let server: TestServer;
let backupDir: string;
const log = createLogger({ level: 'silent' });

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-backup-rules-'));
  server = await startTestServer({ config: { backupDir } });
});
afterAll(async () => {
  await server?.close();
  await rm(backupDir, { recursive: true, force: true });
});

async function freshDir() {
  return mkdtemp(path.join(backupDir, 'case-'));
}

describe('retention', () => {
  it('never deletes the backup just taken, even beside another of the same second', async () => {
    const dir = await freshDir();
    const at = new Date('2026-11-29T11:12:19Z');
    // Names tell the second only: which of the two is the newer cannot be read from them.
    const first = backupNameFor(at, 'manual');
    const second = backupNameFor(at, 'manual');
    for (const name of [first, second]) await writeFile(path.join(dir, name), 'x');
    for (const justTaken of [first, second]) {
      await pruneBackups(dir, { keepDaily: 14, keepWeekly: 8 }, at, justTaken);
      expect(await readdir(dir)).toContain(justTaken);
      await writeFile(path.join(dir, first), 'x');
      await writeFile(path.join(dir, second), 'x');
    }
  });

  it('keeps the newest of the last 14 days and of the 8 weeks before them', async () => {
    const dir = await freshDir();
    const today = bakeryToday(new Date('2026-11-25T12:00:00Z'));
    // 90 nights at 02:00 New York time, plus an owner's backup on some afternoons.
    const names: string[] = [];
    let todaysManual = '';
    for (let back = 0; back < 90; back++) {
      const day = addDays(today, -back);
      names.push(backupNameFor(bakeryInstant(day, '02:00'), 'nightly'));
      if (back % 10 === 0) names.push(backupNameFor(bakeryInstant(day, '15:30'), 'manual'));
      if (back === 0) todaysManual = names[names.length - 1]!;
    }
    for (const name of names) await writeFile(path.join(dir, name), 'x');
    await writeFile(path.join(dir, 'notes.txt'), 'not a backup');

    const removed = await pruneBackups(dir, { keepDaily: 14, keepWeekly: 8 });
    const all = await listBackups(dir);
    // Issue 39: the owner's backups (today's and ten days ago) are kept besides
    // the nightly ones, never in their place.
    expect(all).toHaveLength(24);
    expect(removed).toHaveLength(names.length - 24);
    expect(all[0]!.name).toBe(todaysManual);
    expect(all.filter((b) => b.manual)).toHaveLength(2);
    const kept = all.filter((b) => !b.manual);
    // The daily ones: the nightly backup of each of the last 14 days.
    const days = kept.map((b) => bakeryToday(b.takenAt));
    expect(days.slice(0, 14)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(today, -i)));
    // The weekly ones: 8, each in its own week, all older than the daily ones.
    const weekly = kept.slice(14);
    const weekStarts = new Set(weekly.map((b) => Math.floor(b.takenAt.getTime() / (7 * 864e5))));
    expect(weekly.every((b) => b.takenAt < kept[13]!.takenAt)).toBe(true);
    expect(weekStarts.size).toBeGreaterThanOrEqual(7);
    expect(new Set(weekly.map((b) => bakeryToday(b.takenAt))).size).toBe(8);
    expect(await readdir(dir)).toContain('notes.txt');
    process.stdout.write(
      `retention: ${names.length} backups over 90 days -> kept ${all.length} (14 daily, 8 weekly, 2 manual), removed ${removed.length}\n`,
    );
  });

  it('keeps everything while there are fewer backups than the settings allow', () => {
    const backups = [0, 1, 2].map((d) => ({ takenAt: new Date(Date.UTC(2026, 10, 20 + d, 7)) }));
    expect(backupsToKeep(backups, { keepDaily: 14, keepWeekly: 8 }).size).toBe(3);
  });
});

describe('written under a temporary name', () => {
  it('leaves no file under a backup name when the dump fails half-way', async (context) => {
    const tools = await toolsFor(server.deps.config.databaseUrl!).catch(() => null);
    if (!tools) context.skip();
    const dir = await freshDir();
    await expect(
      takeBackup({
        databaseUrl: server.deps.config.databaseUrl!,
        dir,
        dump: async (_tools, _url, file) => {
          await writeFile(file, 'PGDMP half of an archive');
          throw new Error('pg_dump: connection lost');
        },
      }),
    ).rejects.toThrow('connection lost');
    expect(await readdir(dir)).toEqual([]);
    expect(await listBackups(dir)).toEqual([]);
  });

  it('refuses a dump that pg_restore cannot list, and keeps no file of it', async (context) => {
    const tools = await toolsFor(server.deps.config.databaseUrl!).catch(() => null);
    if (!tools) context.skip();
    const dir = await freshDir();
    await expect(
      takeBackup({
        databaseUrl: server.deps.config.databaseUrl!,
        dir,
        dump: async (_tools, _url, file) => writeFile(file, 'not an archive at all'),
      }),
    ).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes the real backup under its final name only, mode 600', async (context) => {
    const tools = await toolsFor(server.deps.config.databaseUrl!).catch(() => null);
    if (!tools) context.skip();
    const dir = await freshDir();
    const result = await takeBackup({ databaseUrl: server.deps.config.databaseUrl!, dir });
    expect(await readdir(dir)).toEqual([result.name]);
    const { statSync } = await import('node:fs');
    expect(statSync(result.path).mode & 0o777).toBe(0o600);
    expect(result.tableData).toBeGreaterThan(10);
  });
});

describe('owner only', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/backups'],
    ['POST', '/api/admin/backups', {}],
    ['GET', '/api/admin/backups/bakery-20261125T070000Z.dump'],
    ['GET', '/api/admin/backups/bakery-20261125T070000Z.dump/photos'],
    ['GET', '/api/admin/backups/settings'],
    ['PUT', '/api/admin/backups/settings', { time: '03:00', keepDaily: 7, keepWeekly: 4 }],
    ['GET', '/api/admin/unpaid-orders/settings'],
    [
      'PUT',
      '/api/admin/unpaid-orders/settings',
      { releaseAfterHours: 24, warnBeforeHours: 6, maxOpenUnpaid: 3 },
    ],
  ];

  it('refuses admins (403), customers and visitors', async () => {
    const { client: admin } = await signedIn(server.baseUrl, server.prisma, 'admin');
    const { client: customer } = await signedIn(server.baseUrl, server.prisma, 'customer');
    const { Client } = await import('../admin/helpers.js');
    const visitor = new Client(server.baseUrl);
    for (const [method, url, body] of calls) {
      const asAdmin = await admin.call(method, url, body);
      expect(asAdmin.status, `${method} ${url}`).toBe(403);
      expect(asAdmin.body).toEqual({ code: 'forbidden', message: 'Owner access required' });
      expect([401, 403], `${method} ${url}`).toContain(
        (await customer.call(method, url, body)).status,
      );
      expect((await visitor.call(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    expect(await server.prisma.backupSetting.count()).toBe(0);
  });

  it('refuses names that are not a backup, and files outside the folder', async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    await writeFile(path.join(backupDir, 'notes.txt'), 'secret');
    for (const name of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fnotes.txt',
      'notes.txt',
      '%2Fetc%2Fpasswd',
      'bakery-20261125T070000Z.dump', // well formed, but there is none
    ]) {
      for (const url of [`/api/admin/backups/${name}`, `/api/admin/backups/${name}/photos`]) {
        const answer = await owner.get(url);
        expect(answer.status, url).toBe(404);
        expect(answer.body.code).toBe('not_found');
      }
    }
    // A backup taken without photos (before issue 22) has none to download.
    await writeFile(path.join(backupDir, 'bakery-20261125T080000Z.dump'), 'x');
    const none = await owner.get('/api/admin/backups/bakery-20261125T080000Z.dump/photos');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No photos were saved with this backup');
    // A NUL byte is refused before the route sees it.
    expect((await owner.get('/api/admin/backups/bakery-20261125T070000Z.dump%00.txt')).status).toBe(
      400,
    );
  });

  it('lets the owner set the time and retention, checked by core', async () => {
    const { client: owner } = await signedIn(server.baseUrl, server.prisma, 'owner');
    expect((await owner.get('/api/admin/backups/settings')).body).toEqual({
      time: '02:00',
      keepDaily: 14,
      keepWeekly: 8,
    });
    const bad = await owner.put('/api/admin/backups/settings', {
      time: '25:00',
      keepDaily: 0,
      keepWeekly: 8,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    // Keeping fewer needs the password (issue 39).
    const good = await owner.put('/api/admin/backups/settings', {
      time: '03:30',
      keepDaily: 7,
      keepWeekly: 4,
      confirm: PASSWORD,
    });
    expect(good.status).toBe(200);
    expect((await owner.get('/api/admin/backups')).body.settings).toEqual({
      time: '03:30',
      keepDaily: 7,
      keepWeekly: 4,
    });
    await server.prisma.backupSetting.deleteMany();
  });
});

describe('the nightly job', () => {
  // Two processes at once: test/upkeep/jobQueue.test.ts (the job queue's locking).
  it('records a run, is then not due, and waits retryMs after a failure', async () => {
    let runs = 0;
    let fail = true;
    const job: Job = {
      name: `test-job-${Date.now()}`,
      holdMs: 60_000,
      retryMs: 60_000,
      due: (last) => last === null,
      run: async () => {
        runs++;
        if (fail) throw new Error('disk full');
      },
    };
    expect(await runIfDue(server.prisma, job, log)).toEqual({ ran: true, error: 'disk full' });
    // What the Backups panel shows.
    const row = await server.prisma.scheduledJob.findUnique({ where: { name: job.name } });
    expect(row?.lastError).toBe('disk full');
    fail = false;
    expect((await runIfDue(server.prisma, job, log)).ran).toBe(false);
    const later = () => new Date(Date.now() + 61_000);
    expect(await runIfDue(server.prisma, job, log, later)).toEqual({ ran: true });
    expect(runs).toBe(2);
    expect((await runIfDue(server.prisma, job, log, later)).ran).toBe(false);
  });

  it('takes a missed night at start-up, and not again after it', async () => {
    const dir = await freshDir();
    const job = backupJob({
      prisma: server.prisma,
      log,
      databaseUrl: server.deps.config.databaseUrl!,
      dir,
    });
    const now = new Date('2026-11-25T15:00:00Z'); // 10:00 in New York
    // The last backup was two nights ago: the server was down at last night's 02:00.
    const twoNightsAgo = bakeryInstant('2026-11-23', '02:00');
    expect(await job.due(twoNightsAgo, now)).toBe(true);
    // Taken this morning at 02:00 (or any time since): not due until tomorrow's.
    expect(await job.due(bakeryInstant('2026-11-25', '02:00'), now)).toBe(false);
    expect(await job.due(null, now)).toBe(true);
    // Issue 39: one the owner took since (the button) does not stand for the night...
    await writeFile(path.join(dir, backupNameFor(new Date('2026-11-25T08:00:00Z'), 'manual')), 'x');
    expect(await job.due(twoNightsAgo, now)).toBe(true);
    // ...a nightly one does.
    await writeFile(
      path.join(dir, backupNameFor(new Date('2026-11-25T08:00:00Z'), 'nightly')),
      'x',
    );
    expect(await job.due(twoNightsAgo, now)).toBe(false);
  });
});
