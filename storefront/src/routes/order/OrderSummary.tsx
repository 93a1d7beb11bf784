import { TAX_RATE, formatCents, type PricedOrder } from '@bakery/core';

/** The live order summary: lines, subtotal, cake options, rush fee, tax, total (all from core's priceOrder). */
export function OrderSummary({
  priced,
  deliveryMethod,
}: {
  priced: PricedOrder;
  deliveryMethod: 'pickup' | 'delivery';
}) {
  return (
    <div className="summary" aria-live="polite">
      {priced.lines.length === 0 ? (
        <p className="muted">Your cart is empty.</p>
      ) : (
        <ul className="summary-lines">
          {priced.lines.map((l, index) => (
            <li key={`${l.productId}-${index}`}>
              <span>
                {l.quantity} × {l.name}
                {l.variantLabel ? ` (${l.variantLabel})` : ''}
              </span>
              <span className="amount">{formatCents(l.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="summary-totals">
        <div>
          <dt>Subtotal</dt>
          <dd className="amount" data-testid="summary-subtotal">
            {formatCents(priced.subtotalCents)}
          </dd>
        </div>
        {priced.cakeOptionsFeeCents > 0 && (
          <div>
            <dt>Cake options</dt>
            <dd className="amount" data-testid="summary-cake-options">
              {formatCents(priced.cakeOptionsFeeCents)}
            </dd>
          </div>
        )}
        {priced.rushFeeCents > 0 && (
          <div>
            <dt>Rush fee</dt>
            <dd className="amount" data-testid="summary-rush-fee">
              {formatCents(priced.rushFeeCents)}
            </dd>
          </div>
        )}
        <div>
          <dt>Tax ({+(TAX_RATE * 100).toFixed(2)}%)</dt>
          <dd className="amount" data-testid="summary-tax">
            {formatCents(priced.taxCents)}
          </dd>
        </div>
        {deliveryMethod === 'delivery' && (
          <div>
            <dt>Delivery fee</dt>
            <dd className="muted">Calculated by our team after you order</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
          <dd className="amount" data-testid="summary-total">
            {formatCents(priced.totalCents)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
