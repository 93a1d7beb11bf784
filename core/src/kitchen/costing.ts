// The menu's price points and margin arithmetic for cost of goods. Recipe
// costs are exact decimals on the server; they reach this file as cents.
import { CATEGORY_IDS, MENU_ITEMS, getCategory, type CategoryId } from '../catalogue/catalogue';

/** One sellable thing: an item, or one variant of an item with variants. */
export interface PricePoint {
  productId: string;
  /** '' for an item without variants. */
  variantId: string;
  name: string;
  variantLabel: string | null;
  category: CategoryId;
  categoryLabel: string;
  priceCents: number;
}

/** Every item and variant of the menu, in menu order. */
export const PRICE_POINTS: readonly PricePoint[] = MENU_ITEMS.flatMap((item): PricePoint[] => {
  const categoryLabel = getCategory(item.category)?.label ?? item.category;
  const base = { productId: item.id, name: item.name, category: item.category, categoryLabel };
  if (!item.variants?.length)
    return [{ ...base, variantId: '', variantLabel: null, priceCents: item.priceCents }];
  return item.variants.map((v) => ({
    ...base,
    variantId: v.id,
    variantLabel: v.label,
    priceCents: v.priceCents,
  }));
});

/**
 * The link that applies to an ordered item: the one for its variant, else the
 * item's whole-item link (variantId ''), else none.
 */
export function findLink<L extends { productId: string; variantId: string }>(
  links: readonly L[],
  productId: string,
  variantId: string | null | undefined,
): L | undefined {
  const wanted = variantId ?? '';
  return (
    links.find((l) => l.productId === productId && l.variantId === wanted) ??
    links.find((l) => l.productId === productId && l.variantId === '')
  );
}

export interface Margin {
  marginCents: number;
  /** Margin as a percent of the price, 1 decimal; null when the price is 0. */
  marginPercent: number | null;
}

export function marginOf(priceCents: number, costCents: number): Margin {
  const marginCents = priceCents - costCents;
  return {
    marginCents,
    marginPercent: priceCents === 0 ? null : Math.round((marginCents / priceCents) * 1000) / 10,
  };
}

export const categoryOrder = (id: string): number => {
  const index = (CATEGORY_IDS as readonly string[]).indexOf(id);
  return index < 0 ? CATEGORY_IDS.length : index;
};
