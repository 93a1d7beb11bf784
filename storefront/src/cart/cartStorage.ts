// The cart lives in local storage under the keys of spec section 3; every
// change fires a `cartUpdated` event so the nav badge and the order page follow.
// Other tabs learn of changes through the browser's `storage` event.
import type { CartLine } from '@bakery/core';

export const CART_KEY = 'cart';
export const VARIANTS_KEY = 'cartVariants'; // count option (6/12/24) per product
export const CAKE_SIZES_KEY = 'cakeSizes'; // cake size per product
export const FILLINGS_KEY = 'cakeFillings'; // cake filling per product (our addition)
export const ADD_INS_KEY = 'cartAddIns'; // pecans / chocolate chips per product (our addition)
export const PENDING_ITEMS_KEY = 'pendingCartItems';
export const PENDING_REDIRECT_KEY = 'pendingRedirect';
export const CART_UPDATED = 'cartUpdated';

const CART_KEYS = [CART_KEY, VARIANTS_KEY, CAKE_SIZES_KEY, FILLINGS_KEY, ADD_INS_KEY];

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

export type AddChoice = {
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
  isCake?: boolean;
};

export function addToCart(productId: string, quantity: number, choice: AddChoice = {}): void {
  const cart = readCart();
  cart[productId] = (cart[productId] ?? 0) + quantity;
  if (choice.variantId)
    writeChoice(choice.isCake ? CAKE_SIZES_KEY : VARIANTS_KEY, productId, choice.variantId);
  if (choice.filling) writeChoice(FILLINGS_KEY, productId, choice.filling);
  if (choice.addIn) writeChoice(ADD_INS_KEY, productId, choice.addIn);
  writeCart(cart);
}

export function clearCart(): void {
  for (const key of CART_KEYS) localStorage.removeItem(key);
  broadcast();
}

/** The cart as core's CartLine list. */
export function cartLines(): CartLine[] {
  const cart = readCart();
  const variants = readChoices(VARIANTS_KEY);
  const sizes = readChoices(CAKE_SIZES_KEY);
  const fillings = readChoices(FILLINGS_KEY);
  const addIns = readChoices(ADD_INS_KEY);
  return Object.entries(cart)
    .filter(([, q]) => q > 0)
    .map(([productId, quantity]) => {
      const line: CartLine = { productId, quantity };
      const variantId = sizes[productId] ?? variants[productId];
      if (variantId) line.variantId = variantId;
      if (fillings[productId]) line.filling = fillings[productId];
      if (addIns[productId]) line.addIn = addIns[productId];
      return line;
    });
}

export type PendingItem = {
  productId: string;
  quantity: number;
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
};

export function savePending(item: PendingItem, redirect: string): void {
  localStorage.setItem(PENDING_ITEMS_KEY, JSON.stringify([item]));
  localStorage.setItem(PENDING_REDIRECT_KEY, redirect);
}

/** Reads and clears the pending items; an unreadable value is logged and treated as absent. */
export function takePending(): PendingItem[] {
  const raw = localStorage.getItem(PENDING_ITEMS_KEY);
  localStorage.removeItem(PENDING_ITEMS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(
      (p): p is PendingItem =>
        !!p &&
        typeof p === 'object' &&
        typeof (p as PendingItem).productId === 'string' &&
        Number((p as PendingItem).quantity) > 0,
    );
  } catch (error) {
    console.warn('Unreadable pending cart item', error);
    return [];
  }
}

export function takeRedirect(): string | null {
  const path = localStorage.getItem(PENDING_REDIRECT_KEY);
  localStorage.removeItem(PENDING_REDIRECT_KEY);
  // Only same-site paths: never send the user off to another origin.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
