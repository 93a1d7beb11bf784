// Menu photos (issue 22 part 3): an upload (JPEG, PNG, WebP or HEIC, at most
// 15 MB, at least 400 px on its shortest side) becomes AVIF, WebP and JPEG
// at core's PHOTO_WIDTHS, cropped to 4:3, turned upright (EXIF orientation)
// and without any metadata (sharp writes none unless asked: no GPS, no
// camera). Everything is written to a temporary folder first and renamed
// into place, so a photo is either whole or absent.
//
// Issue 39 (findings 4 and 9): the header is read first and a photo above
// core's MAX_PHOTO_PIXELS (40 megapixels) is refused before anything is
// decoded (sharp's limitInputPixels says the same); HEIC is decoded in a
// worker thread (heicWorker.ts), never on the event loop; one upload is
// decoded at a time per process; the original file is not kept (it held the
// camera's EXIF, GPS included, and was never used after the sizes were
// made), and sweepUnusedPhotos removes photos no menu uses after 30 days.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  MAX_PHOTO_PIXELS,
  MIN_PHOTO_SIDE,
  PHOTO_FORMATS,
  PHOTO_MESSAGES,
  PHOTO_WIDTHS,
  photoHeight,
  photoSizes,
  photoUrl,
  type PhotoSize,
} from '@bakery/core';
import { badRequest } from '../../errors.js';
import { decodeHeicOffThread } from './heicWorker.js';

/** The file types accepted, by their first bytes (never by name or declared type). */
export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'heic';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** What the bytes are, or null for anything but the four accepted kinds. */
export function photoKind(bytes: Buffer): PhotoKind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    // An AVIF is a HEIF too, but not one of the kinds a phone or camera sends.
    if (HEIF_BRANDS.has(brand)) return 'heic';
  }
  return null;
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const fromRaw = (raw: RawImage) =>
  sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: raw.channels },
    limitInputPixels: MAX_PHOTO_PIXELS,
  });

/**
 * The header's width and height, read without decoding (libvips reads the
 * IHDR of a PNG, the SOF of a JPEG, the ispe box of a HEIC): a 400 when it
 * cannot be read, 400 `photo_too_large` above MAX_PHOTO_PIXELS.
 */
async function checkHeader(bytes: Buffer): Promise<void> {
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw badRequest(PHOTO_MESSAGES.notAnImage, {}, 'photo_not_an_image');
  }
  if (width <= 0 || height <= 0)
    throw badRequest(PHOTO_MESSAGES.notAnImage, {}, 'photo_not_an_image');
  if (width * height > MAX_PHOTO_PIXELS)
    throw badRequest(PHOTO_MESSAGES.tooManyPixels(width, height), {}, 'photo_too_large');
}

/** One decode at a time in this process: the next upload waits for the one before. */
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work, work);
  decoding = turn.catch(() => undefined);
  return turn;
}

/** The photo upright and fully decoded (pixels), or a 400 when it cannot be read. */
async function openPhoto(bytes: Buffer, kind: PhotoKind): Promise<RawImage> {
  try {
    if (kind === 'heic') {
      // libheif applies the file's rotation and mirroring itself; in a worker thread.
      const { width, height, data } = await decodeHeicOffThread(bytes);
      if (width * height > MAX_PHOTO_PIXELS) throw new Error('too many pixels');
      return {
        data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        width,
        height,
        channels: 4,
      };
    }
    // Decoded once, whole: a truncated or corrupt file fails here, not half-way.
    const { data, info } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: MAX_PHOTO_PIXELS,
    })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw badRequest(PHOTO_MESSAGES.notAnImage, {}, 'photo_not_an_image');
  }
}

export interface StoredPhoto {
  id: string;
  image: string;
  images: PhotoSize[];
}

/**
 * Checks and stores an uploaded photo under `<mediaDir>/menu/<id>/`: a 400
 * (nothing stored) when it is not an image or too small.
 */
export async function storeMenuPhoto(mediaDir: string, bytes: Buffer): Promise<StoredPhoto> {
  const kind = photoKind(bytes);
  if (!kind) throw badRequest(PHOTO_MESSAGES.notAnImage, {}, 'photo_not_an_image');
  await checkHeader(bytes);
  return oneAtATime(() => makeSizes(mediaDir, bytes, kind));
}

async function makeSizes(mediaDir: string, bytes: Buffer, kind: PhotoKind): Promise<StoredPhoto> {
  const upright = await openPhoto(bytes, kind);
  const { width, height } = upright;
  if (Math.min(width, height) < MIN_PHOTO_SIDE)
    throw badRequest(PHOTO_MESSAGES.tooSmall(width, height), {}, 'photo_too_small');
  // Cropped to 4:3 once, at the largest width (the subject kept in frame);
  // the smaller sizes are made from that crop, not from the full photo.
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const framed = await fromRaw(upright)
    .resize(largest, photoHeight(largest), { fit: 'cover', position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame: RawImage = {
    data: framed.data,
    width: framed.info.width,
    height: framed.info.height,
    channels: framed.info.channels,
  };

  const id = randomUUID();
  const menuDir = path.join(mediaDir, 'menu');
  const temp = path.join(mediaDir, '.incoming', id);
  await mkdir(temp, { recursive: true });
  await mkdir(menuDir, { recursive: true });
  try {
    for (const w of PHOTO_WIDTHS) {
      const sized = w === largest ? fromRaw(frame) : fromRaw(frame).resize(w, photoHeight(w));
      await Promise.all(
        PHOTO_FORMATS.map((format) => {
          const out = path.join(temp, `${w}.${format.ext}`);
          if (format.ext === 'avif')
            return sized.clone().avif({ quality: 50, effort: 3 }).toFile(out);
          if (format.ext === 'webp') return sized.clone().webp({ quality: 78 }).toFile(out);
          return sized.clone().jpeg({ quality: 80, mozjpeg: true, progressive: true }).toFile(out);
        }),
      );
    }
    await rename(temp, path.join(menuDir, id));
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const image = photoUrl(id);
  return { id, image, images: photoSizes(image) };
}

/** How long a photo no menu uses is kept (issue 39): time to place it, or to restore a version. */
export const UNUSED_PHOTO_DAYS = 30;

/**
 * Removes the photos under `<mediaDir>/menu/` that are older than
 * UNUSED_PHOTO_DAYS and that no menu uses: neither the draft (MenuItem,
 * MenuCategory) nor any published version (MenuVersion snapshots). Returns
 * the ids removed.
 */
export async function sweepUnusedPhotos(
  mediaDir: string,
  usedText: () => Promise<string>,
  now = new Date(),
): Promise<string[]> {
  const menuDir = path.join(mediaDir, 'menu');
  const ids = await readdir(menuDir).catch(() => [] as string[]);
  if (ids.length === 0) return [];
  const used = await usedText();
  const cutoff = now.getTime() - UNUSED_PHOTO_DAYS * 24 * 60 * 60_000;
  const removed: string[] = [];
  for (const id of ids) {
    if (!/^[a-z0-9-]{8,64}$/.test(id) || used.includes(`/media/menu/${id}/`)) continue;
    const info = await stat(path.join(menuDir, id)).catch(() => null);
    if (!info || info.mtimeMs > cutoff) continue;
    await rm(path.join(menuDir, id), { recursive: true, force: true });
    removed.push(id);
  }
  return removed;
}

/** A served size's path: /media/menu/<id>/<width>.<avif|webp|jpg> (never the original). */
export const MEDIA_PATH = /^\/media\/menu\/([a-z0-9-]{8,64})\/(\d{2,5})\.(avif|webp|jpg)$/;
