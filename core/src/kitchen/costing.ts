// The menu's price points and margin arithmetic for cost of goods. Recipe
// costs are exact decimals on the server; they reach this file as cents.
import {
  SEED_CATEGORY_IDS,
  MENU_ITEMS,
  defaultVariantId,
  getCategory,
  getMenuItem,
  isSeedCategoryId,
  type CategoryId,
} from '../catalogue/catalogue';
import { unitsPerItem } from './capacity';

/** One sellable thing: an item, or one variant of an item with variants. */
export interface MenuPoint {
  productId: string;
  /** '' for an item without variants. */
  variantId: string;
  name: string;
  variantLabel: string | null;
  category: CategoryId;
  categoryLabel: string;
}

export interface PricePoint extends MenuPoint {
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

/** Said next to a cost that an all-options link cannot tell apart by size. */
export const SAME_COST_EVERY_SIZE =
  'Same cost for every size: the recipe is linked to all options. Link each size to cost it.';

export interface VariantCosting {
  /**
   * What the link's "one ordered item holds" is multiplied by for this
   * variant: 1 for a link of the variant itself, the count ratio for an
   * all-options link over counts (2 for a 12-count when the link says what
   * a 6-count holds).
   */
  scale: number;
  /** SAME_COST_EVERY_SIZE when the variants cannot be told apart, else null. */
  warning: string | null;
}

/**
 * How a link costs one variant (issue 12: an all-options link cost a
 * 12-count like a 6-count). A link for one variant, or for an item without
 * options, costs as entered. An all-options link says what the first option
 * holds (the form suggests it: 6 for a 6-count); another count scales by its
 * count. Sizes that hold the same count (cakes: 6, 8, 10 inch) cannot be told
 * apart: they cost the same and say so.
 */
export function variantCosting(
  link: { productId: string; variantId: string },
  variantId: string | null | undefined,
): VariantCosting {
  const item = getMenuItem(link.productId);
  const variants = item?.variants ?? [];
  if (link.variantId !== '' || !item || variants.length < 2) return { scale: 1, warning: null };
  const pieces = variants.map((v) => unitsPerItem(item.id, v.id));
  if (pieces.every((n) => n === pieces[0])) return { scale: 1, warning: SAME_COST_EVERY_SIZE };
  const base = unitsPerItem(item.id, defaultVariantId(item));
  return {
    scale: unitsPerItem(item.id, variantId || defaultVariantId(item)) / base,
    warning: null,
  };
}

/**
 * The variants a link costs: its own; or, for an all-options link, every
 * option without a link of its own; '' for an item without options.
 */
export function variantsOfLink(
  link: { productId: string; variantId: string },
  links: readonly { productId: string; variantId: string }[],
): { variantId: string; variantLabel: string | null }[] {
  const variants = getMenuItem(link.productId)?.variants ?? [];
  if (variants.length === 0) return [{ variantId: '', variantLabel: null }];
  return variants
    .filter((v) =>
      link.variantId === ''
        ? !links.some((l) => l.productId === link.productId && l.variantId === v.id)
        : v.id === link.variantId,
    )
    .map((v) => ({ variantId: v.id, variantLabel: v.label }));
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

/** Where a category sorts: the seed's in menu order, then the owner's. */
export const categoryOrder = (id: CategoryId): number =>
  isSeedCategoryId(id) ? SEED_CATEGORY_IDS.indexOf(id) : SEED_CATEGORY_IDS.length;
