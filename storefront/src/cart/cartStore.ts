// The cart lives in local storage under the keys of spec section 3; every
// change fires a `cartUpdated` event so the nav badge and the order page follow.
// Other tabs learn of changes through the browser's `storage` event.
// This module has no @bakery/core import, so the nav badge (on every page)
// does not pull the catalogue into the home page's first download.

export const CART_KEY = 'cart';
export const VARIANTS_KEY = 'cartVariants'; // count option (6/12/24) per product
export const CAKE_SIZES_KEY = 'cakeSizes'; // cake size per product
export const FILLINGS_KEY = 'cakeFillings'; // cake filling per product (our addition)
export const ADD_INS_KEY = 'cartAddIns'; // pecans / chocolate chips per product (our addition)
export const PENDING_ITEMS_KEY = 'pendingCartItems';
export const PENDING_REDIRECT_KEY = 'pendingRedirect';
export const CART_UPDATED = 'cartUpdated';

export const CART_KEYS = [CART_KEY, VARIANTS_KEY, CAKE_SIZES_KEY, FILLINGS_KEY, ADD_INS_KEY];

export type Cart = Record<string, number>;
export type Choices = Record<string, string>;

function readMap<T>(key: string): Record<string, T> {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, T>)
      : {};
  } catch {
    return {};
  }
}

export const readCart = (): Cart => readMap<number>(CART_KEY);
export const readChoices = (key: string): Choices => readMap<string>(key);

function broadcast(): void {
  window.dispatchEvent(new Event(CART_UPDATED));
}

export function writeCart(cart: Cart): void {
  const clean: Cart = {};
  for (const [id, qty] of Object.entries(cart))
    if (Number.isFinite(qty) && qty > 0) clean[id] = Math.floor(qty);
  localStorage.setItem(CART_KEY, JSON.stringify(clean));
  broadcast();
}

export function writeChoice(key: string, productId: string, value: string | null): void {
  const map = readChoices(key);
  if (value) map[productId] = value;
  else delete map[productId];
  localStorage.setItem(key, JSON.stringify(map));
  broadcast();
}

/** Total number of items (the nav badge). */
export function cartCount(cart: Cart = readCart()): number {
  return Object.values(cart).reduce((sum, q) => sum + (Number.isFinite(q) && q > 0 ? q : 0), 0);
}

/** The badge text: the count, or 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function clearCart(): void {
  for (const key of CART_KEYS) localStorage.removeItem(key);
  broadcast();
}
