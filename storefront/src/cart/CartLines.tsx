// The cart's lines with quantity steppers, Remove, option labels and totals:
// the cart view and the order summary edit the same lines (issue 14).
import {
  cartLineKey,
  cartLineOptions,
  formatCents,
  lineMaximum,
  type PricedOrder,
  type StoredCartLine,
} from '@bakery/core';
import { QuantityStepper } from '../components/QuantityStepper';
import { removeLine, setLineQuantity } from './cartStorage';

export function CartLines({
  lines,
  priced,
  idPrefix,
}: {
  lines: readonly StoredCartLine[];
  priced: PricedOrder;
  /** Keeps ids unique when two editors are on one page. */
  idPrefix: string;
}) {
  if (lines.length === 0) return <p className="muted">Your cart is empty.</p>;
  return (
    <ul className="cart-lines">
      {priced.lines.map((line, index) => {
        const stored = lines[index]!;
        const key = cartLineKey(stored);
        const max = lineMaximum(lines, key);
        const options = cartLineOptions(stored);
        const id = `${idPrefix}-${index}`;
        const label = `${line.name}${options.length ? ` (${options.join(', ')})` : ''}`;
        return (
          <li key={key} className="cart-line" data-testid="cart-line">
            <div className="cart-line-text">
              <strong>{line.name}</strong>
              {options.length > 0 && (
                <span className="cart-line-options">{options.join(' · ')}</span>
              )}
              <span className="muted">
                <span className="amount">{formatCents(line.unitPriceCents)}</span> each
              </span>
            </div>
            <QuantityStepper
              id={id}
              value={line.quantity}
              max={max}
              label={`Quantity of ${label}`}
              onChange={(q) => setLineQuantity(key, q)}
              decreaseLabel={`One fewer ${label}`}
              increaseLabel={`One more ${label}`}
              allowZero
            />
            <span className="cart-line-total amount">{formatCents(line.lineTotalCents)}</span>
            <button
              type="button"
              className="btn-link cart-line-remove"
              aria-label={`Remove ${label}`}
              onClick={() => removeLine(key)}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
