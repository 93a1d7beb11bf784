// The desk's filters live in the URL (?due=&day=&q=&status=&method=&order=),
// so a reload, a shared link or a return after sign-in shows the same list.
import { useUrlParams } from '../urlParams';
import {
  bakeryToday,
  DESK_STATUS_FILTERS,
  DUE_PRESETS,
  dueRange,
  isDateString,
  type DuePreset,
} from '@bakery/core';
import type { DateRange } from '../dashboard/range';

/** The status select: core's filters that the desk offers, after "Any status". */
export const DESK_STATUSES: readonly (readonly [string, string])[] = [
  ['', 'Any status'],
  ...DESK_STATUS_FILTERS.filter((f) => f.offered).map((f) => [f.value, f.label] as const),
];

export interface DeskFilters {
  due: DuePreset;
  /** The day of the 'date' preset. */
  day: string | null;
  q: string;
  status: string;
  method: '' | 'pickup' | 'delivery';
  /** The selected order's id. */
  order: string | null;
}

export function useDeskFilters(): [DeskFilters, (patch: Partial<DeskFilters>) => void] {
  const [params, changeParams] = useUrlParams();
  const due = params.get('due');
  const day = params.get('day');
  const method = params.get('method');
  const filters: DeskFilters = {
    due: (DUE_PRESETS as readonly string[]).includes(due ?? '') ? (due as DuePreset) : 'upcoming',
    day: day && isDateString(day) ? day : null,
    q: params.get('q') ?? '',
    status: DESK_STATUSES.some(([v]) => v === params.get('status')) ? params.get('status')! : '',
    method: method === 'pickup' || method === 'delivery' ? method : '',
    order: params.get('order'),
  };
  const update = (patch: Partial<DeskFilters>) =>
    changeParams((p) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '' || (key === 'due' && value === 'upcoming'))
          p.delete(key);
        else p.set(key, String(value));
      }
    });
  return [filters, update];
}

/** The desk's query string for a page (sort from the grid; placed range from the header). */
export function deskQuery(
  filters: DeskFilters,
  placed: DateRange,
  page: { offset: number; limit: number; sort?: string; dir?: string },
  today = bakeryToday(),
): string {
  const q = new URLSearchParams();
  const { dueFrom, dueTo } = dueRange(filters.due, today, filters.day);
  if (dueFrom) q.set('dueFrom', dueFrom);
  if (dueTo) q.set('dueTo', dueTo);
  if (placed.fromDate) q.set('fromDate', placed.fromDate);
  if (placed.toDate) q.set('toDate', placed.toDate);
  if (filters.q.trim()) q.set('q', filters.q.trim());
  if (filters.status) q.set('status', filters.status);
  if (filters.method) q.set('method', filters.method);
  if (page.sort) q.set('sort', page.sort);
  if (page.dir) q.set('dir', page.dir);
  q.set('limit', String(page.limit));
  if (page.offset) q.set('offset', String(page.offset));
  return q.toString();
}

/** Changes when any filter or the placed dates change: a new list. */
export const deskFilterKey = (filters: DeskFilters, placed: DateRange): string =>
  JSON.stringify([
    filters.due,
    filters.day,
    filters.q,
    filters.status,
    filters.method,
    placed.fromDate,
    placed.toDate,
  ]);

/** The day a pick list prints by default: the chosen day, tomorrow, or today. */
export function pickListDay(filters: DeskFilters, today = bakeryToday()): string {
  const { dueFrom, dueTo } = dueRange(filters.due, today, filters.day);
  return dueFrom && dueFrom === dueTo ? dueFrom : today;
}
