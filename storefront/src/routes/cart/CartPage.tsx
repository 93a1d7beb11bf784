// The cart view (issue 14): reachable from the navigation, it lists the lines
// with steppers, Remove, options and totals, and leads to the order form.
import { Link } from 'react-router-dom';
import { bakeryToday, formatCents, priceOrder } from '@bakery/core';
import { useUser } from '../../api/queries';
import { CartLines } from '../../cart/CartLines';
import { cartLines } from '../../cart/cartStorage';
import { useCartValue } from '../../cart/useCart';

export default function CartPage() {
  const { user } = useUser();
  const lines = useCartValue(cartLines);
  const priced = priceOrder(
    lines,
    { pickupDate: null, hasWriting: false, hasBows: false },
    bakeryToday(),
  );
  return (
    <section className="container page narrow cart-page">
      <header className="page-header">
        <h1>Your Cart</h1>
      </header>
      {lines.length === 0 ? (
        <div className="card center">
          <p>Your cart is empty.</p>
          <Link to="/menu" className="btn btn-primary">
            Browse the Menu
          </Link>
        </div>
      ) : (
        <div className="card">
          <CartLines lines={lines} priced={priced} idPrefix="cart" />
          <p className="cart-subtotal">
            <span>Subtotal</span>{' '}
            <strong className="amount" data-testid="cart-subtotal">
              {formatCents(priced.subtotalCents)}
            </strong>
          </p>
          <p className="muted">
            Tax, any rush fee and cake options are added on the order form, where you choose the
            date.
          </p>
          <div className="button-row">
            <Link to="/menu" className="btn btn-secondary">
              Keep Shopping
            </Link>
            <Link to={user ? '/order' : '/login'} className="btn btn-primary">
              {user ? 'Continue to Order' : 'Sign In to Order'}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
