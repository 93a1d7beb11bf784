// The order's life at the counter (issue 23), in one table: every fulfillment
// state with the customer's label and the staff badge, every action with the
// states it starts from, the state it leads to, who may take it, the message
// it sends the customer and whether money is involved. The API, My Orders,
// the desk's buttons and badges, the mails and the exports read this table;
// nothing else decides. The spec's wire fields (paymentStatus, orderStatus,
// section 4) follow from it (`specFields`), so older clients read the same.
import { formatCents } from '../money/money';
import { amountDueCents, refundableCents, type OrderMoney } from './orderMoney';

export const FULFILLMENT_STATUSES = [
  'received',
  'confirmed',
  'baking',
  'ready',
  'out_for_delivery',
  'picked_up',
  'delivered',
  'cancelled',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export interface FulfillmentStateInfo {
  /** What My Orders says. */
  customerLabel: string;
  /** The desk's badge (short enough to fit its column). */
  staffBadge: string;
  /** The order has left the bakery: nothing can be cancelled any more. */
  handedOver: boolean;
  /** Its place in the progress shown to the customer (cancelled: -1). */
  step: number;
}

export const FULFILLMENT_STATES: Readonly<Record<FulfillmentStatus, FulfillmentStateInfo>> = {
  received: { customerLabel: 'Received', staffBadge: 'Received', handedOver: false, step: 0 },
  confirmed: { customerLabel: 'Confirmed', staffBadge: 'Confirmed', handedOver: false, step: 1 },
  baking: { customerLabel: 'Baking', staffBadge: 'Baking', handedOver: false, step: 2 },
  ready: { customerLabel: 'Ready for pickup', staffBadge: 'Ready', handedOver: false, step: 3 },
  out_for_delivery: {
    customerLabel: 'Out for delivery',
    staffBadge: 'Out for delivery',
    handedOver: false,
    step: 3,
  },
  picked_up: { customerLabel: 'Picked up', staffBadge: 'Picked up', handedOver: true, step: 4 },
  delivered: { customerLabel: 'Delivered', staffBadge: 'Delivered', handedOver: true, step: 4 },
  cancelled: { customerLabel: 'Cancelled', staffBadge: 'Cancelled', handedOver: false, step: -1 },
};

export const isFulfillmentStatus = (value: unknown): value is FulfillmentStatus =>
  typeof value === 'string' && (FULFILLMENT_STATUSES as readonly string[]).includes(value);

/** The state of a stored order (an unknown value reads as received). */
export const fulfillmentOf = (order: { fulfillmentStatus?: string | null }): FulfillmentStatus =>
  isFulfillmentStatus(order.fulfillmentStatus) ? order.fulfillmentStatus : 'received';

export const isHandedOver = (order: { fulfillmentStatus?: string | null }) =>
  FULFILLMENT_STATES[fulfillmentOf(order)].handedOver;

/** The steps a customer's order goes through, by delivery method. */
export function customerSteps(deliveryMethod: string): FulfillmentStatus[] {
  return deliveryMethod === 'delivery'
    ? ['received', 'confirmed', 'baking', 'out_for_delivery', 'delivered']
    : ['received', 'confirmed', 'baking', 'ready', 'picked_up'];
}

// ------------------------------------------------------------------ payment

/** Paid means paid or completed (spec: completed is paid and handed over). */
export const PAID_STATUSES = ['paid', 'completed'] as const;
export const isPaidStatus = (paymentStatus: string) =>
  (PAID_STATUSES as readonly string[]).includes(paymentStatus);

/** The ways money is taken, each with its words, in the order the counter offers them. */
export const PAYMENT_METHOD_LABELS = {
  square: 'Square link',
  cash: 'Cash',
  card: 'Card (terminal)',
  other: 'Other',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;
export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_LABELS) as readonly PaymentMethod[];

export const REFUND_STATUSES = ['none', 'partial', 'full'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

// ------------------------------------------------------------------ actions

export const ORDER_ACTIONS = [
  'confirm',
  'startBaking',
  'markReady',
  'sendOut',
  'handOver',
  'undoHandOver',
  'undoReady',
  'confirmPayment',
  'cancel',
  'restore',
  'refund',
  'archive',
  'delete',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The mails an action sends the customer (api/src/services/mail). */
export type CustomerMessage =
  | 'orderConfirmed'
  | 'orderReady'
  | 'outForDelivery'
  | 'orderCancelled'
  | 'orderRestored'
  | 'refundRecorded'
  | 'paymentReceived';

/** Conflict codes of refusals (409), stable for clients (core's ERROR_CODES). */
export type OrderRefusalCode = 'invalid_state' | 'order_handed_over' | 'payment_due' | 'order_paid';

export interface OrderActionRule {
  label: string;
  /** The states it may start from. */
  from: readonly FulfillmentStatus[];
  /** The state it leads to (null: the state does not change). */
  to: (order: OrderStateInput) => FulfillmentStatus | null;
  /** Who may take it (a permission of core's roles). */
  permission: 'manageOrders' | 'deleteOrders';
  /** The customer's mail (and text message where one is set up). */
  message: CustomerMessage | null;
  /** Money moves or must be looked at (the desk shows the amount due first). */
  money: boolean;
  /** Pickup or delivery only. */
  only?: 'pickup' | 'delivery';
}

export interface OrderStateInput {
  fulfillmentStatus?: string | null;
  paymentStatus: string;
  deliveryMethod: string;
  deliveryFeeStatus: string;
  /** Before a cancel: the state to restore. */
  cancelledFrom?: string | null;
  /** Before Mark Ready: the state it was marked ready from (the order's history keeps it). */
  readyFrom?: string | null;
  cancelledAt?: string | Date | null;
  archivedAt?: string | Date | null;
  paidAt?: string | Date | null;
  totalCents?: number;
  receivedCents?: number;
  refundedCents?: number;
}

/** The money fields of a state input (absent ones read as 0). */
const moneyOf = (order: OrderStateInput): OrderMoney => ({
  totalCents: order.totalCents ?? 0,
  receivedCents: order.receivedCents ?? 0,
  refundedCents: order.refundedCents ?? 0,
  fulfillmentStatus: order.fulfillmentStatus ?? null,
  paymentStatus: order.paymentStatus,
});

/** The states in which the customer is still expected: not handed over, not cancelled. */
export const OPEN_FULFILLMENT_STATUSES: readonly FulfillmentStatus[] = FULFILLMENT_STATUSES.filter(
  (state) => state !== 'cancelled' && !FULFILLMENT_STATES[state].handedOver,
);
const BEFORE_HANDOVER = OPEN_FULFILLMENT_STATUSES;

/** Handed over: picked up or delivered (the table's handedOver column). */
export const HANDED_OVER_STATUSES: readonly FulfillmentStatus[] = FULFILLMENT_STATUSES.filter(
  (state) => FULFILLMENT_STATES[state].handedOver,
);
/** Waiting for its customer at the counter (or on its way): ready or out for delivery. */
export const READY_STATUSES: readonly FulfillmentStatus[] = ['ready', 'out_for_delivery'];
/** In the kitchen still: what Mark Ready starts from. */
export const BEFORE_READY_STATUSES: readonly FulfillmentStatus[] = OPEN_FULFILLMENT_STATUSES.filter(
  (state) => !READY_STATUSES.includes(state),
);

/** The most orders one bulk action takes (a day's pickups fit). */
export const BULK_READY_MAX = 200;
const handedOverState = (order: OrderStateInput): FulfillmentStatus =>
  order.deliveryMethod === 'delivery' ? 'delivered' : 'picked_up';
const readyState = (order: OrderStateInput): FulfillmentStatus =>
  order.deliveryMethod === 'delivery' ? 'out_for_delivery' : 'ready';

export const ORDER_ACTION_RULES: Readonly<Record<OrderAction, OrderActionRule>> = {
  confirm: {
    label: 'Confirm Order',
    from: ['received'],
    to: () => 'confirmed',
    permission: 'manageOrders',
    message: null,
    money: false,
  },
  startBaking: {
    label: 'Start Baking',
    from: ['received', 'confirmed'],
    to: () => 'baking',
    permission: 'manageOrders',
    message: null,
    money: false,
  },
  markReady: {
    label: 'Mark Ready',
    from: ['received', 'confirmed', 'baking'],
    to: () => 'ready',
    permission: 'manageOrders',
    message: 'orderReady',
    money: false,
    only: 'pickup',
  },
  sendOut: {
    label: 'Out for Delivery',
    from: ['received', 'confirmed', 'baking'],
    to: () => 'out_for_delivery',
    permission: 'manageOrders',
    message: 'outForDelivery',
    money: false,
    only: 'delivery',
  },
  handOver: {
    label: 'Hand Over',
    from: BEFORE_HANDOVER,
    to: handedOverState,
    permission: 'manageOrders',
    message: null,
    money: true,
  },
  undoHandOver: {
    label: 'Undo Hand Over',
    from: ['picked_up', 'delivered'],
    to: readyState,
    permission: 'manageOrders',
    message: null,
    money: false,
  },
  // The Undo on Mark Ready's toast: back to the kitchen's state it left, the
  // pickup code kept; nothing is mailed (the ready mail may be out already).
  undoReady: {
    label: 'Undo',
    from: READY_STATUSES,
    to: (order) =>
      isFulfillmentStatus(order.readyFrom) && BEFORE_READY_STATUSES.includes(order.readyFrom)
        ? order.readyFrom
        : 'received',
    permission: 'manageOrders',
    message: null,
    money: false,
  },
  // The spec's Confirm Payment: what is due recorded as received; a
  // received order is confirmed by it, a later one keeps its state.
  confirmPayment: {
    label: 'Confirm Payment',
    from: FULFILLMENT_STATUSES.filter((state) => state !== 'cancelled'),
    to: (order) => (fulfillmentOf(order) === 'received' ? 'confirmed' : null),
    permission: 'manageOrders',
    message: 'paymentReceived',
    money: true,
  },
  cancel: {
    label: 'Cancel Order',
    from: BEFORE_HANDOVER,
    to: () => 'cancelled',
    permission: 'manageOrders',
    message: 'orderCancelled',
    money: true,
  },
  restore: {
    label: 'Restore Order',
    from: ['cancelled'],
    to: (order) =>
      isFulfillmentStatus(order.cancelledFrom) && order.cancelledFrom !== 'cancelled'
        ? order.cancelledFrom
        : 'received',
    permission: 'manageOrders',
    message: 'orderRestored',
    money: false,
  },
  refund: {
    label: 'Record Refund',
    from: FULFILLMENT_STATUSES,
    to: () => null,
    permission: 'manageOrders',
    message: 'refundRecorded',
    money: true,
  },
  archive: {
    label: 'Archive',
    from: FULFILLMENT_STATUSES,
    to: () => null,
    permission: 'manageOrders',
    message: null,
    money: false,
  },
  delete: {
    label: 'Delete',
    from: FULFILLMENT_STATUSES,
    to: () => null,
    permission: 'deleteOrders',
    message: null,
    money: false,
  },
};

export type OrderActionCheck =
  { ok: true } | { ok: false; code: OrderRefusalCode; message: string };

const OK: OrderActionCheck = { ok: true };
const no = (message: string, code: OrderRefusalCode = 'invalid_state'): OrderActionCheck => ({
  ok: false,
  code,
  message,
});

/** How long after a cancel staff may restore it: the rest of that bakery day. */
export function canRestoreOn(cancelledDay: string | null, today: string): boolean {
  return cancelledDay !== null && cancelledDay === today;
}

export interface ActionContext {
  /** The bakery's today (YYYY-MM-DD) and the bakery day the order was cancelled on. */
  today?: string;
  cancelledDay?: string | null;
  /** Hand over: payment taken at the counter in the same step. */
  takingPayment?: boolean;
}

/**
 * Whether `action` may be taken on the order now; a refusal carries the
 * 409's code and a message that names the state (the API answers with it).
 */
export function checkOrderAction(
  order: OrderStateInput,
  action: OrderAction,
  context: ActionContext = {},
): OrderActionCheck {
  const rule = ORDER_ACTION_RULES[action];
  const state = fulfillmentOf(order);
  const label = FULFILLMENT_STATES[state].customerLabel.toLowerCase();
  if (rule.only && rule.only !== order.deliveryMethod)
    return no(`Cannot ${rule.label.toLowerCase()}: this is a ${order.deliveryMethod} order`);
  if (!rule.from.includes(state)) {
    if (action === 'cancel' && FULFILLMENT_STATES[state].handedOver)
      return no(
        `Cannot cancel: the order was already ${label}. Record a refund instead.`,
        'order_handed_over',
      );
    return no(`Cannot ${rule.label.toLowerCase()}: order is ${label}`);
  }
  switch (action) {
    case 'confirmPayment':
      if (order.paymentStatus !== 'pending')
        return no(`Cannot confirm payment: payment is already ${order.paymentStatus}`);
      return OK;
    case 'handOver':
      if (order.deliveryFeeStatus === 'pending')
        return no('Cannot hand over: the delivery fee is still pending');
      if (amountDueCents(moneyOf(order)) > 0 && !context.takingPayment) {
        const due = amountDueCents(moneyOf(order));
        return no(
          `Payment of ${formatCents(due)} is due: take payment and hand over`,
          'payment_due',
        );
      }
      return OK;
    case 'restore':
      if (context.today && !canRestoreOn(context.cancelledDay ?? null, context.today))
        return no('Cannot restore: a cancelled order can be restored on the day it was cancelled');
      return OK;
    case 'refund':
      if ((order.receivedCents ?? 0) === 0)
        return no('Cannot record a refund: no money was received for this order');
      if (refundableCents(moneyOf(order)) === 0)
        return no('Cannot record a refund: the order is already refunded in full');
      return OK;
    case 'archive':
      if (order.archivedAt) return no('Cannot archive: the order is already archived');
      return OK;
    case 'delete':
      if ((order.receivedCents ?? 0) > 0 || order.paidAt || isPaidStatus(order.paymentStatus))
        return no('Cannot delete: the order is paid; archive it instead', 'order_paid');
      return OK;
    default:
      return OK;
  }
}

/**
 * The fields an action's move to `to` writes (issue 36: the table decides):
 * the state, and the cancel's bookkeeping (where it came from and when, so
 * Restore knows where to go back to and until when it may).
 */
export function stateChanges(
  order: OrderStateInput,
  to: FulfillmentStatus | null,
  now: Date,
): Record<string, unknown> {
  const from = fulfillmentOf(order);
  if (to === null || to === from) return {};
  const changes: Record<string, unknown> = { fulfillmentStatus: to };
  if (to === 'cancelled') Object.assign(changes, { cancelledFrom: from, cancelledAt: now });
  if (from === 'cancelled') Object.assign(changes, { cancelledFrom: null, cancelledAt: null });
  if (READY_STATUSES.includes(to) && !FULFILLMENT_STATES[from].handedOver) changes.readyAt = now;
  if (READY_STATUSES.includes(from) && BEFORE_READY_STATUSES.includes(to)) changes.readyAt = null;
  return changes;
}

/** Mark Ready for a pickup, Out for Delivery for a delivery: the table's action for "it is ready". */
export const readyActionFor = (order: { deliveryMethod: string }): OrderAction =>
  order.deliveryMethod === 'delivery' ? 'sendOut' : 'markReady';

/** The actions the desk offers for an order, in ORDER_ACTIONS order. */
export function availableOrderActions(
  order: OrderStateInput,
  context: ActionContext = {},
): OrderAction[] {
  return ORDER_ACTIONS.filter(
    (action) => checkOrderAction(order, action, { ...context, takingPayment: true }).ok,
  );
}

/**
 * The spec's wire fields (section 4) for a fulfillment state: handed over is
 * orderStatus complete and a paid payment completed; cancelled is payment
 * cancelled; anything else in progress, its payment paid (paidAt) or pending.
 */
export function specFields(
  state: FulfillmentStatus,
  paid: boolean,
): { orderStatus: 'in progress' | 'complete'; paymentStatus: string } {
  if (state === 'cancelled') return { orderStatus: 'in progress', paymentStatus: 'cancelled' };
  if (FULFILLMENT_STATES[state].handedOver)
    return { orderStatus: 'complete', paymentStatus: paid ? 'completed' : 'pending' };
  return { orderStatus: 'in progress', paymentStatus: paid ? 'paid' : 'pending' };
}

/** The state an order had before this table existed (the migration's rule, for tests). */
export function legacyFulfillment(order: {
  paymentStatus: string;
  orderStatus: string;
  deliveryMethod: string;
}): FulfillmentStatus {
  if (order.paymentStatus === 'cancelled') return 'cancelled';
  if (order.orderStatus === 'complete')
    return order.deliveryMethod === 'delivery' ? 'delivered' : 'picked_up';
  return isPaidStatus(order.paymentStatus) ? 'confirmed' : 'received';
}

// ------------------------------------------------------------------ pickup code

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
export const PICKUP_CODE_ALPHABET = 'ACDEFGHJKMNPQRTVWXY3479';
export const PICKUP_CODE_LENGTH = 6;

/** A pickup code from `random` (values in [0, 1)); the server passes crypto randomness. */
export function makePickupCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i += 1)
    code += PICKUP_CODE_ALPHABET[Math.floor(random() * PICKUP_CODE_ALPHABET.length)];
  return code;
}

/** A typed or scanned code as stored: upper case, without spaces, dashes or a leading #. */
export const normalisePickupCode = (typed: string) => typed.toUpperCase().replace(/[\s#-]/g, '');

export const isPickupCode = (value: string) =>
  value.length === PICKUP_CODE_LENGTH && [...value].every((c) => PICKUP_CODE_ALPHABET.includes(c));

/**
 * The counter's state after one of the spec's buttons (section 4): Fulfill and
 * Mark Complete hand the order over, Mark In Progress takes a hand-over back,
 * Cancel cancels, Confirm Payment confirms a received order. Null: unchanged.
 */
export function fulfillmentAfterSpecAction(
  order: OrderStateInput,
  action: string,
): FulfillmentStatus | null {
  const state = fulfillmentOf(order);
  switch (action) {
    case 'fulfill':
    case 'markComplete':
      return FULFILLMENT_STATES[state].handedOver ? null : handedOverState(order);
    case 'markInProgress':
      return FULFILLMENT_STATES[state].handedOver ? readyState(order) : null;
    case 'cancel':
      return 'cancelled';
    case 'confirmPayment':
      return state === 'received' ? 'confirmed' : null;
    default:
      return null;
  }
}
