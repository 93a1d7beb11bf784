// Errors the routes throw, and the one middleware that turns every error into
// a JSON answer `{ code, message }` (codes: core's ERROR_CODES, docs/api.md).
// Never a stack trace or SQL. Unexpected errors are logged with the request id
// and answered with 500.
import type { Context, Next } from 'koa';
import { defaultErrorCode, type ErrorCode } from '@bakery/core';
import type { Logger } from '../services/contracts.js';
import { safePath } from '../services/logger.js';

export interface FieldError {
  path: string;
  message: string;
}

export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the JSON answer (e.g. `errors`, `success`). */
    readonly extra: Record<string, unknown> = {},
    /** The stable reason clients branch on; by default the status's. */
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? defaultErrorCode(status);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>, code?: ErrorCode) =>
  new HttpError(400, message, extra, code);
export const unauthorized = (message = 'Not authenticated', code?: ErrorCode) =>
  new HttpError(401, message, {}, code);
export const forbidden = (message = 'Access denied', code?: ErrorCode) =>
  new HttpError(403, message, {}, code);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, code?: ErrorCode) =>
  new HttpError(409, message, {}, code);
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') =>
  new HttpError(429, message);

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
 * "No such row": Prisma's P2025 (the row to update or delete is gone) and a
 * malformed UUID, which Prisma and the pg adapter report as a data error.
 */
function isMissingRow(error: unknown): boolean {
  const text = String((error as Error)?.message ?? '');
  const code = (error as ExposedError)?.code;
  return (
    code === 'P2025' ||
    code === 'P2023' ||
    /invalid input syntax for type uuid|Error creating UUID|InconsistentColumnData/i.test(text)
  );
}

export function errorMiddleware(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = { ...error.extra, code: error.code, message: error.message };
        return;
      }
      if (isMissingRow(error)) {
        ctx.status = 404;
        ctx.body = { code: 'not_found', message: 'Not found' };
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
