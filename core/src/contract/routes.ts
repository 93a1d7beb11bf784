// The route map (issue 21): every endpoint of the API, once: its method, its
// path, who may call it, the schemas of its input and the type of its
// answer. The server registers its handlers from it (api/src/routes/on.ts),
// the one client (client.ts) used by the storefront and the desktop is typed
// by it, and docs/api.md is checked against it (api/test/contract).
import type { z } from 'zod';
import type * as V from '../views';
import type * as K from '../kitchen/index';
import type * as U from '../upkeep/index';
import type { SessionView, SecondFactorStatus } from '../schemas/passwords';
import type { DeskPageView, DeskChangesView } from '../lifecycle/desk';
import type * as W from './wire';
import type { CatalogueSnapshot } from '../catalogue/catalogue';
import type { Permission } from '../roles/roles';
import type { ShopSettings, ShopSettingsView } from '../settings/settings';
import type { PhotoSize } from '../catalogue/photos';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a signed-in customer (or staff), or staff with a permission. */
export type Access = 'public' | 'signed-in' | 'staff' | `permission:${Permission}`;

export interface RouteSpec<Answer = unknown> {
  readonly method: HttpMethod;
  /** Koa's form: `/api/admin/orders/:id/ready`. */
  readonly path: string;
  readonly access: Access;
  /** Set on binary answers (xlsx, pdf, svg, ics): the client reads bytes. */
  readonly binary?: true;
  /** Phantom: the answer's type, never a value. */
  readonly answer?: Answer;
}

/** One endpoint: `route<AnswerType>()('GET', '/api/menu', 'public')`. */
const route =
  <Answer>() =>
  <const M extends HttpMethod, const P extends string>(
    method: M,
    path: P,
    access: Access,
    extra: { binary?: true } = {},
  ) =>
    ({ method, path, access, ...extra }) as RouteSpec<Answer> & { method: M; path: P };

type Bytes = Uint8Array;
type Ok = W.DoneAnswer;
type UserAnswer = { user: V.UserView };
type RecoveryCodes = { success: boolean; recoveryCodes: string[]; message?: string };
type OrderAnswer = { success?: boolean; message?: string; order: V.OrderView };
/** A staff action that always says what it did (success false: done, with a warning). */
type OrderActionAnswer = { success: boolean; message: string; order: V.OrderView };
type ReviewAnswer = { success: boolean; review: V.AdminReviewView };

export const ROUTES = {
  // Public and customer
  health: route<W.HealthView>()('GET', '/api/health', 'public'),
  config: route<V.ConfigView>()('GET', '/api/config', 'public'),
  menu: route<V.MenuView>()('GET', '/api/menu', 'public'),
  // Issue 22: the published catalogue as core reads it (what the pages embed).
  catalogue: route<CatalogueSnapshot>()('GET', '/api/catalogue', 'public'),
  settings: route<ShopSettings>()('GET', '/api/settings', 'public'),
  signup: route<UserAnswer>()('POST', '/api/signup', 'public'),
  login: route<UserAnswer>()('POST', '/api/login', 'public'),
  logout: route<Ok>()('POST', '/api/logout', 'public'),
  forgotPassword: route<Ok>()('POST', '/api/forgot-password', 'public'),
  resetPassword: route<Ok>()('POST', '/api/reset-password', 'public'),
  user: route<V.UserView>()('GET', '/api/user', 'signed-in'),
  updateUser: route<V.UserView>()('PATCH', '/api/user', 'signed-in'),
  sessions: route<{ sessions: SessionView[] }>()('GET', '/api/user/sessions', 'signed-in'),
  endSession: route<Ok>()('DELETE', '/api/user/sessions/:id', 'signed-in'),
  changePassword: route<Ok>()('POST', '/api/user/password', 'signed-in'),
  changeEmail: route<Ok>()('PATCH', '/api/user/email', 'signed-in'),
  confirmEmail: route<Ok>()('POST', '/api/user/email/confirm', 'public'),
  undoEmail: route<Ok>()('POST', '/api/user/email/undo', 'public'),
  exportAccount: route<Record<string, unknown>>()('GET', '/api/user/export', 'signed-in'),
  deleteAccount: route<Ok>()('DELETE', '/api/user', 'signed-in'),
  submitOrder: route<V.SubmitOrderView>()('POST', '/api/submit-order', 'signed-in'),
  myOrders: route<V.OrderView[]>()('GET', '/api/my-orders', 'signed-in'),
  changeMyOrder: route<OrderAnswer>()('PATCH', '/api/my-orders/:id', 'signed-in'),
  cancelMyOrder: route<OrderAnswer>()('POST', '/api/my-orders/:id/cancel', 'signed-in'),
  myOrderCalendar: route<Bytes>()('GET', '/api/my-orders/:id/calendar.ics', 'signed-in', {
    binary: true,
  }),
  myOrderPickupCode: route<Bytes>()('GET', '/api/my-orders/:id/pickup-code.svg', 'signed-in', {
    binary: true,
  }),
  paymentStatus: route<V.PaymentStatusView>()(
    'GET',
    '/api/order-payment-status/:orderOrReferenceId',
    'public',
  ),
  availability: route<K.AvailabilityOfferView>()('GET', '/api/availability', 'public'),
  // Issue 25: drops, notify, checkout holds.
  drops: route<{ drops: K.PublicDropView[]; holdMinutes: number }>()('GET', '/api/drops', 'public'),
  dropNotify: route<{ success: true; message: string }>()(
    'POST',
    '/api/drops/:id/notify',
    'public',
  ),
  dropUnsubscribe: route<Bytes>()('GET', '/api/drops/unsubscribe', 'public', { binary: true }),
  dropHold: route<K.DropHoldView>()('POST', '/api/drops/:id/holds', 'public'),
  dropReleaseHold: route<Ok>()('DELETE', '/api/drops/:id/holds', 'public'),
  reviews: route<V.ReviewView[]>()('GET', '/api/reviews', 'public'),
  postReview: route<ReviewAnswer>()('POST', '/api/reviews', 'signed-in'),
  contact: route<Ok>()('POST', '/api/contact', 'public'),
  squareConfirmPayment: route<{ success: boolean; paymentStatus: string }>()(
    'POST',
    '/api/square/confirm-payment',
    'public',
  ),
  squareWebhook: route<{ received: boolean; duplicate?: boolean }>()(
    'POST',
    '/api/square/webhook',
    'public',
  ),
  confirmPayment: route<OrderAnswer>()('POST', '/api/confirm-payment', 'permission:manageOrders'),

  // Staff: access and security
  adminMe: route<V.AdminMeView>()('GET', '/api/admin/me', 'staff'),
  adminAutoLogin: route<{ success: boolean; role: string }>()(
    'POST',
    '/api/admin/auto-login',
    'signed-in',
  ),
  adminLogin: route<{ success: boolean; user: V.UserView }>()('POST', '/api/admin/login', 'public'),
  adminLoginSecondFactor: route<{
    success: boolean;
    user: V.UserView;
    recoveryCodesLeft?: number;
  }>()('POST', '/api/admin/login/second-factor', 'public'),
  secondFactor: route<SecondFactorStatus>()('GET', '/api/admin/second-factor', 'staff'),
  secondFactorSetup: route<{ secret: string; otpauthUrl: string }>()(
    'POST',
    '/api/admin/second-factor/setup',
    'staff',
  ),
  secondFactorEnable: route<RecoveryCodes>()('POST', '/api/admin/second-factor/enable', 'staff'),
  secondFactorRecoveryCodes: route<RecoveryCodes>()(
    'POST',
    '/api/admin/second-factor/recovery-codes',
    'staff',
  ),
  secondFactorDisable: route<Ok>()('POST', '/api/admin/second-factor/disable', 'staff'),
  securityPolicy: route<{ staffTotpRequired: boolean }>()(
    'GET',
    '/api/admin/security-policy',
    'permission:manageUsers',
  ),
  saveSecurityPolicy: route<{ success: boolean; staffTotpRequired: boolean }>()(
    'PUT',
    '/api/admin/security-policy',
    'permission:manageUsers',
  ),

  // Staff: orders and the counter
  desk: route<DeskPageView>()('GET', '/api/admin/orders/desk', 'permission:manageOrders'),
  deskChanges: route<DeskChangesView>()(
    'GET',
    '/api/admin/orders/changes',
    'permission:manageOrders',
  ),
  adminOrders: route<V.OrderView[]>()('GET', '/api/admin/orders', 'permission:manageOrders'),
  orderHistory: route<V.OrderHistoryView[]>()(
    'GET',
    '/api/admin/orders/:id/history',
    'permission:manageOrders',
  ),
  orderStatus: route<OrderAnswer>()(
    'PATCH',
    '/api/admin/orders/:id/status',
    'permission:manageOrders',
  ),
  orderDeliveryFee: route<OrderAnswer>()(
    'PATCH',
    '/api/admin/orders/:id/delivery-fee',
    'permission:manageOrders',
  ),
  orderFulfillment: route<OrderAnswer>()(
    'PATCH',
    '/api/admin/orders/:id/fulfillment',
    'permission:manageOrders',
  ),
  orderFulfill: route<OrderAnswer>()(
    'PATCH',
    '/api/admin/orders/:id/fulfill',
    'permission:manageOrders',
  ),
  orderHandOver: route<OrderAnswer>()(
    'POST',
    '/api/admin/orders/:id/hand-over',
    'permission:manageOrders',
  ),
  ordersHandOver: route<W.BulkOrdersAnswer>()(
    'POST',
    '/api/admin/orders/hand-over',
    'permission:manageOrders',
  ),
  orderReady: route<OrderAnswer>()(
    'POST',
    '/api/admin/orders/:id/ready',
    'permission:manageOrders',
  ),
  ordersReady: route<W.BulkOrdersAnswer>()(
    'POST',
    '/api/admin/orders/ready',
    'permission:manageOrders',
  ),
  orderStage: route<OrderAnswer>()(
    'POST',
    '/api/admin/orders/:id/stage',
    'permission:manageOrders',
  ),
  orderRestore: route<OrderAnswer>()(
    'POST',
    '/api/admin/orders/:id/restore',
    'permission:manageOrders',
  ),
  orderRefund: route<OrderAnswer>()(
    'POST',
    '/api/admin/orders/:id/refunds',
    'permission:manageOrders',
  ),
  orderArchive: route<OrderAnswer>()(
    'POST',
    '/api/admin/orders/:id/archive',
    'permission:manageOrders',
  ),
  orderByCode: route<V.OrderView>()(
    'GET',
    '/api/admin/orders/by-code/:code',
    'permission:manageOrders',
  ),
  orderPaymentLink: route<OrderActionAnswer>()(
    'POST',
    '/api/admin/orders/:id/payment-link',
    'permission:manageOrders',
  ),
  deleteOrder: route<Ok>()('DELETE', '/api/admin/orders/:id', 'permission:deleteOrders'),

  // Staff: figures
  stats: route<V.StatsView>()('GET', '/api/admin/stats', 'permission:viewAnalytics'),
  analytics: route<V.AnalyticsView>()('GET', '/api/admin/analytics', 'permission:viewAnalytics'),
  today: route<V.TodayView>()('GET', '/api/admin/today', 'permission:manageOrders'),

  // Staff: people and reviews
  users: route<V.UserView[]>()('GET', '/api/admin/users', 'permission:manageUsers'),
  userRole: route<{ success: boolean; user: V.UserView }>()(
    'PATCH',
    '/api/admin/users/:userId/role',
    'permission:assignRoles',
  ),
  userResetPassword: route<{ message: string; needsConfiguration: boolean }>()(
    'POST',
    '/api/admin/users/:userId/reset-password',
    'permission:resetUserPasswords',
  ),
  adminReviews: route<V.AdminReviewView[]>()(
    'GET',
    '/api/admin/reviews',
    'permission:manageReviews',
  ),
  approveReview: route<ReviewAnswer>()(
    'PATCH',
    '/api/admin/reviews/:id/approve',
    'permission:manageReviews',
  ),
  deleteReview: route<Ok>()('DELETE', '/api/admin/reviews/:id', 'permission:manageReviews'),

  // Staff: kitchen
  recipes: route<V.RecipeView[]>()('GET', '/api/admin/recipes', 'permission:manageRecipes'),
  createRecipe: route<V.RecipeView>()('POST', '/api/admin/recipes', 'permission:manageRecipes'),
  recipe: route<V.RecipeDetailView>()('GET', '/api/admin/recipes/:id', 'permission:manageRecipes'),
  updateRecipe: route<V.RecipeDetailView>()(
    'PUT',
    '/api/admin/recipes/:id',
    'permission:manageRecipes',
  ),
  deleteRecipe: route<Ok>()('DELETE', '/api/admin/recipes/:id', 'permission:manageRecipes'),
  addRecipeLine: route<V.RecipeDetailView>()(
    'POST',
    '/api/admin/recipes/:id/ingredients',
    'permission:manageRecipes',
  ),
  updateRecipeLine: route<V.RecipeDetailView>()(
    'PUT',
    '/api/admin/recipes/:id/ingredients/:lineId',
    'permission:manageRecipes',
  ),
  removeRecipeLine: route<V.RecipeDetailView>()(
    'DELETE',
    '/api/admin/recipes/:id/ingredients/:lineId',
    'permission:manageRecipes',
  ),
  ingredients: route<V.IngredientView[]>()(
    'GET',
    '/api/admin/ingredients',
    'permission:manageRecipes',
  ),
  createIngredient: route<V.IngredientView>()(
    'POST',
    '/api/admin/ingredients',
    'permission:manageRecipes',
  ),
  updateIngredient: route<V.IngredientView>()(
    'PUT',
    '/api/admin/ingredients/:id',
    'permission:manageRecipes',
  ),
  deleteIngredient: route<Ok>()('DELETE', '/api/admin/ingredients/:id', 'permission:manageRecipes'),
  capacity: route<K.CapacityView>()('GET', '/api/admin/kitchen/capacity', 'permission:viewKitchen'),
  // Issue 25: pickup windows and drops.
  windows: route<K.PickupWindowDef[]>()(
    'GET',
    '/api/admin/kitchen/windows',
    'permission:viewKitchen',
  ),
  addWindow: route<K.PickupWindowDef>()(
    'POST',
    '/api/admin/kitchen/windows',
    'permission:manageKitchen',
  ),
  saveWindow: route<K.PickupWindowDef>()(
    'PUT',
    '/api/admin/kitchen/windows/:id',
    'permission:manageKitchen',
  ),
  removeWindow: route<Ok>()('DELETE', '/api/admin/kitchen/windows/:id', 'permission:manageKitchen'),
  adminDrops: route<{ drops: K.PublicDropView[]; holdMinutes: number }>()(
    'GET',
    '/api/admin/drops',
    'permission:viewKitchen',
  ),
  dropSettings: route<{ holdMinutes: number }>()(
    'PUT',
    '/api/admin/drops/settings',
    'permission:manageKitchen',
  ),
  addDrop: route<K.PublicDropView>()('POST', '/api/admin/drops', 'permission:manageKitchen'),
  saveDrop: route<K.PublicDropView>()('PUT', '/api/admin/drops/:id', 'permission:manageKitchen'),
  removeDrop: route<Ok>()('DELETE', '/api/admin/drops/:id', 'permission:manageKitchen'),
  duplicateDrop: route<K.PublicDropView>()(
    'POST',
    '/api/admin/drops/:id/duplicate',
    'permission:manageKitchen',
  ),
  capacityDays: route<K.BookedDaysView>()(
    'GET',
    '/api/admin/kitchen/capacity/days',
    'permission:viewKitchen',
  ),
  saveCapacity: route<K.CapacityView>()(
    'PUT',
    '/api/admin/kitchen/capacity',
    'permission:manageKitchen',
  ),
  closedDates: route<K.ClosedDateView[]>()(
    'GET',
    '/api/admin/kitchen/closed-dates',
    'permission:viewKitchen',
  ),
  addClosedDate: route<K.ClosedDateView>()(
    'POST',
    '/api/admin/kitchen/closed-dates',
    'permission:manageKitchen',
  ),
  addClosedDates: route<W.ClosedDatesAddedView>()(
    'POST',
    '/api/admin/kitchen/closed-dates/range',
    'permission:manageKitchen',
  ),
  removeClosedDate: route<Ok>()(
    'DELETE',
    '/api/admin/kitchen/closed-dates/:date',
    'permission:manageKitchen',
  ),
  booking: route<K.BookingSettingsView>()(
    'GET',
    '/api/admin/kitchen/booking',
    'permission:viewKitchen',
  ),
  saveBooking: route<K.BookingSettingsView>()(
    'PUT',
    '/api/admin/kitchen/booking',
    'permission:manageKitchen',
  ),
  saveFairShare: route<K.BookingSettingsView>()(
    'PUT',
    '/api/admin/kitchen/fair-share/:userId',
    'permission:manageOrders',
  ),
  removeFairShare: route<K.BookingSettingsView>()(
    'DELETE',
    '/api/admin/kitchen/fair-share/:userId',
    'permission:manageOrders',
  ),
  recipeLinks: route<K.ProductRecipeLinkView[]>()(
    'GET',
    '/api/admin/kitchen/links',
    'permission:manageRecipes',
  ),
  saveRecipeLink: route<K.ProductRecipeLinkView>()(
    'PUT',
    '/api/admin/kitchen/links',
    'permission:manageRecipes',
  ),
  removeRecipeLink: route<Ok>()('DELETE', '/api/admin/kitchen/links', 'permission:manageRecipes'),
  bakeSheet: route<K.BakeSheetView>()(
    'GET',
    '/api/admin/kitchen/bake-sheet',
    'permission:viewKitchen',
  ),
  margins: route<K.MarginsView>()('GET', '/api/admin/kitchen/margins', 'permission:manageRecipes'),

  // Staff: exports, mail, backups, unpaid orders
  ordersWorkbook: route<Bytes>()(
    'GET',
    '/api/admin/exports/orders.xlsx',
    'permission:viewAnalytics',
    {
      binary: true,
    },
  ),
  bakeSheetWorkbook: route<Bytes>()(
    'GET',
    '/api/admin/exports/bake-sheet.xlsx',
    'permission:viewKitchen',
    { binary: true },
  ),
  recipesWorkbook: route<Bytes>()(
    'GET',
    '/api/admin/exports/recipes.xlsx',
    'permission:viewAnalytics',
    {
      binary: true,
    },
  ),
  mailDelivery: route<W.MailDeliveryView>()(
    'GET',
    '/api/admin/mail/delivery',
    'permission:manageMail',
  ),
  mail: route<W.QueuedMailView[]>()('GET', '/api/admin/mail', 'permission:manageMail'),
  retryMail: route<Ok>()('POST', '/api/admin/mail/:id/retry', 'permission:manageMail'),
  backups: route<U.BackupListView>()('GET', '/api/admin/backups', 'permission:manageBackups'),
  takeBackup: route<U.BackupTakenView>()('POST', '/api/admin/backups', 'permission:manageBackups'),
  backupSettings: route<U.BackupSettings>()(
    'GET',
    '/api/admin/backups/settings',
    'permission:manageBackups',
  ),
  saveBackupSettings: route<U.BackupSettings>()(
    'PUT',
    '/api/admin/backups/settings',
    'permission:manageBackups',
  ),
  backupFile: route<Bytes>()('GET', '/api/admin/backups/:name', 'permission:manageBackups', {
    binary: true,
  }),
  // Issue 22: the photos archive taken with a backup, named as db:restore looks for it.
  backupPhotos: route<Bytes>()(
    'GET',
    '/api/admin/backups/:name/photos',
    'permission:manageBackups',
    { binary: true },
  ),
  unpaidOrderSettings: route<U.UnpaidOrderSettings>()(
    'GET',
    '/api/admin/unpaid-orders/settings',
    'permission:manageBackups',
  ),
  saveUnpaidOrderSettings: route<U.UnpaidOrderSettings>()(
    'PUT',
    '/api/admin/unpaid-orders/settings',
    'permission:manageBackups',
  ),

  // Owner: the shop's settings and menu photos (issue 22)
  adminSettings: route<ShopSettingsView>()(
    'GET',
    '/api/admin/settings',
    'permission:manageSettings',
  ),
  saveAdminSettings: route<ShopSettingsView>()(
    'PUT',
    '/api/admin/settings',
    'permission:manageSettings',
  ),
  uploadMenuImage: route<{ image: string; images: PhotoSize[] }>()(
    'POST',
    '/api/admin/menu/images',
    'permission:manageMenu',
  ),

  // Staff: the menu (issue 22)
  adminMenu: route<W.MenuDraftView>()('GET', '/api/admin/menu', 'permission:markSoldOut'),
  createMenuItem: route<CatalogueSnapshot['items'][number]>()(
    'POST',
    '/api/admin/menu/items',
    'permission:manageMenu',
  ),
  updateMenuItem: route<CatalogueSnapshot['items'][number]>()(
    'PATCH',
    '/api/admin/menu/items/:id',
    'permission:markSoldOut',
  ),
  deleteMenuItem: route<Ok>()('DELETE', '/api/admin/menu/items/:id', 'permission:manageMenu'),
  createMenuCategory: route<CatalogueSnapshot['categories'][number]>()(
    'POST',
    '/api/admin/menu/categories',
    'permission:manageMenu',
  ),
  updateMenuCategory: route<CatalogueSnapshot['categories'][number]>()(
    'PATCH',
    '/api/admin/menu/categories/:id',
    'permission:manageMenu',
  ),
  deleteMenuCategory: route<Ok>()(
    'DELETE',
    '/api/admin/menu/categories/:id',
    'permission:manageMenu',
  ),
  publishMenu: route<W.MenuPublishAnswer>()(
    'POST',
    '/api/admin/menu/publish',
    'permission:manageMenu',
  ),
  discardMenuDraft: route<W.MenuDraftView>()(
    'POST',
    '/api/admin/menu/discard',
    'permission:manageMenu',
  ),
  menuVersions: route<W.MenuVersionPage>()(
    'GET',
    '/api/admin/menu/versions',
    'permission:markSoldOut',
  ),
  restoreMenuVersion: route<W.MenuPublishAnswer>()(
    'POST',
    '/api/admin/menu/versions/:id/restore',
    'permission:manageMenu',
  ),

  // Staff: allergens and labels
  allergens: route<W.AllergenOverviewView>()(
    'GET',
    '/api/admin/allergens',
    'permission:manageRecipes',
  ),
  allergenClaims: route<{ problems: K.ClaimProblem[] }>()(
    'GET',
    '/api/admin/allergens/claims',
    'permission:manageRecipes',
  ),
  checkAllergenClaims: route<{ success: boolean; problems: K.ClaimProblem[] }>()(
    'POST',
    '/api/admin/allergens/claims/check',
    'permission:manageRecipes',
  ),
  saveClaimException: route<W.ClaimExceptionView>()(
    'PUT',
    '/api/admin/allergens/exceptions',
    'permission:manageRecipes',
  ),
  removeClaimException: route<Ok>()(
    'DELETE',
    '/api/admin/allergens/exceptions/:productId',
    'permission:manageRecipes',
  ),
  saveOptionIngredients: route<Ok>()(
    'PUT',
    '/api/admin/allergens/options',
    'permission:manageRecipes',
  ),
  saveNetWeight: route<W.NetWeightView>()(
    'PUT',
    '/api/admin/allergens/net-weights',
    'permission:manageRecipes',
  ),
  removeNetWeight: route<Ok>()(
    'DELETE',
    '/api/admin/allergens/net-weights',
    'permission:manageRecipes',
  ),
  saveLabelSettings: route<{ cottageFoodStatement: boolean }>()(
    'PUT',
    '/api/admin/allergens/label-settings',
    'permission:manageKitchen',
  ),
  labels: route<Bytes>()('GET', '/api/admin/labels', 'permission:manageOrders', { binary: true }),
} as const;

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

/** docs/api.md's endpoint index, rendered from the map (the contract test keeps it current). */
export function renderRouteIndex(): string {
  const rows = ROUTE_LIST.map((r) => {
    const path = r.path.replace(/:(\w+)/g, '{$1}');
    const who = WHO[r.access] ?? `staff with \`${r.access.slice('permission:'.length)}\``;
    return `| \`${r.method} ${path}\` | ${who} |`;
  });
  return ['| Call | Who may call |', '| --- | --- |', ...rows].join('\n');
}
