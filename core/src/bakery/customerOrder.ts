// What a customer reads about an order after submitting it (issue 14): one
// payment message when Square is not configured, and the order's progress.
import {
  customerSteps,
  FULFILLMENT_STATES,
  fulfillmentOf,
  type FulfillmentStatus,
} from '../lifecycle/orderState';

/**
 * The one message everywhere (toast, My Orders, confirmation, e-mail) when
 * Square is not configured: what happens next, never how the shop is
 * configured (issue 24; staff screens say that). Issue 38: never a payment
 * link that will not come: a pickup order is paid at pickup; for a delivery
 * the team gets in touch with the fee and how to pay.
 */
export const PAYMENT_NOT_CONFIGURED_NOTICE = {
  title: 'Order submitted for review',
  text: "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
  delivery: 'Our team will e-mail you the delivery fee and how to pay.',
  /** A delivery whose fee the checkout already added (the owner's fee table). */
  deliveryWithFee: 'Our team will e-mail you how to pay.',
} as const;

/** The notice's text for this order (pickup or delivery). */
export function paymentNotConfiguredText(order: {
  deliveryMethod: string;
  deliveryFeeStatus?: string | null;
}): string {
  if (order.deliveryMethod !== 'delivery') return PAYMENT_NOT_CONFIGURED_NOTICE.text;
  return order.deliveryFeeStatus === 'calculated'
    ? PAYMENT_NOT_CONFIGURED_NOTICE.deliveryWithFee
    : PAYMENT_NOT_CONFIGURED_NOTICE.delivery;
}

/** The order's progress in the customer's words (core's order-state table). */
export type CustomerOrderStatus = string;

/**
 * The order's progress in the customer's words: the counter's state from the
 * order-state table (Received, Confirmed, Baking, Ready for pickup, Out for
 * delivery, Picked up, Delivered, Cancelled). Rows without it read as before:
 * complete is picked up (or delivered), fulfilled is ready, else received.
 */
export function customerOrderStatus(order: {
  orderStatus: string;
  fulfilledAt: string | null;
  deliveryMethod: string;
  fulfillmentStatus?: string | null;
}): CustomerOrderStatus {
  if (order.fulfillmentStatus) return FULFILLMENT_STATES[fulfillmentOf(order)].customerLabel;
  const delivery = order.deliveryMethod === 'delivery';
  if (order.orderStatus === 'complete') return delivery ? 'Delivered' : 'Picked up';
  if (order.fulfilledAt) return delivery ? 'Out for delivery' : 'Ready for pickup';
  return 'Received';
}

/** The steps My Orders shows, each done or not, with its time where one is kept. */
export function customerProgress(order: {
  deliveryMethod: string;
  fulfillmentStatus: string;
  createdAt: string;
  readyAt: string | null;
  fulfilledAt: string | null;
  cancelledAt: string | null;
}): {
  state: FulfillmentStatus;
  label: string;
  done: boolean;
  current: boolean;
  at: string | null;
}[] {
  const current = fulfillmentOf(order);
  if (current === 'cancelled')
    return [
      { state: 'received', label: 'Received', done: true, current: false, at: order.createdAt },
      { state: 'cancelled', label: 'Cancelled', done: true, current: true, at: order.cancelledAt },
    ];
  const step = FULFILLMENT_STATES[current].step;
  const times: Partial<Record<FulfillmentStatus, string | null>> = {
    received: order.createdAt,
    ready: order.readyAt,
    out_for_delivery: order.readyAt,
    picked_up: order.fulfilledAt,
    delivered: order.fulfilledAt,
  };
  return customerSteps(order.deliveryMethod).map((state) => ({
    state,
    label: FULFILLMENT_STATES[state].customerLabel,
    done: FULFILLMENT_STATES[state].step <= step,
    current: state === current,
    at: FULFILLMENT_STATES[state].step <= step ? (times[state] ?? null) : null,
  }));
}
