// 2. Select Products: each product adds a line (product + size or count +
// filling + add-in) to the cart; the summary below edits the lines.
import { useState } from 'react';
import {
  addedMessage,
  CATEGORIES,
  clampQuantity,
  formatCents,
  itemsInCategory,
  maxQuantityOf,
  productQuantity,
  type CategoryId,
  type MenuItem,
  type StoredCartLine,
} from '@bakery/core';
import { addToCart } from '../../cart/cartStorage';
import { TOAST_CART_MS, useToast } from '../../components/Toast';
import { chosenOptions, defaultOptions, ItemOptions, unitPriceOf } from '../menu/ItemOptions';
import { CategoryButtons } from '../menu/MenuPage';
import { fieldId } from './orderForm';

function ProductRow({ item, inCart }: { item: MenuItem; inCart: number }) {
  const toast = useToast();
  const max = maxQuantityOf(item);
  const [options, setOptions] = useState(() => defaultOptions(item));
  const [quantity, setQuantity] = useState(1);
  const unit = unitPriceOf(item, options);
  const base = `product-${item.id}`;

  function add() {
    const result = addToCart(item.id, quantity, chosenOptions(item, options));
    toast({
      title: result.added > 0 ? 'Added to cart!' : 'Cart unchanged',
      description: addedMessage(result, item.name, quantity),
      duration: TOAST_CART_MS,
      ...(result.added === 0 ? { variant: 'destructive' as const } : {}),
    });
    setQuantity(1);
  }

  return (
    <li className={`product-row${inCart > 0 ? ' selected' : ''}`}>
      <div className="product-row-name">
        <strong>{item.name}</strong> <span className="muted">{formatCents(unit)}</span>
        <span className="product-row-desc">{item.description}</span>
        {inCart > 0 && <span className="in-cart">In your cart: {inCart}</span>}
      </div>
      <div className="product-row-options">
        <ItemOptions
          item={item}
          idBase={base}
          values={options}
          onChange={setOptions}
          fieldClass="field compact"
          addInLabel="Add-in"
        />
        <div className="field compact">
          <label htmlFor={`${base}-qty`}>
            Quantity<span className="sr-only"> of {item.name}</span>
          </label>
          <input
            id={`${base}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            onChange={(e) => setQuantity(clampQuantity(e.target.value, max))}
          />
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={add}
          aria-label={`Add to Cart: ${item.name}`}
        >
          Add to Cart
        </button>
      </div>
    </li>
  );
}

export function ProductsSection({
  category,
  onCategory,
  lines,
}: {
  category: CategoryId;
  onCategory: (id: CategoryId) => void;
  lines: readonly StoredCartLine[];
}) {
  const current = CATEGORIES.find((c) => c.id === category)!;
  return (
    <section className="card order-section" aria-labelledby="products-heading">
      <h2 id="products-heading">2. Select Products</h2>
      <CategoryButtons value={category} onChange={onCategory} />
      <div className="category-banner" id={fieldId('items')} tabIndex={-1}>
        <img src={current.image} alt={current.imageAlt} width={160} height={120} loading="lazy" />
        <h3>{current.label}</h3>
      </div>
      <ul className="product-rows">
        {itemsInCategory(category).map((item) => (
          <ProductRow key={item.id} item={item} inCart={productQuantity(lines, item.id)} />
        ))}
      </ul>
    </section>
  );
}
