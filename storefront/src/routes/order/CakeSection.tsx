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
  const check = (key: 'hasWriting' | 'hasBows', text: string) => (
    <label className="check-row">
      <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} />{' '}
      {text}
    </label>
  );
  return (
    <section className="card order-section" aria-labelledby="cake-heading">
      <h2 id="cake-heading">3. Cake Customization</h2>
      {check('hasWriting', `Add writing (+${formatCents(CAKE_WRITING_FEE_CENTS)})`)}
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
      {check('hasBows', `Add bows (+${formatCents(CAKE_BOWS_FEE_CENTS)})`)}
    </section>
  );
}
