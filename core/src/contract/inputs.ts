// The input schemas of routes that no domain module owns (issue 21): path
// parameters, list queries and small bodies, named by the route map
// (routes.ts) with the domain schemas, so the map is the one place that says
// what each endpoint takes. Their messages are the API's, word for word.
import '../zodConfig';
import { z } from 'zod';
import { MENU_MESSAGES } from '../catalogue/menuSchemas';
import { isUuid } from '../ids/ids';
import { kitchenDate } from '../kitchen/schemas';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../lifecycle/lifecycle';

// ---------------------------------------------------------------- cursors

/**
 * Where a page of orders ends (the last order's creation instant and id),
 * opaque to the client: base64url of `[createdAt, id]`, sent in X-Next-Cursor.
 */
export function encodeCursor(order: { createdAt: Date; id: string }): string {
  const bytes = new TextEncoder().encode(JSON.stringify([order.createdAt.toISOString(), order.id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The page end an {@link encodeCursor} cursor names; null for anything else. */
export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const base64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const [at, id] = JSON.parse(new TextDecoder().decode(bytes)) as [string, string];
    const createdAt = new Date(at);
    return typeof id === 'string' && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------ parameters

/** `:id` of a drop or a pickup window. */
export const IdParam = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
/** `:id` of one's own order (checked by the handler: 404 for a malformed one). */
export const OrderIdParam = z.object({ id: z.string() });
/** `:id` of a draft menu item or category. */
export const MenuIdParam = z.object({ id: z.string().trim().min(1).max(60) });
/** `:id` of a published menu version. */
export const MenuVersionParam = z.object({ id: z.uuid({ error: MENU_MESSAGES.versionNotFound }) });
/** `:date` of a closed date. */
export const ClosedDateParam = z.object({ date: kitchenDate() });
/** `:userId` of a fair-share exception. */
export const AccountIdParam = z.object({ userId: z.uuid({ error: 'Not a valid account id' }) });
/** `:productId` of an allergen-claim exception. */
export const ProductIdParam = z.object({ productId: z.string().trim().min(1).max(100) });
/** `:name` of a backup file. */
export const BackupNameParam = z.object({ name: z.string().max(100) });

// ---------------------------------------------------------------- queries

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

const STATUSES = [...PAYMENT_STATUSES, ...ORDER_STATUSES] as string[];

/** GET /api/admin/orders: a date range, a status, a page size and where the page starts. */
export const OrdersQuery = z.intersection(
  DateRangeQuery,
  z.object({
    status: z
      .string()
      .refine((value) => STATUSES.includes(value), {
        message: `Status must be one of: ${STATUSES.join(', ')}`,
      })
      .optional(),
    limit: z.coerce
      .number()
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(1000, 'Limit cannot exceed 1000')
      .optional(),
    cursor: z
      .string()
      .refine((value) => decodeCursor(value) !== null, { message: 'Invalid cursor' })
      .optional(),
  }),
);

export const MY_ORDERS_PAGE = 50;
export const MY_ORDERS_MAX_PAGE = 100;

const INVALID_LIMIT = `limit must be a whole number from 1 to ${MY_ORDERS_MAX_PAGE}`;
const INVALID_CURSOR = 'before must be a cursor from the X-Next-Cursor header';

/** GET /api/my-orders: a page size, and the X-Next-Cursor of the page before. */
export const MyOrdersQuery = z.object({
  limit: z.coerce
    .number({ message: INVALID_LIMIT })
    .int(INVALID_LIMIT)
    .min(1, INVALID_LIMIT)
    .max(MY_ORDERS_MAX_PAGE, INVALID_LIMIT)
    .default(MY_ORDERS_PAGE),
  before: z
    .string()
    .optional()
    .transform((value, check) => {
      if (value === undefined || value === '') return undefined;
      const at = decodeCursor(value);
      if (!at || !isUuid(at.id)) {
        check.addIssue({ code: 'custom', message: INVALID_CURSOR });
        return z.NEVER;
      }
      return at;
    }),
});

/** GET /api/admin/menu/versions. */
export const MenuVersionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().min(1).optional(),
});

/** GET /api/admin/mail. */
export const MailQuery = z.object({
  status: z.enum(['pending', 'sending', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET /api/admin/allergens/claims: `?productIds=a,b` (all items without it). */
export const ClaimsQuery = z.object({
  productIds: z
    .string()
    .trim()
    .max(10_000)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : undefined,
    ),
});

// ----------------------------------------------------------------- bodies

/** POST /api/admin/allergens/claims/check. */
export const ClaimsCheckSchema = z.object({
  productIds: z.array(z.string().trim().min(1).max(100)).max(500).optional(),
});

/** POST /api/confirm-payment (the dashboard's older path). */
export const ConfirmPaymentSchema = z.object({
  orderId: z.string({ message: 'Order id is required' }).min(1, 'Order id is required'),
});

/** POST /api/square/confirm-payment: the reference the payment link's redirect carries. */
export const SquareConfirmSchema = z.object({
  referenceId: z
    .string({ error: 'referenceId is required' })
    .trim()
    .min(1, 'referenceId is required')
    .max(100, 'referenceId is too long'),
});
