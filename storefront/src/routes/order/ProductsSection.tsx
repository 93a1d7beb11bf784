// 2. Select Products: each product adds a line (product + size or count +
// filling + add-in) to the cart; the summary below edits the lines.
import { useState } from 'react';
import {
  ADD_INS,
  addedMessage,
  CAKE_FILLINGS,
  CATEGORIES,
  defaultVariantId,
  formatCents,
  itemsInCategory,
  maxQuantityOf,
  productQuantity,
  type CategoryId,
  type MenuItem,
  type StoredCartLine,
} from '@bakery/core';
import { addToCart } from '../../cart/cartStorage';
import { clampQuantity } from '../../components/quantity';
import { TOAST_CART_MS, useToast } from '../../components/Toast';
import { CategoryButtons } from '../menu/MenuPage';
import { fieldId } from './orderForm';

function ProductRow({ item, inCart }: { item: MenuItem; inCart: number }) {
  const toast = useToast();
  const max = maxQuantityOf(item);
  const isCake = item.category === 'cakes';
  const [variantId, setVariantId] = useState<string>(defaultVariantId(item) ?? '');
  const [filling, setFilling] = useState<string>(CAKE_FILLINGS[0]?.id ?? '');
  const [addIn, setAddIn] = useState<string>('');
  const [quantity, setQuantity] = useState(1);
  const unit = item.variants?.find((v) => v.id === variantId)?.priceCents ?? item.priceCents;
  const base = `product-${item.id}`;

  function add() {
    const result = addToCart(item.id, quantity, {
      variantId: item.variants?.length ? variantId : null,
      filling: item.fillings ? filling : null,
      addIn: item.addIns ? addIn || null : null,
    });
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
        {item.variants && item.variants.length > 0 && (
          <div className="field compact">
            <label htmlFor={`${base}-variant`}>{isCake ? 'Size' : 'Count'}</label>
            <select
              id={`${base}-variant`}
              value={variantId}
              onChange={(e) => setVariantId(e.target.value)}
            >
              {item.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label} ({formatCents(v.priceCents)})
                </option>
              ))}
            </select>
          </div>
        )}
        {item.fillings && (
          <div className="field compact">
            <label htmlFor={`${base}-filling`}>Filling</label>
            <select
              id={`${base}-filling`}
              value={filling}
              onChange={(e) => setFilling(e.target.value)}
            >
              {CAKE_FILLINGS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {item.addIns && (
          <div className="field compact">
            <label htmlFor={`${base}-addin`}>Add-in</label>
            <select id={`${base}-addin`} value={addIn} onChange={(e) => setAddIn(e.target.value)}>
              <option value="">None</option>
              {ADD_INS.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
        )}
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
