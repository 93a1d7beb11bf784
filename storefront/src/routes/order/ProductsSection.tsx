// 2. Select Products (spec "Order page" and "Order page cart"): each row's
// quantity (0 up to the product's maximum) and checkbox (1 or 0) set the cart
// line of that product with the row's chosen size, count, filling or add-in,
// at once: a quantity typed is a quantity ordered (issue 24). The summary
// below edits the same lines.
import {
  cartLineQuantity,
  formatCents,
  availabilityNote,
  itemAvailability,
  maxQuantityOf,
  productQuantity,
  type CategoryId,
  type MenuItem,
  type StoredCartLine,
  categoryBehaviour,
} from '@bakery/core';
import { setRowLine } from '../../cart/cartStorage';
import { ItemOptions, useItemOptions } from '../menu/ItemOptions';
import { CategoryButtons } from '../menu/MenuPage';
import { fieldId } from './orderForm';
import { ItemAllergens } from '../../allergens/ItemAllergens';
import { useShownCategory } from '../menu/useShownCategory';
import { MenuChangedNotice } from '../../components/MenuChanged';

/** A typed quantity: a whole number, 0 when empty or not a number. */
function typedQuantity(value: string): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function ProductRow({
  item,
  lines,
  leftNotice,
}: {
  item: MenuItem;
  lines: readonly StoredCartLine[];
  leftNotice?: (productId: string) => string | null;
}) {
  const few = leftNotice?.(item.id) ?? null;
  const options = useItemOptions(item);
  const { chosen } = options;
  const line = { productId: item.id, ...chosen };
  const quantity = cartLineQuantity(lines, { ...line, quantity: 0 });
  const inCart = productQuantity(lines, item.id);
  // The most this line may hold: the product's maximum less its other lines.
  const max = maxQuantityOf(item) - (inCart - quantity);
  const unit = options.unitCents;
  const base = `product-${item.id}`;
  // Issue 37: a sold-out item says the day it is back.
  const reason = availabilityNote(itemAvailability(item));
  const set = (q: number) => setRowLine({ ...line, quantity: Math.min(Math.max(q, 0), max) });

  return (
    <li className={`product-row${quantity > 0 ? ' selected' : ''}`}>
      <div className="product-row-name">
        <label className="check-row product-row-check" htmlFor={`${base}-check`}>
          <input
            id={`${base}-check`}
            type="checkbox"
            checked={quantity > 0}
            disabled={quantity === 0 && max < 1}
            onChange={(e) => set(e.target.checked ? 1 : 0)}
          />{' '}
          <strong>{item.name}</strong>
        </label>{' '}
        <span className="muted amount">{formatCents(unit)}</span>
        <span className="product-row-desc">{item.description}</span>
        {/* Issue 22: the pickup date then offers only the days it can be made. */}
        {reason && <span className="availability-note">{reason}</span>}
        <ItemAllergens productId={item.id} choice={chosen} />
        {few && <span className="few-left">{few}</span>}
        {inCart > quantity && (
          <span className="in-cart">
            In your cart: {inCart} (with other {categoryBehaviour(item.category).optionsWord})
          </span>
        )}
      </div>
      <div className="product-row-options">
        <ItemOptions item={item} idBase={base} state={options} compact />
        <div className="field compact">
          <label htmlFor={`${base}-qty`}>
            Quantity<span className="sr-only"> of {item.name}</span>
          </label>
          <input
            id={`${base}-qty`}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            value={quantity}
            aria-describedby={`${base}-max`}
            onChange={(e) => set(typedQuantity(e.target.value))}
          />
          <span id={`${base}-max`} className="hint">
            Max: {max}
          </span>
        </div>
      </div>
    </li>
  );
}

export function ProductsSection({
  category,
  onCategory,
  lines,
  leftNotice,
}: {
  category: CategoryId;
  onCategory: (id: CategoryId) => void;
  lines: readonly StoredCartLine[];
  /** Issue 25: "Only 4 left for Saturday" for the chosen date, or null. */
  leftNotice?: (productId: string) => string | null;
}) {
  const { current, allergens } = useShownCategory(category);
  return (
    <section className="card order-section" aria-labelledby="products-heading">
      <h2 id="products-heading">2. Select Products</h2>
      <MenuChangedNotice />
      <CategoryButtons value={category} onChange={onCategory} />
      {allergens.filter}
      <div className="category-banner" id={fieldId('items')} tabIndex={-1}>
        {current.image && (
          <img src={current.image} alt={current.imageAlt} width={160} height={120} loading="lazy" />
        )}
        <h3>{current.label}</h3>
      </div>
      <ul className="product-rows">
        {allergens.shown.map((item) => (
          <ProductRow key={item.id} item={item} lines={lines} leftNotice={leftNotice} />
        ))}
      </ul>
    </section>
  );
}
