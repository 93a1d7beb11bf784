import { badgeText } from '../cart/cartStore';

/** The nav cart badge: total items, 99+ above 99, zero when signed out. */
export function CartBadge({ count, signedIn }: { count: number; signedIn: boolean }) {
  const shown = signedIn ? count : 0;
  return (
    <span className="cart-badge" data-testid="cart-badge" aria-label={`${shown} items in cart`}>
      {badgeText(shown)}
    </span>
  );
}
