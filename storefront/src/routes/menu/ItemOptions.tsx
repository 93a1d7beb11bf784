// A product's choices (size, count or flavor, filling, add-in) as labelled selects:
// the menu's add-to-cart dialog and the order page's product rows.
import { useState } from 'react';
import {
  ADD_INS,
  CAKE_FILLINGS,
  defaultVariantId,
  formatCents,
  variantChoiceLabel,
  type MenuItem,
} from '@bakery/core';

export type OptionValues = { variantId: string; filling: string; addIn: string };

/** The preselected choices: the item's default size or count, the first filling, no add-in. */
export function defaultOptions(item: MenuItem): OptionValues {
  return {
    variantId: item.variants?.length ? (defaultVariantId(item) ?? item.variants[0]!.id) : '',
    filling: item.fillings ? (CAKE_FILLINGS[0]?.id ?? '') : '',
    addIn: '',
  };
}

/** The choices as a cart line stores them: null where the item has none. */
export function chosenOptions(item: MenuItem, values: OptionValues) {
  return {
    variantId: item.variants?.length ? values.variantId : null,
    filling: item.fillings ? values.filling : null,
    addIn: item.addIns ? values.addIn || null : null,
  };
}

/** The item's price for the chosen size or count. */
export const unitPriceOf = (item: MenuItem, values: OptionValues) =>
  item.variants?.find((v) => v.id === values.variantId)?.priceCents ?? item.priceCents;

/** The item's choices as the customer sets them, what a cart line stores, and the unit price. */
export function useItemOptions(item: MenuItem) {
  const [values, setValues] = useState(() => defaultOptions(item));
  return {
    values,
    setValues,
    chosen: chosenOptions(item, values),
    unitCents: unitPriceOf(item, values),
  };
}
export type ItemOptionsState = ReturnType<typeof useItemOptions>;

const ID_SUFFIX: Record<keyof OptionValues, string> = {
  variantId: 'variant',
  filling: 'filling',
  addIn: 'addin',
};

export function ItemOptions({
  item,
  idBase,
  state: { values, setValues: onChange },
  compact,
}: {
  item: MenuItem;
  /** Prefix of the selects' ids. */
  idBase: string;
  state: ItemOptionsState;
  /** The order page's product rows: compact fields, the add-in's label shorter. */
  compact?: boolean;
}) {
  const fieldClass = compact ? 'field compact' : 'field';
  const addInLabel = compact ? 'Add-in' : 'Add-in (optional)';
  const select = (key: keyof OptionValues, label: string, options: [string, string][]) => (
    <div className={fieldClass}>
      <label htmlFor={`${idBase}-${ID_SUFFIX[key]}`}>{label}</label>
      <select
        id={`${idBase}-${ID_SUFFIX[key]}`}
        value={values[key]}
        onChange={(e) => onChange({ ...values, [key]: e.target.value })}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {item.variants &&
        item.variants.length > 0 &&
        select(
          'variantId',
          variantChoiceLabel(item),
          item.variants.map((v) => [v.id, `${v.label} (${formatCents(v.priceCents)})`]),
        )}
      {item.fillings &&
        select(
          'filling',
          'Filling',
          CAKE_FILLINGS.map((f) => [f.id, f.label]),
        )}
      {item.addIns &&
        select('addIn', addInLabel, [
          ['', 'None'],
          ...ADD_INS.map((a): [string, string] => [a.id, a.label]),
        ])}
    </>
  );
}
