// The cart lives in local storage under the spec's key `cart` (issue 14: a
// list of lines, product + variant + filling + add-in, so two sizes are two
// lines); every change fires `cartUpdated` so the nav badge and the screens
// follow. Other tabs learn of changes through the browser's `storage` event.
// This module imports only types from @bakery/core, so the nav badge (on every
// page) does not pull the catalogue into the home page's first download.
import type { StoredCartLine } from '@bakery/core';

export const CART_KEY = 'cart';
export const PENDING_ITEMS_KEY = 'pendingCartItems';
export const PENDING_REDIRECT_KEY = 'pendingRedirect';
export const CART_UPDATED = 'cartUpdated';

/** The keys of the cart before lines (one map per option); read once, then removed. */
const LEGACY_KEYS = {
  variants: 'cartVariants',
  sizes: 'cakeSizes',
  fillings: 'cakeFillings',
  addIns: 'cartAddIns',
} as const;

export const CART_KEYS = [CART_KEY, ...Object.values(LEGACY_KEYS)];

export type { StoredCartLine };

function parse(raw: string | null): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function readMap(key: string): Record<string, unknown> {
  const value = parse(localStorage.getItem(key));
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The stored lines; the older map of product id -> quantity is read as lines. */
export function readCartLines(): StoredCartLine[] {
  const value = parse(localStorage.getItem(CART_KEY));
  if (Array.isArray(value)) {
    return value
      .filter((l): l is Record<string, unknown> => !!l && typeof l === 'object')
      .map((l) => ({
        productId: String(l.productId ?? ''),
        quantity: Math.floor(Number(l.quantity)),
        variantId: text(l.variantId),
        filling: text(l.filling),
        addIn: text(l.addIn),
      }))
      .filter((l) => l.productId !== '' && Number.isFinite(l.quantity) && l.quantity > 0);
  }
  if (value && typeof value === 'object') {
    const variants = readMap(LEGACY_KEYS.variants);
    const sizes = readMap(LEGACY_KEYS.sizes);
    const fillings = readMap(LEGACY_KEYS.fillings);
    const addIns = readMap(LEGACY_KEYS.addIns);
    return Object.entries(value as Record<string, unknown>)
      .map(([productId, q]) => ({
        productId,
        quantity: Math.floor(Number(q)),
        variantId: text(sizes[productId]) ?? text(variants[productId]),
        filling: text(fillings[productId]),
        addIn: text(addIns[productId]),
      }))
      .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0);
  }
  return [];
}

function broadcast(): void {
  window.dispatchEvent(new Event(CART_UPDATED));
}

export function writeCartLines(lines: readonly StoredCartLine[]): void {
  localStorage.setItem(CART_KEY, JSON.stringify(lines.filter((l) => l.quantity > 0)));
  for (const key of Object.values(LEGACY_KEYS)) localStorage.removeItem(key);
  broadcast();
}

/** Total number of items (the nav badge). */
export function cartCount(lines: readonly StoredCartLine[] = readCartLines()): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** The badge text: the count, or 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Empties the cart (after an order, and on logout: the next account starts empty). */
export function clearCart(): void {
  for (const key of CART_KEYS) localStorage.removeItem(key);
  broadcast();
}
