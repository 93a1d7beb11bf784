// POST /api/admin/menu/images (issue 22 part 3): a menu photo as multipart
// form data, field `file`, at most 15 MB; the owner's (core's manageMenu).
// Answers `{ image, images }`: the URL to put on an item or category and its
// srcset sizes (core's photoUrl and photoSizes). Refusals are 400s with a
// clear message, and nothing is stored (services/photos/menuPhotos.ts).
import Router from '@koa/router';
import busboy from 'busboy';
import type { Context } from 'koa';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES, ROUTES } from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { on } from '../on.js';
import { badRequest } from '../../errors.js';
import { storeMenuPhoto } from '../../services/photos/menuPhotos.js';

export const MENU_IMAGES_PATH = ROUTES.uploadMenuImage.path;

/** The one file of the form, read into memory up to the limit. */
function readUpload(ctx: Context): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: MAX_PHOTO_BYTES, fields: 10, parts: 12 },
      });
    } catch {
      reject(badRequest(PHOTO_MESSAGES.missing));
      return;
    }
    let file: Buffer | null = null;
    let tooLarge = false;
    parser.on('file', (name, stream) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(badRequest(PHOTO_MESSAGES.missing)));
    parser.on('close', () => {
      if (tooLarge) reject(badRequest(PHOTO_MESSAGES.tooLarge, {}, 'photo_too_large'));
      else if (!file || file.length === 0) reject(badRequest(PHOTO_MESSAGES.missing));
      else resolve(file);
    });
    ctx.req.pipe(parser);
  });
}

export function adminMenuImagesRouter(deps: AppDeps): Router {
  const router = new Router();
  // The body is multipart (not parsed by the body parser): readUpload reads it.
  on(router, ROUTES.uploadMenuImage, async (ctx) => {
    if (!ctx.is('multipart/form-data')) throw badRequest(PHOTO_MESSAGES.missing);
    const bytes = await readUpload(ctx);
    const photo = await storeMenuPhoto(deps.config.mediaDir, bytes);
    deps.log.info('menu photo stored', { id: photo.id, bytes: bytes.length });
    return { image: photo.image, images: photo.images };
  });
  return router;
}
