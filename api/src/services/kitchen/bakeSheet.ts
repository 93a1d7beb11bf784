// The bake sheet of a pickup date range: what to bake (per item and variant,
// over orders that are not cancelled), the cakes with their details, the
// customers' instructions, and the shopping list those quantities need from
// the linked recipes:
//   ingredient total = sum over items of
//     quantity x unitsPerItem (by the item's size) / recipeYield x recipe ingredient quantity
// in exact decimals, rounded only on the wire (quantities 4 places, money 2).
import {
  ADD_INS,
  type BakeSheetCakeRow,
  type BakeSheetInstructionRow,
  type BakeSheetProductRow,
  type BakeSheetView,
  CAKE_FILLINGS,
  categoryOrder,
  defaultVariantId,
  findLink,
  getCategory,
  getMenuItem,
  orderNumber,
  PICKUP_SLOTS,
  type ShoppingListRow,
  unitsPerItem,
  piecesPerItem,
  pieceNameOf,
  categoryBehaviour,
  OFF_MENU_CATEGORY,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import { decimalToNumber, lineCost } from '../recipes.js';
import { BOOKED } from './capacity.js';
import { batchesFor, loadLinks, type LinkWithRecipe } from './links.js';
import type { Db } from '../../db/types.js';
import { dollarsOf, type Amount } from '../../db/money.js';

type Decimal = Prisma.Decimal;
const ZERO = () => new Prisma.Decimal(0);

/** An order line as stored in Order.items. */
export interface StoredItem {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  variant: string;
  filling: string | null;
  addIn: string | null;
  lineTotal: number | null;
  /** This cake's own writing, when the order has several cakes (issue 24). */
  writing: string | null;
}

export function storedItems(items: Prisma.JsonValue): StoredItem[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw) => {
    const item = raw as Record<string, unknown> | null;
    if (!item || typeof item.productId !== 'string') return [];
    const menuItem = getMenuItem(item.productId);
    const stored = typeof item.variant === 'string' ? item.variant : '';
    // An order written without a variant of a sized item was priced at its default.
    const variant = stored || (menuItem ? (defaultVariantId(menuItem) ?? '') : '');
    return [
      {
        productId: item.productId,
        name: typeof item.name === 'string' ? item.name : (menuItem?.name ?? item.productId),
        price: dollarsOf(item.price as Amount),
        quantity: Number(item.quantity ?? 0),
        variant,
        filling: typeof item.filling === 'string' && item.filling ? item.filling : null,
        addIn: typeof item.addIn === 'string' && item.addIn ? item.addIn : null,
        lineTotal:
          item.lineTotal === undefined || item.lineTotal === null
            ? null
            : dollarsOf(item.lineTotal as Amount),
        writing: typeof item.writing === 'string' && item.writing ? item.writing : null,
      },
    ];
  });
}

const slotIndex = (time: string | null) => {
  const index = time ? PICKUP_SLOTS.indexOf(time) : -1;
  return index < 0 ? PICKUP_SLOTS.length : index;
};

const optionLabel = (options: readonly { id: string; label: string }[], id: string | null) =>
  id ? (options.find((o) => o.id === id)?.label ?? id) : null;

export const bakeSheetSelect = {
  id: true,
  pickupDate: true,
  pickupTime: true,
  customerName: true,
  items: true,
  cakeOptions: true,
  cakeWriting: true,
  specialInstructions: true,
  standingOrderId: true,
  createdAt: true,
} satisfies Prisma.OrderSelect;

export type BakeSheetOrder = Prisma.OrderGetPayload<{ select: typeof bakeSheetSelect }>;

/** Booked orders picked up in the range, by pickup date and slot. */
export async function bookedOrders(
  db: Db,
  fromDate: string,
  toDate: string,
): Promise<BakeSheetOrder[]> {
  const orders = await db.order.findMany({
    where: { pickupDate: { gte: fromDate, lte: toDate }, ...BOOKED },
    select: bakeSheetSelect,
    orderBy: [{ pickupDate: 'asc' }, { createdAt: 'asc' }],
  });
  return orders.sort(
    (a, b) =>
      (a.pickupDate ?? '').localeCompare(b.pickupDate ?? '') ||
      slotIndex(a.pickupTime) - slotIndex(b.pickupTime),
  );
}

export async function bakeSheet(db: Db, fromDate: string, toDate: string): Promise<BakeSheetView> {
  const [orders, links] = await Promise.all([bookedOrders(db, fromDate, toDate), loadLinks(db)]);

  const rows = new Map<string, BakeSheetProductRow & { link: LinkWithRecipe | undefined }>();
  const cakes: BakeSheetCakeRow[] = [];
  const instructions: BakeSheetInstructionRow[] = [];
  // Per pickup day: its orders and each product row's share (key as in `rows`).
  const perDay = new Map<
    string,
    { orders: number; rows: Map<string, { quantity: number; units: number; pieces: number }> }
  >();

  for (const order of orders) {
    const who = {
      orderId: order.id,
      orderNumber: orderNumber(order.id),
      pickupDate: order.pickupDate ?? '',
      pickupTime: order.pickupTime,
      customerName: order.customerName,
    };
    const options = (order.cakeOptions ?? {}) as { hasWriting?: boolean; hasBows?: boolean };
    const day = perDay.get(who.pickupDate) ?? { orders: 0, rows: new Map() };
    day.orders += 1;
    perDay.set(who.pickupDate, day);
    for (const item of storedItems(order.items)) {
      if (!(item.quantity > 0)) continue;
      const menuItem = getMenuItem(item.productId);
      const key = `${item.productId}|${item.variant}`;
      let row = rows.get(key);
      if (!row) {
        const link = findLink(links, item.productId, item.variant);
        const category = menuItem?.category ?? OFF_MENU_CATEGORY;
        row = {
          productId: item.productId,
          name: menuItem?.name ?? item.name,
          category,
          categoryLabel: menuItem ? (getCategory(category)?.label ?? category) : 'Not on the menu',
          variantId: item.variant,
          variantLabel: menuItem?.variants?.find((v) => v.id === item.variant)?.label ?? null,
          quantity: 0,
          units: 0,
          pieces: 0,
          pieceName: pieceNameOf(item.productId),
          addIns: {},
          standing: 0,
          recipeName: link?.recipe.name ?? null,
          batches: null,
          link,
        };
        rows.set(key, row);
      }
      const units = item.quantity * unitsPerItem(item.productId, item.variant);
      const pieces = item.quantity * piecesPerItem(item.productId, item.variant);
      row.quantity += item.quantity;
      row.units += units;
      row.pieces += pieces;
      if (order.standingOrderId) row.standing += item.quantity;
      const share = day.rows.get(key) ?? { quantity: 0, units: 0, pieces: 0 };
      share.quantity += item.quantity;
      share.units += units;
      share.pieces += pieces;
      day.rows.set(key, share);
      const addIn = optionLabel(ADD_INS, item.addIn);
      if (addIn) row.addIns[addIn] = (row.addIns[addIn] ?? 0) + item.quantity;

      if (menuItem && categoryBehaviour(menuItem.category).cakeOptions) {
        cakes.push({
          ...who,
          name: menuItem.name,
          size: menuItem.variants?.find((v) => v.id === item.variant)?.label ?? null,
          filling: optionLabel(CAKE_FILLINGS, item.filling),
          quantity: item.quantity,
          writing: Boolean(options.hasWriting),
          writingText: options.hasWriting ? (item.writing ?? order.cakeWriting) : null,
          bows: Boolean(options.hasBows),
          specialInstructions: order.specialInstructions,
        });
      }
    }
    if (order.specialInstructions?.trim())
      instructions.push({ ...who, text: order.specialInstructions.trim() });
  }

  // Batches per recipe, then each recipe's ingredients times its batches.
  const recipeBatches = new Map<string, { link: LinkWithRecipe; batches: Decimal }>();
  const products: BakeSheetProductRow[] = [];
  const unlinked: BakeSheetView['unlinked'] = [];
  const sorted = [...rows.values()].sort(
    (a, b) =>
      categoryOrder(a.category) - categoryOrder(b.category) ||
      a.name.localeCompare(b.name) ||
      a.units / (a.quantity || 1) - b.units / (b.quantity || 1),
  );
  for (const { link, ...row } of sorted) {
    if (link) {
      const batches = batchesFor(link, row.quantity, row.variantId);
      row.batches = decimalToNumber(batches, 4);
      const entry = recipeBatches.get(link.recipeId) ?? { link, batches: ZERO() };
      entry.batches = entry.batches.add(batches);
      recipeBatches.set(link.recipeId, entry);
    } else {
      unlinked.push({
        productId: row.productId,
        variantId: row.variantId,
        name: row.name,
        variantLabel: row.variantLabel,
        quantity: row.quantity,
      });
    }
    products.push(row);
  }

  const needs = new Map<
    string,
    { ingredient: LinkWithRecipe['recipe']['ingredients'][number]['ingredient']; quantity: Decimal }
  >();
  for (const { link, batches } of recipeBatches.values()) {
    for (const line of link.recipe.ingredients) {
      const entry = needs.get(line.ingredientId) ?? {
        ingredient: line.ingredient,
        quantity: ZERO(),
      };
      entry.quantity = entry.quantity.add(line.quantity.mul(batches));
      needs.set(line.ingredientId, entry);
    }
  }
  let total = ZERO();
  const shoppingList: ShoppingListRow[] = [...needs.values()]
    .sort((a, b) => a.ingredient.name.localeCompare(b.ingredient.name))
    .map(({ ingredient, quantity }) => {
      const cost = lineCost(quantity, ingredient.costPerUnit);
      total = total.add(cost);
      return {
        ingredientId: ingredient.id,
        name: ingredient.name,
        unit: ingredient.unit,
        quantity: decimalToNumber(quantity, 4),
        costPerUnit: decimalToNumber(ingredient.costPerUnit, 4),
        cost: decimalToNumber(cost, 2),
      };
    });

  return {
    fromDate,
    toDate,
    orderCount: orders.length,
    products,
    days: [...perDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, day]) => ({
        date,
        orderCount: day.orders,
        products: products.flatMap((p) => {
          const share = day.rows.get(`${p.productId}|${p.variantId}`);
          return share
            ? [
                {
                  productId: p.productId,
                  name: p.name,
                  categoryLabel: p.categoryLabel,
                  variantId: p.variantId,
                  variantLabel: p.variantLabel,
                  pieceName: p.pieceName,
                  ...share,
                },
              ]
            : [];
        }),
      })),
    cakes,
    instructions,
    recipes: [...recipeBatches.values()]
      .map(({ link, batches }) => ({
        recipeId: link.recipeId,
        name: link.recipe.name,
        batches: decimalToNumber(batches, 4),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    shoppingList,
    shoppingListCost: decimalToNumber(total, 2),
    unlinked,
  };
}
