import { NO_RUSH_FEE_DROP_NOTE, TAX_RATE, formatCents, type PricedOrder } from '@bakery/core';

/** One figure of the summary; its test id is `summary-<name>`. */
function Figure({
  label,
  name,
  cents,
  className,
}: {
  label: string;
  name: string;
  cents: number;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className="amount" data-testid={`summary-${name}`}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}

/** The live order summary: lines, subtotal, cake options, rush fee, tax, total (all from core's priceOrder). */
export function OrderSummary({
  priced,
  deliveryMethod,
  deliveryFeeKnown = false,
}: {
  priced: PricedOrder;
  deliveryMethod: 'pickup' | 'delivery';
  /** Issue 38: the owner's table sets the fee of the delivery ZIP (it is in the total, $0.00 too). */
  deliveryFeeKnown?: boolean;
}) {
  return (
    <div className="summary" aria-live="polite">
      {/* An empty cart is said once, by the cart lines above the summary. */}
      {priced.lines.length > 0 && (
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
        <Figure label="Subtotal" name="subtotal" cents={priced.subtotalCents} />
        {priced.cakeOptionsFeeCents > 0 && (
          <Figure label="Cake options" name="cake-options" cents={priced.cakeOptionsFeeCents} />
        )}
        {priced.rushFeeCents > 0 && (
          <Figure label="Rush fee" name="rush-fee" cents={priced.rushFeeCents} />
        )}
        {priced.rushFree && (
          <div>
            <dt>Rush fee</dt>
            <dd className="muted" data-figure="rush-free">
              {NO_RUSH_FEE_DROP_NOTE}
            </dd>
          </div>
        )}
        <Figure
          label={`Tax (${+(TAX_RATE * 100).toFixed(2)}%)`}
          name="tax"
          cents={priced.taxCents}
        />
        {deliveryMethod === 'delivery' &&
          (deliveryFeeKnown ? (
            // Issue 38: the owner's fee for this ZIP, already in the total.
            <Figure label="Delivery fee" name="delivery-fee" cents={priced.deliveryFeeCents} />
          ) : (
            <div>
              <dt>Delivery fee</dt>
              <dd className="muted">Calculated by our team after you order</dd>
            </div>
          ))}
        <Figure label="Total" name="total" cents={priced.totalCents} className="summary-total" />
      </dl>
    </div>
  );
}
