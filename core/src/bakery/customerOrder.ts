// What a customer reads about an order after submitting it (issue 14): one
// payment message when Square is not configured, and the order's progress.

/**
 * The one message everywhere (toast, My Orders, confirmation, e-mail) when
 * Square is not configured: what happens next, never how the shop is
 * configured (issue 24; staff screens say that).
 */
export const PAYMENT_NOT_CONFIGURED_NOTICE = {
  title: 'Order submitted for review',
  text: "We'll e-mail you a payment link after we review your order.",
} as const;

export type CustomerOrderStatus =
  'In progress' | 'Ready for pickup' | 'Ready for delivery' | 'Picked up' | 'Delivered';

/**
 * The order's progress in the customer's words: complete is picked up (or
 * delivered); fulfilled (the "ready" mail was sent) is ready; else in progress.
 */
export function customerOrderStatus(order: {
  orderStatus: string;
  fulfilledAt: string | null;
  deliveryMethod: string;
}): CustomerOrderStatus {
  const delivery = order.deliveryMethod === 'delivery';
  if (order.orderStatus === 'complete') return delivery ? 'Delivered' : 'Picked up';
  if (order.fulfilledAt) return delivery ? 'Ready for delivery' : 'Ready for pickup';
  return 'In progress';
}
