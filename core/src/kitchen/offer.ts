// What GET /api/availability says of each date (issue 25): open, closed or
// full and why, what is left in each window, how many of each item can still
// be ordered (drop items included); and what the storefront calendar does
// with a cart: the reason a day cannot take it and the first day that can.
import { shortDate, unavailableReason } from '../catalogue/availability';
import { getMenuItem, menuItems, type CategoryId } from '../catalogue/catalogue';
import { closedWeekdayReason } from '../calendar/calendar';
import {
  kitchenCategories,
  unitWords,
  closedDateMessage,
  fitsRemaining,
  unitsPerItem,
  type DayAvailability,
  type KitchenLine,
} from './capacity';
import {
  FEW_LEFT,
  dropNeeds,
  dropState,
  dropProductIdsOn,
  markDropLines,
  unitLeft,
  type DropDef,
} from './drops';
import { windowOption, type Fulfillment, type WindowAvailability } from './windows';
import { itemName } from './windows';

export type DayStatus = 'open' | 'closed' | 'full';

/** A drop unit of a date, as customers see it. */
export interface DayDropUnit {
  dropId: string;
  dropName: string;
  unitId: string;
  label: string;
  productIds: string[];
  state: 'upcoming' | 'open' | 'closed';
  left: number;
  /** The windows the drop is picked up in ([] = every window of the day). */
  windowIds: string[];
}

export interface DayOffer extends DayAvailability {
  status: DayStatus;
  /** Why the day is closed or full, in words ("Closed: Christmas"), else null. */
  reason: string | null;
  /** The owner's windows of the date with what is left; [] = the half-hour slots, no window limit. */
  windows: WindowAvailability[];
  /** Items that can still be ordered that day when FEW_LEFT or fewer (drop items always). */
  itemsLeft: Record<string, number>;
  drops: DayDropUnit[];
}

/** "Nov 28". */

let units: {
  menu: readonly unknown[];
  list: { id: string; category: CategoryId; per: number }[];
} | null = null;

/** Each menu item's units (its default option), worked out once per menu. */
function menuUnits() {
  // The live catalogue (issue 22): a publish gives a new list, worked out again.
  const items = menuItems();
  if (units?.menu !== items)
    units = {
      menu: items,
      list: items.flatMap((item) => {
        const per = unitsPerItem(item.id);
        return per > 0 ? [{ id: item.id, category: item.category, per }] : [];
      }),
    };
  return units.list;
}

const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** A day of the availability answer from the capacity figures, windows and drops of that date. */
export function dayOffer(
  day: DayAvailability,
  windows: WindowAvailability[],
  drops: readonly DropDef[],
  held: ReadonlyMap<string, number>,
  now: Date,
): DayOffer {
  const itemsLeft: Record<string, number> = {};
  const units: DayDropUnit[] = [];
  const fromDrops = new Set<string>();
  if (!day.closed) {
    for (const item of menuUnits()) {
      const left = Math.floor(day.remaining[item.category] / item.per);
      if (left <= FEW_LEFT) itemsLeft[item.id] = left;
    }
  }
  for (const drop of drops) {
    if (!drop.pickupDates.includes(day.date)) continue;
    const state = dropState(drop, now);
    for (const unit of drop.units) {
      const left = state === 'open' && !day.closed ? unitLeft(unit, held.get(unit.id) ?? 0) : 0;
      units.push({
        dropId: drop.id,
        dropName: drop.name,
        unitId: unit.id,
        label: unit.label,
        productIds: unit.productIds,
        state,
        left,
        windowIds: drop.windowIds,
      });
      // The drop's own batch, not the day's limits (issue 37): one number per item.
      for (const id of unit.productIds) {
        itemsLeft[id] = fromDrops.has(id) ? Math.min(left, itemsLeft[id] ?? left) : left;
        fromDrops.add(id);
      }
    }
  }
  const pickupWindows = windows.filter((w) => w.fulfillment === 'pickup');
  const allWindowsFull = pickupWindows.length > 0 && pickupWindows.every((w) => w.full);
  const allFull = kitchenCategories().every((id) => (day.remaining[id] ?? 0) <= 0);
  const status: DayStatus = day.closed ? 'closed' : allFull || allWindowsFull ? 'full' : 'open';
  const reason = day.closed
    ? `Closed${day.closedReason ? `: ${day.closedReason}` : ''}`
    : status === 'full'
      ? `Fully booked on ${shortDate(day.date)}`
      : null;
  return { ...day, status, reason, windows, itemsLeft, drops: units };
}

const categoryLabel = (category: CategoryId) => capital(unitWords(category).many);

/**
 * Why a day cannot take the cart before the kitchen's figures are read (issue
 * 22): the owner's hours close the shop that weekday ("Closed on Mondays"), or
 * an item of the cart is not made that day ("Lemon Loaf is not available on
 * Nov 28 (Sold out)": sold out, out of season, other weekdays only). The same
 * rules (core's hours and unavailableReason) the server refuses an order by.
 */
export function cartDateProblem(
  date: string,
  cart: readonly { productId: string }[],
): string | null {
  const closed = closedWeekdayReason(date);
  if (closed) return closed;
  for (const line of cart) {
    const item = getMenuItem(line.productId);
    const reason = item ? unavailableReason(item, date) : null;
    if (item && reason) return `${item.name} is not available on ${shortDate(date)} (${reason})`;
  }
  return null;
}

/**
 * Why the cart cannot be made on this day ("Closed on Mondays", "Lemon Loaf is
 * not available on Nov 28 (Sold out)", "Cookies are full on Nov 28", "Only 24
 * cookies left on Nov 28", "Pecan Pie is sold out for Nov 28", "Every pickup
 * window is full on Nov 28"), or null when it can.
 */
export function cartDayProblem(
  day: DayOffer,
  cart: readonly KitchenLine[],
  fulfillment: Fulfillment = 'pickup',
  now = new Date(),
): string | null {
  if (day.closed) return closedDateMessage(day.date, day.closedReason);
  const notMade = cartDateProblem(day.date, cart);
  if (notMade) return notMade;
  const drops = dropsOfDay(day);
  // A drop's items come from its own batch, not the day's limits (issue 37).
  const fit = fitsRemaining(
    day.remaining,
    markDropLines(cart, dropProductIdsOn(drops, day.date)),
    day.date,
  );
  const when = shortDate(day.date);
  if (!fit.ok) {
    if (fit.remaining <= 0) return `${categoryLabel(fit.category)} are full on ${when}`;
    return `Only ${fit.remaining} ${fit.remaining === 1 ? unitWords(fit.category).one : unitWords(fit.category).many} left on ${when}`;
  }
  for (const need of dropNeeds(cart, drops, day.date).values()) {
    const state = dropState(need.drop, now);
    const name = itemName(need.productId);
    if (state === 'upcoming') return `${name} is not on sale yet for ${when}`;
    if (state === 'closed') return `${name} can no longer be ordered for ${when}`;
    const unit = (day.drops ?? []).find((u) => u.unitId === need.unit.id);
    const left = unit?.left ?? 0;
    if (need.items > left)
      return left <= 0
        ? `${name} is sold out for ${when}`
        : `Only ${left} ${name} left for ${when}`;
  }
  const windows = (day.windows ?? []).filter((w) => w.fulfillment === fulfillment);
  if (windows.length > 0 && windows.every((w) => windowOption(w, cart, day.drops).full))
    return `Every ${fulfillment} window is full on ${when}`;
  return null;
}

/** The drops of a day as core's DropDef (for dropNeeds), from the answer's units. */
function dropsOfDay(day: DayOffer): DropDef[] {
  const byDrop = new Map<string, DropDef>();
  for (const unit of day.drops ?? []) {
    const drop = byDrop.get(unit.dropId) ?? {
      id: unit.dropId,
      name: unit.dropName,
      // The state is the answer's; instants stand in for it.
      opensAt: unit.state === 'upcoming' ? new Date(8.64e15) : new Date(0),
      closesAt: unit.state === 'closed' ? new Date(0) : new Date(8.64e15),
      pickupDates: [day.date],
      windowIds: unit.windowIds ?? [],
      units: [],
    };
    if (unit.state === 'closed') drop.opensAt = new Date(-1);
    drop.units.push({
      id: unit.unitId,
      label: unit.label,
      productIds: unit.productIds,
      quantity: unit.left,
      sold: 0,
    });
    byDrop.set(unit.dropId, drop);
  }
  return [...byDrop.values()];
}

/** The first day of `days` (from `fromDate` on) that can take the cart, or null. */
export function firstWorkingDate(
  days: readonly DayOffer[],
  cart: readonly KitchenLine[],
  fromDate: string,
  fulfillment: Fulfillment = 'pickup',
  now = new Date(),
): string | null {
  return (
    days.find((day) => day.date >= fromDate && !cartDayProblem(day, cart, fulfillment, now))
      ?.date ?? null
  );
}

/** GET /api/availability (issue 25). */
export interface AvailabilityOfferView {
  fromDate: string;
  toDate: string;
  /**
   * The published menu version the server serves (issue 22): an open order
   * page whose catalogue is older reads GET /api/catalogue, so an item sold
   * out meanwhile greys its dates within one poll.
   */
  menuVersion: number;
  days: DayOffer[];
}

/** One drop of GET /api/drops. */
export interface PublicDropView {
  id: string;
  name: string;
  opensAt: string;
  closesAt: string;
  state: 'upcoming' | 'open' | 'closed';
  pickupDates: string[];
  windowIds: string[];
  /** Shown on the home page and the menu (issue 37). */
  announce: boolean;
  units: {
    id: string;
    label: string;
    productIds: string[];
    quantity: number;
    left: number;
    /** Items held at checkout now (the owner's list, GET /api/admin/drops, only). */
    held?: number;
    /** Items sold (the owner's list only). */
    sold?: number;
  }[];
  /** How many customers hold items now (the owner's list only). */
  holders?: number;
}

/**
 * A drop unit's figures as the owner reads them, on the Drops tab and beside
 * the day's limits on the Capacity panel alike (issue 37): "Cinnamon rolls
 * (box of 6): 18 / 34 sold, 16 left" (", 2 held" while customers check out).
 */
export function dropUnitFigures(
  unit: Pick<PublicDropView['units'][number], 'label' | 'quantity' | 'left' | 'held' | 'sold'>,
): string {
  const held = unit.held ?? 0;
  const sold = unit.sold ?? Math.max(0, unit.quantity - unit.left - held);
  return `${unit.label}: ${sold} / ${unit.quantity} sold, ${unit.left} left${held > 0 ? `, ${held} held` : ''}`;
}

/** POST /api/drops/{id}/holds. */
export interface DropHoldView {
  dropId: string;
  expiresAt: string;
  holdMinutes: number;
  secondsLeft: number;
  items: { unitId: string; productId: string; units: number }[];
}
