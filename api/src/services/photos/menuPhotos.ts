// Menu photos (issue 22 part 3): an upload (JPEG, PNG, WebP or HEIC, at most
// 15 MB, at least 400 px on its shortest side) becomes AVIF, WebP and JPEG
// at core's PHOTO_WIDTHS, cropped to 4:3, turned upright (EXIF orientation)
// and without any metadata (sharp writes none unless asked: no GPS, no
// camera). The original is kept beside them, never served (static.ts serves
// only the sizes). Everything is written to a temporary folder first and
// renamed into place, so a photo is either whole or absent.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import {
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

const EXTENSIONS: Record<PhotoKind, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
};

type HeicDecode = (input: {
  buffer: Uint8Array;
}) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

let heicDecoder: HeicDecode | null = null;
/** libheif (WebAssembly): sharp's own libvips reads AVIF but not HEVC-coded HEIC. */
function decodeHeic(): HeicDecode {
  heicDecoder ??= createRequire(import.meta.url)('heic-decode') as HeicDecode;
  return heicDecoder;
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const fromRaw = (raw: RawImage) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });

/** The photo upright and fully decoded (pixels), or a 400 when it cannot be read. */
async function openPhoto(bytes: Buffer, kind: PhotoKind): Promise<RawImage> {
  try {
    if (kind === 'heic') {
      // libheif applies the file's rotation and mirroring itself.
      const { width, height, data } = await decodeHeic()({ buffer: bytes });
      return {
        data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        width,
        height,
        channels: 4,
      };
    }
    // Decoded once, whole: a truncated or corrupt file fails here, not half-way.
    const { data, info } = await sharp(bytes, { failOn: 'error' })
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
    await writeFile(path.join(temp, `original.${EXTENSIONS[kind]}`), bytes);
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

/** A served size's path: /media/menu/<id>/<width>.<avif|webp|jpg> (never the original). */
export const MEDIA_PATH = /^\/media\/menu\/([a-z0-9-]{8,64})\/(\d{2,5})\.(avif|webp|jpg)$/;
