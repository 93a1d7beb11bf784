// An order as the customer reads it (My Orders and the confirmation page):
// progress, when and where, the lines with their options, the cake writing.
import {
  ADD_INS,
  bakeryAddressLine,
  BAKERY_INFO,
  CAKE_FILLINGS,
  customerOrderStatus,
  customerProgress,
  bakeryDateTime,
  formatDollars,
  pickupWhenText,
  ROUTES,
  routeUrl,
  type OrderView,
} from '@bakery/core';
import { usePickupWindows } from '../../api/queries';
import { OrderLineAllergens } from '../../allergens/OrderLineAllergens';

const optionLabel = (list: readonly { id: string; label: string }[], id: string | null) =>
  list.find((o) => o.id === id)?.label ?? id;

export function OrderStatusBadge({ order }: { order: OrderView }) {
  return <span className="status-badge">{customerOrderStatus(order)}</span>;
}

export function OrderFacts({ order }: { order: OrderView }) {
  const delivery = order.deliveryMethod === 'delivery';
  // Issue 37: an order booked in a window says the window.
  const windows = usePickupWindows().data ?? [];
  const when = order.pickupDate ? pickupWhenText(order, windows) : 'To be confirmed';
  const where = delivery
    ? [order.deliveryAddress, order.deliveryCity, order.deliveryState, order.deliveryZip]
        .filter(Boolean)
        .join(', ')
    : `${BAKERY_INFO.name}, ${bakeryAddressLine()}`;
  return (
    <dl className="order-facts">
      <div>
        <dt>Status:</dt>
        <dd>
          <OrderStatusBadge order={order} />
        </dd>
      </div>
      <div>
        <dt>{delivery ? 'Delivery:' : 'Pickup:'}</dt>
        <dd>{when}</dd>
      </div>
      <div>
        <dt>{delivery ? 'Deliver to:' : 'Pick up at:'}</dt>
        <dd>{where}</dd>
      </div>
      {order.pickupCode && order.fulfillmentStatus === 'ready' && (
        <div className="pickup-code">
          <dt>Pickup code:</dt>
          <dd>
            <strong data-testid="pickup-code">{order.pickupCode}</strong>
            <img
              src={routeUrl(ROUTES.myOrderPickupCode, { id: order.id })}
              width={96}
              height={96}
              alt={`QR code of pickup code ${order.pickupCode}`}
              loading="lazy"
            />
          </dd>
        </div>
      )}
      {order.refundDue > 0 && (
        <div>
          <dt>To be refunded:</dt>
          <dd className="amount">{formatDollars(order.refundDue)}</dd>
        </div>
      )}
      {order.amountDue > 0 && order.fulfillmentStatus !== 'cancelled' && (
        <div>
          <dt>Still due:</dt>
          <dd className="amount">
            {formatDollars(order.amountDue)}
            {order.received > 0 && (
              <span className="muted"> (for your change; pay it when you pick up your order)</span>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Where the order is: each step of core's order-state table, done or to come, with its time. */
export function OrderProgress({ order }: { order: OrderView }) {
  if (!order.fulfillmentStatus) return null;
  const steps = customerProgress(order);
  return (
    <ol className="order-progress" aria-label="Order progress">
      {steps.map((step) => (
        <li
          key={step.state}
          className={step.done ? 'done' : undefined}
          aria-current={step.current ? 'step' : undefined}
        >
          <span>{step.label}</span>
          {step.at && <time dateTime={step.at}>{bakeryDateTime(step.at)}</time>}
        </li>
      ))}
    </ol>
  );
}

export function OrderLines({ order }: { order: OrderView }) {
  return (
    <ul className="order-items">
      {order.items.map((item, i) => {
        const options = [
          item.variantLabel,
          item.filling ? `Filling: ${optionLabel(CAKE_FILLINGS, item.filling)}` : null,
          item.writing ? `Writing: “${item.writing}”` : null,
          item.addIn ? `Add-in: ${optionLabel(ADD_INS, item.addIn)}` : null,
        ].filter(Boolean);
        return (
          <li key={`${item.productId}-${i}`}>
            <span>
              {item.quantity} × {item.name}
              {options.length > 0 ? ` (${options.join(', ')})` : ''}
              <OrderLineAllergens line={item} />
            </span>
            <span className="amount">
              {formatDollars(item.lineTotal ?? Number(item.price) * item.quantity)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function CakeExtras({ order }: { order: OrderView }) {
  if (!order.cakeWriting && !order.cakeOptions?.hasBows) return null;
  return (
    <p className="special">
      {order.cakeWriting && (
        <>
          <strong>Writing on the cake:</strong> “{order.cakeWriting}”
        </>
      )}
      {order.cakeWriting && order.cakeOptions?.hasBows ? <br /> : null}
      {order.cakeOptions?.hasBows && <strong>With bows</strong>}
    </p>
  );
}
