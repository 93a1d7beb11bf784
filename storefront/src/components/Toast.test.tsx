import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import Toaster, { TOAST_CART_MS, TOAST_DEFAULT_MS, TOAST_SIGN_IN_MS, showToast } from './Toast';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the durations of spec section 9', () => {
    expect([TOAST_DEFAULT_MS, TOAST_CART_MS, TOAST_SIGN_IN_MS]).toEqual([5000, 3000, 4000]);
  });

  it('shows at most one toast: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => showToast({ title: 'Added to cart!', duration: TOAST_CART_MS }));
    act(() => showToast({ title: 'Please sign in', duration: TOAST_SIGN_IN_MS }));
    expect(screen.queryByText('Added to cart!')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Please sign in');
  });

  it('leaves after its duration, 5 seconds by default', () => {
    render(<Toaster />);
    act(() => showToast({ title: 'Logged out successfully', description: 'Come back soon!' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1);
    });
    expect(screen.getByText('Come back soon!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Come back soon!')).toBeNull();
  });

  it('announces errors as alerts', () => {
    render(<Toaster />);
    act(() =>
      showToast({ title: 'Error', description: 'Failed to log out', variant: 'destructive' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to log out');
  });
});
