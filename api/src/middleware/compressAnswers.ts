// Compression of answers: a JSON (or text) answer that is already in memory
// is compressed in one synchronous call, sized to the body; a stream (the
// exports) goes through koa-compress. koa-compress alone made a zlib stream
// for every answer, about 0.6 ms of CPU for a 20-order list, more than the
// compression itself.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Next } from 'koa';
import compress from 'koa-compress';

export interface CompressOptions {
  /** Smaller answers are sent as they are. */
  threshold: number;
  brotliQuality: number;
  gzipLevel: number;
}

/** Bodies up to this size are compressed synchronously; larger ones stream. */
const SYNC_LIMIT = 256 * 1024;
const NO_BODY = new Set([204, 205, 304]);

function bytesOf(ctx: Context): Buffer | null {
  const body: unknown = ctx.body;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body === null || body === undefined || typeof body !== 'object') return null;
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return null; // a stream
  return Buffer.from(JSON.stringify(body));
}

export function compressAnswers(options: CompressOptions) {
  const streaming = compress({
    threshold: options.threshold,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality } },
    gzip: { level: options.gzipLevel },
    deflate: false,
  });
  return function compressAnswer(ctx: Context, next: Next) {
    return streaming(ctx, async () => {
      await next();
      if (
        ctx.method === 'HEAD' ||
        NO_BODY.has(ctx.status) ||
        ctx.status === 206 ||
        ctx.response.get('Content-Encoding') ||
        /\bno-transform\b/i.test(ctx.response.get('Cache-Control'))
      )
        return;
      const compressible = ctx.response.is('json') || ctx.response.is('text/*');
      const body = compressible ? bytesOf(ctx) : null;
      if (!body) return;
      // The bytes made here are the ones sent: a JSON body is not stringified again.
      ctx.body = body;
      if (body.length > SYNC_LIMIT) return; // koa-compress decides
      (ctx as Context & { compress?: boolean }).compress = false;
      ctx.vary('Accept-Encoding');
      if (body.length < options.threshold) return;
      // No Accept-Encoding: sent as it is (as koa-compress does).
      const encoding = ctx.get('Accept-Encoding')
        ? ctx.acceptsEncodings('br', 'gzip', 'identity')
        : 'identity';
      if (encoding === 'br') {
        ctx.body = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
      } else if (encoding === 'gzip') {
        ctx.body = gzipSync(body, { level: options.gzipLevel });
      } else return;
      ctx.set('Content-Encoding', encoding);
    });
  };
}
