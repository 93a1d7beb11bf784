import { describe, expect, it } from 'vitest';
import { MENU_ITEMS } from '@bakery/core';
import { act, render, screen } from '@testing-library/react';
import { addToCart, badgeText } from '../cart/cartStorage';
import { useCartCount } from '../cart/useCart';
import { CartBadge } from './CartBadge';

function LiveBadge() {
  return <CartBadge count={useCartCount()} signedIn />;
}

describe('cart badge', () => {
  it('shows 99+ above 99 and zero when signed out', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    const { rerender } = render(<CartBadge count={150} signedIn />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
    rerender(<CartBadge count={150} signedIn={false} />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('0');
  });

  it('follows cartUpdated in this tab and storage events from other tabs', () => {
    render(<LiveBadge />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('0');
    act(() => void addToCart(MENU_ITEMS[0]!.id, 3));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    act(() => {
      // Another tab wrote the cart: only the storage event fires here.
      localStorage.setItem('cart', JSON.stringify({ a: 60, b: 45 }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
  });
});
