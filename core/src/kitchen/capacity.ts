// Daily kitchen capacity (issue 8): how much the kitchen takes per pickup
// date, how an order line counts against it, and the messages customers see.
// The API enforces these inside the order transaction; the storefront uses the
// same functions to grey out dates, so the two never disagree.
//
// How a line counts (its "units", the figure limits are written in):
// - items sold by count count their pieces: a 12-count of cookies is 12
//   cookies, a 6-count of cupcakes 6 cupcakes;
// - an item of a category sold by the box counts its box (the category's
//   `unitsPerBox`: muffins and brownies come six to a box, one box counts 6);
// - everything else counts 1 per item: a cake (any size, heart-shaped too) is
//   1 cake, a loaf 1 bread, an oat-bar tray or granola bag 1.
import {
  SEED_CATEGORY_IDS,
  categoryBehaviour,
  currentCatalogue,
  getCategory,
  getMenuItem,
  rowOfCategory,
  type CategoryId,
  type MenuItem,
  type SeedCategoryId,
} from '../catalogue/catalogue';
import { formatLongDate } from '../calendar/calendar';

/** A line as carts and stored orders hold it (stored orders say `variant`). */
export interface KitchenLine {
  productId: string;
  quantity: number;
  variantId?: string | null;
  variant?: string | null;
  /**
   * Taken from a drop's own batch (issue 37): the drop counts it, not the
   * day's limits. Stored on the order's line when it is booked.
   */
  fromDrop?: boolean;
}

/** Units per category: the kitchen's categories, the seed's and those the owner added. */
export type CapacityLimits = Record<CategoryId, number>;

/** What a small bakery's kitchen bakes in a day, in units (see above), per seed category. */
export const DEFAULT_CAPACITY: Readonly<Record<SeedCategoryId, number>> = {
  breads: 30,
  muffins: 96,
  'oat-bars': 30,
  brownies: 72,
  cookies: 120,
  cupcakes: 72,
  cakes: 4,
  'gourmet-cookies': 48,
};

/** Upper bound an owner may set for one category (a typo guard, not a business rule). */
export const MAX_CAPACITY_UNITS = 10_000;

/** Singular and plural of one unit of each category, as messages say it. */
export const CAPACITY_UNITS: Readonly<Record<SeedCategoryId, { one: string; many: string }>> = {
  breads: { one: 'bread', many: 'breads' },
  muffins: { one: 'muffin', many: 'muffins' },
  'oat-bars': { one: 'oat bar or granola', many: 'oat bars and granola' },
  brownies: { one: 'brownie', many: 'brownies' },
  cookies: { one: 'cookie', many: 'cookies' },
  cupcakes: { one: 'cupcake', many: 'cupcakes' },
  cakes: { one: 'cake', many: 'cakes' },
  'gourmet-cookies': { one: 'gourmet cookie', many: 'gourmet cookies' },
};

/** The daily limit of a category the owner added to the menu, until she sets one. */
export const NEW_CATEGORY_CAPACITY = 30;

/**
 * The categories the kitchen counts: the seed's, then those the owner added
 * to the menu (issue 22), hidden ones too (their orders still take time).
 */
export function kitchenCategories(): CategoryId[] {
  // Worked out once per live catalogue: the capacity loops call it per day and line.
  const catalogue = currentCatalogue();
  if (counted?.catalogue !== catalogue) {
    const seed = new Set<CategoryId>(SEED_CATEGORY_IDS);
    const added = catalogue.categories.map((c) => c.id).filter((id) => !seed.has(id));
    counted = { catalogue, ids: [...SEED_CATEGORY_IDS, ...added] };
  }
  return counted.ids;
}
let counted: { catalogue: object; ids: CategoryId[] } | null = null;

/** A category's unit as messages say it: the seed's words, else from its label ("Pies": pie, pies). */
export function unitWords(category: CategoryId): { one: string; many: string } {
  const known = rowOfCategory<{ one: string; many: string } | null>(CAPACITY_UNITS, category, null);
  if (known) return known;
  const many = (getCategory(category)?.label ?? category).trim().toLowerCase();
  const one = /[^s]s$/.test(many) ? many.slice(0, -1) : many;
  return { one, many };
}

/** A category's default daily limit: the seed's, else NEW_CATEGORY_CAPACITY. */
export const defaultCapacityOf = (category: CategoryId): number =>
  rowOfCategory(DEFAULT_CAPACITY, category, NEW_CATEGORY_CAPACITY);

/** When this few cakes remain, the storefront says how many. */
export const FEW_CAKES_LEFT = 2;

const COUNT_VARIANT = /^(\d+)-count$/;

const variantOf = (line: { variantId?: string | null; variant?: string | null }): string =>
  line.variantId ?? line.variant ?? '';

/**
 * Units one ordered item of `productId` (in `variantId`) holds: the count of
 * a count variant, else its category's `unitsPerBox` (6 for a box of muffins
 * or brownies, 1 for a plain category). Also the
 * suggested `unitsPerItem` of a recipe link. 0 for an unknown product.
 */
export function unitsPerItem(productId: string, variantId?: string | null): number {
  const item = getMenuItem(productId);
  return item ? unitsOfItem(item, variantId) : 0;
}

/** unitsPerItem of an item in hand (one of a catalogue not yet live, say). */
export function unitsOfItem(
  item: Pick<MenuItem, 'category' | 'variants'>,
  variantId?: string | null,
): number {
  const count = COUNT_VARIANT.exec(variantId || (item.variants?.[0]?.id ?? ''));
  if (count && item.variants?.some((v) => COUNT_VARIANT.test(v.id))) return Number(count[1]);
  return categoryBehaviour(item.category).unitsPerBox;
}

/**
 * Pieces the kitchen bakes for one ordered item (issue 37): the size's or the
 * item's own figure when the owner set one ("a box of six rolls" is 6),
 * else the capacity rule above. The bake sheet and labels count these.
 */
export function piecesPerItem(productId: string, variantId?: string | null): number {
  const item = getMenuItem(productId);
  if (!item) return 0;
  const size = variantId ? item.variants?.find((v) => v.id === variantId) : undefined;
  return size?.pieces ?? item.pieces ?? unitsOfItem(item, variantId);
}

/** What one item's pieces are called: the owner's word ("rolls"), else the category's unit. */
export function pieceNameOf(productId: string): string {
  const item = getMenuItem(productId);
  if (!item) return 'pieces';
  return item.pieceName?.trim() || unitWords(item.category).many;
}

/** The lines the day's limits count: all but those a drop's batch takes. */
export const dayLines = <L extends KitchenLine>(lines: readonly L[]): L[] =>
  lines.filter((line) => !line.fromDrop);

/**
 * The kitchen's unit table of a catalogue (the database's "KitchenUnit", which
 * the order triggers count the day's load with): each item's category and
 * units, for no size ('') and for each of its sizes.
 */
export function kitchenUnitRows(
  items: readonly Pick<MenuItem, 'id' | 'category' | 'variants'>[],
): { productId: string; variant: string; category: string; units: number }[] {
  return items.flatMap((item) => [
    { productId: item.id, variant: '', category: item.category, units: unitsOfItem(item) },
    ...(item.variants ?? []).map((v) => ({
      productId: item.id,
      variant: v.id,
      category: item.category,
      units: unitsOfItem(item, v.id),
    })),
  ]);
}

const zeroUnits = (): CapacityLimits =>
  Object.fromEntries(kitchenCategories().map((id) => [id, 0])) as CapacityLimits;

/** Units per category of some lines; unknown products count nothing. */
export function unitsByCategory(lines: readonly KitchenLine[]): CapacityLimits {
  const units = zeroUnits();
  for (const line of dayLines(lines)) {
    const item = getMenuItem(line.productId);
    const quantity = Number(line.quantity);
    if (!item || !Number.isFinite(quantity) || quantity <= 0) continue;
    units[item.category] += quantity * unitsPerItem(line.productId, variantOf(line));
  }
  return units;
}

/** The limits in force: stored rows over the defaults. Unknown categories are ignored. */
export function effectiveLimits(
  stored: readonly { category: string; maxUnits: number }[],
): CapacityLimits {
  const categories = kitchenCategories();
  const limits = Object.fromEntries(
    categories.map((id) => [id, defaultCapacityOf(id)]),
  ) as CapacityLimits;
  for (const row of stored) {
    if (categories.includes(row.category)) limits[row.category] = row.maxUnits;
  }
  return limits;
}

/** Units still free per category (never negative). */
export function remainingUnits(used: CapacityLimits, limits: CapacityLimits): CapacityLimits {
  const left = zeroUnits();
  for (const id of kitchenCategories())
    left[id] = Math.max(0, (limits[id] ?? defaultCapacityOf(id)) - (used[id] ?? 0));
  return left;
}

export type CapacityResult =
  { ok: true } | { ok: false; category: CategoryId; remaining: number; message: string };

/** "We can take only 1 more cake for December 24, 2026. ..." or, when none is left, "... fully booked ...". */
export function capacityMessage(category: CategoryId, remaining: number, date: string): string {
  const unit = unitWords(category);
  const day = formatLongDate(date);
  if (remaining <= 0)
    return `We are fully booked for ${unit.many} on ${day}. Please choose another date.`;
  return `We can take only ${remaining} more ${remaining === 1 ? unit.one : unit.many} for ${day}. Please choose another date or fewer ${unit.many}.`;
}

/** "We are closed on December 25, 2026 (Christmas). Please choose another pickup date." */
export function closedDateMessage(date: string, reason?: string | null): string {
  const why = reason?.trim() ? ` (${reason.trim()})` : '';
  return `We are closed on ${formatLongDate(date)}${why}. Please choose another pickup date.`;
}

/** Whether `newLines` fit in what is left; the first category (menu order) that does not is named. */
export function fitsRemaining(
  remaining: CapacityLimits,
  newLines: readonly KitchenLine[],
  date: string,
): CapacityResult {
  const needed = unitsByCategory(newLines);
  for (const category of kitchenCategories()) {
    const left = remaining[category] ?? 0;
    if (needed[category] > 0 && needed[category] > left) {
      return {
        ok: false,
        category,
        remaining: left,
        message: capacityMessage(category, left, date),
      };
    }
  }
  return { ok: true };
}

/**
 * The server's check: the lines already booked for `date` (orders that are
 * not cancelled) plus the new order's lines against the limits.
 */
export function capacityCheck(
  existingLines: readonly KitchenLine[],
  newLines: readonly KitchenLine[],
  limits: CapacityLimits,
  date: string,
): CapacityResult {
  return fitsRemaining(remainingUnits(unitsByCategory(existingLines), limits), newLines, date);
}

export interface DayAvailability {
  date: string;
  closed: boolean;
  closedReason: string | null;
  /** Categories with nothing left. */
  full: CategoryId[];
  /** Units left per category (all 0 on a closed date). */
  remaining: CapacityLimits;
  /** Units left of the categories that count as cakes (CategoryBehaviour's `countsAsCakes`). */
  cakesLeft: number;
  /** "Only 2 cakes left for this date" when few are, else null. */
  notice: string | null;
}

export function cakesLeftNotice(cakesLeft: number, limit: number): string | null {
  if (limit <= 0 || cakesLeft <= 0 || cakesLeft > FEW_CAKES_LEFT) return null;
  return `Only ${cakesLeft} ${cakesLeft === 1 ? 'cake' : 'cakes'} left for this date`;
}

/** One date of GET /api/availability from the booked units, the limits and the closed flag. */
export function dayAvailability(
  date: string,
  used: CapacityLimits,
  limits: CapacityLimits,
  closed: { reason: string | null } | null,
): DayAvailability {
  const remaining = closed ? zeroUnits() : remainingUnits(used, limits);
  const cakes = kitchenCategories().filter((id) => categoryBehaviour(id).countsAsCakes);
  const cakesLeft = cakes.reduce((sum, id) => sum + (remaining[id] ?? 0), 0);
  const cakeLimit = cakes.reduce((sum, id) => sum + (limits[id] ?? defaultCapacityOf(id)), 0);
  return {
    date,
    closed: Boolean(closed),
    closedReason: closed?.reason ?? null,
    full: kitchenCategories().filter((id) => remaining[id]! <= 0),
    remaining,
    cakesLeft,
    notice: closed ? null : cakesLeftNotice(cakesLeft, cakeLimit),
  };
}

/**
 * What the storefront calendar does with a date for the current cart: null
 * when it can be chosen, else the message to show (closed, or a category of
 * the cart that no longer fits).
 */
export function dateProblemForCart(
  day: DayAvailability,
  cart: readonly KitchenLine[],
): string | null {
  if (day.closed) return closedDateMessage(day.date, day.closedReason);
  const fit = fitsRemaining(day.remaining, cart, day.date);
  return fit.ok ? null : fit.message;
}
