// A JSON answer built once: its ETag and brotli/gzip copies made up front, so
// serving it costs no serialisation or compression (middleware/publicCache.ts
// answers with it; services that keep answers of their own build them here).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CachedAnswer {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  cacheControl: string;
}

export function cachedJson(body: unknown, cacheControl: string): CachedAnswer {
  const identity = Buffer.from(JSON.stringify(body));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    cacheControl,
  };
}
