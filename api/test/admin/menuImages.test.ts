// Menu photos (issue 22 part 3): POST /api/admin/menu/images takes a JPEG,
// PNG, WebP or HEIC photo as multipart form data (field `file`), strips its
// metadata, turns it upright, and stores AVIF, WebP and JPEG at core's
// PHOTO_WIDTHS (4:3) at the paths core's photoSizes names, served with
// immutable caching; the original is not kept (issue 39). A file that is not
// an image, over 15 MB or under 400 px is a 400 and nothing is stored.
// Fixtures are drawn with sharp here; the HEIC one (test/fixtures, 3 KB) was
// encoded once with libheif's heif-enc, as no npm package encodes HEIC.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PHOTO_BYTES,
  PHOTO_FORMATS,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  photoHeight,
  photoSizes,
  photoUrl,
} from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedIn } from './helpers.js';

let server: TestServer;
let owner: Client;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'bakery-media-'));
  server = await startTestServer({ config: { mediaDir } });
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/** Posts a file as the back office's PhotoDrop does. */
async function upload(client: Client, bytes: Buffer, name = 'photo.jpg', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.baseUrl}/api/admin/menu/images`, {
    method: 'POST',
    headers: { origin: server.baseUrl, cookie: client.cookieHeader() },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Left half orange, right half blue: which way up a stored size is shows in its pixels. */
async function halves(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#1e50dc' } }).composite([
    {
      input: {
        create: { width: Math.round(width / 2), height, channels: 3, background: '#e6781e' },
      },
      left: 0,
      top: 0,
    },
  ]);
}

async function pixel(file: string | Buffer, x: number, y: number) {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const isOrange = ([r, g, b]: number[]) => r! > 180 && g! > 80 && g! < 160 && b! < 80;
const isBlue = ([r, , b]: number[]) => b! > 180 && r! < 80;

async function storedPhotos() {
  const menu = await readdir(path.join(mediaDir, 'menu')).catch(() => []);
  const incoming = await readdir(path.join(mediaDir, '.incoming')).catch(() => []);
  return { menu: menu.length, incoming: incoming.length };
}

describe('POST /api/admin/menu/images', () => {
  it('stores a JPEG upright, without its metadata, in every size and format, and serves them immutable', async () => {
    // Stored sideways (EXIF orientation 6: turn 90° clockwise), with a camera's metadata.
    const jpeg = await (
      await halves(1600, 1200)
    )
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'PhoneCam', Artist: 'Owner', Copyright: 'GPS 30.45N 84.28W' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const answer = await upload(owner, jpeg);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = /^\/media\/menu\/([a-z0-9-]+)\/1280\.jpg$/.exec(answer.body.image)![1]!;
    expect(answer.body).toEqual({ image: photoUrl(id), images: photoSizes(photoUrl(id)) });
    expect(answer.body.images).toHaveLength(PHOTO_WIDTHS.length * PHOTO_FORMATS.length);

    const folder = path.join(mediaDir, 'menu', id);
    expect((await readdir(folder)).sort()).toEqual(
      // Issue 39: no original (it held the camera's EXIF and GPS), only the sizes.
      PHOTO_WIDTHS.flatMap((w) => PHOTO_FORMATS.map((f) => `${w}.${f.ext}`)).sort(),
    );

    for (const size of answer.body.images as { url: string; width: number; type: string }[]) {
      const served = await fetch(server.baseUrl + size.url);
      expect(served.status, size.url).toBe(200);
      expect(served.headers.get('content-type')).toBe(size.type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], size.url).toEqual([size.width, photoHeight(size.width)]);
      expect(meta.exif, `${size.url} has no EXIF`).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      if (size.type === 'image/jpeg') {
        // Upright: the orange half (left as stored) is on top once turned.
        expect(isOrange(await pixel(bytes, size.width / 2, 5))).toBe(true);
        expect(isBlue(await pixel(bytes, size.width / 2, photoHeight(size.width) - 5))).toBe(true);
      }
    }
    // No original is served (none is kept).
    expect((await fetch(`${server.baseUrl}/media/menu/${id}/original.jpg`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/menu/${id}/../../../etc/passwd`)).status).toBe(
      404,
    );
  });

  it('takes PNG, WebP and HEIC', async () => {
    const png = await (await halves(900, 600)).png().toBuffer();
    const webp = await (await halves(800, 800)).webp().toBuffer();
    const heic = await readFile(path.join(import.meta.dirname, '../fixtures/photo-800x600.heic'));
    for (const [bytes, name] of [
      [png, 'a.png'],
      [webp, 'b.webp'],
      [heic, 'IMG_0001.HEIC'],
    ] as const) {
      const answer = await upload(owner, bytes, name);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(201);
      const jpeg = Buffer.from(
        await (await fetch(server.baseUrl + answer.body.image)).arrayBuffer(),
      );
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 960]);
      // Left orange, right blue: decoded as drawn.
      expect(isOrange(await pixel(jpeg, 100, 480)), name).toBe(true);
      expect(isBlue(await pixel(jpeg, 1180, 480)), name).toBe(true);
    }
  });

  it('refuses what is not an image, too large or too small with a clear message, storing nothing', async () => {
    const before = await storedPhotos();
    const small = await (await halves(600, 300)).jpeg().toBuffer();
    const truncated = (await (await halves(1200, 900)).jpeg().toBuffer()).subarray(0, 4000);
    const cases: [Buffer, string, string, string][] = [
      [
        Buffer.from('%PDF-1.7 not a photo at all'),
        'menu.jpg',
        'photo_not_an_image',
        PHOTO_MESSAGES.notAnImage,
      ],
      [truncated, 'cut.jpg', 'photo_not_an_image', PHOTO_MESSAGES.notAnImage],
      [small, 'small.jpg', 'photo_too_small', PHOTO_MESSAGES.tooSmall(600, 300)],
      [
        Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff),
        'huge.jpg',
        'photo_too_large',
        PHOTO_MESSAGES.tooLarge,
      ],
    ];
    for (const [bytes, name, code, message] of cases) {
      const answer = await upload(owner, bytes, name);
      expect(answer.status, name).toBe(400);
      expect(answer.body).toEqual({ code, message });
    }
    expect(PHOTO_MESSAGES.tooSmall(600, 300)).toBe(
      'This photo is 600 × 300 pixels: use one at least 400 pixels on its shortest side.',
    );
    const noFile = await upload(owner, small, 'x.jpg', 'photo');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(PHOTO_MESSAGES.missing);
    expect(await storedPhotos()).toEqual({ menu: before.menu, incoming: 0 });
  });

  it('is the owner’s: 401 signed out, 403 for a customer and an admin', async () => {
    const jpeg = await (await halves(800, 600)).jpeg().toBuffer();
    expect((await upload(new Client(server.baseUrl), jpeg)).status).toBe(401);
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect((await upload(customer, jpeg)).status).toBe(403);
    const admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
    const refused = await upload(admin, jpeg);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Owner access required');
  });
});
