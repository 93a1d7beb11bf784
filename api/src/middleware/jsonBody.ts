// The JSON body reader (in place of @koa/bodyparser, which parses before any
// check can run): the raw text is read with co-body (the size limit, 413
// beyond it), its nesting depth is counted by a scan of the text BEFORE it is
// parsed (issue 27: 27 KB nested 3,000 deep was a stack overflow, a 500 and
// a stalled process), then it is parsed as the old parser did (an object or
// an array, no `__proto__` keys: @hapi/bourne). The raw text stays in
// ctx.request.rawBody (the Square webhook's signature is over the bytes).
import bourne from '@hapi/bourne';
import coBody from 'co-body';
import type { Context, Next } from 'koa';
import { badRequest } from './errors.js';

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/**
 * True when the JSON text nests arrays and objects deeper than `max`: counts
 * `[` and `{` against `]` and `}` outside strings, one pass, no recursion,
 * stopping at the first level too deep. Invalid JSON is left to the parser.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

function malformed(message: string): Error {
  return Object.assign(new SyntaxError(message), { status: 400 });
}

/** The body as the routes get it: {} when empty, an object or array, never a bare value. */
function parse(text: string): unknown {
  if (!text) return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw malformed('only an object or an array is accepted');
  try {
    return bourne.parse(text, { protoAction: 'error' });
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'invalid JSON');
  }
}

export interface JsonBodyOptions {
  /** The largest body, e.g. '100kb' (413 beyond it). */
  limit: string;
  /** Methods whose bodies are read. */
  methods: readonly string[];
  maxDepth?: number;
}

/**
 * Reads JSON bodies of the given methods into ctx.request.body (and the text
 * into ctx.request.rawBody); a body nested deeper than maxDepth is a 400
 * `bad_request` before it is parsed. Other content types get `{}` (jsonOnly
 * refuses them before this runs).
 */
export function jsonBody(options: JsonBodyOptions) {
  const methods = new Set(options.methods);
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  return async function readJsonBody(ctx: Context, next: Next) {
    const request = ctx.request as { body?: unknown; rawBody?: string };
    if (!methods.has(ctx.method) || request.body !== undefined) return next();
    if (!ctx.is('application/json', 'application/*+json')) {
      request.body = {};
      return next();
    }
    const text = (await coBody.text(ctx, { limit: options.limit, encoding: 'utf-8' })) as string;
    request.rawBody = text;
    if (jsonNestedDeeperThan(text, maxDepth)) throw badRequest(JSON_TOO_DEEP_MESSAGE);
    request.body = parse(text);
    await next();
  };
}
