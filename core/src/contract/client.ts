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
export type RouteBody<R extends RouteSpec> = R['body'] extends SchemaName
  ? z.input<SchemaOf<R['body']>>
  : unknown;

export type CallOptions<R extends RouteSpec> = (ParamsOf<R['path']> extends never
  ? { params?: undefined }
  : { params: Record<ParamsOf<R['path']>, string> }) & {
  query?: Query;
  body?: RouteBody<R>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** The options of a call: required when the route's path has parameters. */
type CallArgs<R extends RouteSpec> =
  ParamsOf<R['path']> extends never ? [CallOptions<R>?] : [CallOptions<R>];

/** A route answered with a file (the map's `file(...)`). */
export type FileRoute = RouteSpec<Uint8Array> & { binary: true };

/** A file as the server sent it: its name and its bytes. */
export interface ServedFile {
  name: string;
  bytes: Uint8Array;
}

/** The file name of a Content-Disposition header (`attachment; filename="orders.xlsx"`), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?"?([^";]+)"?/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // a broken encoding: the plain name below
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/** A body sent as it is: a file, a form, bytes (an upload), never JSON. */
function isRawBody(body: unknown): boolean {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

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
    // A file or a form (an upload) goes as it is, with the caller's content type.
    const raw = hasBody && isRawBody(opts.body);
    const res = await fetch(`${base()}${routeUrl(route, opts.params, opts.query)}`, {
      method: route.method,
      credentials: 'include',
      headers:
        hasBody && !raw ? { 'Content-Type': 'application/json', ...opts.headers } : opts.headers,
      body: raw
        ? (opts.body as RequestInit['body'])
        : hasBody
          ? JSON.stringify(opts.body)
          : undefined,
      signal: opts.signal,
    });
    if (!res.ok) {
      const error = new ApiError(res.status, await res.text(), res.statusText);
      options.onError?.(error, route);
      throw error;
    }
    return res;
  }
  async function answerOf<R extends RouteSpec>(route: R, res: Response): Promise<AnswerOf<R>> {
    if (res.status === 204) return undefined as AnswerOf<R>;
    if (route.binary) return new Uint8Array(await res.arrayBuffer()) as AnswerOf<R>;
    return (await res.json()) as AnswerOf<R>;
  }
  return {
    async call<R extends RouteSpec>(route: R, ...[opts]: CallArgs<R>): Promise<AnswerOf<R>> {
      return answerOf(route, await send(route, (opts ?? {}) as CallOptions<RouteSpec>));
    },
    /** `call`, with the answer's headers (a page's `X-Next-Cursor`). */
    async read<R extends RouteSpec>(
      route: R,
      ...[opts]: CallArgs<R>
    ): Promise<{ answer: AnswerOf<R>; headers: Headers }> {
      const res = await send(route, (opts ?? {}) as CallOptions<RouteSpec>);
      return { answer: await answerOf(route, res), headers: res.headers };
    },
    /**
     * A file of the map (an Excel workbook, a PDF, a backup): its bytes and
     * the name the server gave it (Content-Disposition), so that a file is
     * named in one place.
     */
    async file<R extends FileRoute>(route: R, ...[opts]: CallArgs<R>): Promise<ServedFile> {
      const res = await send(route, (opts ?? {}) as CallOptions<RouteSpec>);
      const name =
        fileNameOf(res.headers.get('Content-Disposition')) ??
        fillPath(route.path, opts?.params).split('/').pop()!;
      return { name, bytes: new Uint8Array(await res.arrayBuffer()) };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
