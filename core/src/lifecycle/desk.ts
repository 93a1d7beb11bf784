// The order desk (issue 12): what staff ask the order list (due dates, sort,
// search, pages), the wire shape of its answers, and the words the desk, the
// ticket and the pick list use for an order. Pure: shared by the API and the
// back office.
import { z } from 'zod';
import { ADD_INS, CAKE_FILLINGS, getMenuItem } from '../catalogue/catalogue';
import { addDays, BAKERY_TIME_ZONE, formatLongDate, isDateString } from '../calendar/calendar';
import type { OrderHistoryView, OrderLineView, OrderView } from '../views';
import { pickupTimeText, type WindowShape } from '../kitchen/pickupWhen';
import { adminPaymentBadge } from './lifecycle';
import { formatDollars } from '../money/money';
import { FULFILLMENT_STATES, FULFILLMENT_STATUSES, isFulfillmentStatus } from './orderState';

/** Columns the desk sorts on (each backed by an index). */
export const DESK_SORTS = ['due', 'placed', 'customer', 'total'] as const;
export type DeskSort = (typeof DESK_SORTS)[number];

export const DESK_PAGE_MAX = 200;
export const DESK_PAGE_DEFAULT = 100;

/**
 * The desk's status filter, once: its values (what the API accepts), their
 * words (what the desk's select shows), and which the select offers.
 */
export const DESK_STATUS_FILTERS = [
  { value: 'open', label: 'To hand over', offered: true },
  { value: 'unfulfilled', label: 'Not ready yet', offered: true },
  ...FULFILLMENT_STATUSES.filter((s) => s !== 'cancelled').map((value) => ({
    value,
    label: FULFILLMENT_STATES[value].staffBadge,
    offered: value === 'ready' || value === 'picked_up',
  })),
  { value: 'pending', label: 'Payment pending', offered: true },
  { value: 'paid', label: 'Paid', offered: true },
  { value: 'completed', label: 'Completed', offered: true },
  { value: 'cancelled', label: 'Cancelled', offered: true },
  { value: 'archived', label: 'Archived', offered: true },
] as const;
export type DeskStatusFilter = (typeof DESK_STATUS_FILTERS)[number]['value'];
const DESK_STATUS_VALUES = DESK_STATUS_FILTERS.map((f) => f.value) as [
  DeskStatusFilter,
  ...DeskStatusFilter[],
];

/** The desk's due presets with their words (`dueRange` says which days each covers). */
export const DUE_PRESET_LABELS = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  week: 'This week',
  upcoming: 'Today and coming days',
  date: 'A date',
  all: 'All dates',
} as const;
export type DuePreset = keyof typeof DUE_PRESET_LABELS;
export const DUE_PRESETS = Object.keys(DUE_PRESET_LABELS) as readonly DuePreset[];

/** How many days "coming days" (the desk's opening view) covers, today included. */
export const UPCOMING_DAYS = 14;

/** The due dates a preset covers (inclusive); null bounds mean open. */
export function dueRange(
  preset: DuePreset,
  today: string,
  date?: string | null,
): { dueFrom: string | null; dueTo: string | null } {
  switch (preset) {
    case 'today':
      return { dueFrom: today, dueTo: today };
    case 'tomorrow':
      return { dueFrom: addDays(today, 1), dueTo: addDays(today, 1) };
    case 'week':
      return { dueFrom: today, dueTo: addDays(today, 6) };
    case 'upcoming':
      return { dueFrom: today, dueTo: addDays(today, UPCOMING_DAYS - 1) };
    case 'date':
      return date && isDateString(date)
        ? { dueFrom: date, dueTo: date }
        : { dueFrom: today, dueTo: today };
    default:
      return { dueFrom: null, dueTo: null };
  }
}

const dateParam = (what: string) =>
  z.string().refine(isDateString, { message: `${what} must be a date (YYYY-MM-DD)` });

/** GET /api/admin/orders/desk: one page of the order list. */
export const DeskQuerySchema = z
  .object({
    dueFrom: dateParam('dueFrom').optional(),
    dueTo: dateParam('dueTo').optional(),
    /** Placed-date range (bakery days), for statistics. */
    fromDate: dateParam('fromDate').optional(),
    toDate: dateParam('toDate').optional(),
    q: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
    status: z.enum(DESK_STATUS_VALUES).optional(),
    method: z.enum(['pickup', 'delivery']).optional(),
    sort: z.enum(DESK_SORTS).default('due'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    limit: z.coerce
      .number()
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(DESK_PAGE_MAX, `Limit cannot exceed ${DESK_PAGE_MAX}`)
      .default(DESK_PAGE_DEFAULT),
    /** Rows to skip: the grid asks for blocks of rows (AG Grid's infinite row model). */
    offset: z.coerce
      .number()
      .int('Offset must be a whole number')
      .min(0, 'Offset cannot be negative')
      .max(100_000, 'Offset cannot exceed 100000')
      .default(0),
  })
  .refine((q) => !q.dueFrom || !q.dueTo || q.dueFrom <= q.dueTo, {
    message: 'dueFrom must not be after dueTo',
    path: ['dueTo'],
  });
export type DeskQuery = z.infer<typeof DeskQuerySchema>;

/** The most rows the desk counts exactly; above it the count reads "10,000+". */
export const DESK_COUNT_CAP = 10_000;

export interface DeskPageView {
  rows: OrderView[];
  /** Rows matching the filters, counted up to DESK_COUNT_CAP (then `countCapped`). */
  count: number;
  countCapped: boolean;
  /** The server's clock: pass as `since` to GET /api/admin/orders/changes. */
  asOf: string;
}

/** GET /api/admin/orders/changes?since=<asOf of the previous answer>. */
export const DeskChangesQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, message: 'since must be an ISO instant' }),
});

export interface DeskChangesView {
  /** Orders created or changed after `since` (at most 200, oldest change first). Deleted orders are not listed. */
  changed: OrderView[];
  /** Of those, the ids of orders placed after `since`. */
  created: string[];
  asOf: string;
}

/**
 * Search text as the database holds it: lowercase, and a phone number typed
 * with punctuation ("(850) 555-1234") as its digits.
 */
export function normaliseSearch(q: string): string {
  const t = q.trim().toLowerCase();
  if (/^[0-9()+\-.\s]+$/.test(t) && /[0-9]{3}/.test(t.replace(/[^0-9]/g, '')))
    return t.replace(/[^0-9]/g, '');
  return t;
}

// ------------------------------------------------------------------ wording

const OPTION_LABELS = new Map([...CAKE_FILLINGS, ...ADD_INS].map((o) => [o.id, o.label]));

/** A filling or add-in id as its catalogue label ("Pecans"); an unknown id as given. */
export const optionLabel = (id: string | null | undefined): string | null =>
  id ? (OPTION_LABELS.get(id) ?? id) : null;

/**
 * A line's size or count ("8in", "12 Count"): the stored label, else the
 * catalogue's label of its variant id, else the id as given.
 */
export function variantLabelOf(
  line: Pick<OrderLineView, 'productId' | 'variant' | 'variantLabel'>,
): string | null {
  if (line.variantLabel) return line.variantLabel;
  if (!line.variant) return null;
  const variants = getMenuItem(line.productId)?.variants;
  return variants?.find((v) => v.id === line.variant)?.label ?? line.variant;
}

/** "Vanilla Cake (8in), filling: Fruit preserves". */
export function lineDescription(
  line: Pick<
    OrderLineView,
    'productId' | 'name' | 'variant' | 'variantLabel' | 'filling' | 'addIn' | 'writing'
  >,
): string {
  const variant = variantLabelOf(line);
  const parts = [variant ? `${line.name} (${variant})` : line.name];
  if (line.filling) parts.push(`filling: ${optionLabel(line.filling)}`);
  if (line.addIn) parts.push(`add-in: ${optionLabel(line.addIn)}`);
  if (line.writing) parts.push(`writing: “${line.writing}”`);
  return parts.join(', ');
}

/** "2 × Chocolate Cupcakes (12-count), 1 × Vanilla Cake (8in)" (the grid's items column: sizes and counts too). */
export function itemsSummary(items: OrderLineView[]): string {
  return items
    .map((l) => {
      const variant = variantLabelOf(l);
      return `${l.quantity} × ${l.name}${variant ? ` (${variant})` : ''}`;
    })
    .join(', ');
}

/** The bake sheet's Writing cell: the words to write, 'Yes' when none were given, else 'No'. */
export function cakeWritingCell(cake: { writing: boolean; writingText: string | null }): string {
  if (!cake.writing) return 'No';
  return cake.writingText ? `“${cake.writingText}”` : 'Yes';
}

/** The cake options by name: ["Writing: “Happy Birthday”", "Bows"]. */
export function cakeOptionNames(
  order: Pick<OrderView, 'cakeOptions'> & { cakeWriting?: string | null },
): string[] {
  const names: string[] = [];
  if (order.cakeOptions?.hasWriting)
    names.push(order.cakeWriting ? `Writing: “${order.cakeWriting}”` : 'Writing');
  if (order.cakeOptions?.hasBows) names.push('Bows');
  return names;
}

/** "Pickup" / "Delivery". */
export const methodLabel = (method: string) => (method === 'delivery' ? 'Delivery' : 'Pickup');

/**
 * "Tue, Nov 24 · 8:00 AM": the due date and time, pickup and delivery alike;
 * "Sat, Dec 5 · 8:00 AM – 10:00 AM" for an order in one of the owner's
 * `windows` (issue 37, core's pickupTimeText).
 */
export function dueLabel(
  order: Pick<OrderView, 'pickupDate' | 'pickupTime'> & { deliveryMethod?: string | null },
  windows: readonly WindowShape[] = [],
): string {
  if (!order.pickupDate) return order.pickupTime ?? '';
  const [y, m, d] = order.pickupDate.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const time = pickupTimeText(order, windows);
  return time ? `${day} · ${time}` : day;
}

/** Minutes after midnight of "8:00 AM" (480); null when unreadable. Sorts 8:00 AM before 10:00 AM. */
export function dueMinutes(time: string | null | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2}) ?([AaPp])[Mm]$/.exec(time ?? '');
  if (!m) return null;
  return ((Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'P' ? 12 : 0)) * 60 + Number(m[2]);
}

/** An instant in the bakery's time: "Nov 23, 2026, 2:05 PM". */
export function bakeryDateTime(iso: string | Date): string {
  const at = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(at.getTime())) return String(iso);
  return at.toLocaleString('en-US', {
    timeZone: BAKERY_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

const FIELD_WORDS: Record<string, string> = {
  paymentStatus: 'Payment',
  orderStatus: 'Status',
  deliveryFeeStatus: 'Delivery fee status',
  deliveryFee: 'Delivery fee',
  deliveryDistance: 'Delivery distance',
  total: 'Total',
  fulfilledAt: 'Fulfilled',
  squarePaymentUrl: 'Payment link',
  fulfillmentStatus: 'State',
  pickupCode: 'Pickup code',
  readyAt: 'Ready at',
  cancelledAt: 'Cancelled at',
  cancelledFrom: 'Cancelled from',
  paymentMethod: 'Paid by',
  paidAt: 'Paid at',
  refundedAmount: 'Refunded',
  refundPending: 'Refund to make in Square',
  archivedAt: 'Archived',
  refund: 'Refund',
  // The customer's own changes (issue 24).
  customerChange: 'Changed by the customer',
  refundDue: 'Refund due',
  balanceDue: 'Balance due (collect it)',
  cancelReason: 'Cancelled because',
};

/** History rows that are a note (one value), not a change from one value to another. */
const NOTE_FIELDS: Record<string, true> = {
  customerChange: true,
  refundDue: true,
  balanceDue: true,
  cancelReason: true,
};

function valueWords(field: string, value: string | null): string {
  if (value === null || value === '') return 'none';
  if (field === 'paymentStatus') return adminPaymentBadge(value);
  if (field === 'deliveryFee' || field === 'total' || field === 'refundedAmount')
    // Stored as "12.50"; anything else shows as stored rather than failing the history.
    return Number.isFinite(Number(value)) ? formatDollars(value) : value;
  if (field === 'fulfillmentStatus' || field === 'cancelledFrom')
    return isFulfillmentStatus(value) ? FULFILLMENT_STATES[value].staffBadge : value;
  if (
    field === 'readyAt' ||
    field === 'cancelledAt' ||
    field === 'paidAt' ||
    field === 'archivedAt'
  )
    return bakeryDateTime(value);
  if (field === 'deliveryDistance') return `${value} mi`;
  if (field === 'fulfilledAt') return bakeryDateTime(value);
  if (field === 'deliveryFeeStatus') return value === 'not_applicable' ? 'not applicable' : value;
  return value;
}

/** One history row in words: "Payment: Pending → Paid". */
export function historyWords(entry: Pick<OrderHistoryView, 'field' | 'from' | 'to'>): string {
  const label = FIELD_WORDS[entry.field] ?? entry.field;
  if (entry.field === 'fulfilledAt')
    return entry.to ? 'Marked fulfilled' : 'Fulfillment undone (back in progress)';
  if (entry.field === 'refund') return `Refund recorded: ${entry.to ?? ''}`;
  if (entry.field in NOTE_FIELDS) return `${FIELD_WORDS[entry.field]}: ${entry.to ?? ''}`;
  if (entry.field === 'archivedAt') return entry.to ? 'Archived' : 'Taken out of the archive';
  return `${label}: ${valueWords(entry.field, entry.from)} → ${valueWords(entry.field, entry.to)}`;
}

/**
 * The history as staff read it (issue 38): a customer's own change is one
 * sentence ("Changed by the customer: Pickup time: 8:00 AM → 10:30 AM"); the
 * raw field rows the same change wrote beside it (pickupTime, items, total…)
 * are left out, so it does not read twice.
 */
export function historyToShow<T extends Pick<OrderHistoryView, 'field' | 'at' | 'actorEmail'>>(
  entries: readonly T[],
): T[] {
  const changes = entries.filter((e) => e.field === 'customerChange');
  if (changes.length === 0) return [...entries];
  const covered = (e: T) =>
    !(e.field in NOTE_FIELDS) &&
    changes.some(
      (c) =>
        c.actorEmail === e.actorEmail &&
        Math.abs(new Date(c.at).getTime() - new Date(e.at).getTime()) <= 5_000,
    );
  return entries.filter((e) => !covered(e));
}

/** A pick list day heading: "Tuesday, November 24, 2026". */
export function pickListHeading(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return `${weekday}, ${formatLongDate(date)}`;
}

/** Orders of one day in pick-list order: by time (8:00 AM before 10:00 AM), then name. */
export function pickListOrder<T extends Pick<OrderView, 'pickupTime' | 'customerName'>>(
  orders: T[],
): T[] {
  return [...orders].sort(
    (a, b) =>
      (dueMinutes(a.pickupTime) ?? 24 * 60) - (dueMinutes(b.pickupTime) ?? 24 * 60) ||
      a.customerName.localeCompare(b.customerName),
  );
}
