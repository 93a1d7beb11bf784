import { adminPaymentBadge, fulfilmentBadge, type OrderView } from '@bakery/core';
import { Tag } from '../ui/blueprint';

function paymentIntent(status: string) {
  return status === 'completed' || status === 'paid'
    ? 'success'
    : status === 'cancelled'
      ? 'danger'
      : 'warning';
}

export function PaymentBadge({ status }: { status: string }) {
  return (
    <Tag intent={paymentIntent(status)} minimal round>
      {adminPaymentBadge(status)}
    </Tag>
  );
}

/** Fulfilled, complete or in progress: one badge, from core (never "fulfilled" beside "in progress"). */
export function FulfilmentBadge({ order }: { order: OrderView }) {
  const label = fulfilmentBadge(order);
  return (
    <Tag
      intent={label === 'fulfilled' ? 'success' : label === 'complete' ? 'primary' : 'none'}
      round
    >
      {label}
    </Tag>
  );
}
