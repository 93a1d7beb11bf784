// The server's typed edge: handle() runs core's zod schemas (with the spec's
// messages, after the safe-text check) on the parts of a request and hands
// the handler the parsed input; a failure is a 400 `{ code, message, errors }`
// whose message is the first error's text.
import type { Context } from 'koa';
import type { z } from 'zod';
import { safeInput } from '@bakery/core';
import { validationError } from '../errors.js';

export { fieldErrors, validationError } from '../errors.js';

export type RequestPart = 'body' | 'query' | 'params';

function partOf(ctx: Context, part: RequestPart): unknown {
  if (part === 'body') return (ctx.request as { body?: unknown }).body ?? {};
  if (part === 'query') return { ...ctx.query };
  return { ...(ctx as Context & { params?: Record<string, string> }).params };
}

type Parts = Partial<Record<RequestPart, z.ZodType>>;
/** The parsed parts a handler receives: `{ body, query, params }` as its schemas give them. */
export type InputOf<P extends Parts> = {
  [K in keyof P]: P[K] extends z.ZodType ? z.output<P[K]> : never;
};

/**
 * A route handler with typed, validated input (as Outline's APIContext):
 * `handle({ body: SignupSchema }, async (ctx, { body }) => ...)`. Each part
 * is checked with core's schema (and the safe-text check); the first failure
 * is a 400 `{ code: 'validation_failed', message, errors }`.
 */
export function handle<P extends Parts>(
  parts: P,
  handler: (ctx: Context, input: InputOf<P>) => unknown,
) {
  const checked = Object.entries(parts).map(
    ([part, schema]) => [part as RequestPart, safeInput(schema as z.ZodType)] as const,
  );
  return async function handleInput(ctx: Context) {
    const input: Record<string, unknown> = {};
    for (const [part, schema] of checked) {
      const result = await schema.safeParseAsync(partOf(ctx, part));
      if (!result.success) throw validationError(result.error);
      input[part] = result.data;
    }
    await handler(ctx, input as InputOf<P>);
  };
}
