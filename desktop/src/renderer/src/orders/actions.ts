// The buttons of spec section 4: which ones a state allows, their labels, the
// questions asked first and the retry rule all come from core's lifecycle.
import {
  ADMIN_ACTION_LABELS,
  adminActionConfirmation,
  adminOrderActions,
  availableOrderActions,
  moneyOfView,
  bakeryToday,
  DELETE_ORDER_CONFIRM,
  ORDER_ACTION_RULES,
  type AdminAction,
  type OrderView,
  isPaidStatus,
} from '@bakery/core';

/** The counter's own buttons (issue 23, core's orderState.ts) beside the spec's. */
export const COUNTER_BUTTONS = [
  'confirm',
  'startBaking',
  'markReady',
  'sendOut',
  'restore',
  'refund',
  'archive',
] as const;
export type CounterButton = (typeof COUNTER_BUTTONS)[number];
export type OrderButton = AdminAction | CounterButton;

export const BUTTON_LABELS: Readonly<Record<OrderButton, string>> = {
  ...ADMIN_ACTION_LABELS,
  ...(Object.fromEntries(COUNTER_BUTTONS.map((b) => [b, ORDER_ACTION_RULES[b].label])) as Record<
    CounterButton,
    string
  >),
};

/** The counter buttons the order's state allows now (restore: on the day of the cancel). */
export function counterButtons(order: OrderView, today = bakeryToday()): CounterButton[] {
  const allowed = availableOrderActions(
    { ...order, ...moneyOfView(order) },
    { today, cancelledDay: order.cancelledAt ? bakeryToday(new Date(order.cancelledAt)) : null },
  );
  const state = order.fulfillmentStatus;
  // One next step at a time, and Archive where Delete is not the answer (paid or done).
  const offered: Partial<Record<CounterButton, boolean>> = {
    confirm: state === 'received',
    startBaking: state === 'confirmed',
    archive:
      isPaidStatus(order.paymentStatus) || ['picked_up', 'delivered', 'cancelled'].includes(state),
  };
  return COUNTER_BUTTONS.filter((b) => allowed.includes(b) && offered[b] !== false);
}
export const DELETE_CONFIRM = DELETE_ORDER_CONFIRM;

export function orderButtons(order: OrderView): OrderButton[] {
  return adminOrderActions(order);
}

/** The question before a button, or null when it acts at once. */
export const confirmationFor = (order: OrderView, button: OrderButton) =>
  button === 'archive'
    ? {
        title: `Archive order #${order.orderNumber}?`,
        text: 'It leaves the desk’s lists and keeps its money and history (Status: Archived shows it).',
        confirm: 'Archive',
      }
    : (COUNTER_BUTTONS as readonly string[]).includes(button)
      ? null
      : adminActionConfirmation(order, button as AdminAction);

/** Spec 9's note for staff; the fee itself is entered by hand. */
export const DELIVERY_PRICING_NOTE =
  'Delivery pricing: $5 flat for 5 to 10 miles, $1.50 per mile after 10 miles, measured from the bakery address. Enter the fee by hand.';
