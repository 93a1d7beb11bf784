import { useCallback, useId, useRef, useState } from 'react';
import { formatCents, getCategory, maxQuantityOf, type MenuItem } from '@bakery/core';
import { QuantityStepper } from '../../components/QuantityStepper';
import { useFocusTrap } from '../../components/useFocusTrap';
import { ItemOptions, useItemOptions } from './ItemOptions';
import { ItemAllergens } from '../../allergens/ItemAllergens';

export type AddSelection = {
  quantity: number;
  variantId: string | null;
  filling: string | null;
  addIn: string | null;
};

type Props = { item: MenuItem; onCancel: () => void; onAdd: (selection: AddSelection) => void };

export function AddToCartDialog({ item, onCancel, onAdd }: Props) {
  const max = maxQuantityOf(item);
  const [quantity, setQuantity] = useState(1);
  const options = useItemOptions(item);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onCancel(), [onCancel]);
  useFocusTrap(ref, close);
  const id = useId();

  const { unitCents } = options;
  const category = getCategory(item.category);
  const image = item.image || category?.image;
  // Items without a photo of their own show the category's picture: describe that one.
  const imageAlt =
    category && image === category.image ? category.imageAlt : item.imageAlt || item.name;

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <img className="dialog-image" src={image} alt={imageAlt} width={480} height={240} />
        <h2 id={`${id}-title`}>{item.name}</h2>
        <p id={`${id}-desc`}>{item.description}</p>
        <p className="price">
          {formatCents(unitCents)} <span className="muted">each</span>
        </p>
        <ItemOptions item={item} idBase={id} state={options} />
        <ItemAllergens productId={item.id} choice={options.chosen} />
        <div className="field">
          <label htmlFor={`${id}-qty`}>Quantity</label>
          <QuantityStepper
            id={`${id}-qty`}
            value={quantity}
            max={max}
            onChange={setQuantity}
            decreaseLabel="Decrease quantity"
            increaseLabel="Increase quantity"
            inputProps={{ 'data-autofocus': true }}
          />
          <p className="hint">Max: {max}</p>
        </div>
        <p className="dialog-total">
          Total: <strong data-testid="dialog-total">{formatCents(unitCents * quantity)}</strong>
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onAdd({ quantity, ...options.chosen })}
          >
            Add to Cart
          </button>
        </div>
      </div>
    </div>
  );
}
