// The buttons of spec section 4, as core's lifecycle allows them for a state.
import { adminOrderActions, type OrderView } from '@bakery/core';

export type OrderButton =
  | 'calculateDeliveryFee'
  | 'confirmPayment'
  | 'markComplete'
  | 'markInProgress'
  | 'cancelOrder'
  | 'viewPayment'
  | 'fulfill'
  | 'delete';

export const BUTTON_LABELS: Record<OrderButton, string> = {
  calculateDeliveryFee: 'Calculate Delivery Fee',
  confirmPayment: 'Confirm Payment',
  markComplete: 'Mark Complete',
  markInProgress: 'Mark In Progress',
  cancelOrder: 'Cancel Order',
  viewPayment: 'View Payment',
  fulfill: 'Fulfill',
  delete: 'Delete',
};

const ORDER: OrderButton[] = Object.keys(BUTTON_LABELS) as OrderButton[];

// Core names its actions; accept its ids in any casing ('markComplete',
// 'mark-complete', 'Mark Complete') so a spelling change there is harmless.
const BY_KEY: Record<string, OrderButton> = {};
for (const b of ORDER) {
  BY_KEY[b.toLowerCase()] = b;
  BY_KEY[BUTTON_LABELS[b].replace(/[^a-z]/gi, '').toLowerCase()] = b;
}
BY_KEY.cancel = 'cancelOrder';
BY_KEY.deliveryfee = 'calculateDeliveryFee';
BY_KEY.fulfil = 'fulfill';

export function orderButtons(order: OrderView): OrderButton[] {
  const raw = adminOrderActions(order as never) as unknown;
  const list = Array.isArray(raw) ? raw : [];
  const found = new Set<OrderButton>();
  for (const entry of list) {
    const name =
      typeof entry === 'string'
        ? entry
        : entry && typeof entry === 'object'
          ? String((entry as Record<string, unknown>).id ?? (entry as Record<string, unknown>).action ?? (entry as Record<string, unknown>).label ?? '')
          : '';
    const b = BY_KEY[name.replace(/[^a-z]/gi, '').toLowerCase()];
    if (b) found.add(b);
  }
  return ORDER.filter((b) => found.has(b));
}

export const DELETE_CONFIRM = 'Are you sure you want to delete this order? This action cannot be undone.';
