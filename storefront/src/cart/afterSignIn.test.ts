import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_ITEMS } from '@bakery/core';
import { afterSignIn } from './afterSignIn';
import { cartLines, savePending } from './cartStorage';

const item = MENU_ITEMS[0]!;

describe('after sign-in', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes to the saved path and adds the pending item 100 ms later with its toast', () => {
    savePending({ productId: item.id, quantity: 2 }, '/menu');
    const navigate = vi.fn();
    const toast = vi.fn();
    afterSignIn(navigate, toast);
    expect(navigate).toHaveBeenCalledWith('/menu');
    expect(cartLines()).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(cartLines().map((l) => [l.productId, l.quantity])).toEqual([[item.id, 2]]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Item added to cart!',
      description: `2 ${item.name} added to your cart.`,
      duration: 3000,
    });
    expect(localStorage.getItem('pendingCartItems')).toBeNull();
    expect(localStorage.getItem('pendingRedirect')).toBeNull();
  });

  it('defaults to /my-orders and treats an unreadable pending item as absent', () => {
    localStorage.setItem('pendingCartItems', '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const navigate = vi.fn();
    const toast = vi.fn();
    afterSignIn(navigate, toast);
    vi.advanceTimersByTime(100);
    expect(navigate).toHaveBeenCalledWith('/my-orders');
    expect(toast).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    expect(cartLines()).toEqual([]);
  });
});
