// GET /api/availability as a live cached answer (issue 25): every open order
// page polls it every 15 s, all for the same range (the earliest date and
// 90 days on), so each process builds the answer for a range at most once a
// second, compressed once, with an ETag (a revalidation gets 304). What is
// left is thus at most a second old on the page; the submission checks again
// under the lock. An invalid range is left to the route (its 400).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { KitchenRangeSchema } from '@bakery/core';
import type { Context } from 'koa';
import type { Db } from '../../db/types.js';
import type { CachedAnswer } from '../cachedJson.js';
import { availabilityOffer } from './offer.js';

export const AVAILABILITY_FRESH_MS = 1000;

function compressed(body: unknown): CachedAnswer {
  const identity = Buffer.from(JSON.stringify(body));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    // A fast level: rebuilt every second under load, not once per process.
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
    cacheControl: 'no-cache',
  };
}

export function liveAvailabilityAnswer(db: Db, freshMs = AVAILABILITY_FRESH_MS) {
  const built = new Map<string, { at: number; answer: Promise<CachedAnswer> }>();
  return {
    async live(ctx: Context): Promise<CachedAnswer | null> {
      const range = KitchenRangeSchema.safeParse(ctx.query);
      if (!range.success) return null;
      const key = `${range.data.fromDate}|${range.data.toDate}`;
      let entry = built.get(key);
      if (!entry || Date.now() - entry.at > freshMs) {
        if (built.size > 50) built.clear();
        entry = {
          at: Date.now(),
          answer: availabilityOffer(db, range.data.fromDate, range.data.toDate).then(compressed),
        };
        built.set(key, entry);
        entry.answer.catch(() => built.delete(key));
      }
      return entry.answer;
    },
  };
}
