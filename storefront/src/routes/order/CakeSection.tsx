// 3. Cake Customization: writing (its own field, up to MAX_CAKE_WRITING
// characters, apart from the special instructions) and bows. With several
// cakes in the cart, each cake gets its own writing field (issue 24); the
// first one written is the order's writing the checklist asks for.
import {
  CAKE_BOWS_FEE_CENTS,
  CAKE_WRITING_FEE_CENTS,
  cakeLineKey,
  formatCents,
  isCakeLine,
  MAX_CAKE_WRITING,
  type PricedLine,
} from '@bakery/core';
import { fieldId, type OrderFormState, type SetField } from './orderForm';

function WritingField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        maxLength={MAX_CAKE_WRITING}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        Up to {MAX_CAKE_WRITING} characters ({value.length} used).
      </p>
    </div>
  );
}

export function CakeSection({
  form,
  set,
  lines,
}: {
  form: OrderFormState;
  set: SetField;
  /** The priced cart: its cake lines each get a writing field when there are several. */
  lines: readonly PricedLine[];
}) {
  const check = (key: 'hasWriting' | 'hasBows', text: string) => (
    <label className="check-row">
      <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} />{' '}
      {text}
    </label>
  );
  const cakes = lines.filter(isCakeLine);
  const several = cakes.length > 1;
  /** One cake's writing; the order's writing is the first one written. */
  const writeOn = (key: string, value: string) => {
    const next = { ...form.lineWriting, [key]: value };
    set('lineWriting', next);
    const first = cakes.map((c) => next[cakeLineKey(c)]?.trim() ?? '').find((t) => t !== '');
    set('cakeWriting', first ?? '');
  };
  return (
    <section className="card order-section" aria-labelledby="cake-heading">
      <h2 id="cake-heading">3. Cake Customization</h2>
      {check('hasWriting', `Add writing (+${formatCents(CAKE_WRITING_FEE_CENTS)})`)}
      {form.hasWriting && !several && (
        <WritingField
          id={fieldId('cakeWriting')}
          label="Writing on the cake"
          value={form.cakeWriting}
          onChange={(value) => set('cakeWriting', value)}
        />
      )}
      {form.hasWriting && several && (
        <fieldset className="writing-per-cake">
          <legend>Writing on each cake (leave one blank for no writing)</legend>
          {cakes.map((cake, index) => {
            const key = cakeLineKey(cake);
            return (
              <WritingField
                key={key}
                // The first field takes the checklist's focus for "Enter the writing".
                id={index === 0 ? fieldId('cakeWriting') : fieldId(`cakeWriting-${index}`)}
                label={`Writing on the ${cake.name}${cake.variantLabel ? ` (${cake.variantLabel})` : ''}`}
                value={form.lineWriting[key] ?? ''}
                onChange={(value) => writeOn(key, value)}
              />
            );
          })}
        </fieldset>
      )}
      {check('hasBows', `Add bows (+${formatCents(CAKE_BOWS_FEE_CENTS)})`)}
    </section>
  );
}
