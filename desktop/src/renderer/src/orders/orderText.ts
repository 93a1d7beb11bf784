import type { OrderView } from '@bakery/core';

/** The cake's writing (issue 14's own field); older servers may not send it. */
export const writingOf = (order: OrderView): string | null =>
  (order as OrderView & { cakeWriting?: string | null }).cakeWriting ?? null;

/** "12 Oven Street, Tallahassee, FL 32301". */
export function addressOf(order: OrderView): string {
  return [
    order.deliveryAddress,
    order.deliveryCity,
    [order.deliveryState, order.deliveryZip].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
}

/** A tel: link target: the digits (and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;
