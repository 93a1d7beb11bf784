// Registers a handler from core's route map (issue 21): the method, the path,
// who may call, the schemas of the input and the status of a success come
// from the map; the input is checked with those schemas (handle()), and the
// handler returns the answer, typed by the map.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  ROUTE_SCHEMAS,
  type AnswerOf,
  type Permission,
  type RouteSpec,
  type SchemaName,
  type SchemaOf,
} from '@bakery/core';
import { requirePermission, requireStaff, requireUser } from '../middleware/auth.js';
import { handle, type RequestPart } from '../middleware/validate.js';
import type { Readable } from 'node:stream';
import type { z } from 'zod';

const PARTS: readonly RequestPart[] = ['body', 'query', 'params'];

/** The parsed input a route's handler receives: `{ body, query, params }` as the map's schemas give them. */
export type RouteInputOf<R extends RouteSpec> = {
  [K in RequestPart as R[K] extends SchemaName ? K : never]: z.output<SchemaOf<R[K]>>;
};

/** The schema the map names for a part of a request. */
function schemaNamed(name: SchemaName): z.ZodType {
  const schema: unknown = ROUTE_SCHEMAS[name];
  if (!(schema instanceof Object) || !('safeParseAsync' in schema))
    throw new Error(`The route map names ${name}, which is not a schema`);
  return schema as z.ZodType;
}

/** Middleware of one registration, beside what the map says. */
export interface OnOptions {
  /** Middleware before the access check: it also sees the access check's refusals. */
  outer?: Middleware[];
  /** Middleware after the access check, before validation (rate limits, id checks). */
  before?: Middleware[];
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

type Handler<R extends RouteSpec> = (
  ctx: Context,
  input: RouteInputOf<R>,
) => Promise<ReplyOf<R>> | ReplyOf<R>;

/**
 * `on(router, ROUTES.saveNetWeight, (ctx, { body }) => saveNetWeight(prisma, body))`,
 * or `on(router, ROUTE, { before: [rateLimit] }, handler)`. The handler's
 * input is typed by the map's schemas and its answer checked by the compiler
 * against the map. A handler may set `ctx.status` itself (an answer whose
 * status varies: it wins over the map's) and headers.
 */
export function on<R extends RouteSpec>(router: Router, route: R, handler: Handler<R>): void;
export function on<R extends RouteSpec>(
  router: Router,
  route: R,
  options: OnOptions,
  handler: Handler<R>,
): void;
export function on<R extends RouteSpec>(
  router: Router,
  route: R,
  ...args: [Handler<R>] | [OnOptions, Handler<R>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  const parts = Object.fromEntries(
    PARTS.filter((part) => route[part]).map((part) => [part, schemaNamed(route[part]!)]),
  );
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](
    route.path,
    ...(options.outer ?? []),
    ...accessCheck(route),
    ...(options.before ?? []),
    handle(parts, async (ctx, input) => {
      const status = ctx.status;
      const answer = await handler(ctx, input as RouteInputOf<R>);
      if (answer !== undefined) {
        // The map's status of a success, unless the handler set its own.
        if (route.status && ctx.status === status) ctx.status = route.status;
        ctx.body = answer;
      }
    }),
  );
}

/** The answer of a call that only reports that it worked. */
export const DONE = { success: true } as const;
