// Cost of goods and margins. Per menu item and variant: the catalogue's price
// (core) beside the cost of one item from its linked recipe. Per category over
// a pickup date range: revenue of the booked orders' lines that have a linked
// recipe, their cost, and the margin; lines without a recipe are reported as
// uncosted revenue instead of being counted at zero cost.
import {
  PRICE_POINTS,
  centsToDollars,
  dollarsToCents,
  findLink,
  getCategory,
  getMenuItem,
  kitchenCategories,
  marginOf,
  variantCosting,
  type CategoryId,
  type MarginCategoryView,
  type MarginItemView,
  type MarginsView,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { bookedOrders, storedItems } from './bakeSheet.js';
import { costPerItem, loadLinks } from './links.js';
import { centsOf as toCents } from '../../db/money.js';
import type { Db } from '../../db/types.js';

export async function margins(db: Db, fromDate: string, toDate: string): Promise<MarginsView> {
  const [links, orders] = await Promise.all([loadLinks(db), bookedOrders(db, fromDate, toDate)]);
  // Cost of one item per link and variant (an all-options link costs each size by its size).
  const unitCosts = new Map<string, Prisma.Decimal>();
  const unitCost = (link: (typeof links)[number], variantId: string | null | undefined) => {
    const key = `${link.id}|${variantId ?? ''}`;
    let cost = unitCosts.get(key);
    if (!cost) unitCosts.set(key, (cost = costPerItem(link, variantId ?? '')));
    return cost;
  };

  const items: MarginItemView[] = PRICE_POINTS.map((point) => {
    const link = findLink(links, point.productId, point.variantId);
    const base = {
      productId: point.productId,
      variantId: point.variantId,
      name: point.name,
      variantLabel: point.variantLabel,
      category: point.category,
      categoryLabel: point.categoryLabel,
      price: centsToDollars(point.priceCents),
    };
    if (!link)
      return {
        ...base,
        cost: null,
        margin: null,
        marginPercent: null,
        recipeName: null,
        costWarning: null,
      };
    const costCents = toCents(unitCost(link, point.variantId));
    const { marginCents, marginPercent } = marginOf(point.priceCents, costCents);
    return {
      ...base,
      cost: centsToDollars(costCents),
      margin: centsToDollars(marginCents),
      marginPercent,
      recipeName: link.recipe.name,
      costWarning: variantCosting(link, point.variantId).warning,
    };
  });

  const sums = new Map<
    CategoryId,
    { revenue: number; cost: Prisma.Decimal; uncosted: number; quantity: number }
  >(
    kitchenCategories().map((id) => [
      id,
      { revenue: 0, cost: new Prisma.Decimal(0), uncosted: 0, quantity: 0 },
    ]),
  );
  for (const order of orders) {
    for (const item of storedItems(order.items)) {
      const menuItem = getMenuItem(item.productId);
      if (!menuItem || !(item.quantity > 0)) continue;
      const sum = sums.get(menuItem.category)!;
      const revenueCents =
        item.lineTotal !== null
          ? dollarsToCents(item.lineTotal)
          : dollarsToCents(item.price) * item.quantity;
      const link = findLink(links, item.productId, item.variant);
      sum.quantity += item.quantity;
      if (!link) {
        sum.uncosted += revenueCents;
        continue;
      }
      sum.revenue += revenueCents;
      sum.cost = sum.cost.add(unitCost(link, item.variant).mul(item.quantity));
    }
  }
  const byCategory: MarginCategoryView[] = kitchenCategories().map((category) => {
    const sum = sums.get(category)!;
    const costCents = toCents(sum.cost);
    const { marginCents, marginPercent } = marginOf(sum.revenue, costCents);
    return {
      category,
      label: getCategory(category)?.label ?? category,
      revenue: centsToDollars(sum.revenue),
      cost: centsToDollars(costCents),
      margin: centsToDollars(marginCents),
      marginPercent,
      uncostedRevenue: centsToDollars(sum.uncosted),
      quantity: sum.quantity,
    };
  });

  const missing = items
    .filter((item) => item.cost === null)
    .map(({ productId, variantId, name, variantLabel, categoryLabel }) => ({
      productId,
      variantId,
      name,
      variantLabel,
      categoryLabel,
    }));
  return { fromDate, toDate, items, byCategory, missing };
}
