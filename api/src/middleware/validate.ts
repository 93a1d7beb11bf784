// Runs a zod schema (core's, with the spec's messages) on one part of the
// request. The parsed value goes to ctx.state.input; a failure is a 400
// `{ message, errors }` whose message is the first error's text.
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { safeInput } from '@bakery/core';
import { badRequest, type FieldError } from './errors.js';

export type RequestPart = 'body' | 'query' | 'params';

/** The field errors of a zod failure, in the schema's order. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A 400 HttpError from a zod failure. */
export function validationError(error: z.ZodError) {
  const errors = fieldErrors(error);
  return badRequest(errors[0]?.message ?? 'Invalid input', { errors }, 'validation_failed');
}

function partOf(ctx: Context, part: RequestPart): unknown {
  if (part === 'body') return (ctx.request as { body?: unknown }).body ?? {};
  if (part === 'query') return { ...ctx.query };
  return { ...(ctx as Context & { params?: Record<string, string> }).params };
}

export function validate(schema: z.ZodType, part: RequestPart) {
  // core's safe-text check first: a NUL byte, a control character or a lone
  // surrogate in any string is a 400 naming the field, never a database 500.
  const checked = safeInput(schema);
  return async function validateInput(ctx: Context, next: Next) {
    const result = await checked.safeParseAsync(partOf(ctx, part));
    if (!result.success) throw validationError(result.error);
    ctx.state.input = result.data;
    await next();
  };
}
