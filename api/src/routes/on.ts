// Registers a handler from core's route map (issue 21): the method, the path
// and who may call come from the map, the input is checked with the given
// schemas (handle()), and the handler returns the answer, typed by the map.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { AnswerOf, Permission, RouteSpec } from '@bakery/core';
import { requirePermission, requireStaff, requireUser } from '../middleware/auth.js';
import { handle, type InputOf, type RequestPart } from '../middleware/validate.js';
import type { Readable } from 'node:stream';
import type { z } from 'zod';

type Parts = Partial<Record<RequestPart, z.ZodType>>;

export interface OnOptions<P extends Parts> {
  /** The schemas of the request's parts. */
  parts?: P;
  /** Middleware before the access check: it also sees the access check's refusals. */
  outer?: Middleware[];
  /** Middleware after the access check, before validation (rate limits, id checks). */
  before?: Middleware[];
  /** The status of a success (201 for a creation). */
  status?: number;
}

/** The access check the map names for a route. */
export function accessCheck(route: RouteSpec): Middleware[] {
  const { access } = route;
  if (access === 'public') return [];
  if (access === 'signed-in') return [requireUser];
  if (access === 'staff') return [requireStaff];
  return [requirePermission(access.slice('permission:'.length) as Permission)];
}

/**
 * The body of a binary route's answer (`binary: true` in the map: a
 * workbook, a calendar file, an image): its bytes, its text or a stream.
 * The handler sets `ctx.type` and, for a download, the file name.
 */
export type FileBody = string | Uint8Array | Readable;

/** What a route's handler answers: the map's answer type, or a file body on a binary route. */
export type ReplyOf<R extends RouteSpec> = AnswerOf<R> extends Uint8Array ? FileBody : AnswerOf<R>;

/**
 * `on(router, ROUTES.ingredients, {}, () => listIngredients(prisma))`. The
 * handler's answer is checked by the compiler against the map. A handler
 * may set `ctx.status` itself (an answer whose status varies) and headers.
 */
export function on<R extends RouteSpec, P extends Parts = Record<never, never>>(
  router: Router,
  route: R,
  options: OnOptions<P>,
  handler: (ctx: Context, input: InputOf<P>) => Promise<ReplyOf<R>> | ReplyOf<R>,
): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](
    route.path,
    ...(options.outer ?? []),
    ...accessCheck(route),
    ...(options.before ?? []),
    handle(options.parts ?? ({} as P), async (ctx, input) => {
      const answer = await handler(ctx, input);
      if (answer !== undefined) {
        if (options.status) ctx.status = options.status;
        ctx.body = answer;
      }
    }),
  );
}

/** The answer of a call that only reports that it worked. */
export const DONE = { success: true } as const;
