// Drops (issue 25): a menu that opens at a set time with a fixed quantity of
// each item, or a quantity shared by a group ("12 pies of any kind"), for the
// pickup dates it serves. An item in a drop that serves a date can be ordered
// for that date only while the drop is open and only as many as are left; the
// API takes them in the order's transaction (a guarded UPDATE of the unit's
// sold count) and holds them while a customer checks out.
import { addDays, BAKERY_TIME_ZONE, closedWeekdayReason } from '../calendar/calendar';
import { getMenuItem } from '../catalogue/catalogue';
import { closedDateMessage, type KitchenLine } from './capacity';
import { itemName } from './windows';

export interface DropUnitDef {
  id: string;
  label: string;
  productIds: string[];
  quantity: number;
  sold: number;
}

export interface DropDef {
  id: string;
  name: string;
  opensAt: Date | string;
  closesAt: Date | string;
  pickupDates: string[];
  windowIds: string[];
  units: DropUnitDef[];
  /** Shown on the home page and the menu while open or to come (issue 37); absent: yes. */
  announce?: boolean;
}

export type DropState = 'upcoming' | 'open' | 'closed';

export const DEFAULT_HOLD_MINUTES = 10;
export const MIN_HOLD_MINUTES = 3;
export const MAX_HOLD_MINUTES = 30;
/** "Only N left" shows from this many down. */
export const FEW_LEFT = 12;

const time = (value: Date | string) => new Date(value).getTime();

export function dropState(drop: Pick<DropDef, 'opensAt' | 'closesAt'>, now: Date): DropState {
  if (now.getTime() < time(drop.opensAt)) return 'upcoming';
  if (now.getTime() >= time(drop.closesAt)) return 'closed';
  return 'open';
}

/** The drop and unit an item comes from on a pickup date, or null (the regular menu). */
export function dropUnitFor(
  drops: readonly DropDef[],
  productId: string,
  date: string,
): { drop: DropDef; unit: DropUnitDef } | null {
  for (const drop of drops) {
    if (!drop.pickupDates.includes(date)) continue;
    const unit = drop.units.find((u) => u.productIds.includes(productId));
    if (unit) return { drop, unit };
  }
  return null;
}

/** The items drops serving `date` sell from their own batches. */
export const dropProductIdsOn = (
  drops: readonly Pick<DropDef, 'pickupDates' | 'units'>[],
  date: string,
): Set<string> =>
  new Set(
    drops
      .filter((d) => d.pickupDates.includes(date))
      .flatMap((d) => d.units.flatMap((u) => u.productIds)),
  );

/**
 * The lines with `fromDrop` set on those a drop's batch takes (issue 37):
 * the day's limits count the rest. Every path that books an order marks them.
 */
export function markDropLines<L extends KitchenLine>(
  lines: readonly L[],
  dropProductIds: ReadonlySet<string>,
): L[] {
  return lines.map((line) => {
    const { fromDrop: _was, ...rest } = line;
    return (dropProductIds.has(line.productId) ? { ...rest, fromDrop: true } : rest) as L;
  });
}

/** Items the lines take from each drop unit of the date (a unit counts items, not pieces). */
export function dropNeeds(
  lines: readonly KitchenLine[],
  drops: readonly DropDef[],
  date: string,
): Map<string, { drop: DropDef; unit: DropUnitDef; items: number; productId: string }> {
  const needs = new Map<
    string,
    { drop: DropDef; unit: DropUnitDef; items: number; productId: string }
  >();
  for (const line of lines) {
    const found = dropUnitFor(drops, line.productId, date);
    const quantity = Number(line.quantity);
    if (!found || !Number.isFinite(quantity) || quantity <= 0) continue;
    const entry = needs.get(found.unit.id) ?? { ...found, items: 0, productId: line.productId };
    entry.items += quantity;
    needs.set(found.unit.id, entry);
  }
  return needs;
}

const instantFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BAKERY_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "November 27, 2026 at 9:00 AM" in the bakery's time. */
export function formatInstant(value: Date | string): string {
  return instantFormat.format(new Date(value)).replace(/, (\d{1,2}:\d{2})/, ' at $1');
}

/** "Pecan Pie is sold out in the Thanksgiving Pies drop." / "Only 3 Pecan Pies left ..." */
/**
 * Issue 39: "tell me when it opens" is double opt-in. The answer to the
 * request: a confirmation link was mailed (nothing is sent about the drop
 * until the address follows it).
 */
export function dropNotifyAskedMessage(
  email: string,
  drop: Pick<DropDef, 'name' | 'opensAt'>,
): string {
  return `Please check ${email}: follow the link we sent to confirm, and we will e-mail you when the ${drop.name} drop opens on ${formatInstant(drop.opensAt)}.`;
}

/** The answer when the address has already confirmed (no mail is sent again). */
export function dropNotifyConfirmedMessage(
  email: string,
  drop: Pick<DropDef, 'name' | 'opensAt'>,
): string {
  return `We will e-mail ${email} when the ${drop.name} drop opens on ${formatInstant(drop.opensAt)}.`;
}

/**
 * Issue 39: a checkout hold asked for again (even after it was let go) keeps
 * the end of the holder's first hold of the drop; once that has passed the
 * holder orders what is left without a hold (409 `hold_expired`).
 */
export function holdExpiredMessage(dropName: string): string {
  return `Your hold in the ${dropName} drop has run out. You can still order what is left.`;
}

export function dropSoldOutMessage(productId: string, dropName: string, left: number): string {
  const name = itemName(productId);
  if (left <= 0) return `${name} is sold out in the ${dropName} drop.`;
  return `Only ${left} ${name} left in the ${dropName} drop. Please order fewer.`;
}

export function dropNotOpenMessage(productId: string, drop: Pick<DropDef, 'name' | 'opensAt'>) {
  return `${itemName(productId)} can be ordered when the ${drop.name} drop opens on ${formatInstant(drop.opensAt)}.`;
}

export function dropClosedMessage(productId: string, drop: Pick<DropDef, 'name' | 'closesAt'>) {
  return `The ${drop.name} drop closed on ${formatInstant(drop.closesAt)}: ${itemName(productId)} can no longer be ordered.`;
}

/**
 * "Cinnamon Rolls from the Saturday drop are picked up in the 8:00 AM – 10:00 AM
 * window only. Please choose it." (a drop that serves some windows of its days).
 */
export function dropWindowMessage(
  productId: string,
  dropName: string,
  windowLabels: readonly string[],
): string {
  const name = itemName(productId);
  if (windowLabels.length === 1)
    return `${name} from the ${dropName} drop is picked up in the ${windowLabels[0]} window only. Please choose it.`;
  return `${name} from the ${dropName} drop is picked up only in these windows: ${windowLabels.join(', ')}. Please choose one of them.`;
}

/** Whether a drop serves an order's window (a drop without windows serves them all). */
export const dropServesWindow = (
  drop: Pick<DropDef, 'windowIds'>,
  windowId: string | null,
): boolean => windowId === null || drop.windowIds.length === 0 || drop.windowIds.includes(windowId);

/** Items of a unit still free, given the active holds of others. */
export const unitLeft = (unit: Pick<DropUnitDef, 'quantity' | 'sold'>, held = 0): number =>
  Math.max(0, unit.quantity - unit.sold - held);

/**
 * The first refusal of a cart for a date from its drops (not open, closed,
 * sold out), given what is left of each unit for this customer; null when
 * every drop line fits.
 */
export function dropProblem(
  lines: readonly KitchenLine[],
  drops: readonly DropDef[],
  date: string,
  now: Date,
  leftOf: (unit: DropUnitDef) => number,
): { code: 'drop_not_open' | 'drop_closed' | 'drop_sold_out'; message: string } | null {
  for (const need of dropNeeds(lines, drops, date).values()) {
    const state = dropState(need.drop, now);
    if (state === 'upcoming')
      return { code: 'drop_not_open', message: dropNotOpenMessage(need.productId, need.drop) };
    if (state === 'closed')
      return { code: 'drop_closed', message: dropClosedMessage(need.productId, need.drop) };
    const left = leftOf(need.unit);
    if (need.items > left)
      return {
        code: 'drop_sold_out',
        message: dropSoldOutMessage(need.productId, need.drop.name, left),
      };
  }
  return null;
}

export const holdMinutesProblem = (minutes: number): string | null =>
  Number.isInteger(minutes) && minutes >= MIN_HOLD_MINUTES && minutes <= MAX_HOLD_MINUTES
    ? null
    : `Enter a whole number of minutes from ${MIN_HOLD_MINUTES} to ${MAX_HOLD_MINUTES}`;

/** "Duplicate for next week": the same drop a week later, nothing sold. */
export function duplicateForNextWeek(drop: DropDef): Omit<DropDef, 'id'> {
  const week = 7 * 24 * 60 * 60 * 1000;
  return {
    name: drop.name,
    opensAt: new Date(time(drop.opensAt) + week),
    closesAt: new Date(time(drop.closesAt) + week),
    pickupDates: drop.pickupDates.map((date) => addDays(date, 7)),
    windowIds: [...drop.windowIds],
    units: drop.units.map((u) => ({ ...u, sold: 0 })),
  };
}

/** Problems of a drop the owner saves (null when it is fine). */
export function dropInputProblem(input: Omit<DropDef, 'id'>): string | null {
  if (!input.name.trim()) return 'Give the drop a name';
  if (!(time(input.closesAt) > time(input.opensAt))) return 'The drop must close after it opens';
  if (input.pickupDates.length === 0) return 'Choose at least one pickup date';
  if (input.units.length === 0) return 'Add at least one item';
  const seen = new Set<string>();
  for (const unit of input.units) {
    if (unit.productIds.length === 0) return 'Each quantity needs at least one item';
    if (!Number.isInteger(unit.quantity) || unit.quantity < 1 || unit.quantity > 10_000)
      return 'Enter a whole number of items from 1 to 10,000';
    for (const id of unit.productIds) {
      if (seen.has(id)) return `${itemName(id)} is in the drop twice`;
      seen.add(id);
    }
  }
  return null;
}

/** `Unknown menu item "Cinnamon Rolls": pick an item from the menu` (issue 37). */
export const unknownDropItemMessage = (productId: string): string =>
  `Unknown menu item "${productId}": pick an item from the menu`;

/**
 * The first item of a drop's units that is not on the menu (the live
 * catalogue), with its place in the payload (`units.0.productIds.1`), or
 * null when every item is a menu item (issue 37).
 */
export function unknownDropItem(
  units: readonly { productIds: readonly string[] }[],
): { path: string; message: string } | null {
  for (const [u, unit] of units.entries())
    for (const [i, id] of unit.productIds.entries())
      if (!getMenuItem(id))
        return { path: `units.${u}.productIds.${i}`, message: unknownDropItemMessage(id) };
  return null;
}

/**
 * Why a drop cannot be picked up on one of its dates (issue 37): the shop's
 * hours close that weekday ("We are closed on December 7, 2026 (Closed on
 * Mondays). Please choose another pickup date."), or the owner closed the
 * date (`closedDates`: date to its reason). Null when every date is open.
 */
export function dropClosedDateProblem(
  pickupDates: readonly string[],
  closedDates: ReadonlyMap<string, string | null>,
): string | null {
  for (const date of pickupDates) {
    const weekday = closedWeekdayReason(date);
    if (weekday) return closedDateMessage(date, weekday);
    if (closedDates.has(date)) return closedDateMessage(date, closedDates.get(date));
  }
  return null;
}

/** The countdown the storefront shows before a drop opens: "2d 3h 04m", "12:05". */
export function countdown(ms: number): string {
  if (ms <= 0) return '0:00';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h ${String(m).padStart(2, '0')}m`;
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
  return `${m}:${String(sec).padStart(2, '0')}`;
}

/** "Only 4 left for Saturday" (the date's weekday), shown from FEW_LEFT down. */
export function fewLeftNotice(left: number, date: string): string | null {
  if (left > FEW_LEFT) return null;
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  if (left <= 0) return `Sold out for ${weekday}`;
  return `Only ${left} left for ${weekday}`;
}
