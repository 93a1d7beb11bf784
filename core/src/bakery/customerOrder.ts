// What a customer reads about an order after submitting it (issue 14): one
// payment message when Square is not configured, and the order's progress.

/** The one message everywhere (toast, My Orders, confirmation) when Square is not configured. */
export const PAYMENT_NOT_CONFIGURED_NOTICE = {
  title: 'Order submitted for review',
  text: 'Payment processing is not configured yet, so our team will contact you by email to arrange payment.',
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
