// The one client of the API, typed by the route map and used by the
// storefront and the desktop alike. A non-OK answer becomes an ApiError
// carrying the status, the stable code and the server's message; its text
// stays the spec's "status: body" (spec section 7).
import type { z } from 'zod';
import { errorCodeOf, type ErrorCode } from '../errors';
import {
  fillPath,
  type AnswerOf,
  type ParamsOf,
  type RouteSpec,
  type SchemaName,
  type SchemaOf,
} from './routes';

export class ApiError extends Error {
  readonly status: number;
  /** The server's stable code (core's ERROR_CODES), when it sent one. */
  readonly code: ErrorCode | undefined;
  /** The parsed JSON body, or null. */
  readonly body: unknown;

  constructor(status: number, bodyText: string, statusText = '') {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let body: unknown = null;
    try {
      body = bodyText ? JSON.parse(bodyText) : null;
    } catch {
      body = null;
    }
    this.body = body;
    this.code = errorCodeOf(body);
  }

  /** The server's `{ message }` (or the older `{ error }`), if it sent one. */
  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown; error?: unknown } | null;
    if (b && typeof b.message === 'string' && b.message) return b.message;
    if (b && typeof b.error === 'string' && b.error) return b.error;
    return undefined;
  }
}

/** The server's message of an error, else the fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The stable code of an error, if the server sent one. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** Throws the answer as an ApiError unless it is OK. */
export async function throwUnlessOk(res: Response): Promise<Response> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return res;
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** A call's body: what the route's body schema accepts (z.input), or anything. */
type BodyInput<R extends RouteSpec> = R['body'] extends SchemaName
  ? z.input<SchemaOf<R['body']>>
  : unknown;

export type CallOptions<R extends RouteSpec> = (ParamsOf<R['path']> extends never
  ? { params?: undefined }
  : { params: Record<ParamsOf<R['path']>, string> }) & {
  query?: Query;
  body?: BodyInput<R>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** The URL of a route: its path with parameters filled in, and its query. */
export function routeUrl(route: RouteSpec, params?: Record<string, string>, query?: Query): string {
  const path = fillPath(route.path, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const q = search.toString();
  return q ? `${path}?${q}` : path;
}

export interface ApiClientOptions {
  /** '' for the same origin, or the server's URL (the desktop app). */
  base?: () => string;
  /** Called on each non-OK answer before it is thrown (the desktop's ended session). */
  onError?: (error: ApiError, route: RouteSpec) => void;
}

/** A client: `call(ROUTES.adminReviews)` answers `AdminReviewView[]`. */
export function createApiClient(options: ApiClientOptions = {}) {
  const base = options.base ?? (() => '');
  async function send(route: RouteSpec, opts: CallOptions<RouteSpec>): Promise<Response> {
    const hasBody = opts.body !== undefined;
    const res = await fetch(`${base()}${routeUrl(route, opts.params, opts.query)}`, {
      method: route.method,
      credentials: 'include',
      headers: hasBody ? { 'Content-Type': 'application/json', ...opts.headers } : opts.headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
    if (!res.ok) {
      const error = new ApiError(res.status, await res.text(), res.statusText);
      options.onError?.(error, route);
      throw error;
    }
    return res;
  }
  return {
    async call<R extends RouteSpec>(
      route: R,
      ...[opts]: ParamsOf<R['path']> extends never ? [CallOptions<R>?] : [CallOptions<R>]
    ): Promise<AnswerOf<R>> {
      const res = await send(route, (opts ?? {}) as CallOptions<RouteSpec>);
      if (res.status === 204) return undefined as AnswerOf<R>;
      if (route.binary) return new Uint8Array(await res.arrayBuffer()) as AnswerOf<R>;
      return (await res.json()) as AnswerOf<R>;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
