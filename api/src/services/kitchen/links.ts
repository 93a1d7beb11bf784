// Links from menu items (and variants) to the recipes that make them, and the
// exact cost of one ordered item through its link:
//   recipe cost x unitsPerItem x scale / recipeYield
// where the recipe cost is recipes.ts's exact sum of quantity x costPerUnit
// and scale is core's variantCosting (an all-options link costs a 12-count as
// two 6-counts).
import {
  getMenuItem,
  variantCosting,
  variantsOfLink,
  type ProductRecipeLinkInput,
  type ProductRecipeLinkView,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { notFound } from '../../errors.js';
import { decimalToNumber, totalCostOf } from '../recipes.js';
import type { Db } from '../../db/types.js';

type Decimal = Prisma.Decimal;

export const linkInclude = {
  recipe: {
    include: {
      ingredients: { include: { ingredient: true }, orderBy: { createdAt: 'asc' as const } },
    },
  },
} satisfies Prisma.ProductRecipeInclude;

export type LinkWithRecipe = Prisma.ProductRecipeGetPayload<{ include: typeof linkInclude }>;

type LinkSize = Pick<LinkWithRecipe, 'productId' | 'variantId' | 'unitsPerItem' | 'recipeYield'>;

/** Pieces one ordered item of `variantId` takes from the link's recipe, exact. */
const unitsFor = (link: LinkSize, variantId: string | null | undefined): Decimal =>
  link.unitsPerItem.mul(variantCosting(link, variantId).scale);

/**
 * Batches of the linked recipe that `quantity` ordered items of `variantId`
 * need, exact; without a variant, the link's units as entered.
 */
export const batchesFor = (
  link: LinkSize,
  quantity: number | Decimal,
  variantId?: string | null,
): Decimal =>
  new Prisma.Decimal(quantity)
    .mul(variantId === undefined ? link.unitsPerItem : unitsFor(link, variantId))
    .div(link.recipeYield);

/** Cost of one ordered item of `variantId` through its link, exact (as entered without one). */
export const costPerItem = (link: LinkWithRecipe, variantId?: string | null): Decimal =>
  totalCostOf(link.recipe.ingredients).mul(batchesFor(link, 1, variantId));

export async function loadLinks(db: Db): Promise<LinkWithRecipe[]> {
  return db.productRecipe.findMany({
    include: linkInclude,
    orderBy: [{ productId: 'asc' }, { variantId: 'asc' }],
  });
}

/** `links`: every link, so an all-options link leaves out the options linked on their own. */
export function linkView(
  link: LinkWithRecipe,
  links: readonly LinkWithRecipe[] = [link],
): ProductRecipeLinkView {
  const item = getMenuItem(link.productId);
  return {
    id: link.id,
    productId: link.productId,
    variantId: link.variantId,
    productName: item?.name ?? link.productId,
    variantLabel: item?.variants?.find((v) => v.id === link.variantId)?.label ?? null,
    recipeId: link.recipeId,
    recipeName: link.recipe.name,
    recipeYield: decimalToNumber(link.recipeYield, 4),
    unitsPerItem: decimalToNumber(link.unitsPerItem, 4),
    costPerItem: decimalToNumber(costPerItem(link), 2),
    variants: variantsOfLink(link, links).map(({ variantId, variantLabel }) => ({
      variantId,
      variantLabel,
      unitsPerItem: decimalToNumber(unitsFor(link, variantId), 4),
      costPerItem: decimalToNumber(costPerItem(link, variantId), 2),
      warning: variantCosting(link, variantId).warning,
    })),
  };
}

export async function listLinks(db: Db): Promise<ProductRecipeLinkView[]> {
  const links = await loadLinks(db);
  return links.map((link) => linkView(link, links));
}

const dec4 = (value: number) =>
  new Prisma.Decimal(value).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP);

/** Creates or replaces the link of one item and variant. */
export async function saveLink(
  db: Db,
  input: ProductRecipeLinkInput,
): Promise<ProductRecipeLinkView> {
  const recipe = await db.recipe.findUnique({
    where: { id: input.recipeId },
    select: { id: true },
  });
  if (!recipe) throw notFound('Recipe not found');
  const data = {
    recipeId: input.recipeId,
    recipeYield: dec4(input.recipeYield),
    unitsPerItem: dec4(input.unitsPerItem),
  };
  const row = await db.productRecipe.upsert({
    where: { productId_variantId: { productId: input.productId, variantId: input.variantId } },
    create: { productId: input.productId, variantId: input.variantId, ...data },
    update: data,
    include: linkInclude,
  });
  return linkView(row, await loadLinks(db));
}

export async function removeLink(db: Db, productId: string, variantId: string): Promise<void> {
  const { count } = await db.productRecipe.deleteMany({ where: { productId, variantId } });
  if (count === 0) throw notFound('This menu item has no linked recipe');
}
