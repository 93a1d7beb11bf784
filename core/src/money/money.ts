// Money is integer cents in code; dollars appear only on the wire and on screen.
// priceOrder is the one place an order's figures are computed: the storefront
// shows its result and the server recomputes it to check a submitted order.
import { type CartLine, resolveLine, PricingError, takesCakeOptions } from '../catalogue/catalogue';
import { isRushDate, toBakeryDate, isDateString } from '../calendar/calendar';
import { onShopSettings } from '../settings/settings';

export type { CartLine } from '../catalogue/catalogue';

// The tax rate and the fees are the owner's settings (core/src/settings):
// live bindings, reassigned by setShopSettings. Defaults: 8.75%, $10, $5, $5.
export let TAX_RATE: number;
/** TAX_RATE as an exact fraction (8750 / 100000), so tax never meets float error. */
let TAX_NUMERATOR: number;
const TAX_DENOMINATOR = 100_000;
export let RUSH_FEE_CENTS: number;
export let CAKE_WRITING_FEE_CENTS: number;
export let CAKE_BOWS_FEE_CENTS: number;

onShopSettings((s) => {
  // The percentage has at most 3 decimals: 8.75% is 8750 / 100000.
  TAX_NUMERATOR = Math.round(s.taxRatePercent * 1000);
  TAX_RATE = TAX_NUMERATOR / TAX_DENOMINATOR;
  RUSH_FEE_CENTS = s.rushFeeCents;
  CAKE_WRITING_FEE_CENTS = s.cakeWritingFeeCents;
  CAKE_BOWS_FEE_CENTS = s.cakeBowsFeeCents;
});

const dollarFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123450 -> "$1,234.50"; negatives as "-$5.00". */
export function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  return `${sign}$${dollarFormat.format(Math.abs(rounded) / 100)}`;
}

/**
 * A wire amount in dollars (45.5 or "45.50") -> "$45.50"; a missing amount
 * (null or undefined) -> `missing` ("—" by default).
 */
export function formatDollars(dollars: number | string | null | undefined, missing = '—'): string {
  return dollars === null || dollars === undefined ? missing : formatCents(dollarsToCents(dollars));
}

/** 4550 -> 45.5 (a number with at most 2 decimals, as on the wire). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * 45.5 or "45.50" -> 4550, rounding half away from zero on the third decimal.
 * Float products such as 1.005 * 100 = 100.49999999999999 are read as the
 * decimal the caller wrote (101). Throws RangeError on a non-number.
 */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'string' ? Number(dollars.trim()) : dollars;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (typeof dollars === 'string' && dollars.trim() === '')
  )
    throw new RangeError(`Not an amount of dollars: ${String(dollars)}`);
  const scaled = Number((Math.abs(value) * 100).toPrecision(12));
  const cents = Math.round(scaled);
  return value < 0 ? -cents : cents;
}

/**
 * True when an amount in dollars is a whole number of cents (45.5, 45.50;
 * not 45.505), allowing for float error in the dollars (0.1 + 0.2).
 */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** TAX_RATE (8.75%) of a taxable amount in cents, rounded half-up to the cent. */
export function taxCents(taxableCents: number): number {
  if (!Number.isInteger(taxableCents) || taxableCents < 0)
    throw new RangeError(`Taxable amount must be a whole number of cents >= 0: ${taxableCents}`);
  return Math.floor((taxableCents * TAX_NUMERATOR + TAX_DENOMINATOR / 2) / TAX_DENOMINATOR);
}

export type PricedLine = CartLine & {
  name: string;
  unitPriceCents: number;
  lineTotalCents: number;
  variantLabel?: string;
};

export interface PriceOptions {
  /** `YYYY-MM-DD` (or an ISO string), or null when not chosen yet. */
  pickupDate: string | null;
  hasWriting: boolean;
  hasBows: boolean;
  /** Added untaxed once staff have calculated it. */
  deliveryFeeCents?: number;
  /**
   * The items of the drops that serve the pickup date (issue 37): an order
   * whose lines are all among them pays no rush fee, however near the date
   * (the shop bakes them for that day anyway).
   */
  dropProductIds?: Iterable<string>;
}

/** Why a drop order within the rush window has no rush fee (the order page and the mail say it). */
export const NO_RUSH_FEE_DROP_NOTE = 'No rush fee: drop items are baked for this day';

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: number;
  cakeOptionsFeeCents: number;
  rushFeeCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  isRushOrder: boolean;
  /** The date is within the rush window but every line is a drop item of that day: no fee (issue 37). */
  rushFree: boolean;
  hasCakeItems: boolean;
}

/** True when there are lines and every one is an item of the day's drops (issue 37). */
export function allDropItems(
  lines: readonly { productId: string }[],
  dropProductIds: Iterable<string> | undefined,
): boolean {
  if (!dropProductIds || lines.length === 0) return false;
  const ids = new Set(dropProductIds);
  return lines.every((line) => ids.has(line.productId));
}

/**
 * Prices an order from the catalogue. Cake options count only with a cake in
 * the order; the rush fee applies to an order with items whose pickup date is
 * fewer than 7 days after `today`, unless every line is an item of a drop
 * that serves that date (`options.dropProductIds`, issue 37). Throws PricingError on an unknown product,
 * option or a quantity that is not a whole number of at least 1.
 */
export function priceOrder(
  lines: readonly CartLine[],
  options: PriceOptions,
  today: string,
): PricedOrder {
  const priced: PricedLine[] = lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      throw new PricingError(
        `Quantity must be a whole number of at least 1 (got ${line.quantity})`,
      );
    const r = resolveLine(line);
    const out: PricedLine = {
      productId: line.productId,
      quantity: line.quantity,
      name: r.name,
      unitPriceCents: r.unitPriceCents,
      lineTotalCents: r.unitPriceCents * line.quantity,
    };
    if (r.variantId) out.variantId = r.variantId;
    if (r.variantLabel) out.variantLabel = r.variantLabel;
    if (r.filling) out.filling = r.filling;
    if (r.addIn) out.addIn = r.addIn;
    return out;
  });
  const hasCakeItems = priced.some((l) => takesCakeOptions(l.productId));
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const cakeOptionsFeeCents = hasCakeItems
    ? (options.hasWriting ? CAKE_WRITING_FEE_CENTS : 0) +
      (options.hasBows ? CAKE_BOWS_FEE_CENTS : 0)
    : 0;
  const pickup = options.pickupDate ? toBakeryDate(options.pickupDate) : null;
  const rushDate =
    priced.length > 0 && pickup !== null && isDateString(pickup) && isRushDate(pickup, today);
  const rushFree = rushDate && allDropItems(priced, options.dropProductIds);
  const isRushOrder = rushDate && !rushFree;
  const rushFeeCents = isRushOrder ? RUSH_FEE_CENTS : 0;
  const tax = taxCents(subtotalCents + cakeOptionsFeeCents + rushFeeCents);
  const deliveryFeeCents = options.deliveryFeeCents ?? 0;
  return {
    lines: priced,
    subtotalCents,
    cakeOptionsFeeCents,
    rushFeeCents,
    taxCents: tax,
    deliveryFeeCents,
    totalCents: subtotalCents + cakeOptionsFeeCents + rushFeeCents + tax + deliveryFeeCents,
    isRushOrder,
    rushFree,
    hasCakeItems,
  };
}

/** Tax at a given rate (percent with at most 3 decimals, e.g. 8.75), half-up to the cent. */
export function taxCentsAtRate(taxableCents: number, ratePercent: number): number {
  const numerator = Math.round(ratePercent * 1000);
  return Math.floor((taxableCents * numerator + TAX_DENOMINATOR / 2) / TAX_DENOMINATOR);
}

/** The tax rate in force, as a percentage (8.75), the figure an order keeps when placed. */
export const taxRatePercent = () => TAX_NUMERATOR / 1000;

/** An order's figures as it was placed, which a change keeps (issue 36). */
export interface PlacedPricing {
  /** Its lines with the unit price each was bought at. */
  lines: {
    productId: string;
    variantId?: string;
    filling?: string;
    addIn?: string;
    unitPriceCents: number;
  }[];
  isRushOrder: boolean;
  rushFeeCents: number;
  hasCakeItems: boolean;
  cakeOptionsFeeCents: number;
  hasWriting: boolean;
  hasBows: boolean;
  /** The rate it was taxed at; null for orders placed before it was kept (today's then). */
  taxRatePercent: number | null;
  deliveryFeeCents: number;
}

export interface RepricedOrder extends PricedOrder {
  /** Why the total is what it is, in the customer's words (the mail and the preview show them). */
  reasons: string[];
}

const lineKey = (line: {
  productId: string;
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
}) => [line.productId, line.variantId ?? '', line.filling ?? '', line.addIn ?? ''].join('|');

/**
 * A changed order's figures (issue 36): lines already on the order keep the
 * price they were bought at (for their whole new quantity); only added lines
 * take today's menu price. The rush fee and the cake options' fee stay as
 * placed unless the change itself adds or removes them (then today's fee);
 * tax stays at the rate the order was placed with; the delivery fee stays.
 * `today` is the day the rush rule is read from (the order's own day when
 * the date does not move). Throws PricingError as priceOrder does.
 */
export function repriceOrder(
  placed: PlacedPricing,
  lines: readonly CartLine[],
  options: PriceOptions,
  today: string,
): RepricedOrder {
  const fresh = priceOrder(lines, { ...options, deliveryFeeCents: placed.deliveryFeeCents }, today);
  const reasons: string[] = [];
  const bought = new Map(placed.lines.map((line) => [lineKey(line), line.unitPriceCents]));
  const priced = fresh.lines.map((line) => {
    const kept = bought.get(lineKey(line));
    if (kept === undefined) {
      reasons.push(`${line.name} added at today's price, ${formatCents(line.unitPriceCents)} each`);
      return line;
    }
    if (kept !== line.unitPriceCents)
      reasons.push(`${line.name} kept at the price you paid, ${formatCents(kept)} each`);
    return { ...line, unitPriceCents: kept, lineTotalCents: kept * line.quantity };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);

  let rushFeeCents = 0;
  if (fresh.isRushOrder && placed.isRushOrder) rushFeeCents = placed.rushFeeCents;
  else if (fresh.isRushOrder) {
    rushFeeCents = fresh.rushFeeCents;
    if (rushFeeCents > 0)
      reasons.push(
        `Rush fee of ${formatCents(rushFeeCents)} added: the new date is less than 7 days away`,
      );
  } else if (placed.isRushOrder && placed.rushFeeCents > 0)
    reasons.push('Rush fee removed: the new date is 7 days or more away');

  const sameOptions =
    placed.hasCakeItems &&
    placed.hasWriting === options.hasWriting &&
    placed.hasBows === options.hasBows;
  const cakeOptionsFeeCents = !fresh.hasCakeItems
    ? 0
    : sameOptions
      ? placed.cakeOptionsFeeCents
      : fresh.cakeOptionsFeeCents;

  const taxable = subtotalCents + cakeOptionsFeeCents + rushFeeCents;
  const rate = placed.taxRatePercent ?? taxRatePercent();
  const tax = taxCentsAtRate(taxable, rate);
  if (placed.taxRatePercent !== null && placed.taxRatePercent !== taxRatePercent())
    reasons.push(`Tax kept at ${rate}%, the rate when you ordered`);
  return {
    ...fresh,
    lines: priced,
    subtotalCents,
    cakeOptionsFeeCents,
    rushFeeCents,
    taxCents: tax,
    deliveryFeeCents: placed.deliveryFeeCents,
    totalCents: taxable + tax + placed.deliveryFeeCents,
    isRushOrder: fresh.isRushOrder,
    reasons,
  };
}
