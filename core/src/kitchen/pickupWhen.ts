// When an order is picked up (or delivered), as every screen, mail and label
// says it (issue 37): an order booked in one of the owner's windows shows the
// window ("8:00 AM – 10:00 AM"), any other its time ("10:00 AM"). The order
// stores the window's start as its pickupTime; the window is found again from
// the owner's windows of its date and fulfillment, so the rule lives here once.
import { formatLongDate, isDateString } from '../calendar/calendar';
import {
  windowForTime,
  windowLabel,
  windowsOn,
  type PickupWindowDef,
  type Fulfillment,
} from './windows';

/** What the texts need of an order (OrderView, a stored order, a mail's order). */
export interface PickupWhenOrder {
  pickupDate: string | null;
  pickupTime: string | null;
  /** 'delivery' or anything else (pickup). */
  deliveryMethod?: string | null;
}

/** The windows as the texts need them: the owner's windows, limits not needed. */
export type WindowShape = Pick<PickupWindowDef, 'weekday' | 'start' | 'end' | 'fulfillment'>;

const fulfillmentOf = (order: PickupWhenOrder): Fulfillment =>
  order.deliveryMethod === 'delivery' ? 'delivery' : 'pickup';

/** The owner's window the order's time falls in on its date, or null (no windows that day). */
export function orderWindow(
  order: PickupWhenOrder,
  windows: readonly WindowShape[],
): WindowShape | null {
  if (!order.pickupDate || !isDateString(order.pickupDate) || windows.length === 0) return null;
  const day = windowsOn(
    windows.map((w, i) => ({ id: String(i), limits: {}, ...w })),
    order.pickupDate,
    fulfillmentOf(order),
  );
  return windowForTime(day, order.pickupTime);
}

/** "8:00 AM – 10:00 AM" for an order in a window, else its time ("10:00 AM"); null without one. */
export function pickupTimeText(
  order: PickupWhenOrder,
  windows: readonly WindowShape[],
): string | null {
  const window = orderWindow(order, windows);
  if (window) return windowLabel(window);
  return order.pickupTime || null;
}

/**
 * The date and time in words: "December 5, 2026, 8:00 AM – 10:00 AM" in a
 * window, "December 5, 2026 at 10:00 AM" otherwise, with "a time to be
 * confirmed" / "date to be confirmed" for what is not chosen yet.
 */
export function pickupWhenText(order: PickupWhenOrder, windows: readonly WindowShape[]): string {
  const date = order.pickupDate ? formatLongDate(order.pickupDate) : 'date to be confirmed';
  const window = orderWindow(order, windows);
  if (window) return `${date}, ${windowLabel(window)}`;
  return `${date} at ${order.pickupTime || 'a time to be confirmed'}`;
}
