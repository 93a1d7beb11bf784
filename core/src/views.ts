// The wire types of docs/api.md, shared by the API and its clients. Money is
// dollars as numbers with 2 decimals; dates are `YYYY-MM-DD` bakery days;
// instants are ISO strings.
import type { FulfillmentStatus } from './lifecycle/orderState';
import type { Category, MenuItem, Variant } from './catalogue/catalogue';
import type {
  DeliveryFeeStatus,
  DeliveryMethod,
  OrderStatus,
  PaymentStatus,
} from './lifecycle/lifecycle';
import type { Role } from './roles/roles';
import type { AllergenId, GlutenKind } from './kitchen/allergens';

export interface OrderLineView {
  productId: string;
  name: string;
  /** Unit price in dollars. */
  price: number;
  quantity: number;
  variant: string | null;
  variantLabel: string | null;
  filling: string | null;
  addIn: string | null;
  lineTotal: number;
  /** The writing on this cake when the order has several (issue 24); absent otherwise. */
  writing?: string;
  /** Issue 26: the major allergens of the line as ordered (absent on lines stored before). */
  allergens?: AllergenId[];
  allergenInfo?: LineAllergenInfo;
}

/** What a customer reads in the "Ingredients & allergens" disclosure (issue 26). */
export interface AllergenInfo {
  /** False: "Ask us about allergens". */
  known: boolean;
  /** "Ingredients: …", or null when unknown. */
  ingredients: string | null;
  contains: string | null;
  mayContain: string | null;
  /** The owner's own wording for an item sold outside the shop's promise. */
  note: string | null;
}

/** An item's, variant's, filling's or add-in's allergens on GET /api/menu. */
export interface AllergenFacts {
  ingredients: string[];
  allergens: AllergenId[];
  mayContain: AllergenId[];
  allergenInfo: AllergenInfo;
}

/** What an order line keeps of its allergens as ordered (no ingredient list). */
export type LineAllergenInfo = Omit<AllergenInfo, 'ingredients'>;

export interface OrderView {
  id: string;
  /** The last 8 characters of the id, upper case. */
  orderNumber: string;
  userId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  /** Instant the order was placed (ISO). */
  orderDate: string;
  /** `YYYY-MM-DD`. */
  pickupDate: string | null;
  pickupTime: string | null;
  items: OrderLineView[];
  subtotal: number;
  cakeOptionsFee: number;
  rushFee: number;
  tax: number;
  deliveryFee: number;
  total: number;
  specialInstructions: string | null;
  hasCakeItems: boolean;
  cakeOptions: { hasWriting: boolean; hasBows: boolean } | null;
  /** What to write on the cake (issue 14), or null. */
  cakeWriting: string | null;
  squarePaymentUrl: string | null;
  squareOrderId: string | null;
  squarePaymentId: string | null;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  deliveryFeeStatus: DeliveryFeeStatus;
  deliveryMethod: DeliveryMethod;
  deliveryAddress: string | null;
  deliveryCity: string | null;
  deliveryState: string | null;
  deliveryZip: string | null;
  deliveryInstructions: string | null;
  deliveryDistance: number | null;
  isRushOrder: boolean;
  /** When the order was handed over (Fulfill / Hand Over), or null. */
  fulfilledAt: string | null;
  /** The counter's state (core's orderState.ts), beside the spec's fields. */
  fulfillmentStatus: FulfillmentStatus;
  /** Given when the order is marked ready; shown to its customer and typed at the counter. */
  pickupCode: string | null;
  readyAt: string | null;
  cancelledAt: string | null;
  /** When the money came in, and how (square, cash, card, other). */
  paidAt: string | null;
  paymentMethod: string | null;
  /** Dollars refunded so far; refundPending: still to be made in Square. */
  refundedAmount: number;
  refundPending: boolean;
  archivedAt: string | null;
  /** Dollars received (payments less reversals; core's orderMoney.ts). */
  received: number;
  /** A goodwill discount a refund took off the total, in dollars. */
  discount: number;
  /** What the customer still owes: total − (received − refunded), 0 once cancelled. */
  amountDue: number;
  /** What the bakery owes back: paid beyond the total (a cheaper change, a cancel). */
  refundDue: number;
  /** Until when (ISO) the customer may change or cancel it online (issue 24); null once locked. */
  /** Issue 41: the standing order this order is an occurrence of, else null. */
  standingOrderId: string | null;
  changeableUntil: string | null;
  /** Where the order came from (issue 42): online, phone, counter or walk-in. */
  channel: string;
  createdAt: string;
}

/** One money row of an order (GET /api/admin/orders/{id}/payments; issue 36). */
export interface OrderPaymentView {
  id: string;
  kind: 'payment' | 'refund' | 'reversal';
  method: string;
  /** Signed dollars: money in is positive, a refund or reversal negative. */
  amount: number;
  at: string;
  /** The bakery day it was recorded on (YYYY-MM-DD). */
  day: string;
  actorEmail: string | null;
  reason: string | null;
  context: string | null;
  reversesId: string | null;
  /** A payment taken back by a reversal. */
  reversed: boolean;
}

/** POST /api/my-orders/{id}/preview: a change's figures before it is saved (dollars; issue 36). */
export interface OrderChangePreviewView {
  /** What would change, in words, with why the total moves. */
  changes: string[];
  previousTotal: number;
  total: number;
  subtotal: number;
  rushFee: number;
  cakeOptionsFee: number;
  tax: number;
  deliveryFee: number;
  /** Still to pay once saved, and to be refunded. */
  amountDue: number;
  refundDue: number;
}

export interface SubmitOrderView {
  success: true;
  order: OrderView;
  paymentUrl: string | null;
  message: string;
}

/** GET /api/order-payment-status/{id}. */
export interface PaymentStatusView {
  paymentStatus: PaymentStatus;
  total: number;
  orderId: string;
  /** Masked unless it is the caller's order. */
  customerEmail: string;
  paymentUrl: string | null;
}

export interface OrderHistoryView {
  id: string;
  at: string;
  actorEmail: string | null;
  field: string;
  from: string | null;
  to: string | null;
}

export interface StatsView {
  totalOrders: number;
  pendingOrders: number;
  completedOrders: number;
  totalRevenue: number;
  openPaymentAmount: number;
  todayOrders: number;
  weeklyRevenue: number;
  /**
   * Orders placed in the range that were due in the last DUE_WINDOW_DAYS days
   * up to today (cancelled ones left out), and how many of them were handed
   * over: the accuracy rate reads these (issue 23), not future pre-orders.
   */
  dueOrders?: number;
  dueHandedOver?: number;
}

/** GET /api/admin/analytics (docs/statistics.md defines each figure); the desktop's Analytics tab reads it as is. */
export interface AnalyticsView {
  averageOrder: number;
  completionRate: number;
  rushOrders: number;
  todayOrders: number;
  totalRevenue: number;
  weeklyRevenue: number;
  revenueByDay: { date: string; revenue: number; orders: number }[];
  revenueByCategory: { category: string; label: string; revenue: number; quantity: number }[];
}

export interface UserView {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** In the staff user list only. */
  createdAt?: string;
}

export interface AdminMeView {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  /** Issue 38: the password was set up for her (the seeded owner's): she chooses her own first. */
  passwordChangeRequired?: boolean;
}

/** The public review list (approved only). */
export interface ReviewView {
  id: string;
  rating: string;
  title: string;
  comment: string;
  createdAt: string;
}

/** GET /api/admin/reviews: every review, for moderation. */
export interface AdminReviewView extends ReviewView {
  isApproved: boolean;
  userName: string | null;
  updatedAt?: string;
}

export interface IngredientView {
  id: string;
  name: string;
  unit: string;
  /** Dollars, up to 4 decimals. */
  costPerUnit: number;
  category: string | null;
  supplier: string | null;
  notes: string | null;
  /** Issue 26: the major allergens it contains, named tree nuts, "may contain", gluten. */
  allergens: AllergenId[];
  treeNuts: string[];
  mayContain: AllergenId[];
  gluten: GlutenKind;
  /** As printed on a label, with sub-ingredients; null: the name. */
  labelName: string | null;
  /** Grams in one unit when the unit is not a weight; null when not given. */
  gramsPerUnit: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface RecipeView {
  id: string;
  name: string;
  description: string | null;
  category: string;
  servingSize: string | null;
  prepTime: string | null;
  bakeTime: string | null;
  instructions: string | null;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** Dollars: the sum of quantity x cost per unit. */
  totalCost: number;
  ingredientCount: number;
}

export interface RecipeLineView {
  id: string;
  quantity: number;
  notes: string | null;
  ingredientId: string;
  ingredient: { id: string; name: string; unit: string; costPerUnit: number };
  lineCost: number;
}

export interface RecipeDetailView extends RecipeView {
  ingredients: RecipeLineView[];
}

/**
 * What GET /api/menu adds to each item (issue 26): the item's facts, a
 * variant's where its recipe differs from the item's, and each filling's and
 * add-in's.
 */
export interface MenuItemAllergens extends AllergenFacts {
  id: string;
  /** Facts only on a variant whose recipe differs from the item's. */
  variants?: ({ id: string } & Partial<AllergenFacts>)[];
  allergenOptions?: ({ kind: 'filling' | 'addIn'; id: string; label: string } & AllergenFacts)[];
}

/** GET /api/menu. */
export interface MenuView {
  /** The published version served (issue 22). */
  version?: number;
  categories: Category[];
  /**
   * Each item with `price` in dollars and `maxQuantity` always filled in, and
   * its allergens (MenuItemAllergens) as the API's answer carries them
   * (app.ts; the bare route in routes/menu.ts leaves them out).
   */
  items: (Omit<MenuItem, 'variants' | 'maxQuantity'> &
    Partial<Omit<MenuItemAllergens, 'id' | 'variants'>> & {
      price: number;
      maxQuantity: number;
      variants?: (Variant & { price: number } & Partial<AllergenFacts>)[];
    })[];
  /** The "Without:" choice the items were filtered by (`?without=`). */
  without?: AllergenId[];
}

export interface ConfigView {
  paymentProvider: 'Square';
  paymentConfigured: boolean;
  mailConfigured: boolean;
}

export interface ErrorView {
  message: string;
  errors?: { path: string; message: string }[];
}

/** A day's orders at the counter, by state (GET /api/admin/today). */
export interface DayCountsView {
  due: number;
  ready: number;
  handedOver: number;
  notPaid: number;
  cancelled: number;
}

/** GET /api/admin/today: the Overview's day at a glance (issue 23); money in dollars. */
export interface TodayView {
  date: string;
  pickups: DayCountsView;
  deliveries: DayCountsView;
  /** Money received today (by its payment time), by how it was paid. */
  takings: { total: number; byMethod: { method: string; amount: number; orders: number }[] };
  /** Orders due tomorrow, cancelled ones left out. */
  tomorrow: number;
}

/** One count of a day's drawer (issue 42), as recorded. */
export interface CashCountView {
  id: string;
  countedCents: number;
  expectedCents: number;
  /** Counted − expected: over (+) or short (−). */
  differenceCents: number;
  note: string | null;
  actorEmail: string | null;
  at: string;
}

/** GET /api/admin/cash-up: a bakery day's expected cash from its cash payment rows, and its counts. */
export interface CashUpView {
  date: string;
  /** Cash taken (payments, walk-in sales included), in cents, and how many rows. */
  cashInCents: number;
  cashInRows: number;
  /** Cash given back (refunds and reversals of cash payments), in cents (positive). */
  cashOutCents: number;
  cashOutRows: number;
  /** What the drawer should hold beyond its float: in − out. */
  expectedCents: number;
  /** The counts recorded for the day, latest first. */
  counts: CashCountView[];
}
