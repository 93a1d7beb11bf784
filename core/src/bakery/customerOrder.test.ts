import { describe, expect, it } from 'vitest';
import { customerOrderStatus } from './customerOrder';
import { reorderLines } from '../cart/cart';
import { MENU_ITEMS, maxQuantityOf } from '../catalogue/catalogue';

describe('the order as the customer reads it (issue 14)', () => {
  it('is in progress, then ready (the ready mail), then picked up or delivered', () => {
    const base = { orderStatus: 'in progress', fulfilledAt: null, deliveryMethod: 'pickup' };
    expect(customerOrderStatus(base)).toBe('In progress');
    expect(customerOrderStatus({ ...base, fulfilledAt: '2026-12-01T15:00:00Z' })).toBe(
      'Ready for pickup',
    );
    expect(customerOrderStatus({ ...base, orderStatus: 'complete' })).toBe('Picked up');
    expect(
      customerOrderStatus({ ...base, deliveryMethod: 'delivery', orderStatus: 'complete' }),
    ).toBe('Delivered');
  });

  it('reorders the same lines, leaving out what the menu no longer has', () => {
    const bread = MENU_ITEMS.find((i) => !i.variants?.length)!;
    const { lines, skipped } = reorderLines([
      { productId: bread.id, quantity: 2 },
      { productId: 'retired-pie', quantity: 1 },
      { productId: bread.id, quantity: maxQuantityOf(bread) },
    ]);
    expect(skipped).toBe(1);
    expect(lines).toEqual([
      {
        productId: bread.id,
        quantity: maxQuantityOf(bread),
        variantId: null,
        filling: null,
        addIn: null,
      },
    ]);
  });
});
