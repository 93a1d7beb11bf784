import { useMemo, useSyncExternalStore } from 'react';
import { CART_KEYS, CART_UPDATED, cartCount, readCartLines } from './cartStore';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CART_UPDATED, onChange);
  window.addEventListener('storage', onChange); // changes made in other tabs
  return () => {
    window.removeEventListener(CART_UPDATED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The cart's total item count, following this tab and others. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => cartCount(readCartLines()),
    () => 0,
  );
}

/** A value that changes on every cart change, to re-read storage. */
export function useCartVersion(): string {
  return useSyncExternalStore(
    subscribe,
    () => CART_KEYS.map((k) => localStorage.getItem(k) ?? '').join('|'),
    () => '',
  );
}

/** Re-reads something derived from the cart whenever it changes. */
export function useCartValue<T>(read: () => T): T {
  const version = useCartVersion();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => read(), [version]);
}
