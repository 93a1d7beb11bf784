import { Link, Navigate } from 'react-router-dom';
import { formatDollars, formatLongDate, type OrderView } from '@bakery/core';
import { useMyOrders, useUser } from '../../api/queries';
import { Loading } from '../../components/Loading';
import { PaymentBadge, PaymentNotice } from './PaymentNotice';
import { ReviewForm } from './ReviewForm';

const money = (dollars: number | string) => formatDollars(dollars);

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
      <p>
        <strong>{order.deliveryMethod === 'delivery' ? 'Delivery' : 'Pickup'}:</strong>{' '}
        {order.pickupDate
          ? `${formatLongDate(order.pickupDate)} at ${order.pickupTime || 'TBD'}`
          : 'TBD'}
      </p>
      <ul className="order-items">
        {order.items.map((item, i) => (
          <li key={`${item.productId}-${i}`}>
            <span>
              {item.quantity} × {item.name}
              {item.variantLabel ? ` (${item.variantLabel})` : ''}
            </span>
            <span>{money(item.lineTotal ?? Number(item.price) * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="summary-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(order.subtotal)}</dd>
        </div>
        {fees
          .filter(([, v]) => v > 0)
          .map(([label, v]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{money(v)}</dd>
            </div>
          ))}
        <div className="summary-total">
          <dt>Total</dt>
          <dd>{money(order.total)}</dd>
        </div>
      </dl>
      {order.specialInstructions && (
        <p className="special">
          <strong>Special instructions:</strong> {order.specialInstructions}
        </p>
      )}
      <PaymentNotice order={order} />
    </li>
  );
}

export default function MyOrdersPage() {
  const { user, isLoading } = useUser();
  const orders = useMyOrders(Boolean(user));
  if (isLoading) return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
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
          <ReviewForm />
        </>
      )}
    </section>
  );
}
