// Answer shapes of the API that have no view of their own elsewhere in core.
// With views.ts and the kitchen's views, these are the only wire types: the
// route map (routes.ts) names one of them for every endpoint, and both
// clients read them from there.
import type { CatalogueSnapshot } from '../catalogue/catalogue';
import type { ClaimProblem } from '../kitchen/allergens';
import type { ClosedDateView } from '../kitchen/views';

/** The answer of a call that only reports that it worked. */
export interface DoneAnswer {
  success: boolean;
  message?: string;
}

export interface HealthView {
  status: 'ok' | 'degraded';
  database: boolean;
}

/** GET /api/admin/mail: a message in the outbound queue. */
export interface QueuedMailView {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

/** GET /api/admin/mail/delivery: an SMTP server (its host, never its credentials), or the outbox folder. */
export type MailDeliveryView =
  | { transport: 'smtp'; smtpHost: string | null; outboxDir: string }
  | { transport: 'outbox'; smtpHost: null; outboxDir: string };

/** POST /api/admin/orders/ready and /hand-over: one result per ticked order. */
export interface BulkOrdersAnswer {
  message: string;
  results: { id: string; ok: boolean; message?: string }[];
}

/** GET /api/admin/allergens: the owner's allergen overview. */
export interface AllergenOverviewView {
  items: {
    productId: string;
    name: string;
    statement: { known: boolean; contains: string | null; mayContainLine: string | null };
    exception: string | null;
  }[];
  askUs: { productId: string; name: string }[];
  missingWeights: { ingredient: string; items: string[] }[];
  problems: ClaimProblem[];
  exceptions: { productId: string; name: string; wording: string }[];
  options: {
    kind: 'filling' | 'addIn';
    optionId: string;
    label: string;
    ingredients: { ingredientId: string; name: string; unit: string; quantity: number }[];
  }[];
  netWeights: { productId: string; variantId: string; grams: number }[];
  labelSettings: { cottageFoodStatement: boolean };
}

/** A published version of the menu (issue 22). */
export interface MenuVersionView {
  id: string;
  number: number;
  publishedAt: string;
  publishedBy: { id: string; name: string } | null;
  summary: string;
  restoredFrom: number | null;
  /**
   * In the versions list: what restoring this version would change for
   * customers (against the live version; empty for the live one itself).
   */
  changesIfRestored?: MenuChange[];
}

/** One difference between the draft and what is published. */
export interface MenuChange {
  kind: 'added' | 'removed' | 'changed' | 'moved';
  of: 'item' | 'category';
  id: string;
  name: string;
  /** The fields that differ (changed only). */
  fields: string[];
  /** In words: "Cinnamon Rolls: price $20.00 → $22.00". */
  text: string;
}

/** GET /api/admin/menu: the draft, what is published and what the draft changes. */
export interface MenuDraftView {
  draft: CatalogueSnapshot;
  published: MenuVersionView;
  changes: MenuChange[];
  /** The items a costed recipe is linked to: their allergens come from it, not the editor. */
  recipeLinked: string[];
}

/** Publish and restore: the new version and what it changed. */
export interface MenuPublishAnswer {
  version: MenuVersionView;
  changes: MenuChange[];
}

/** GET /api/admin/menu/versions: newest first, a page at a time. */
export interface MenuVersionPage {
  versions: MenuVersionView[];
  /** The `before` of the next page, or null. */
  next: number | null;
}

/** PUT /api/admin/allergens/exceptions: the item's own allergen wording, as saved. */
export interface ClaimExceptionView {
  productId: string;
  wording: string;
}

/** PUT /api/admin/allergens/net-weights: a size's net weight, as saved. */
export interface NetWeightView {
  productId: string;
  variantId: string;
  grams: number;
}

/** POST /api/admin/kitchen/closed-dates/range: the dates closed and the orders already booked on them. */
export interface ClosedDatesAddedView {
  dates: ClosedDateView[];
  bookedOrders: number;
}
