// The buttons of spec section 4: which ones a state allows, their labels, the
// questions asked first and the retry rule all come from core's lifecycle.
import {
  ADMIN_ACTION_LABELS,
  adminActionConfirmation,
  adminOrderActions,
  DELETE_ORDER_CONFIRM,
  type AdminAction,
  type OrderView,
} from '@bakery/core';

export type OrderButton = AdminAction;

export const BUTTON_LABELS = ADMIN_ACTION_LABELS;
export const DELETE_CONFIRM = DELETE_ORDER_CONFIRM;

export function orderButtons(order: OrderView): OrderButton[] {
  return adminOrderActions(order);
}

/** The question before a button, or null when it acts at once. */
export const confirmationFor = (order: OrderView, button: OrderButton) =>
  adminActionConfirmation(order, button);

/** Spec 9's note for staff; the fee itself is entered by hand. */
export const DELIVERY_PRICING_NOTE =
  'Delivery pricing: $5 flat for 5 to 10 miles, $1.50 per mile after 10 miles, measured from the bakery address. Enter the fee by hand.';
