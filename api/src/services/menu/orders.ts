// The live catalogue's availability applied to an order (issue 22): an item
// that cannot be made on the pickup day is refused with a 409
// item_unavailable whose message names the item and the day.
import { getMenuItem, unavailableMessage, unavailableReason } from '@bakery/core';
import { conflict } from '../../errors.js';

export function assertAvailableOn(
  productIds: readonly string[],
  date: string | null | undefined,
): void {
  if (!date) return;
  for (const id of new Set(productIds)) {
    const item = getMenuItem(id);
    if (!item) continue; // unknown products are PricingError's (400)
    const reason = unavailableReason(item, date);
    if (reason) throw conflict(unavailableMessage(item.name, date, reason), 'item_unavailable');
  }
}
