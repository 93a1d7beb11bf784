// Errors the routes throw, and the one middleware that turns every error into
// a JSON answer. Answers carry a message only: never a stack trace or SQL.
// Unexpected errors are logged with the request id and answered with 500.
import type { Context, Next } from 'koa';
import type { Logger } from '../services/contracts.js';

export interface FieldError {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the JSON answer (e.g. `errors`, `success`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Access denied') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') => new HttpError(429, message);

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
  return code === 'P2025' || code === 'P2023' || /invalid input syntax for type uuid|Error creating UUID|InconsistentColumnData/i.test(text);
}

export function errorMiddleware(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = { ...error.extra, message: error.message };
        return;
      }
      if (isMissingRow(error)) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
        return;
      }
      const err = error as ExposedError;
      const status = err.status ?? err.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { message: status === 400 && error instanceof SyntaxError ? 'Malformed JSON body' : GENERIC[status] ?? (err.expose && err.message ? err.message : 'Request refused') };
        return;
      }
      log.error('request failed', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: error instanceof Error ? error.stack ?? error.message : String(error),
      });
      ctx.status = 500;
      ctx.body = { message: 'Something went wrong. Please try again.' };
    }
  };
}
