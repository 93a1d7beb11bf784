import { describe, expect, it } from 'vitest';
import { customerOrderStatus, customerProgress } from './customerOrder';
import { reorderLines } from '../cart/cart';
import { MENU_ITEMS, maxQuantityOf } from '../catalogue/catalogue';

describe('the order as the customer reads it (issue 14)', () => {
  it('reads the counter state (issue 23): received, not "in progress", until staff act', () => {
    const base = { orderStatus: 'in progress', fulfilledAt: null, deliveryMethod: 'pickup' };
    expect(customerOrderStatus({ ...base, fulfillmentStatus: 'received' })).toBe('Received');
    expect(customerOrderStatus({ ...base, fulfillmentStatus: 'ready' })).toBe('Ready for pickup');
    expect(customerOrderStatus({ ...base, fulfillmentStatus: 'picked_up' })).toBe('Picked up');
    expect(customerOrderStatus({ ...base, fulfillmentStatus: 'cancelled' })).toBe('Cancelled');
  });

  it('lists the steps done, with their times', () => {
    const steps = customerProgress({
      deliveryMethod: 'pickup',
      fulfillmentStatus: 'ready',
      createdAt: '2026-11-20T15:00:00Z',
      readyAt: '2026-12-01T13:00:00Z',
      fulfilledAt: null,
      cancelledAt: null,
    });
    expect(steps.map((s) => [s.label, s.done, s.at])).toEqual([
      ['Received', true, '2026-11-20T15:00:00Z'],
      ['Confirmed', true, null],
      ['Baking', true, null],
      ['Ready for pickup', true, '2026-12-01T13:00:00Z'],
      ['Picked up', false, null],
    ]);
  });

  it('rows from before the table: received, then ready, then picked up or delivered', () => {
    const base = { orderStatus: 'in progress', fulfilledAt: null, deliveryMethod: 'pickup' };
    expect(customerOrderStatus(base)).toBe('Received');
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
