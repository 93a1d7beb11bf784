// An item's allergens as the owner states them (issue 38): the ingredients
// as printed, and what it contains and may contain among the major
// allergens. Live on publish; an item with a costed recipe linked takes its
// facts from the recipe instead, and the fields say so.
import { ALLERGENS, type AllergenId } from '@bakery/core';
import { Callout, Checkbox, FormGroup, TextArea } from '../ui/blueprint';

export interface StatedFacts {
  ingredients: string;
  contains: AllergenId[];
  mayContain: AllergenId[];
}

export function AllergenFields({
  id,
  value,
  onChange,
  recipeLinked,
  disabled,
}: {
  id: string;
  value: StatedFacts;
  onChange(value: StatedFacts): void;
  recipeLinked: boolean;
  disabled?: boolean;
}) {
  const toggle = (key: 'contains' | 'mayContain', allergen: AllergenId, on: boolean) => {
    const list = on ? [...value[key], allergen] : value[key].filter((a) => a !== allergen);
    const next = { ...value, [key]: ALLERGENS.map((a) => a.id).filter((a) => list.includes(a)) };
    // An allergen it contains is not also one it "may contain".
    if (key === 'contains' && on) next.mayContain = next.mayContain.filter((a) => a !== allergen);
    if (key === 'mayContain' && on) next.contains = next.contains.filter((a) => a !== allergen);
    onChange(next);
  };
  return (
    <fieldset className="menu-allergens" disabled={disabled}>
      <legend>Ingredients and allergens</legend>
      {recipeLinked && (
        <Callout intent="primary" className="menu-allergens-recipe">
          A costed recipe is linked to this item: customers and labels see the ingredients and
          allergens rolled up from it (Kitchen → Recipes and Allergens), not what is typed here.
        </Callout>
      )}
      {!recipeLinked && !value.ingredients.trim() && (
        <p className="muted">
          Without ingredients, customers read &quot;Ask us about allergens&quot; and the allergen
          filters hide the item.
        </p>
      )}
      <FormGroup
        label="Ingredients (as printed, separated by commas)"
        labelFor={`${id}-ingredients`}
      >
        <TextArea
          id={`${id}-ingredients`}
          fill
          rows={3}
          value={value.ingredients}
          onChange={(e) => onChange({ ...value, ingredients: e.currentTarget.value })}
        />
      </FormGroup>
      {(['contains', 'mayContain'] as const).map((key) => (
        <fieldset key={key} className="menu-allergen-list">
          <legend>{key === 'contains' ? 'Contains' : 'May contain'}</legend>
          {ALLERGENS.map((a) => (
            <Checkbox
              key={a.id}
              inline
              label={a.label}
              aria-label={`${key === 'contains' ? 'Contains' : 'May contain'} ${a.label.toLowerCase()}`}
              checked={value[key].includes(a.id)}
              onChange={(e) => toggle(key, a.id, e.currentTarget.checked)}
            />
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
