// Errors the routes throw, and the one middleware that turns every error into
// a JSON answer `{ code, message }` (codes: core's ERROR_CODES, docs/api.md).
// Never a stack trace or SQL. The database out of reach (stopped, restarting,
// refusing connections) is 503 `service_unavailable` with Retry-After: the
// pool reconnects by itself when it is back. Unexpected errors are logged
// with the request id and answered with 500.
import type { Context, Next } from 'koa';
import { defaultErrorCode } from '@bakery/core';
import type { Logger } from '../services/contracts.js';
import { safePath } from '../services/logger.js';
import { HttpError } from '../errors.js';

// The errors live in ../errors.ts; routes may import them from here too.
export {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
  type FieldError,
} from '../errors.js';

/** Errors thrown by libraries (body parser, koa's ctx.throw) that are safe to show. */
interface ExposedError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  type?: string;
  code?: string;
}

const GENERIC: Record<number, string> = {
  400: 'Invalid request',
  413: 'Request body too large',
  415: 'Unsupported content type',
};

/**
 * "No such row": Prisma's P2025 (the row to update or delete is gone) and
 * P2023 (a malformed id in a column Prisma checks). Ids reach the database
 * only after the routes' UUID check (knownIds), so no error text is read.
 */
function isMissingRow(error: unknown): boolean {
  const code = (error as ExposedError)?.code;
  return code === 'P2025' || code === 'P2023';
}

/** Node's socket errors and PostgreSQL's connection SQLSTATEs (class 08, 57P01-57P03). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  'P1001', // Prisma: can't reach database server
  'P1002', // Prisma: the database server timed out
  'P1017', // Prisma: server has closed the connection
  'P2024', // Prisma: timed out fetching a connection from the pool
]);
const CONNECTION_MESSAGE =
  /Connection terminated|connection terminated unexpectedly|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|Can't reach database server|ECONNREFUSED|ECONNRESET|Server has closed the connection|timeout exceeded when trying to connect/i;

/**
 * The database cannot be reached right now: pg's and Prisma's errors (the
 * driver adapter wraps pg's in `cause`, and its own DriverAdapterError keeps
 * pg's code as `cause.originalCode` or `cause.code`), followed down the chain.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e);) {
    seen.add(e);
    const record = e as {
      code?: unknown;
      originalCode?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof record.code === 'string' && CONNECTION_CODES.has(record.code)) return true;
    if (typeof record.originalCode === 'string' && CONNECTION_CODES.has(record.originalCode))
      return true;
    if (typeof record.code === 'string' && /^08/.test(record.code)) return true;
    if (typeof record.message === 'string' && CONNECTION_MESSAGE.test(record.message)) return true;
    // AggregateError (a connect to 127.0.0.1 and ::1 both refused).
    if (Array.isArray(record.errors) && record.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    e = record.cause;
  }
  return false;
}

/** `field`: the first of the answer's field errors, for a caller that shows one. */
function firstField(extra: Record<string, unknown>): { field?: string } {
  const errors = extra.errors;
  if (!Array.isArray(errors)) return {};
  const path = (errors[0] as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && path !== '' ? { field: path } : {};
}

/** The JSON answer of an HttpError. */
export function httpErrorBody(error: HttpError): Record<string, unknown> {
  return { ...firstField(error.extra), ...error.extra, code: error.code, message: error.message };
}

export function errorMiddleware(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = httpErrorBody(error);
        return;
      }
      if (isMissingRow(error)) {
        ctx.status = 404;
        ctx.body = { code: 'not_found', message: 'Not found' };
        return;
      }
      if (isDatabaseUnavailable(error)) {
        log.warn('request failed: the database is unreachable', {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: safePath(ctx.path),
          error: error instanceof Error ? error.message : String(error),
        });
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = {
          code: 'service_unavailable',
          message: 'The shop cannot reach its database right now. Please try again in a minute.',
        };
        return;
      }
      const err = error as ExposedError;
      const status = err.status ?? err.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = {
          code: defaultErrorCode(status),
          message:
            status === 400 && error instanceof SyntaxError
              ? 'Malformed JSON body'
              : (GENERIC[status] ?? (err.expose && err.message ? err.message : 'Request refused')),
        };
        return;
      }
      log.error('request failed', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: safePath(ctx.path),
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      ctx.status = 500;
      ctx.body = { code: 'internal_error', message: 'Something went wrong. Please try again.' };
    }
  };
}
