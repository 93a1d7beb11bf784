// "Order this every week" (issue 41): the order's lines, weekday and time as a
// standing order from its next date that is still open; then its page.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { bakeryToday, ROUTES, standingFirstDate, type OrderView } from '@bakery/core';
import { api, errorMessage } from '../../api/client';

export function StandingButton({ order }: { order: OrderView }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!order.pickupDate || order.standingOrderId) return null;
  async function start() {
    setBusy(true);
    setError(null);
    const delivery = order.deliveryMethod === 'delivery';
    try {
      const { standingOrder } = await api.call(ROUTES.createStandingOrder, {
        body: {
          items: order.items.map((line) => ({
            productId: line.productId,
            variant: line.variant,
            filling: line.filling,
            addIn: line.addIn,
            quantity: line.quantity,
          })),
          everyWeeks: 1,
          firstDate: standingFirstDate(order.pickupDate!, bakeryToday()),
          pickupTime: order.pickupTime,
          deliveryMethod: delivery ? 'delivery' : 'pickup',
          ...(delivery
            ? {
                deliveryAddress: order.deliveryAddress,
                deliveryCity: order.deliveryCity,
                deliveryState: order.deliveryState,
                deliveryZip: order.deliveryZip,
                deliveryInstructions: order.deliveryInstructions,
              }
            : {}),
        },
      });
      void navigate(`/standing-orders/${standingOrder.id}`);
    } catch (err) {
      setError(errorMessage(err, 'Could not start the standing order'));
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void start()}
        disabled={busy}
      >
        Order this every week<span className="sr-only"> (order #{order.orderNumber})</span>
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
