// The order's three lifecycles (spec section 4) as explicit tables, the admin
// buttons each state offers, and what customers and staff are shown. The
// spec's buttons read the counter's order-state table (orderState.ts): a
// handed-over order cannot be cancelled, a paid one cannot be deleted.
import { formatDollars } from '../money/money';
import { checkOrderAction, FULFILLMENT_STATES, fulfillmentOf, isPaidStatus } from './orderState';

export const PAYMENT_STATUSES = ['pending', 'paid', 'completed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUSES = ['in progress', 'complete'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DELIVERY_FEE_STATUSES = ['not_applicable', 'pending', 'calculated'] as const;
export type DeliveryFeeStatus = (typeof DELIVERY_FEE_STATUSES)[number];

export const DELIVERY_METHODS = ['pickup', 'delivery'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Which payment status may follow which. Cancelled is final. */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['paid', 'completed', 'cancelled'],
  paid: ['completed', 'cancelled'],
  completed: ['cancelled'],
  cancelled: [],
};

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'in progress': ['complete'],
  complete: ['in progress'],
};

/** A pickup order never has a fee; a delivery fee is calculated once by staff. */
export const DELIVERY_FEE_TRANSITIONS: Readonly<
  Record<DeliveryFeeStatus, readonly DeliveryFeeStatus[]>
> = {
  not_applicable: [],
  pending: ['calculated'],
  calculated: [],
};

export function canTransition<S extends string>(
  table: Readonly<Record<S, readonly S[]>>,
  from: string,
  to: string,
): boolean {
  return ((table as Record<string, readonly string[] | undefined>)[from] ?? []).includes(to);
}

/** The admin order buttons of spec section 4 with their labels, in their on-screen order. */
export const ADMIN_ACTION_LABELS = {
  calculateDeliveryFee: 'Calculate Delivery Fee',
  confirmPayment: 'Confirm Payment',
  markComplete: 'Mark Complete',
  markInProgress: 'Mark In Progress',
  cancel: 'Cancel Order',
  viewPayment: 'View Payment',
  fulfill: 'Fulfill',
  delete: 'Delete',
} as const;
export type AdminAction = keyof typeof ADMIN_ACTION_LABELS;
export const ADMIN_ACTIONS = Object.keys(ADMIN_ACTION_LABELS) as readonly AdminAction[];

export const DELETE_ORDER_CONFIRM =
  'Are you sure you want to delete this order? This action cannot be undone.';

/** The state an admin action looks at; an OrderView and a database row both fit. */
export interface OrderState {
  paymentStatus: string;
  orderStatus: string;
  deliveryFeeStatus: string;
  deliveryMethod: string;
  squarePaymentUrl?: string | null;
  /** When staff pressed Fulfill (an ISO string or a Date), or null. */
  fulfilledAt?: string | Date | null;
  /** The counter's state (orderState.ts); absent on rows from before it. */
  fulfillmentStatus?: string | null;
  /** When the payment was received (kept after a cancel). */
  paidAt?: string | Date | null;
}

/** Fulfilled: the order was handed over (Fulfill, Hand Over or Mark Complete; Mark In Progress undoes it). */
export function isFulfilled(
  order: Pick<OrderState, 'orderStatus' | 'fulfilledAt' | 'fulfillmentStatus'>,
): boolean {
  if (order.fulfillmentStatus) return FULFILLMENT_STATES[fulfillmentOf(order)].handedOver;
  return Boolean(order.fulfilledAt) && order.orderStatus === 'complete';
}

/** The staff's fulfillment badge: the counter's state (Ready, Picked up...) or, on older rows, fulfilled / in progress. */
export function fulfillmentBadge(
  order: Pick<OrderState, 'orderStatus' | 'fulfilledAt' | 'fulfillmentStatus'>,
): string {
  if (order.fulfillmentStatus) return FULFILLMENT_STATES[fulfillmentOf(order)].staffBadge;
  return isFulfilled(order) ? 'fulfilled' : order.orderStatus;
}

/** A refusal's code is the 409's (core's ERROR_CODES); invalid_state when absent. */
export type ActionCheck =
  | { ok: true }
  | {
      ok: false;
      message: string;
      code?: 'invalid_state' | 'order_handed_over' | 'order_paid' | 'payment_due';
    };

const refuse = (message: string, code?: 'order_handed_over' | 'order_paid'): ActionCheck =>
  code ? { ok: false, message, code } : { ok: false, message };

/** A handed-over order is neither cancelled nor deleted (orderState.ts). */
const handedOverRefusal = (order: OrderState): ActionCheck | null => {
  if (!isFulfilled(order)) return null;
  const check = checkOrderAction(
    { ...order, fulfillmentStatus: order.fulfillmentStatus ?? 'picked_up' },
    'cancel',
  );
  return check.ok ? null : refuse(check.message, 'order_handed_over');
};
const OK: ActionCheck = { ok: true };

/** Whether `action` is allowed in the order's state; a refusal names the state (the API answers 409 with it). */
export function checkAdminAction(order: OrderState, action: AdminAction): ActionCheck {
  const { paymentStatus, orderStatus, deliveryFeeStatus, deliveryMethod } = order;
  switch (action) {
    case 'calculateDeliveryFee':
      // Entered once, then correctable (a typo) until the customer has paid.
      if (deliveryMethod !== 'delivery')
        return refuse('Cannot calculate delivery fee: this is a pickup order');
      if (deliveryFeeStatus === 'calculated' && paymentStatus !== 'pending')
        return refuse(`Cannot correct delivery fee: payment is ${paymentStatus}`);
      if (deliveryFeeStatus !== 'pending' && deliveryFeeStatus !== 'calculated')
        return refuse(
          `Cannot calculate delivery fee: delivery fee is already ${deliveryFeeStatus}`,
        );
      return OK;
    case 'confirmPayment':
      if (paymentStatus !== 'pending')
        return refuse(
          paymentStatus === 'cancelled'
            ? 'Cannot confirm payment: payment is cancelled'
            : `Cannot confirm payment: payment is already ${paymentStatus}`,
        );
      if (deliveryFeeStatus === 'pending')
        return refuse('Cannot confirm payment: delivery fee is still pending');
      return OK;
    case 'markComplete':
      if (orderStatus === 'complete')
        return refuse('Cannot mark complete: order is already complete');
      // Completed too: a fulfilled order put back in progress can be completed again.
      if (paymentStatus !== 'paid' && paymentStatus !== 'completed')
        return refuse(`Cannot mark complete: payment is ${paymentStatus}`);
      return OK;
    case 'markInProgress':
      if (orderStatus !== 'complete')
        return refuse(`Cannot mark in progress: order is already ${orderStatus}`);
      return OK;
    case 'cancel':
      if (paymentStatus === 'cancelled')
        return refuse('Cannot cancel order: payment is already cancelled');
      return handedOverRefusal(order) ?? OK;
    case 'viewPayment':
      if (!order.squarePaymentUrl)
        return refuse('Cannot view payment: the order has no payment link yet');
      return OK;
    case 'fulfill':
      if (paymentStatus === 'cancelled') return refuse('Cannot fulfill: order is cancelled');
      if (isFulfilled(order)) return refuse('Cannot fulfill: order is already fulfilled');
      return OK;
    case 'delete':
      if (order.paidAt || isPaidStatus(paymentStatus))
        return refuse('Cannot delete: the order is paid; archive it instead', 'order_paid');
      return OK;
    default:
      return refuse(`Unknown action: ${String(action)}`);
  }
}

/** The buttons to show for an order, in ADMIN_ACTIONS order. */
export function adminOrderActions(order: OrderState): AdminAction[] {
  return ADMIN_ACTIONS.filter((action) => checkAdminAction(order, action).ok);
}

export interface OrderStateChange {
  paymentStatus?: PaymentStatus;
  orderStatus?: OrderStatus;
  deliveryFeeStatus?: DeliveryFeeStatus;
}

/**
 * The status fields an allowed action changes. Fulfill completes the order and
 * turns a paid payment into completed; Delete and View Payment change no status.
 */
export function adminActionChanges(order: OrderState, action: AdminAction): OrderStateChange {
  switch (action) {
    case 'calculateDeliveryFee':
      return { deliveryFeeStatus: 'calculated' };
    case 'confirmPayment':
      return { paymentStatus: 'paid' };
    case 'markComplete':
      return { orderStatus: 'complete' };
    case 'markInProgress':
      // Also undoes Fulfill (the API clears fulfilledAt): the badge reads in progress.
      return { orderStatus: 'in progress' };
    case 'cancel':
      return { paymentStatus: 'cancelled' };
    case 'fulfill':
      return order.paymentStatus === 'paid'
        ? { orderStatus: 'complete', paymentStatus: 'completed' }
        : { orderStatus: 'complete' };
    default:
      return {};
  }
}

/**
 * Whether staff may set the payment status to `status` (PATCH /status): paid
 * is Confirm Payment, cancelled is Cancel Order; any other move must be in the
 * payment transition table (and, out of pending, pass Confirm Payment's
 * delivery-fee check).
 */
export function checkPaymentChange(order: OrderState, status: string): ActionCheck {
  if (status === 'paid') return checkAdminAction(order, 'confirmPayment');
  if (status === 'cancelled') return checkAdminAction(order, 'cancel');
  if (order.paymentStatus === 'pending') {
    const confirm = checkAdminAction(order, 'confirmPayment');
    if (!confirm.ok) return confirm;
  }
  return canTransition(PAYMENT_TRANSITIONS, order.paymentStatus, status)
    ? OK
    : refuse(`Cannot set payment to ${status}: payment is ${order.paymentStatus}`);
}

/** Whether staff may ask Square again for the order's payment link. */
export function checkPaymentLinkRetry(order: OrderState): ActionCheck {
  if (order.paymentStatus !== 'pending')
    return refuse(
      `A payment link is only made for an order whose payment is pending; this one is ${order.paymentStatus}`,
    );
  if (order.deliveryMethod === 'delivery' && order.deliveryFeeStatus === 'pending')
    return refuse('The delivery fee of this order is still pending; calculate it first');
  return OK;
}

/** Whether the detail offers "Retry payment link" (no link yet, and a retry is allowed). */
export function offersPaymentLinkRetry(order: OrderState): boolean {
  return !order.squarePaymentUrl && checkPaymentLinkRetry(order).ok;
}

/** Whether a delivery fee change is a correction of one already entered. */
export const isDeliveryFeeCorrection = (order: OrderState) =>
  order.deliveryMethod === 'delivery' && order.deliveryFeeStatus === 'calculated';

/** The question staff answer before an action that cannot be taken back or mails the customer. */
export function adminActionConfirmation(
  order: OrderState & { orderNumber?: string; customerName?: string; amountDue?: number },
  action: AdminAction,
): { title: string; text: string; confirm: string } | null {
  const which = order.orderNumber ? `order #${order.orderNumber}` : 'this order';
  const who = order.customerName ? ` (${order.customerName})` : '';
  switch (action) {
    case 'cancel':
      return {
        title: `Cancel ${which}?`,
        text:
          `Cancel ${which}${who}? The customer is e-mailed that the order is cancelled.` +
          (isPaidStatus(order.paymentStatus) ? ' This order is paid: refund it in Square.' : ''),
        confirm: 'Cancel Order',
      };
    case 'fulfill':
      return {
        title: 'Hand over this order?',
        text:
          `Mark ${which}${who} as handed over (fulfilled)?` +
          (order.paymentStatus === 'pending'
            ? ` ${order.amountDue ? formatDollars(order.amountDue) : 'The total'} is still due: take the payment with it.`
            : ' Nothing is e-mailed; use Mark Ready to tell the customer it is ready.'),
        confirm: 'Fulfill',
      };
    case 'delete':
      return {
        title: `Delete ${which}${who}?`,
        text: DELETE_ORDER_CONFIRM,
        confirm: 'Delete',
      };
    default:
      return null;
  }
}

const isPaid = isPaidStatus;

export type CustomerPaymentBadge = 'Paid' | 'Payment Pending' | 'Cancelled';

/**
 * The badge on a customer's order card. Deviation from the spec, on purpose:
 * the spec shows 'Paid' only for completed, so a customer who has paid (status
 * paid, not yet fulfilled) would read 'Payment Pending'. We show 'Paid' for
 * paid and completed, and 'Cancelled' for a cancelled order.
 */
export function customerPaymentBadge(status: string): CustomerPaymentBadge {
  if (isPaid(status)) return 'Paid';
  if (status === 'cancelled') return 'Cancelled';
  return 'Payment Pending';
}

/** The admin's payment badge: one label per status (completed, paid, pending, cancelled). */
export function adminPaymentBadge(status: string): string {
  switch (status) {
    case 'completed':
      return 'Completed';
    case 'paid':
      return 'Paid';
    case 'cancelled':
      return 'Cancelled';
    case 'pending':
      return 'Pending';
    default:
      return status;
  }
}

export type CustomerPaymentNotice = 'pay' | 'delivery_fee_pending' | 'processing';

export const CUSTOMER_NOTICE_TEXT = {
  delivery_fee_pending: {
    title: 'Delivery Fee Calculation Pending',
    text: 'Check back in 24 hours for payment link',
  },
  processing: { title: 'Payment Processing', text: 'Payment link is being generated' },
} as const;

/**
 * While payment is pending, exactly one of: the pay button (a link exists),
 * the delivery-fee notice (delivery whose fee is pending), or 'Payment
 * Processing'. Null once the payment is no longer pending.
 */
export function customerPaymentNotice(order: OrderState): CustomerPaymentNotice | null {
  if (order.paymentStatus !== 'pending') return null;
  if (order.squarePaymentUrl) return 'pay';
  if (order.deliveryMethod === 'delivery' && order.deliveryFeeStatus === 'pending')
    return 'delivery_fee_pending';
  return 'processing';
}

/** The value of `payment_method` when Square sends the customer back. */
export const PROVIDER_PAYMENT_METHOD = 'square';

export type ConfirmationState =
  'error' | 'processing' | 'payment_confirmed' | 'already_paid' | 'pending_payment' | 'pending';

export interface ConfirmationInput {
  /** The `status` query parameter: 'success', 'error' or absent. */
  status: string | null;
  paymentMethod: string | null;
  orderId: string | null;
  /** From the payment status answer, once loaded. */
  paymentStatus: string | null;
  paymentUrl: string | null;
}

/** Which payment state the confirmation page shows (spec section 4). */
export function confirmationState(input: ConfirmationInput): ConfirmationState {
  if (input.status === 'error') return 'error';
  if (!input.orderId) return 'pending';
  const fromProvider =
    input.status === 'success' &&
    (input.paymentMethod ?? '').toLowerCase() === PROVIDER_PAYMENT_METHOD;
  if (input.paymentStatus && isPaid(input.paymentStatus))
    return input.status === 'success' ? 'payment_confirmed' : 'already_paid';
  if (fromProvider && input.paymentStatus !== 'cancelled') return 'processing';
  if (input.paymentUrl && input.paymentStatus !== 'cancelled') return 'pending_payment';
  return 'pending';
}
