import { adminPaymentBadge, fulfillmentBadge, isPaidStatus, type OrderView } from '@bakery/core';
import { Tag } from '../ui/blueprint';

function paymentIntent(status: string) {
  return isPaidStatus(status) ? 'success' : status === 'cancelled' ? 'danger' : 'warning';
}

export function PaymentBadge({ status }: { status: string }) {
  return (
    <Tag intent={paymentIntent(status)} minimal round>
      {adminPaymentBadge(status)}
    </Tag>
  );
}

const STATE_INTENTS: Partial<Record<string, 'success' | 'primary' | 'warning'>> = {
  ready: 'primary',
  out_for_delivery: 'primary',
  picked_up: 'success',
  delivered: 'success',
  baking: 'warning',
};

/**
 * The counter's state (core's order-state table): Received … Ready … Picked
 * up. A cancelled order shows none: its payment badge already says Cancelled.
 */
export function FulfillmentBadge({ order }: { order: OrderView }) {
  if (order.fulfillmentStatus === 'cancelled') return null;
  return (
    <Tag intent={STATE_INTENTS[order.fulfillmentStatus] ?? 'none'} round>
      {fulfillmentBadge(order)}
    </Tag>
  );
}
