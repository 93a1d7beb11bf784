// The cart operations that need the catalogue (prices, maximums, options),
// on top of the plain local-storage cart of cartStore.ts.
import { getMenuItem, maxQuantityOf, resolveLine, type CartLine } from '@bakery/core';
import {
  ADD_INS_KEY,
  CAKE_SIZES_KEY,
  FILLINGS_KEY,
  PENDING_ITEMS_KEY,
  PENDING_REDIRECT_KEY,
  VARIANTS_KEY,
  readCart,
  readChoices,
  writeCart,
  writeChoice,
} from './cartStore';

export * from './cartStore';

export type AddChoice = {
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
  isCake?: boolean;
};

export function addToCart(productId: string, quantity: number, choice: AddChoice = {}): void {
  const cart = readCart();
  const item = getMenuItem(productId);
  // Adding again never takes a product past its per-order maximum ('Max: N').
  const total = (cart[productId] ?? 0) + quantity;
  cart[productId] = item ? Math.min(total, maxQuantityOf(item)) : total;
  if (choice.variantId)
    writeChoice(choice.isCake ? CAKE_SIZES_KEY : VARIANTS_KEY, productId, choice.variantId);
  if (choice.filling) writeChoice(FILLINGS_KEY, productId, choice.filling);
  if (choice.addIn) writeChoice(ADD_INS_KEY, productId, choice.addIn);
  writeCart(cart);
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
    })
    .filter((line) => {
      // A product or option the catalogue no longer knows (an old tab, an
      // edited storage entry) is left out rather than breaking the order page.
      try {
        resolveLine(line);
        return true;
      } catch {
        return false;
      }
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
