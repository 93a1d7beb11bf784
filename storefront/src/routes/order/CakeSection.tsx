// 3. Cake Customization: writing (its own field, up to MAX_CAKE_WRITING
// characters, apart from the special instructions) and bows.
import {
  CAKE_BOWS_FEE_CENTS,
  CAKE_WRITING_FEE_CENTS,
  formatCents,
  MAX_CAKE_WRITING,
} from '@bakery/core';
import { fieldId, type OrderFormState, type SetField } from './orderForm';

export function CakeSection({ form, set }: { form: OrderFormState; set: SetField }) {
  return (
    <section className="card order-section" aria-labelledby="cake-heading">
      <h2 id="cake-heading">3. Cake Customization</h2>
      <label className="check-row">
        <input
          type="checkbox"
          checked={form.hasWriting}
          onChange={(e) => set('hasWriting', e.target.checked)}
        />{' '}
        Add writing (+{formatCents(CAKE_WRITING_FEE_CENTS)})
      </label>
      {form.hasWriting && (
        <div className="field">
          <label htmlFor={fieldId('cakeWriting')}>Writing on the cake</label>
          <input
            id={fieldId('cakeWriting')}
            maxLength={MAX_CAKE_WRITING}
            aria-describedby="cake-writing-hint"
            value={form.cakeWriting}
            onChange={(e) => set('cakeWriting', e.target.value)}
          />
          <p id="cake-writing-hint" className="hint">
            Up to {MAX_CAKE_WRITING} characters ({form.cakeWriting.length} used).
          </p>
        </div>
      )}
      <label className="check-row">
        <input
          type="checkbox"
          checked={form.hasBows}
          onChange={(e) => set('hasBows', e.target.checked)}
        />{' '}
        Add bows (+{formatCents(CAKE_BOWS_FEE_CENTS)})
      </label>
    </section>
  );
}
