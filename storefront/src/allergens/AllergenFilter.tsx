// "Without:" (issue 26): checkboxes for the nine major allergens; the menu
// and the order page hide the items that contain a checked one (or whose
// allergens we do not know) and say how many they hide.
import { useId } from 'react';
import { ALLERGENS, type AllergenId } from '@bakery/core';
import './allergens.css';

export function AllergenFilter({
  value,
  onChange,
  hidden,
}: {
  value: readonly AllergenId[];
  onChange: (ids: AllergenId[]) => void;
  /** How many items of the shown category the filter hides. */
  hidden: number;
}) {
  const id = useId();
  return (
    <fieldset className="allergen-filter" aria-describedby={`${id}-status`}>
      <legend>Without:</legend>
      <div className="allergen-filter-options">
        {ALLERGENS.map((a) => (
          <label key={a.id} className="allergen-filter-option">
            <input
              type="checkbox"
              checked={value.includes(a.id)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? ALLERGENS.map((x) => x.id).filter((x) => x === a.id || value.includes(x))
                    : value.filter((x) => x !== a.id),
                )
              }
            />{' '}
            {a.filterLabel}
          </label>
        ))}
      </div>
      <p id={`${id}-status`} className="hint" role="status">
        {value.length === 0
          ? 'Check an allergen to hide the items that contain it.'
          : hidden > 0
            ? `${hidden} ${hidden === 1 ? 'item' : 'items'} hidden: ${hidden === 1 ? 'it contains' : 'they contain'} ${ALLERGENS.filter(
                (a) => value.includes(a.id),
              )
                .map((a) => a.filterLabel)
                .join(
                  ' or ',
                )}, or we have not listed ${hidden === 1 ? 'its' : 'their'} allergens yet.`
            : 'No item here is hidden.'}
      </p>
    </fieldset>
  );
}
