// The cart operations that need the catalogue (prices, maximums, options):
// core's cart rules (core/src/cart) on the local-storage lines of cartStore.ts.
import {
  addCartLine,
  normalizeCartLine,
  setCartLine,
  setCartLineQuantity,
  type CartLine,
  type AddResult,
  type StoredCartLine,
} from '@bakery/core';
import {
  PENDING_ITEMS_KEY,
  PENDING_REDIRECT_KEY,
  readCartLines,
  writeCartLines,
} from './cartStore';

export * from './cartStore';

export type AddChoice = {
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
};

/** Adds a line (or to the same line), never past the product's maximum; says what was added. */
export function addToCart(productId: string, quantity: number, choice: AddChoice = {}): AddResult {
  const result = addCartLine(cartLines(), { productId, quantity, ...choice });
  writeCartLines(result.lines);
  return result;
}

/** Sets one line's quantity (0 removes it). */
export function setLineQuantity(key: string, quantity: number): void {
  writeCartLines(setCartLineQuantity(cartLines(), key, quantity));
}

/** The order page's product row: the line of these options holds `quantity` (0 removes it). */
export function setRowLine(line: CartLine): number {
  const result = setCartLine(cartLines(), line);
  writeCartLines(result.lines);
  return result.quantity;
}

export function removeLine(key: string): void {
  setLineQuantity(key, 0);
}

/** Replaces the cart (Reorder). */
export function replaceCart(lines: readonly StoredCartLine[]): void {
  writeCartLines(lines);
}

/**
 * The cart's lines with the catalogue's defaults; a product or option the
 * catalogue no longer knows (an old tab, an edited storage entry) is left out
 * rather than breaking the order page.
 */
export function cartLines(): StoredCartLine[] {
  const out: StoredCartLine[] = [];
  for (const line of readCartLines()) {
    const normal = normalizeCartLine(line);
    if (normal) out.push(normal);
  }
  return out;
}

export type PendingItem = {
  productId: string;
  quantity: number;
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
};

export function savePending(item: PendingItem | null, redirect: string): void {
  if (item) localStorage.setItem(PENDING_ITEMS_KEY, JSON.stringify([item]));
  localStorage.setItem(PENDING_REDIRECT_KEY, redirect);
}

/** Reads and clears the pending items; an unreadable value is logged and treated as absent. */
export function takePending(): PendingItem[] {
  const raw = localStorage.getItem(PENDING_ITEMS_KEY);
  localStorage.removeItem(PENDING_ITEMS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const list: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
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

/** How many of each product the cart holds, over its lines. */
export function cartByProduct(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of cartLines()) out[l.productId] = (out[l.productId] ?? 0) + l.quantity;
  return out;
}
