// The errors the server answers with: an HttpError carries the status, the
// stable code (core's ERROR_CODES, docs/api.md) and the message. Services and
// routes throw them; middleware/errors.ts turns them into the JSON answer.
// Its own module, so that services never import from middleware/.
import type { z } from 'zod';
import { defaultErrorCode, type ErrorCode } from '@bakery/core';

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

/** 400 validation_failed naming one field: `{ errors: [{ path, message }] }`. */
export const fieldError = (path: string, message: string) =>
  badRequest(message, { errors: [{ path, message }] }, 'validation_failed');

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
