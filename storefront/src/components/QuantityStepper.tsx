// The − / number / + control of the add-to-cart dialog and the cart's lines.
// Typing clamps at once (spec section 5: not a number is 1, then 1..max); an
// emptied field may stay empty while the customer types and shows the
// quantity again on leaving it.
import { useState, type InputHTMLAttributes } from 'react';
import { clampQuantity } from '@bakery/core';

type Props = {
  /** The number field's id (its <label> may be outside, see `label`). */
  id: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  /** The buttons' accessible names. */
  decreaseLabel: string;
  increaseLabel: string;
  /** A visually hidden label inside the control, which then is a named group. */
  label?: string;
  /** The − button below 1 (the cart removes its line at 0). */
  allowZero?: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { 'data-autofocus'?: boolean };
};

export function QuantityStepper({
  id,
  value,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
  label,
  allowZero = false,
  inputProps,
}: Props) {
  // What the field shows: the quantity, or '' while the customer retypes it.
  const [empty, setEmpty] = useState(false);
  return (
    <div className="stepper" {...(label ? { role: 'group', 'aria-label': label } : {})}>
      <button
        type="button"
        className="stepper-button"
        aria-label={decreaseLabel}
        disabled={!allowZero && value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      {label && (
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
      )}
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        {...inputProps}
        value={empty ? '' : value}
        onChange={(e) => {
          setEmpty(e.target.value === '');
          onChange(clampQuantity(e.target.value, max));
        }}
        onBlur={() => setEmpty(false)}
      />
      <button
        type="button"
        className="stepper-button"
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
