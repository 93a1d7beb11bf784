// Issue 39, finding 7: "Back up now" replaced the day's nightly backup (the
// same day slot: retention kept only the newest of a day), three clicks in
// one second wrote one file name three times, and the owner could cut
// retention to one day, deleting every older backup, without re-entering
// password or code. Now a backup's name carries its second, whether the
// schedule or a person took it, and a random part; a manual backup never
// takes a nightly one's place; and keeping fewer backups needs the password
// (or an authenticator code). Real app, real PostgreSQL, real backups.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, PASSWORD, signedIn } from '../admin/helpers.js';

let server: TestServer;
let owner: Client;
let backupDir: string;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-backups-39-'));
  server = await startTestServer({ config: { backupDir, backupMethod: 'logical' } });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(backupDir, { recursive: true, force: true });
});

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('finding 7: a manual backup never replaces a nightly one', () => {
  it('three quick clicks write three names; the nightly backups stay', async () => {
    // Tonight's nightly (new name) and one named as before issue 39, both from this hour.
    const now = new Date();
    const nightly = `bakery-${stamp(new Date(now.getTime() - 60_000))}-nightly-0a1b2c3d.dump`;
    const older = `bakery-${stamp(new Date(now.getTime() - 120_000))}.dump`;
    await writeFile(path.join(backupDir, nightly), 'x');
    await writeFile(path.join(backupDir, older), 'x');

    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const taken = await owner.post('/api/admin/backups');
      expect(taken.status, JSON.stringify(taken.body)).toBe(201);
      names.push(taken.body.name);
    }
    console.log(`three clicks: ${names.join(', ')}`);
    expect(new Set(names).size).toBe(3);
    for (const name of names)
      expect(name).toMatch(/^bakery-\d{8}T\d{6}Z-manual-[0-9a-f]{8}\.dump$/);
    const files = await readdir(backupDir);
    expect(files).toContain(nightly);
    // Retention keeps the day's newest manual backup beside the nightly ones;
    // the three clicks fall in one or two seconds, so which one is newest may tie.
    expect(names.filter((name) => files.includes(name))).toHaveLength(1);
  });
});

describe('finding 7: keeping fewer backups needs the password or a code', () => {
  it('refuses to lower retention without the password, takes it with it', async () => {
    const lower = { time: '02:00', keepDaily: 1, keepWeekly: 0 };
    const bare = await owner.put('/api/admin/backups/settings', lower);
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({
      code: 'confirmation_required',
      message:
        'Keeping fewer backups deletes older ones: enter your password (or an authenticator code) to confirm.',
    });
    const wrong = await owner.put('/api/admin/backups/settings', { ...lower, confirm: 'guess-1' });
    expect(wrong.status).toBe(403);
    expect((await owner.get('/api/admin/backups/settings')).body).toMatchObject({
      keepDaily: 14,
      keepWeekly: 8,
    });
    const right = await owner.put('/api/admin/backups/settings', { ...lower, confirm: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ keepDaily: 1, keepWeekly: 0 });
    expect(right.body.confirm).toBeUndefined();
    // Keeping more asks for nothing.
    const more = await owner.put('/api/admin/backups/settings', {
      time: '02:00',
      keepDaily: 20,
      keepWeekly: 8,
    });
    expect(more.status).toBe(200);
  });
});
