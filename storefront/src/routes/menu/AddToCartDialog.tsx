import { useCallback, useId, useRef, useState } from 'react';
import {
  ADD_INS,
  CAKE_FILLINGS,
  defaultVariantId,
  formatCents,
  getCategory,
  maxQuantityOf,
  type MenuItem,
} from '@bakery/core';
import { QuantityStepper } from '../../components/QuantityStepper';
import { useFocusTrap } from '../../components/useFocusTrap';

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
  const [variantId, setVariantId] = useState<string | null>(
    item.variants?.length ? (defaultVariantId(item) ?? item.variants[0].id) : null,
  );
  const [filling, setFilling] = useState<string | null>(
    item.fillings ? (CAKE_FILLINGS[0]?.id ?? null) : null,
  );
  const [addIn, setAddIn] = useState<string>('');
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onCancel(), [onCancel]);
  useFocusTrap(ref, close);
  const id = useId();

  const unitCents = item.variants?.find((v) => v.id === variantId)?.priceCents ?? item.priceCents;
  const variantLabel = item.category === 'cakes' ? 'Size' : 'Count';
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
        {item.variants && item.variants.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-variant`}>{variantLabel}</label>
            <select
              id={`${id}-variant`}
              value={variantId ?? ''}
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
          <div className="field">
            <label htmlFor={`${id}-filling`}>Filling</label>
            <select
              id={`${id}-filling`}
              value={filling ?? ''}
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
          <div className="field">
            <label htmlFor={`${id}-addin`}>Add-in (optional)</label>
            <select id={`${id}-addin`} value={addIn} onChange={(e) => setAddIn(e.target.value)}>
              <option value="">None</option>
              {ADD_INS.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
        )}
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
            onClick={() =>
              onAdd({
                quantity,
                variantId,
                filling,
                addIn: addIn || null,
              })
            }
          >
            Add to Cart
          </button>
        </div>
      </div>
    </div>
  );
}
