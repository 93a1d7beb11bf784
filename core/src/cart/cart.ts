// The customer's cart as a list of lines (issue 14): a line is a product with
// its variant (count or size), filling and add-in, so two sizes of one product
// are two lines. A product's maximum (maxQuantity, 10 by default) caps the sum
// of its lines. Pure functions: the storefront keeps the list in local storage.
import {
  ADD_INS,
  CAKE_FILLINGS,
  defaultVariantId,
  getMenuItem,
  maxQuantityOf,
  resolveLine,
  type CartLine,
} from '../catalogue/catalogue';

/** A typed quantity as a number: "1e3" is 1000 (not 1), "" and "abc" are NaN. */
function typedNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return Number.NaN;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.parseInt(trimmed, 10);
}

/** Spec section 5: a quantity field's value; a non-number becomes 1, then 1..max. */
export function clampQuantity(value: string | number, max: number): number {
  const n = typedNumber(value);
  if (Number.isNaN(n)) return 1;
  if (!Number.isFinite(n)) return n > 0 ? max : 1;
  return Math.min(Math.max(Math.trunc(n), 1), max);
}

/** A line as stored: every option explicit (null when the product has none). */
export interface StoredCartLine {
  productId: string;
  quantity: number;
  variantId: string | null;
  filling: string | null;
  addIn: string | null;
}

/** The same product with the same options is the same line. */
export function cartLineKey(line: Omit<CartLine, 'quantity'>): string {
  return [line.productId, line.variantId ?? '', line.filling ?? '', line.addIn ?? ''].join('|');
}

/** A line with the catalogue's defaults filled in (6-count, 6-inch, the first filling). */
export function normalizeCartLine(line: CartLine): StoredCartLine | null {
  const item = getMenuItem(line.productId);
  if (!item) return null;
  const quantity = Math.floor(Number(line.quantity));
  if (!Number.isFinite(quantity) || quantity < 1) return null;
  const normal: StoredCartLine = {
    productId: item.id,
    quantity,
    variantId: item.variants?.length ? (line.variantId ?? defaultVariantId(item) ?? null) : null,
    filling: item.fillings ? (line.filling ?? CAKE_FILLINGS[0]?.id ?? null) : null,
    addIn: item.addIns ? (line.addIn ?? null) : null,
  };
  try {
    resolveLine(normal);
    return normal;
  } catch {
    return null; // an option the catalogue does not know
  }
}

/** How many of a product the cart holds over all its lines. */
export const productQuantity = (lines: readonly CartLine[], productId: string): number =>
  lines.filter((l) => l.productId === productId).reduce((sum, l) => sum + l.quantity, 0);

export interface AddResult {
  lines: StoredCartLine[];
  /** How many were really added (0 when the product was already at its maximum). */
  added: number;
  /** The product's quantity in the cart afterwards, over all its lines. */
  productTotal: number;
  max: number;
  capped: boolean;
}

/** Adds to the line of the same product and options, never past the product's maximum. */
export function addCartLine(lines: readonly StoredCartLine[], line: CartLine): AddResult {
  const normal = normalizeCartLine({ ...line, quantity: Math.max(1, line.quantity) });
  const item = getMenuItem(line.productId);
  if (!normal || !item)
    return { lines: [...lines], added: 0, productTotal: 0, max: 0, capped: false };
  const max = maxQuantityOf(item);
  const before = productQuantity(lines, item.id);
  const wanted = Math.floor(Number(line.quantity));
  const added = Math.max(0, Math.min(wanted, max - before));
  const key = cartLineKey(normal);
  const next = lines.map((l) => ({ ...l }));
  const existing = next.find((l) => cartLineKey(l) === key);
  if (added > 0) {
    if (existing) existing.quantity += added;
    else next.push({ ...normal, quantity: added });
  }
  return { lines: next, added, productTotal: before + added, max, capped: added < wanted };
}

/** Sets one line's quantity (0 removes it), keeping the product within its maximum. */
export function setCartLineQuantity(
  lines: readonly StoredCartLine[],
  key: string,
  quantity: number,
): StoredCartLine[] {
  const target = lines.find((l) => cartLineKey(l) === key);
  if (!target) return [...lines];
  const item = getMenuItem(target.productId);
  const others = productQuantity(lines, target.productId) - target.quantity;
  const room = item ? maxQuantityOf(item) - others : quantity;
  const q = Math.max(0, Math.min(Math.floor(Number.isFinite(quantity) ? quantity : 0), room));
  return lines
    .map((l) => (cartLineKey(l) === key ? { ...l, quantity: q } : l))
    .filter((l) => l.quantity > 0);
}

/**
 * The order page's product row (spec "Order page cart", issue 24): the line of
 * this product with these options holds `quantity` (0 removes it), added when
 * absent, never past the product's maximum over its lines.
 */
export function setCartLine(
  lines: readonly StoredCartLine[],
  line: CartLine,
): { lines: StoredCartLine[]; quantity: number } {
  const normal = normalizeCartLine({ ...line, quantity: 1 });
  if (!normal) return { lines: [...lines], quantity: 0 };
  const key = cartLineKey(normal);
  const wanted = Math.max(0, Math.floor(Number.isFinite(line.quantity) ? line.quantity : 0));
  const existing = lines.find((l) => cartLineKey(l) === key);
  if (existing) {
    const next = setCartLineQuantity(lines, key, wanted);
    return { lines: next, quantity: next.find((l) => cartLineKey(l) === key)?.quantity ?? 0 };
  }
  if (wanted === 0) return { lines: [...lines], quantity: 0 };
  const result = addCartLine(lines, { ...normal, quantity: wanted });
  return { lines: result.lines, quantity: result.added };
}

/** The quantity of the line of this product with these options (0 when absent). */
export function cartLineQuantity(lines: readonly StoredCartLine[], line: CartLine): number {
  const normal = normalizeCartLine({ ...line, quantity: 1 });
  if (!normal) return 0;
  const key = cartLineKey(normal);
  return lines.find((l) => cartLineKey(l) === key)?.quantity ?? 0;
}

/** The most a line may hold: the product's maximum less its other lines. */
export function lineMaximum(lines: readonly StoredCartLine[], key: string): number {
  const target = lines.find((l) => cartLineKey(l) === key);
  const item = target && getMenuItem(target.productId);
  if (!target || !item) return 0;
  return maxQuantityOf(item) - (productQuantity(lines, target.productId) - target.quantity);
}

/** The toast text after adding: what was really added (issue 14). */
export function addedMessage(result: AddResult, name: string, wanted: number): string {
  if (result.added === 0)
    return `Only ${result.max} allowed: you already have ${result.productTotal}`;
  if (result.capped || result.added < wanted)
    return `Only ${result.max} allowed: you now have ${result.productTotal}`;
  return `${result.added} ${name} added to your cart.`;
}

/** A line's options in words: "24-count", "Filling: Fruit preserves", "Add-in: Pecans". */
export function cartLineOptions(line: CartLine): string[] {
  const out: string[] = [];
  try {
    const r = resolveLine(line);
    if (r.variantLabel) out.push(r.variantLabel);
  } catch {
    /* an unknown option is shown without its label */
  }
  const filling = CAKE_FILLINGS.find((f) => f.id === line.filling);
  if (filling) out.push(`Filling: ${filling.label}`);
  const addIn = ADD_INS.find((a) => a.id === line.addIn);
  if (addIn) out.push(`Add-in: ${addIn.label}`);
  return out;
}

/**
 * Reorder (issue 14): the lines of an earlier order as cart lines, priced again
 * from today's catalogue when the cart is read. Products or options the menu
 * no longer has are left out (and counted), and maximums still apply.
 */
export function reorderLines(
  items: readonly {
    productId: string;
    quantity: number;
    variant?: string | null;
    filling?: string | null;
    addIn?: string | null;
  }[],
): { lines: StoredCartLine[]; skipped: number } {
  let lines: StoredCartLine[] = [];
  let skipped = 0;
  for (const item of items) {
    const result = addCartLine(lines, {
      productId: item.productId,
      quantity: item.quantity,
      variantId: item.variant ?? null,
      filling: item.filling ?? null,
      addIn: item.addIn ?? null,
    });
    if (result.added === 0) skipped += 1;
    lines = result.lines;
  }
  return { lines, skipped };
}
