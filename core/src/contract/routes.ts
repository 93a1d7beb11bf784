// The route map (issue 21): every endpoint of the API, once: its method, its
// path, who may call it, the schemas of its input (by name: schemas.ts), the
// status of a success and the type of its answer. The server registers its handlers from it and
// checks their input with its schemas (api/src/routes/on.ts), the one client
// (client.ts) used by the storefront and the desktop is typed by it, and
// docs/api.md is checked against it (api/test/contract).
import type { z } from 'zod';
import type * as V from '../views';
import type * as K from '../kitchen/index';
import type * as U from '../upkeep/index';
import type { SessionView, SecondFactorStatus } from '../schemas/passwords';
import type { DeskPageView, DeskChangesView } from '../lifecycle/desk';
import type { TerminalCheckoutView } from '../lifecycle/terminalCheckout';
import type * as W from './wire';
import type { CatalogueSnapshot } from '../catalogue/catalogue';
import type { Permission } from '../roles/roles';
import type { ShopSettings, ShopSettingsView } from '../settings/settings';
import type { IntegrationsView, IntegrationTestResult } from '../settings/integrations';
import type { PhotoSize } from '../catalogue/photos';
import type { StandingOrderView, StandingPanelView, StandingSettings } from '../standing/standing';
import type * as Schemas from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a signed-in customer (or staff), or staff with a permission. */
export type Access = 'public' | 'signed-in' | 'staff' | `permission:${Permission}`;

type SchemaModule = typeof Schemas;
/**
 * The name of an input schema (schemas.ts): the map names a part's schema,
 * so that the clients, which read the map, do not load the schemas.
 */
export type SchemaName = {
  [K in keyof SchemaModule]: SchemaModule[K] extends z.ZodType ? K : never;
}[keyof SchemaModule];
/** The schema a name names. */
export type SchemaOf<N> = N extends SchemaName ? SchemaModule[N] : never;

/** What a route takes and how it answers, besides its method, path and access. */
export interface RouteInput {
  /** The schemas of the request's parts, by name: the server checks each before its handler runs. */
  readonly body?: SchemaName;
  readonly query?: SchemaName;
  readonly params?: SchemaName;
  /** The status of a success, when not 200 (201 for a creation). */
  readonly status?: number;
  /** Set on binary answers (xlsx, pdf, svg, ics): the client reads bytes. */
  readonly binary?: true;
}

export interface RouteSpec<Answer = unknown> extends RouteInput {
  readonly method: HttpMethod;
  /** Koa's form: `/api/admin/orders/:id/ready`. */
  readonly path: string;
  readonly access: Access;
  /** Phantom: the answer's type, never a value. */
  readonly answer?: Answer;
}

/** Who may call, as the map writes it: a permission by its bare name. */
type Who = 'public' | 'signed-in' | 'staff' | Permission;

const accessOf = (who: Who): Access =>
  who === 'public' || who === 'signed-in' || who === 'staff' ? who : `permission:${who}`;

type None = Record<never, never>;
/** A route of the map: its answer's type, and the literal method, path and input. */
type Spec<Answer, M, P, I> = RouteSpec<Answer> & { method: M; path: P } & I;
/** The routes of one method: `put<AnswerType>()(path, who, { body: Schema })`. */
type Verb<M extends HttpMethod, X> = <Answer>() => <
  const P extends string,
  const I extends RouteInput = None,
>(
  path: P,
  who: Who,
  input?: I,
) => Spec<Answer, M, P, X & I>;

/** The answer's type is given, the path's literal and the input's schemas inferred. */
/*#__NO_SIDE_EFFECTS__*/
function verb<const M extends HttpMethod, const X extends RouteInput = None>(
  method: M,
  fixed?: X,
): Verb<M, X> {
  return () => (path, who, input) =>
    ({ method, path, access: accessOf(who), ...fixed, ...input }) as never;
}

const get = verb('GET');
const post = verb('POST');
const put = verb('PUT');
const patch = verb('PATCH');
const del = verb('DELETE');
/** A POST that creates: its success is 201. */
const create = verb('POST', { status: 201 });
/** A GET answered with a file (xlsx, pdf, svg, ics): the client reads bytes. */
const file = <const P extends string, const I extends RouteInput = None>(
  path: P,
  who: Who,
  input?: I,
) => verb('GET', { binary: true })<Uint8Array>()(path, who, input);

/**
 * A section of the map: routes below `base` that `who` may call, each given
 * by the rest of its path: `atOrders.post<OrderAnswer>()('/:id/ready')`.
 */
/*#__NO_SIDE_EFFECTS__*/
function at<const B extends string>(base: B, who: Who) {
  const under =
    <M extends HttpMethod, X>(made: Verb<M, X>) =>
    <Answer>() =>
    <const P extends string, const I extends RouteInput = None>(path: P, input?: I) =>
      made<Answer>()(`${base}${path}` as `${B}${P}`, who, input);
  return {
    get: under(get),
    post: under(post),
    put: under(put),
    patch: under(patch),
    del: under(del),
    create: under(create),
    file: <const P extends string, const I extends RouteInput = None>(path: P, input?: I) =>
      file(`${base}${path}` as `${B}${P}`, who, input),
  };
}

type Ok = W.DoneAnswer; // core's DoneAnswer (wire.ts)
export type UserAnswer = { user: V.UserView };
export type RecoveryCodes = { success: boolean; recoveryCodes: string[]; message?: string };
export type OrderAnswer = { success?: boolean; message?: string; order: V.OrderView };
/** A staff action that always says what it did (success false: done, with a warning). */
export type OrderActionAnswer = { success: boolean; message: string; order: V.OrderView };
/** Issue 42: an order taken or changed at the counter; the change given for cash, the link sent. */
export type CounterAnswer = {
  success: true;
  message: string;
  order: V.OrderView;
  changeCents: number | null;
  paymentUrl: string | null;
};
/** Issue 42: the order's latest Square Terminal checkout (null: none yet) and the order as it is now. */
export type TerminalAnswer = {
  message: string;
  checkout: TerminalCheckoutView | null;
  order: V.OrderView;
};
export type ReviewAnswer = { success: boolean; review: V.AdminReviewView };
// Answers of one or two routes, named so that each route keeps to a line
// (exported, like every answer type here: the clients read them, never declare them).
export type Sessions = { sessions: SessionView[] };
export type Told = { success: true; message: string };
export type PaymentConfirmed = { success: boolean; paymentStatus: string };
export type WebhookReceived = { received: boolean; duplicate?: boolean };
export type AutoLogin = { success: boolean; role: string };
export type StaffUserAnswer = { success: boolean; user: V.UserView };
export type SecondFactorLogin = { success: boolean; user: V.UserView; recoveryCodesLeft?: number };
/** The new key, its otpauth URL and that URL as a QR code (an SVG data URL) to scan. */
export type SecondFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };
type SecurityPolicy = { staffTotpRequired: boolean }; // core's SecurityPolicy (schemas/passwords)
export type SecurityPolicySaved = { success: boolean; staffTotpRequired: boolean };
export type ResetLinkSent = { message: string; needsConfiguration: boolean };
export type DropList = { drops: K.PublicDropView[]; holdMinutes: number };
export type HoldMinutes = { holdMinutes: number };
export type MenuImage = { image: string; images: PhotoSize[] };
// Core's CatalogueItem and CatalogueCategory, under the map's words.
type MenuItem = CatalogueSnapshot['items'][number];
type MenuCategory = CatalogueSnapshot['categories'][number];
export type ClaimProblems = { problems: K.ClaimProblem[] };
export type ClaimCheck = { success: boolean; problems: K.ClaimProblem[] };
export type LabelSettings = { cottageFoodStatement: boolean };
export type AccountExport = Record<string, unknown>;
export type StandingAnswer = { standingOrder: StandingOrderView };
export type StandingList = { standingOrders: StandingOrderView[] };
export type StandingRun = { booked: number; refused: number; reminded: number };
export type StandingHolidayAnswer = {
  fromDate: string;
  toDate: string;
  /** Occurrences skipped (booked ones cancelled and their units given back). */
  skipped: number;
  /** Customers told, one mail each. */
  customers: number;
};
export type SkipLinkView = { date: string; standingOrderId: string; items: string; lockAt: string };

// The sections: routes that share a base path and who may call.
const atUser = at('/api/user', 'signed-in');
const atMyOrders = at('/api/my-orders', 'signed-in');
const atDrops = at('/api/drops', 'public');
const atSecondFactor = at('/api/admin/second-factor', 'staff');
const atSecurityPolicy = at('/api/admin/security-policy', 'manageUsers');
const atOrders = at('/api/admin/orders', 'manageOrders');
const atRecipes = at('/api/admin/recipes', 'manageRecipes');
const atIngredients = at('/api/admin/ingredients', 'manageRecipes');
const atKitchen = at('/api/admin/kitchen', 'manageKitchen');
const atKitchenView = at('/api/admin/kitchen', 'viewKitchen');
const atKitchenRecipes = at('/api/admin/kitchen', 'manageRecipes');
const atFairShare = at('/api/admin/kitchen/fair-share', 'manageOrders');
const atAdminDrops = at('/api/admin/drops', 'manageKitchen');
const atExports = at('/api/admin/exports', 'viewAnalytics');
const atMail = at('/api/admin/mail', 'manageMail');
const atBackups = at('/api/admin/backups', 'manageBackups');
const atRestore = at('/api/admin/restore', 'manageBackups');
const atUnpaidOrders = at('/api/admin/unpaid-orders', 'manageBackups');
const atSettings = at('/api/admin/settings', 'manageSettings');
const atIntegrations = at('/api/admin/integrations', 'manageSettings');
const atMenu = at('/api/admin/menu', 'manageMenu');
const atMenuView = at('/api/admin/menu', 'markSoldOut');
const atAllergens = at('/api/admin/allergens', 'manageRecipes');
const atReviews = at('/api/admin/reviews', 'manageReviews');
const atStanding = at('/api/standing-orders', 'signed-in');
const atAdminStanding = at('/api/admin/standing-orders', 'manageOrders');

/**
 * The public reads, a map of their own (spread first into ROUTES): the
 * storefront calls these, and importing them instead of ROUTES keeps the
 * rest of the map (about 2 KB compressed) out of its first load.
 */
export const PUBLIC_READS = {
  health: get<W.HealthView>()('/api/health', 'public'),
  config: get<V.ConfigView>()('/api/config', 'public'),
  menu: get<V.MenuView>()('/api/menu', 'public'),
  // Issue 22: the published catalogue as core reads it (what the pages embed).
  catalogue: get<CatalogueSnapshot>()('/api/catalogue', 'public'),
  settings: get<ShopSettings>()('/api/settings', 'public'),
};

/**
 * The storefront's other calls from the modules of its first load (the
 * header's session, the query hooks every page shares), a map of their own
 * for the same reason; ROUTES names each at its place.
 */
export const SHOP_CALLS = {
  logout: post<Ok>()('/api/logout', 'public'),
  user: get<V.UserView>()('/api/user', 'signed-in'),
  myOrders: get<V.OrderView[]>()('/api/my-orders', 'signed-in', { query: 'MyOrdersQuery' }),
  paymentStatus: get<V.PaymentStatusView>()(
    '/api/order-payment-status/:orderOrReferenceId',
    'public',
  ),
  availability: get<K.AvailabilityOfferView>()('/api/availability', 'public', {
    query: 'KitchenRangeSchema',
  }),
  pickupWindows: get<K.WindowShape[]>()('/api/pickup-windows', 'public'),
  drops: get<DropList>()('/api/drops', 'public'),
  reviews: get<V.ReviewView[]>()('/api/reviews', 'public'),
  adminMe: get<V.AdminMeView>()('/api/admin/me', 'staff'),
  adminAutoLogin: post<AutoLogin>()('/api/admin/auto-login', 'signed-in'),
};

// A function marked pure (the bundler drops its call when nothing reads the
// map): a client that imports only PUBLIC_READS leaves the rest out.
/*#__NO_SIDE_EFFECTS__*/
const routeMap = () => ({
  // Public and customer
  ...PUBLIC_READS,
  signup: create<UserAnswer>()('/api/signup', 'public', { body: 'SignupSchema' }),
  login: post<UserAnswer>()('/api/login', 'public', { body: 'LoginSchema' }),
  logout: SHOP_CALLS.logout,
  forgotPassword: post<Ok>()('/api/forgot-password', 'public', { body: 'ForgotPasswordSchema' }),
  resetPassword: post<Ok>()('/api/reset-password', 'public', { body: 'ResetPasswordSchema' }),
  user: SHOP_CALLS.user,
  updateUser: atUser.patch<V.UserView>()('', { body: 'ProfileUpdateSchema' }),
  sessions: atUser.get<Sessions>()('/sessions'),
  endSession: atUser.del<Ok>()('/sessions/:id'),
  changePassword: atUser.post<Ok>()('/password', { body: 'PasswordChangeSchema' }),
  changeEmail: atUser.patch<Ok>()('/email', { body: 'EmailChangeSchema' }),
  confirmEmail: post<Ok>()('/api/user/email/confirm', 'public', { body: 'EmailLinkSchema' }),
  undoEmail: post<Ok>()('/api/user/email/undo', 'public', { body: 'EmailLinkSchema' }),
  exportAccount: atUser.get<AccountExport>()('/export'),
  deleteAccount: atUser.del<Ok>()('', { body: 'AccountDeletionSchema' }),
  submitOrder: create<V.SubmitOrderView>()('/api/submit-order', 'signed-in'),
  myOrders: SHOP_CALLS.myOrders,
  changeMyOrder: atMyOrders.patch<OrderAnswer>()('/:id', {
    params: 'OrderIdParam',
    body: 'CustomerOrderChangeSchema',
  }),
  previewMyOrderChange: atMyOrders.post<V.OrderChangePreviewView>()('/:id/preview', {
    params: 'OrderIdParam',
    body: 'CustomerOrderChangeSchema',
  }),
  cancelMyOrder: atMyOrders.post<OrderAnswer>()('/:id/cancel'),
  myOrderCalendar: atMyOrders.file('/:id/calendar.ics'),
  myOrderPickupCode: atMyOrders.file('/:id/pickup-code.svg'),
  paymentStatus: SHOP_CALLS.paymentStatus,
  availability: SHOP_CALLS.availability,
  // Issue 37: the owner's pickup windows (no limits), so an order booked in
  // one reads "8:00 AM – 10:00 AM" on My Orders (core's pickupWhenText).
  pickupWindows: SHOP_CALLS.pickupWindows,
  // Issue 40: the API's OpenAPI 3.1 document (docs/openapi.json).
  openapi: get<Record<string, unknown>>()('/api/openapi.json', 'public'),
  // Issue 25: drops, notify, checkout holds.
  drops: SHOP_CALLS.drops,
  dropNotify: atDrops.post<Told>()('/:id/notify', {
    params: 'IdParam',
    body: 'DropNotifySchema',
  }),
  dropUnsubscribe: atDrops.file('/unsubscribe'),
  // Issue 39: the mailed link that confirms a "tell me when it opens" request.
  dropConfirm: atDrops.file('/confirm'),
  // Issue 39: holds are a signed-in customer's only.
  dropHold: create<K.DropHoldView>()('/api/drops/:id/holds', 'signed-in', {
    params: 'IdParam',
    body: 'DropHoldSchema',
  }),
  dropReleaseHold: del<Ok>()('/api/drops/:id/holds', 'signed-in', { params: 'IdParam' }),
  // Issue 41: standing orders (the customer's own).
  standingOrders: atStanding.get<StandingList>()(''),
  createStandingOrder: atStanding.create<StandingAnswer>()('', { body: 'StandingOrderSchema' }),
  changeStandingOrder: atStanding.patch<StandingAnswer>()('/:id', {
    params: 'StandingOrderIdParam',
    body: 'StandingOrderChangeSchema',
  }),
  endStandingOrder: atStanding.del<StandingAnswer>()('/:id', { params: 'StandingOrderIdParam' }),
  skipStandingDate: atStanding.post<StandingAnswer>()('/:id/skip', {
    params: 'StandingOrderIdParam',
    body: 'StandingDateSchema',
  }),
  unskipStandingDate: atStanding.post<StandingAnswer>()('/:id/unskip', {
    params: 'StandingOrderIdParam',
    body: 'StandingDateSchema',
  }),
  pauseStandingOrder: atStanding.post<StandingAnswer>()('/:id/pause', {
    params: 'StandingOrderIdParam',
    body: 'StandingPauseSchema',
  }),
  resumeStandingOrder: atStanding.post<StandingAnswer>()('/:id/resume', {
    params: 'StandingOrderIdParam',
  }),
  // The reminder's one-tap skip: read for the confirmation page, then POSTed.
  skipLink: get<SkipLinkView>()('/api/standing-orders/skip-link', 'public', {
    query: 'SkipLinkSchema',
  }),
  useSkipLink: post<Told>()('/api/standing-orders/skip-link', 'public', { body: 'SkipLinkSchema' }),
  reviews: SHOP_CALLS.reviews,
  postReview: create<ReviewAnswer>()('/api/reviews', 'signed-in', { body: 'ReviewSchema' }),
  contact: create<Ok>()('/api/contact', 'public', { body: 'ContactMessageSchema' }),
  squareConfirmPayment: post<PaymentConfirmed>()('/api/square/confirm-payment', 'public', {
    body: 'SquareConfirmSchema',
  }),
  squareWebhook: post<WebhookReceived>()('/api/square/webhook', 'public'),
  confirmPayment: post<OrderAnswer>()('/api/confirm-payment', 'manageOrders', {
    body: 'ConfirmPaymentSchema',
  }),

  // Staff: access and security
  adminMe: SHOP_CALLS.adminMe,
  adminAutoLogin: SHOP_CALLS.adminAutoLogin,
  adminLogin: post<StaffUserAnswer>()('/api/admin/login', 'public', { body: 'AdminLoginSchema' }),
  adminLoginSecondFactor: post<SecondFactorLogin>()('/api/admin/login/second-factor', 'public', {
    body: 'SecondFactorCodeSchema',
  }),
  secondFactor: atSecondFactor.get<SecondFactorStatus>()(''),
  secondFactorSetup: atSecondFactor.post<SecondFactorSetup>()('/setup'),
  secondFactorEnable: atSecondFactor.post<RecoveryCodes>()('/enable', {
    body: 'SecondFactorCodeSchema',
  }),
  secondFactorRecoveryCodes: atSecondFactor.post<RecoveryCodes>()('/recovery-codes', {
    body: 'SecondFactorCodeSchema',
  }),
  secondFactorDisable: atSecondFactor.post<Ok>()('/disable', {
    body: 'SecondFactorDisableSchema',
  }),
  securityPolicy: atSecurityPolicy.get<SecurityPolicy>()(''),
  saveSecurityPolicy: atSecurityPolicy.put<SecurityPolicySaved>()('', {
    body: 'SecurityPolicySchema',
  }),

  // Staff: orders and the counter
  desk: atOrders.get<DeskPageView>()('/desk', { query: 'DeskQuerySchema' }),
  deskChanges: atOrders.get<DeskChangesView>()('/changes', { query: 'DeskChangesQuerySchema' }),
  adminOrders: atOrders.get<V.OrderView[]>()('', { query: 'OrdersQuery' }),
  // Issue 42: an order taken on the phone or at the counter, lines added at pickup.
  staffOrder: atOrders.create<CounterAnswer>()('', { body: 'StaffOrderSchema' }),
  orderAddItems: atOrders.post<CounterAnswer>()('/:id/items', { body: 'AddItemsSchema' }),
  quickSale: create<CounterAnswer>()('/api/admin/sales', 'manageOrders', {
    body: 'QuickSaleSchema',
  }),
  cashUp: get<V.CashUpView>()('/api/admin/cash-up', 'manageOrders', { query: 'CashUpQuerySchema' }),
  saveCashUp: create<V.CashUpView>()('/api/admin/cash-up', 'manageOrders', {
    body: 'CashUpSchema',
  }),
  cashUpReport: file('/api/admin/cash-up/report', 'manageOrders', { query: 'CashUpQuerySchema' }),
  orderHistory: atOrders.get<V.OrderHistoryView[]>()('/:id/history'),
  orderStatus: atOrders.patch<OrderAnswer>()('/:id/status', {
    body: 'PaymentStatusChangeSchema',
  }),
  orderDeliveryFee: atOrders.patch<OrderAnswer>()('/:id/delivery-fee', {
    body: 'DeliveryFeeSchema',
  }),
  orderFulfillment: atOrders.patch<OrderAnswer>()('/:id/fulfillment', {
    body: 'FulfillmentChangeSchema',
  }),
  orderFulfill: atOrders.patch<OrderAnswer>()('/:id/fulfill', { body: 'HandOverSchema' }),
  orderHandOver: atOrders.post<OrderAnswer>()('/:id/hand-over', { body: 'HandOverSchema' }),
  ordersHandOver: atOrders.post<W.BulkOrdersAnswer>()('/hand-over', {
    body: 'BulkHandOverSchema',
  }),
  orderReady: atOrders.post<OrderAnswer>()('/:id/ready'),
  ordersReady: atOrders.post<W.BulkOrdersAnswer>()('/ready', { body: 'BulkReadySchema' }),
  ordersReadyUndo: atOrders.post<W.BulkOrdersAnswer>()('/ready/undo', {
    body: 'BulkHandOverSchema',
  }),
  orderStage: atOrders.post<OrderAnswer>()('/:id/stage', { body: 'StageSchema' }),
  orderRestore: atOrders.post<OrderAnswer>()('/:id/restore'),
  orderRefund: atOrders.post<OrderAnswer>()('/:id/refunds', { body: 'RefundSchema' }),
  orderPayments: atOrders.get<V.OrderPaymentView[]>()('/:id/payments'),
  orderTakePayment: atOrders.post<OrderAnswer>()('/:id/payments', { body: 'TakePaymentSchema' }),
  orderVoidPayment: atOrders.post<OrderAnswer>()('/:id/payments/:paymentId/void', {
    body: 'VoidPaymentSchema',
  }),
  orderTerminalCheckout: atOrders.post<TerminalAnswer>()('/:id/terminal-checkout'),
  orderTerminalCheckoutStatus: atOrders.get<TerminalAnswer>()('/:id/terminal-checkout'),
  orderTerminalCheckoutCancel: atOrders.post<TerminalAnswer>()('/:id/terminal-checkout/cancel'),
  orderArchive: atOrders.post<OrderAnswer>()('/:id/archive'),
  orderByCode: atOrders.get<V.OrderView>()('/by-code/:code'),
  orderPaymentLink: atOrders.post<OrderActionAnswer>()('/:id/payment-link'),
  deleteOrder: del<Ok>()('/api/admin/orders/:id', 'deleteOrders'),

  // Staff: figures
  stats: get<V.StatsView>()('/api/admin/stats', 'viewAnalytics', { query: 'DateRangeQuery' }),
  analytics: get<V.AnalyticsView>()('/api/admin/analytics', 'viewAnalytics', {
    query: 'DateRangeQuery',
  }),
  today: get<V.TodayView>()('/api/admin/today', 'manageOrders'),

  // Staff: people and reviews
  users: get<V.UserView[]>()('/api/admin/users', 'manageUsers'),
  userRole: patch<StaffUserAnswer>()('/api/admin/users/:userId/role', 'assignRoles', {
    body: 'RoleChangeSchema',
  }),
  userResetPassword: post<ResetLinkSent>()(
    '/api/admin/users/:userId/reset-password',
    'resetUserPasswords',
  ),
  adminReviews: atReviews.get<V.AdminReviewView[]>()(''),
  approveReview: atReviews.patch<ReviewAnswer>()('/:id/approve'),
  deleteReview: atReviews.del<Ok>()('/:id'),

  // Staff: kitchen
  recipes: atRecipes.get<V.RecipeView[]>()(''),
  createRecipe: atRecipes.create<V.RecipeView>()('', { body: 'RecipeSchema' }),
  recipe: atRecipes.get<V.RecipeDetailView>()('/:id'),
  updateRecipe: atRecipes.put<V.RecipeDetailView>()('/:id', { body: 'RecipeSchema' }),
  deleteRecipe: atRecipes.del<Ok>()('/:id'),
  addRecipeLine: atRecipes.create<V.RecipeDetailView>()('/:id/ingredients', {
    body: 'RecipeIngredientSchema',
  }),
  updateRecipeLine: atRecipes.put<V.RecipeDetailView>()('/:id/ingredients/:lineId', {
    body: 'RecipeIngredientSchema',
  }),
  removeRecipeLine: atRecipes.del<V.RecipeDetailView>()('/:id/ingredients/:lineId'),
  ingredients: atIngredients.get<V.IngredientView[]>()(''),
  createIngredient: atIngredients.create<V.IngredientView>()('', { body: 'IngredientSchema' }),
  updateIngredient: atIngredients.put<V.IngredientView>()('/:id', { body: 'IngredientSchema' }),
  deleteIngredient: atIngredients.del<Ok>()('/:id'),
  capacity: atKitchenView.get<K.CapacityView>()('/capacity'),
  // Issue 25: pickup windows and drops.
  windows: atKitchenView.get<K.PickupWindowDef[]>()('/windows'),
  addWindow: atKitchen.create<K.PickupWindowDef>()('/windows', { body: 'WindowInputSchema' }),
  saveWindow: atKitchen.put<K.PickupWindowDef>()('/windows/:id', {
    params: 'IdParam',
    body: 'WindowInputSchema',
  }),
  removeWindow: atKitchen.del<Ok>()('/windows/:id', { params: 'IdParam' }),
  adminDrops: get<DropList>()('/api/admin/drops', 'viewKitchen'),
  dropSettings: atAdminDrops.put<HoldMinutes>()('/settings', { body: 'HoldMinutesSchema' }),
  addDrop: atAdminDrops.create<K.PublicDropView>()('', { body: 'DropInputSchema' }),
  saveDrop: atAdminDrops.put<K.PublicDropView>()('/:id', {
    params: 'IdParam',
    body: 'DropInputSchema',
  }),
  removeDrop: atAdminDrops.del<Ok>()('/:id', { params: 'IdParam' }),
  duplicateDrop: atAdminDrops.create<K.PublicDropView>()('/:id/duplicate', { params: 'IdParam' }),
  // Issue 39: the owner lets go of every checkout hold of a drop.
  releaseDropHolds: atAdminDrops.del<K.PublicDropView>()('/:id/holds', { params: 'IdParam' }),
  capacityDays: atKitchenView.get<K.BookedDaysView>()('/capacity/days'),
  saveCapacity: atKitchen.put<K.CapacityView>()('/capacity', { body: 'CapacityLimitsSchema' }),
  closedDates: atKitchenView.get<K.ClosedDateView[]>()('/closed-dates'),
  addClosedDate: atKitchen.create<K.ClosedDateView>()('/closed-dates', {
    body: 'ClosedDateSchema',
  }),
  addClosedDates: atKitchen.create<W.ClosedDatesAddedView>()('/closed-dates/range', {
    body: 'ClosedDateRangeSchema',
  }),
  removeClosedDate: atKitchen.del<Ok>()('/closed-dates/:date', { params: 'ClosedDateParam' }),
  booking: atKitchenView.get<K.BookingSettingsView>()('/booking'),
  saveBooking: atKitchen.put<K.BookingSettingsView>()('/booking', {
    body: 'BookingSettingsSchema',
  }),
  saveFairShare: atFairShare.put<K.BookingSettingsView>()('/:userId', {
    params: 'AccountIdParam',
  }),
  removeFairShare: atFairShare.del<K.BookingSettingsView>()('/:userId', {
    params: 'AccountIdParam',
  }),
  recipeLinks: atKitchenRecipes.get<K.ProductRecipeLinkView[]>()('/links'),
  saveRecipeLink: atKitchenRecipes.put<K.ProductRecipeLinkView>()('/links', {
    body: 'ProductRecipeLinkSchema',
  }),
  removeRecipeLink: atKitchenRecipes.del<Ok>()('/links', { query: 'ProductRecipeKeySchema' }),
  bakeSheet: atKitchenView.get<K.BakeSheetView>()('/bake-sheet', { query: 'KitchenRangeSchema' }),
  margins: atKitchenRecipes.get<K.MarginsView>()('/margins', { query: 'KitchenRangeSchema' }),

  // Staff: exports, mail, backups, unpaid orders
  ordersWorkbook: atExports.file('/orders.xlsx', { query: 'DateRangeQuery' }),
  bakeSheetWorkbook: file('/api/admin/exports/bake-sheet.xlsx', 'viewKitchen', {
    query: 'KitchenRangeSchema',
  }),
  recipesWorkbook: atExports.file('/recipes.xlsx'),
  // Issue 41: every standing order, and the next four weeks' standing beside one-off units.
  standingWorkbook: atExports.file('/standing-orders.xlsx'),
  mailDelivery: atMail.get<W.MailDeliveryView>()('/delivery'),
  mail: atMail.get<W.QueuedMailView[]>()('', { query: 'MailQuery' }),
  retryMail: atMail.post<Ok>()('/:id/retry'),
  backups: atBackups.get<U.BackupListView>()(''),
  takeBackup: atBackups.create<U.BackupTakenView>()(''),
  backupSettings: atBackups.get<U.BackupSettings>()('/settings'),
  saveBackupSettings: atBackups.put<U.BackupSettings>()('/settings', {
    body: 'BackupSettingsSchema',
  }),
  backupFile: atBackups.file('/:name', { params: 'BackupNameParam' }),
  // Issue 22: the photos archive taken with a backup, named as db:restore looks for it.
  backupPhotos: atBackups.file('/:name/photos', { params: 'BackupNameParam' }),
  // Issue 38: a backup file uploaded (the raw bytes), then restored from the back office.
  uploadBackup: atBackups.create<U.BackupFileView>()('/upload'),
  restoreStatus: atRestore.get<U.RestoreStatusView>()(''),
  restoreBackup: atRestore.post<U.RestoreStatusView>()('', {
    body: 'RestoreBackupSchema',
    status: 202,
  }),
  unpaidOrderSettings: atUnpaidOrders.get<U.UnpaidOrderSettings>()('/settings'),
  saveUnpaidOrderSettings: atUnpaidOrders.put<U.UnpaidOrderSettings>()('/settings', {
    body: 'UnpaidOrderSettingsSchema',
  }),

  // Owner: the shop's settings and menu photos (issue 22)
  adminSettings: atSettings.get<ShopSettingsView>()(''),
  saveAdminSettings: atSettings.put<ShopSettingsView>()('', { body: 'ShopSettingsInputSchema' }),
  uploadMenuImage: atMenu.create<MenuImage>()('/images'),
  // Owner: Square, mail and texts connected from Settings (issue 38)
  integrations: atIntegrations.get<IntegrationsView>()(''),
  saveSquareConnection: atIntegrations.put<IntegrationsView>()('/square', {
    body: 'SquareConnectionSchema',
  }),
  saveMailConnection: atIntegrations.put<IntegrationsView>()('/mail', {
    body: 'MailConnectionSchema',
  }),
  saveSmsConnection: atIntegrations.put<IntegrationsView>()('/sms', {
    body: 'SmsConnectionSchema',
  }),
  testSquareConnection: atIntegrations.post<IntegrationTestResult>()('/square/test', {
    body: 'SquareConnectionFieldsSchema',
  }),
  testMailConnection: atIntegrations.post<IntegrationTestResult>()('/mail/test', {
    body: 'MailTestSchema',
  }),
  testSmsConnection: atIntegrations.post<IntegrationTestResult>()('/sms/test', {
    body: 'SmsTestSchema',
  }),
  removeConnection: atIntegrations.post<IntegrationsView>()('/:service/disconnect', {
    params: 'IntegrationServiceParam',
    body: 'IntegrationRemoveSchema',
  }),

  // Staff: the menu (issue 22)
  adminMenu: atMenuView.get<W.MenuDraftView>()(''),
  createMenuItem: atMenu.create<MenuItem>()('/items', { body: 'MenuItemCreateSchema' }),
  updateMenuItem: atMenuView.patch<MenuItem>()('/items/:id', {
    params: 'MenuIdParam',
    body: 'MenuItemPatchSchema',
  }),
  deleteMenuItem: atMenu.del<Ok>()('/items/:id', { params: 'MenuIdParam' }),
  createMenuCategory: atMenu.create<MenuCategory>()('/categories', {
    body: 'MenuCategoryCreateSchema',
  }),
  updateMenuCategory: atMenu.patch<MenuCategory>()('/categories/:id', {
    params: 'MenuIdParam',
    body: 'MenuCategoryPatchSchema',
  }),
  deleteMenuCategory: atMenu.del<Ok>()('/categories/:id', { params: 'MenuIdParam' }),
  publishMenu: atMenu.create<W.MenuPublishAnswer>()('/publish'),
  discardMenuDraft: atMenu.post<W.MenuDraftView>()('/discard'),
  menuVersions: atMenuView.get<W.MenuVersionPage>()('/versions', { query: 'MenuVersionsQuery' }),
  restoreMenuVersion: atMenu.create<W.MenuPublishAnswer>()('/versions/:id/restore', {
    params: 'MenuVersionParam',
  }),

  // Staff: standing orders (issue 41)
  runStandingOrders: atAdminStanding.post<StandingRun>()('/run'),
  standingPanel: atAdminStanding.get<StandingPanelView>()(''),
  saveStandingSettings: put<StandingSettings>()(
    '/api/admin/standing-orders/settings',
    'manageSettings',
    {
      body: 'StandingSettingsSchema',
    },
  ),

  standingHoliday: post<StandingHolidayAnswer>()(
    '/api/admin/standing-orders/holiday',
    'manageSettings',
    { body: 'StandingHolidaySchema' },
  ),

  // Staff: allergens and labels
  allergens: atAllergens.get<W.AllergenOverviewView>()(''),
  allergenClaims: atAllergens.get<ClaimProblems>()('/claims', { query: 'ClaimsQuery' }),
  checkAllergenClaims: atAllergens.post<ClaimCheck>()('/claims/check', {
    body: 'ClaimsCheckSchema',
  }),
  saveClaimException: atAllergens.put<W.ClaimExceptionView>()('/exceptions', {
    body: 'ClaimExceptionSchema',
  }),
  removeClaimException: atAllergens.del<Ok>()('/exceptions/:productId', {
    params: 'ProductIdParam',
  }),
  saveOptionIngredients: atAllergens.put<Ok>()('/options', { body: 'OptionIngredientsSchema' }),
  saveNetWeight: atAllergens.put<W.NetWeightView>()('/net-weights', { body: 'NetWeightSchema' }),
  removeNetWeight: atAllergens.del<Ok>()('/net-weights', { query: 'ProductRecipeKeySchema' }),
  saveLabelSettings: put<LabelSettings>()('/api/admin/allergens/label-settings', 'manageKitchen', {
    body: 'LabelSettingsSchema',
  }),
  labels: file('/api/admin/labels', 'manageOrders', { query: 'LabelQuerySchema' }),
});

export const ROUTES = routeMap();

export type RouteName = keyof typeof ROUTES;
export type AnswerOf<R> = R extends RouteSpec<infer A> ? A : never;
/** The names of a path's parameters: `'/a/:id/b/:lineId'` gives `'id' | 'lineId'`. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The input of a route's body, for clients: the schema's input type. */
export type BodyOf<S extends z.ZodType> = z.input<S>;

/** The path with its parameters filled in (each URL-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Every endpoint, as `METHOD path`, for the contract checks. */
export const ROUTE_LIST: readonly RouteSpec[] = Object.values(ROUTES);

const WHO: Record<string, string> = {
  public: 'anyone',
  'signed-in': 'signed in',
  staff: 'staff',
};

const PARTS = ['params', 'query', 'body'] as const;

/** docs/api.md's endpoint index, rendered from the map (the contract test keeps it current). */
export function renderRouteIndex(): string {
  const rows = ROUTE_LIST.map((r) => {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const who = WHO[r.access] ?? `staff with \`${r.access.slice('permission:'.length)}\``;
    const input = PARTS.filter((part) => r[part]).join(', ');
    const success = `${r.status ?? 200}${r.binary ? ', a file' : ''}`;
    return `| \`${r.method} ${path}\` | ${who} | ${input} | ${success} |`;
  });
  const head = '| Call | Who may call | Checked input | Success |';
  return [head, '| --- | --- | --- | --- |', ...rows].join('\n');
}
