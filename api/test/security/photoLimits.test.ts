// Issue 39, findings 4 and 9: photo decoding had no pixel limit (a 31 KB
// one-colour 16,000 × 16,000 PNG was accepted: 2.6 s, +0.7 GB resident), HEIC
// was decoded on the JavaScript thread (/api/health waited 3.7-4.1 s), and
// every upload's original was kept for ever with its EXIF GPS. Now the
// header is read first and anything above 40 megapixels is a 400 before a
// pixel is decoded, HEIC is decoded in a worker thread, one upload is
// decoded at a time, no original is kept, and photos no menu uses are swept
// after 30 days. Real app, real PostgreSQL, real sharp; the figures are
// printed.
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedIn } from '../admin/helpers.js';
import { sweepUnusedPhotos } from '../../src/services/photos/menuPhotos.js';
import { photosInUse } from '../../src/services/upkeep/jobs.js';

let server: TestServer;
let owner: Client;
let mediaDir: string;
let bigPng: Buffer;
let bigHeic: Buffer;
let smallHeic: Buffer;

/** The fixture HEIC (800 × 600) with every `ispe` box saying 16,000 × 16,000. */
function heicClaiming(bytes: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(bytes);
  for (let i = copy.indexOf('ispe'); i >= 0; i = copy.indexOf('ispe', i + 4)) {
    copy.writeUInt32BE(width, i + 8);
    copy.writeUInt32BE(height, i + 12);
  }
  return copy;
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'bakery-media-39-'));
  server = await startTestServer({ config: { mediaDir } });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  // 256 megapixels of one colour, 249 KB: made once with sharp (14 s of CPU) and kept.
  bigPng = await readFile(path.join(import.meta.dirname, '../fixtures/photo-16000x16000.png'));
  expect((await sharp(bigPng).metadata()).width).toBe(16_000);
  smallHeic = await readFile(path.join(import.meta.dirname, '../fixtures/photo-800x600.heic'));
  bigHeic = heicClaiming(smallHeic, 16_000, 16_000);
  expect((await sharp(bigHeic).metadata()).width).toBe(16_000);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/menu/images`, {
    method: 'POST',
    headers: { origin: server.baseUrl, cookie: owner.cookieHeader() },
    body: form,
  });
  const body = (await response.json()) as { code?: string; message?: string; image?: string };
  return { status: response.status, body, ms: performance.now() - started };
}

/** Asks /api/health every 10 ms while `work` runs; the slowest answer, in ms. */
async function healthWhile(work: () => Promise<unknown>) {
  const times: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${server.baseUrl}/api/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await poll;
  }
  return { slowest: Math.max(...times), answers: times.length };
}

describe('finding 4: photos above 40 megapixels are refused from their header', () => {
  it('refuses a 16,000² PNG and HEIC at once while /api/health keeps answering', async () => {
    const answers: Awaited<ReturnType<typeof upload>>[] = [];
    const health = await healthWhile(async () => {
      answers.push(await upload(bigPng, 'huge.png'));
      answers.push(await upload(bigHeic, 'huge.heic'));
      // Three at once, as in the attack.
      answers.push(
        ...(await Promise.all([
          upload(bigPng, 'a.png'),
          upload(bigHeic, 'b.heic'),
          upload(bigPng, 'c.png'),
        ])),
      );
    });
    console.log(
      `16,000² refusals: ${answers.map((a) => `${a.ms.toFixed(1)} ms`).join(', ')}; ` +
        `/api/health slowest ${health.slowest.toFixed(1)} ms over ${health.answers} answers ` +
        `(PNG ${bigPng.length} bytes, HEIC ${bigHeic.length} bytes)`,
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('photo_too_large');
      expect(answer.body.message).toBe(
        'This photo is 16000 × 16000 pixels (256 megapixels): upload one of at most 40 megapixels.',
      );
    }
    // Generous bounds on a shared 2-core machine (before: 2.6 s to accept the
    // PNG, /api/health waiting 3.7 s); the figures printed above are the measure.
    for (const answer of answers) expect(answer.ms).toBeLessThan(1000);
    expect(health.slowest).toBeLessThan(1000);
    expect(await readdir(path.join(mediaDir, 'menu')).catch(() => [])).toEqual([]);
  });

  it('decodes a HEIC off the event loop and keeps no original', async () => {
    let stored: Awaited<ReturnType<typeof upload>> | undefined;
    const health = await healthWhile(async () => {
      stored = await upload(smallHeic, 'IMG_0001.HEIC');
    });
    console.log(
      `800 × 600 HEIC stored in ${stored!.ms.toFixed(0)} ms; /api/health slowest ${health.slowest.toFixed(1)} ms`,
    );
    expect(stored!.status).toBe(201);
    const id = /^\/media\/menu\/([a-z0-9-]+)\//.exec(stored!.body.image!)![1]!;
    const files = await readdir(path.join(mediaDir, 'menu', id));
    expect(files.some((f) => f.startsWith('original'))).toBe(false);
    for (const file of files)
      expect((await sharp(path.join(mediaDir, 'menu', id, file)).metadata()).exif).toBeUndefined();
  });
});

describe('finding 9: photos no menu uses are swept after 30 days', () => {
  it('removes an old unused photo; keeps a used one and a young one', async () => {
    const menu = path.join(mediaDir, 'menu');
    const make = async (id: string, daysOld: number) => {
      await mkdir(path.join(menu, id), { recursive: true });
      await writeFile(path.join(menu, id, '640.jpg'), 'x');
      const at = new Date(Date.now() - daysOld * 24 * 60 * 60_000);
      await utimes(path.join(menu, id), at, at);
    };
    await make('old-unused-0001', 45);
    await make('old-in-use-0002', 45);
    await make('young-unused-03', 3);
    await server.prisma.menuCategory.create({
      data: {
        id: 'sweep-test',
        label: 'Sweep test',
        position: 999,
        image: '/media/menu/old-in-use-0002/1280.jpg',
      },
    });
    const removed = await sweepUnusedPhotos(mediaDir, () => photosInUse(server.prisma));
    expect(removed).toEqual(['old-unused-0001']);
    const left = await readdir(menu);
    expect(left).toContain('old-in-use-0002');
    expect(left).toContain('young-unused-03');
    expect(left).not.toContain('old-unused-0001');
  });
});
