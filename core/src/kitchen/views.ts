// Wire types of the kitchen calls (docs/kitchen.md). Money in dollars with 2
// decimals, ingredient quantities with 4; dates `YYYY-MM-DD`.
import type { CategoryId } from '../catalogue/catalogue';
import type { DayAvailability } from './capacity';
import type { MenuPoint } from './costing';

export interface AvailabilityView {
  fromDate: string;
  toDate: string;
  days: DayAvailability[];
}

/** GET /api/admin/kitchen/capacity/days: booked against the limit, per date and category. */
export interface BookedCategoryView {
  category: CategoryId;
  label: string;
  /** Plural unit, e.g. "cakes". */
  unit: string;
  booked: number;
  limit: number;
  /** Nothing more can be booked in this category on this date (closed, or booked up to the limit). */
  full: boolean;
  /** Booked past the limit (a limit lowered, or orders taken before a change). */
  over: boolean;
}

export interface BookedDayView {
  date: string;
  closed: boolean;
  closedReason: string | null;
  categories: BookedCategoryView[];
}

export interface BookedDaysView {
  fromDate: string;
  toDate: string;
  days: BookedDayView[];
}

export interface CapacityView {
  limits: {
    category: CategoryId;
    label: string;
    unit: string;
    maxUnits: number;
    defaultUnits: number;
    isDefault: boolean;
  }[];
  closedDates: ClosedDateView[];
}

export interface ClosedDateView {
  date: string;
  reason: string | null;
  /** In the answer to closing a date: orders already booked for it, which closing does not cancel. */
  bookedOrders?: number;
}

export interface ProductRecipeLinkView {
  id: string;
  productId: string;
  variantId: string;
  productName: string;
  variantLabel: string | null;
  recipeId: string;
  recipeName: string;
  recipeYield: number;
  unitsPerItem: number;
  /** Cost of one ordered item from this link as entered (unitsPerItem), dollars. */
  costPerItem: number;
  /** What each option the link covers costs, by its size (core's variantCosting). */
  variants: LinkVariantCostView[];
}

export interface LinkVariantCostView {
  /** '' for an item without options. */
  variantId: string;
  variantLabel: string | null;
  unitsPerItem: number;
  costPerItem: number;
  /** Set when this cost cannot tell the option from the others (core's SAME_COST_EVERY_SIZE). */
  warning: string | null;
}

export interface BakeSheetProductRow {
  productId: string;
  name: string;
  category: CategoryId;
  categoryLabel: string;
  variantId: string;
  variantLabel: string | null;
  quantity: number;
  /** quantity x units per item: what the day's limit counts (issue 8). */
  units: number;
  /** quantity x pieces per item: what the kitchen bakes (issue 37: 18 boxes of six rolls are 108). */
  pieces: number;
  /** What the pieces are called ("rolls", "cookies"). */
  pieceName: string;
  /** Quantity per add-in label, e.g. { "Pecans": 2 }. */
  addIns: Record<string, number>;
  /** Issue 41: how much of `quantity` is for standing orders (the sheet marks it "standing"). */
  standing: number;
  recipeName: string | null;
  /** Batches of the linked recipe, 4 decimals; null without a link. */
  batches: number | null;
}

/** One pickup day of a bake sheet that spans several (issue 23: a per-day split). */
export interface BakeSheetDayView {
  date: string;
  orderCount: number;
  /** The day's share of `products`, in the same order: quantity and pieces only. */
  products: Pick<
    BakeSheetProductRow,
    | 'productId'
    | 'name'
    | 'categoryLabel'
    | 'variantId'
    | 'variantLabel'
    | 'quantity'
    | 'units'
    | 'pieces'
    | 'pieceName'
  >[];
}

export interface BakeSheetCakeRow {
  orderId: string;
  orderNumber: string;
  pickupDate: string;
  pickupTime: string | null;
  customerName: string;
  name: string;
  size: string | null;
  filling: string | null;
  quantity: number;
  writing: boolean;
  /** The words to write on the cake (the order's cakeWriting), when writing was chosen. */
  writingText: string | null;
  bows: boolean;
  specialInstructions: string | null;
}

export interface BakeSheetInstructionRow {
  orderId: string;
  orderNumber: string;
  pickupDate: string;
  pickupTime: string | null;
  customerName: string;
  text: string;
}

export interface ShoppingListRow {
  ingredientId: string;
  name: string;
  unit: string;
  quantity: number;
  costPerUnit: number;
  cost: number;
}

export interface BakeSheetView {
  fromDate: string;
  toDate: string;
  orderCount: number;
  products: BakeSheetProductRow[];
  /** Each pickup day with orders, in date order: what to bake that day. */
  days: BakeSheetDayView[];
  cakes: BakeSheetCakeRow[];
  instructions: BakeSheetInstructionRow[];
  recipes: { recipeId: string; name: string; batches: number }[];
  shoppingList: ShoppingListRow[];
  shoppingListCost: number;
  /** Product rows with no linked recipe: their ingredients are not in the list. */
  unlinked: {
    productId: string;
    variantId: string;
    name: string;
    variantLabel: string | null;
    quantity: number;
  }[];
}

export interface MarginItemView extends MenuPoint {
  price: number;
  /** null when no recipe is linked. */
  cost: number | null;
  margin: number | null;
  marginPercent: number | null;
  recipeName: string | null;
  /** Set when the cost cannot tell this option from the others (core's SAME_COST_EVERY_SIZE). */
  costWarning: string | null;
}

export interface MarginCategoryView {
  category: CategoryId;
  label: string;
  /** Revenue of the range's lines that have a linked recipe. */
  revenue: number;
  cost: number;
  margin: number;
  marginPercent: number | null;
  /** Revenue of lines with no linked recipe (not in the margin). */
  uncostedRevenue: number;
  quantity: number;
}

export interface MarginsView {
  fromDate: string;
  toDate: string;
  items: MarginItemView[];
  byCategory: MarginCategoryView[];
  missing: {
    productId: string;
    variantId: string;
    name: string;
    variantLabel: string | null;
    categoryLabel: string;
  }[];
}
