// Small pieces the staff routers share: the acting user, the date-range query.
import { z } from 'zod';
import type { Context } from 'koa';
import type { Actor } from '../../services/orderAdmin.js';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const bakeryDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be in the form YYYY-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Invalid date')
    .optional(),
);

/** `?fromDate&toDate`, bakery days, both inclusive and both optional. */
export const DateRangeQuery = z
  .object({ fromDate: bakeryDate, toDate: bakeryDate })
  .refine((range) => !range.fromDate || !range.toDate || range.fromDate <= range.toDate, {
    message: 'The start date must not be after the end date',
    path: ['toDate'],
  });

export const IdParams = z.object({ id: z.string().min(1).max(100) });

/** The signed-in staff member, as recorded in order history. */
export function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as { id: string; email: string };
  return { id: user.id, email: user.email };
}
