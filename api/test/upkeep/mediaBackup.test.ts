// The photos in the backup (issue 22): the owner uploads a menu photo, takes
// a backup (the owner's button) and downloads it and its photos from the back
// office; the media folder is lost; `db:restore` of the downloaded dump into a
// fresh database finds the photos beside it and brings them back, and the
// server serves the photo again, byte for byte. A pruned backup's photos go
// with it.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSizes } from '@bakery/core';
import { createDatabase, type Database } from '@bakery/test-support';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { signedIn, type Client } from '../admin/helpers.js';
import { backupNameFor, pruneBackups } from '../../src/services/upkeep/backups.js';
import { mediaArchiveFor } from '../../src/services/upkeep/mediaBackup.js';

let server: TestServer;
let owner: Client;
let root: string;
let backupDir: string;
let mediaDir: string;
let target: Database | null = null;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'bakery-media-backup-'));
  backupDir = path.join(root, 'backups');
  mediaDir = path.join(root, 'media');
  server = await startTestServer({ config: { backupDir, mediaDir, backupMethod: 'logical' } });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);
afterAll(async () => {
  await target?.drop();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

/** `npm run db:restore` as the owner runs it (the sources, through tsx), with MEDIA_DIR set. */
function restoreCommand(databaseUrl: string, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('bash', ['../prisma/release.sh', 'restore', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MEDIA_DIR: mediaDir,
        BAKERY_RELEASE_FROM_SOURCE: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'restore-test-session-secret-0123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const fetchPhoto = async (url: string) => {
  const response = await fetch(`${server.baseUrl}${url}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('photos in the backup', () => {
  it('restores the uploaded photos with the database, and the server serves them again', async () => {
    // A real photo through the owner's upload.
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c8553d' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'cake.jpg');
    const uploaded = await fetch(`${server.baseUrl}/api/admin/menu/images`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie: owner.cookieHeader() },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { image } = (await uploaded.json()) as { image: string };
    const served = photoSizes(image).find((s) => s.type === 'image/jpeg')!.url;
    const before = await fetchPhoto(served);
    expect(before.status).toBe(200);

    // The owner's backup: the dump and the photos beside it.
    const taken = await owner.post('/api/admin/backups');
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const dump = path.join(backupDir, taken.body.name as string);
    const archive = mediaArchiveFor(dump);
    expect(path.basename(archive)).toBe(
      `${(taken.body.name as string).replace(/\.dump$/, '')}.media.tar.gz`,
    );
    expect(await readdir(backupDir)).toEqual(
      expect.arrayContaining([taken.body.name, path.basename(archive)]),
    );

    // The back office lists the photos with it and downloads both, each under
    // the name the server gave it, into one folder off the server.
    const listed = await owner.get<{ backups: { name: string; media: unknown }[] }>(
      '/api/admin/backups',
    );
    expect(listed.body.backups.find((b) => b.name === taken.body.name)!.media).toEqual({
      name: path.basename(archive),
      size: (await stat(archive)).size,
    });
    const downloads = await mkdtemp(path.join(root, 'downloads-'));
    for (const [url, file] of [
      [`/api/admin/backups/${taken.body.name}`, dump],
      [`/api/admin/backups/${taken.body.name}/photos`, archive],
    ] as const) {
      const answer = await owner.request('GET', url);
      expect(answer.status, url).toBe(200);
      const name = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition')!)![1]!;
      expect(name).toBe(path.basename(file));
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.equals(await readFile(file)), url).toBe(true);
      await writeFile(path.join(downloads, name), bytes);
    }
    expect(
      (await owner.request('GET', `/api/admin/backups/${taken.body.name}/photos`)).headers.get(
        'content-type',
      ),
    ).toBe('application/gzip');

    // The media folder is lost: the photo is gone.
    await rm(mediaDir, { recursive: true, force: true });
    expect((await fetchPhoto(served)).status).toBe(404);

    // db:restore of the downloaded dump into a fresh database brings the photos back.
    target = await createDatabase(
      new URL('/postgres', server.deps.config.databaseUrl!).toString(),
      'media_restore',
    );
    const restored = await restoreCommand(target!.url, [
      path.join(downloads, taken.body.name as string),
    ]);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/photos restored: [1-9]\d* files from /);
    expect(restored.out).toContain(`files from ${path.join(downloads, path.basename(archive))}`);
    const after = await fetchPhoto(served);
    expect(after.status).toBe(200);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    // Every size of it is back.
    for (const size of photoSizes(image))
      expect((await fetchPhoto(size.url)).status, size.url).toBe(200);
  }, 180_000);

  it("removes a pruned backup's photos with it, and keeps the others'", async () => {
    const dir = await mkdtemp(path.join(root, 'prune-'));
    const old = backupNameFor(new Date('2025-01-01T07:00:00Z'));
    const recent = backupNameFor(new Date());
    for (const name of [old, recent]) {
      await writeFile(path.join(dir, name), 'x');
      await writeFile(mediaArchiveFor(path.join(dir, name)), 'x');
    }
    await pruneBackups(dir, { keepDaily: 1, keepWeekly: 0 });
    expect((await readdir(dir)).sort()).toEqual(
      [recent, path.basename(mediaArchiveFor(recent))].sort(),
    );
  });
});
