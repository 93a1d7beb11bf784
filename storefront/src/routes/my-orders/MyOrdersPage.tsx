import { Link, useNavigate } from 'react-router-dom';
import {
  formatDollars,
  formatLongDate,
  reorderLines,
  type OrderView,
  type UserView,
} from '@bakery/core';
import { useState } from 'react';
import { olderOrdersCursor, useMyOrders, useOlderOrders } from '../../api/queries';
import { replaceCart } from '../../cart/cartStorage';
import { draftFromOrder } from '../order/orderDraft';
import { Loading } from '../../components/Loading';
import { SignedIn } from '../../components/SignedIn';
import { TOAST_CART_MS, useToast } from '../../components/Toast';
import { CakeExtras, OrderFacts, OrderLines, OrderProgress } from './OrderDetails';
import { PaymentBadge, PaymentNotice } from './PaymentNotice';
import { ReviewForm } from './ReviewForm';
import { OrderChanges } from './SelfService';
import { StandingButton } from './StandingButton';

const money = (dollars: number | string) => formatDollars(dollars);

/** Reorder: the same lines back in the cart, priced again at today's prices. */
function ReorderButton({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const toast = useToast();
  function reorder() {
    const { lines, skipped } = reorderLines(order.items);
    replaceCart(lines);
    // Issue 38: the address comes back too (the order form reads the draft).
    if (order.userId) draftFromOrder(order.userId, order);
    toast({
      title: 'Cart refilled',
      description:
        `The items of order #${order.orderNumber} are in your cart at today's prices.` +
        (skipped > 0 ? ` ${skipped} item(s) are no longer on the menu.` : ''),
      duration: TOAST_CART_MS,
    });
    void navigate('/cart');
  }
  return (
    <button type="button" className="btn btn-secondary" onClick={reorder}>
      Reorder<span className="sr-only"> order #{order.orderNumber}</span>
    </button>
  );
}

export function OrderCard({ order }: { order: OrderView }) {
  // Spec: the fees show only when above 0.
  const fees: [string, number][] = [
    ['Cake options', Number(order.cakeOptionsFee)],
    ['Rush fee', Number(order.rushFee)],
    ['Delivery fee', Number(order.deliveryFee)],
    ['Tax', Number(order.tax)],
  ];
  return (
    <li className="card order-card" data-testid="order-card">
      <div className="order-card-head">
        <div>
          <h2>Order #{order.orderNumber}</h2>
          <p className="muted">Placed {formatLongDate(order.orderDate ?? order.createdAt)}</p>
        </div>
        <PaymentBadge status={order.paymentStatus} />
      </div>
      <OrderFacts order={order} />
      <OrderProgress order={order} />
      <OrderLines order={order} />
      <dl className="summary-totals">
        <div>
          <dt>Subtotal</dt>
          <dd className="amount">{money(order.subtotal)}</dd>
        </div>
        {fees
          .filter(([, v]) => v > 0)
          .map(([label, v]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="amount">{money(v)}</dd>
            </div>
          ))}
        <div className="summary-total">
          <dt>Total</dt>
          <dd className="amount">{money(order.total)}</dd>
        </div>
      </dl>
      <CakeExtras order={order} />
      {order.specialInstructions && (
        <p className="special">
          <strong>Special instructions:</strong> {order.specialInstructions}
        </p>
      )}
      <PaymentNotice order={order} />
      <OrderChanges order={order} />
      <div className="button-row">
        <ReorderButton order={order} />
        <StandingButton order={order} />
      </div>
    </li>
  );
}

/** "Show older orders": the server answers the latest orders; older ones come a page at a time. */
function OlderOrders({ cursor }: { cursor: string | null }) {
  const [asked, setAsked] = useState(false);
  const older = useOlderOrders(cursor, asked);
  if (cursor === null) return null;
  const orders = older.data?.pages.flat() ?? [];
  const more = !asked || older.hasNextPage;
  const busy = older.isFetching;
  return (
    <>
      {orders.length > 0 && (
        <ul className="order-list" aria-label="Older orders">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </ul>
      )}
      {older.isError && <p className="error-text">Failed to load older orders</p>}
      {more && (
        <div className="button-row">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => (asked ? void older.fetchNextPage() : setAsked(true))}
          >
            {busy ? 'Loading older orders...' : 'Show older orders'}
          </button>
        </div>
      )}
    </>
  );
}

export default function MyOrdersPage() {
  return <SignedIn page={(user) => <MyOrders user={user} />} />;
}

function MyOrders({ user }: { user: UserView }) {
  const orders = useMyOrders(true);
  return (
    <section className="container page">
      <header className="page-header">
        <h1>My Orders</h1>
        <p className="lead">Hello, {user.firstName}!</p>
      </header>
      {orders.isLoading ? (
        <Loading text="Loading your orders..." />
      ) : orders.isError ? (
        <p className="error-text">Failed to load orders</p>
      ) : !orders.data || orders.data.length === 0 ? (
        <div className="card center">
          <h2>No orders yet</h2>
          <Link to="/order" className="btn btn-primary">
            Place Your First Order
          </Link>
        </div>
      ) : (
        <>
          <ul className="order-list">
            {orders.data.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </ul>
          <OlderOrders cursor={olderOrdersCursor(orders.data)} />
          <ReviewForm />
        </>
      )}
    </section>
  );
}
