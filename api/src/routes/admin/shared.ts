// Small pieces the staff routers share: the acting user, the date-range query,
// and the id check that turns a malformed id into a 404 before the database
// sees it (ids are UUID columns; Postgres would throw on anything else).
import { z } from 'zod';
import type { Context, Next } from 'koa';
import type { Actor } from '../../services/orderAdmin.js';
import { notFound } from '../../middleware/errors.js';
import { isUuid } from '@bakery/core';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const bakeryDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be in the form YYYY-MM-DD')
    // Date.parse accepts 2026-02-31; a real calendar day must survive the round trip.
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    }, 'Invalid date')
    .optional(),
);

/** `?fromDate&toDate`, bakery days, both inclusive and both optional. */
export const DateRangeQuery = z
  .object({ fromDate: bakeryDate, toDate: bakeryDate })
  .refine((range) => !range.fromDate || !range.toDate || range.fromDate <= range.toDate, {
    message: 'The start date must not be after the end date',
    path: ['toDate'],
  });

export type DateRangeInput = z.infer<typeof DateRangeQuery>;

/**
 * Answers 404 with `message` unless every named route parameter is a UUID.
 * Placed after the access check, so visitors and customers still get 401/403.
 */
export function knownIds(message: string, ...names: string[]) {
  return async function checkIds(ctx: Context, next: Next) {
    const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
    for (const name of names.length ? names : ['id']) {
      if (!isUuid(params[name])) throw notFound(message);
    }
    await next();
  };
}

/** The id parameter `name` of a route already checked by knownIds. */
export const idParam = (ctx: Context, name = 'id'): string =>
  (ctx as Context & { params: Record<string, string> }).params[name]!;

/** The signed-in staff member, as recorded in order history. */
export function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as { id: string; email: string };
  return { id: user.id, email: user.email };
}
