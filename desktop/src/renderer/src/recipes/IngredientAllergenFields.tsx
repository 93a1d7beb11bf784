// The allergen part of Add / Edit Ingredient (issue 26): the nine major
// allergens it contains (tree nuts named), what it may contain, gluten (oats:
// certified gluten-free or not), the label name with sub-ingredients and the
// grams in one unit when the unit is not a weight.
import {
  ALLERGENS,
  GLUTEN_KINDS,
  GLUTEN_LABELS,
  isWeightUnit,
  type AllergenId,
  type GlutenKind,
  type IngredientView,
} from '@bakery/core';
import { Checkbox, FormGroup, HTMLSelect } from '../ui/blueprint';
import { TextField } from '../ui/fields';
import '../allergens/allergens.css';

export interface AllergenForm {
  allergens: AllergenId[];
  treeNuts: string;
  mayContain: AllergenId[];
  gluten: GlutenKind;
  labelName: string;
  gramsPerUnit: string;
}

export const emptyAllergens: AllergenForm = {
  allergens: [],
  treeNuts: '',
  mayContain: [],
  gluten: 'none',
  labelName: '',
  gramsPerUnit: '',
};

export const toAllergenForm = (
  i: Pick<
    IngredientView,
    'allergens' | 'treeNuts' | 'mayContain' | 'gluten' | 'labelName' | 'gramsPerUnit'
  >,
): AllergenForm => ({
  allergens: i.allergens,
  treeNuts: i.treeNuts.join(', '),
  mayContain: i.mayContain,
  gluten: i.gluten,
  labelName: i.labelName ?? '',
  gramsPerUnit: i.gramsPerUnit === null ? '' : String(i.gramsPerUnit),
});

export const allergenPayload = (f: AllergenForm) => ({
  allergens: f.allergens,
  treeNuts: f.allergens.includes('tree-nuts')
    ? f.treeNuts
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : [],
  mayContain: f.mayContain.filter((id) => !f.allergens.includes(id)),
  gluten: f.gluten,
  labelName: f.labelName.trim() || null,
  gramsPerUnit: f.gramsPerUnit.trim() === '' ? null : Number(f.gramsPerUnit),
});

const toggle = (list: AllergenId[], id: AllergenId, on: boolean) =>
  on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);

/** A fieldset of allergen checkboxes, its error (if any) under them. */
function AllergenChecks({
  legend,
  idPrefix,
  offered,
  checked,
  onChange,
  error,
}: {
  legend: string;
  idPrefix: string;
  offered: readonly { id: AllergenId; label: string }[];
  checked: AllergenId[];
  onChange(id: AllergenId, on: boolean): void;
  error?: string;
}) {
  return (
    <fieldset className="allergen-fieldset">
      <legend>{legend}</legend>
      <div className="allergen-checks">
        {offered.map((a) => (
          <Checkbox
            key={a.id}
            id={`${idPrefix}-${a.id}`}
            label={a.label}
            checked={checked.includes(a.id)}
            onChange={(e) => onChange(a.id, e.currentTarget.checked)}
          />
        ))}
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

export function IngredientAllergenFields<F extends AllergenForm & { unit: string }>({
  form: f,
  setForm,
  errors,
}: {
  form: F;
  setForm(update: (previous: F) => F): void;
  errors: Record<string, string>;
}) {
  const weightUnit = isWeightUnit(f.unit);
  // Each list and text field writes its own key of the form, and shows its own error.
  const toggleIn = (key: 'allergens' | 'mayContain') => (id: AllergenId, on: boolean) =>
    setForm((p) => ({ ...p, [key]: toggle(p[key], id, on) }));
  const textOf = (key: 'treeNuts' | 'labelName' | 'gramsPerUnit') => ({
    id: `ingredient-${key}`,
    value: f[key],
    onChange: (v: string) => setForm((p) => ({ ...p, [key]: v })),
    error: errors[key],
  });
  return (
    <>
      <AllergenChecks
        legend="Contains (major allergens)"
        idPrefix="ingredient-contains"
        offered={ALLERGENS}
        checked={f.allergens}
        onChange={toggleIn('allergens')}
        error={errors.allergens}
      />
      {f.allergens.includes('tree-nuts') && (
        <TextField
          {...textOf('treeNuts')}
          label="Tree nuts, named (comma between)"
          placeholder="Almonds, Pecans"
        />
      )}
      <AllergenChecks
        legend="May contain (shared equipment, supplier warning)"
        idPrefix="ingredient-may"
        offered={ALLERGENS.filter((a) => !f.allergens.includes(a.id))}
        checked={f.mayContain}
        onChange={toggleIn('mayContain')}
      />
      <FormGroup label="Gluten" labelFor="ingredient-gluten" helperText={errors.gluten}>
        <HTMLSelect
          id="ingredient-gluten"
          value={f.gluten}
          onChange={(e) => {
            const gluten = e.currentTarget.value as GlutenKind;
            setForm((p) => ({ ...p, gluten }));
          }}
          options={GLUTEN_KINDS.map((k) => ({ value: k, label: GLUTEN_LABELS[k] }))}
        />
      </FormGroup>
      <TextField
        {...textOf('labelName')}
        label="Name on labels, with sub-ingredients"
        placeholder="Gluten-free flour blend (brown rice flour, sorghum flour, tapioca starch)"
      />
      <TextField
        {...textOf('gramsPerUnit')}
        label={`Grams in one ${f.unit.trim() || 'unit'}`}
        type="number"
        min={0}
        step="0.1"
        hint={
          weightUnit
            ? 'Not needed: the unit is a weight.'
            : 'Needed to order the label’s ingredients by weight (e.g. 50 for one egg, 240 for a cup of oat milk).'
        }
      />
    </>
  );
}
