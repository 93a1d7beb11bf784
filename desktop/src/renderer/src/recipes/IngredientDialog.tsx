// Add Ingredient / Edit Ingredient, checked with core's IngredientSchema.
import { IngredientSchema, type IngredientView } from '@bakery/core';
import { FormDialog, TextField } from '../ui/fields';
import { useCheckedForm, type EditorDialogProps } from './editor';
import {
  allergenPayload,
  emptyAllergens,
  IngredientAllergenFields,
  toAllergenForm,
  type AllergenForm,
} from './IngredientAllergenFields';

export type IngredientForm = {
  name: string;
  unit: string;
  costPerUnit: string;
  category: string;
  supplier: string;
  notes: string;
} & AllergenForm;
export const emptyIngredient: IngredientForm = {
  name: '',
  unit: '',
  costPerUnit: '',
  category: '',
  supplier: '',
  notes: '',
  ...emptyAllergens,
};

export const toIngredientForm = (i: IngredientView): IngredientForm => ({
  name: i.name,
  unit: i.unit,
  costPerUnit: String(i.costPerUnit),
  category: i.category ?? '',
  supplier: i.supplier ?? '',
  notes: i.notes ?? '',
  ...toAllergenForm(i),
});

export const ingredientPayload = (f: IngredientForm) => ({
  name: f.name,
  unit: f.unit,
  costPerUnit: f.costPerUnit.trim() === '' ? Number.NaN : Number(f.costPerUnit),
  category: f.category || null,
  supplier: f.supplier || null,
  notes: f.notes || null,
  ...allergenPayload(f),
});

export function IngredientDialog(props: EditorDialogProps<IngredientForm>) {
  const checked = useCheckedForm(props, IngredientSchema, ingredientPayload);
  const { form: f, setForm: setF, errors } = checked;
  const field = (
    k: Exclude<keyof IngredientForm, keyof AllergenForm>,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      id={`ingredient-${k}`}
      label={label}
      value={f[k]}
      onChange={(v) => setF((p) => ({ ...p, [k]: v }))}
      error={errors[k]}
      {...extra}
    />
  );
  return (
    <FormDialog
      title={props.isNew ? 'Add Ingredient' : 'Edit Ingredient'}
      submitText="Save Ingredient"
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={checked.submit}
    >
      {field('name', 'Name')}
      <div className="two-col">
        {field('unit', 'Unit')}
        {field('costPerUnit', 'Cost per unit ($)', { type: 'number', step: '0.01', min: 0 })}
      </div>
      {field('category', 'Category')}
      {field('supplier', 'Supplier')}
      {field('notes', 'Notes')}
      <IngredientAllergenFields form={f} setForm={setF} errors={errors} />
    </FormDialog>
  );
}
