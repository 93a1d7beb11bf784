// Add Recipe / Edit Recipe: the recipe's fields in a dialog, checked with
// core's RecipeSchema before anything is sent.
import { RECIPE_CATEGORIES, RecipeSchema, type RecipeView } from '@bakery/core';
import { FormGroup, HTMLSelect, Switch, TextArea } from '../ui/blueprint';
import { FormDialog, TextField } from '../ui/fields';
import { useCheckedForm, type EditorDialogProps } from './editor';

export type RecipeForm = {
  name: string;
  description: string;
  category: string;
  servingSize: string;
  prepTime: string;
  bakeTime: string;
  instructions: string;
  notes: string;
  isActive: boolean;
};
type TextKey = Exclude<keyof RecipeForm, 'isActive'>;
const TEXT_KEYS: TextKey[] = [
  'name',
  'description',
  'category',
  'servingSize',
  'prepTime',
  'bakeTime',
  'instructions',
  'notes',
];

export const emptyRecipe: RecipeForm = {
  ...(Object.fromEntries(TEXT_KEYS.map((k) => [k, ''])) as Record<TextKey, string>),
  category: RECIPE_CATEGORIES[0],
  isActive: true,
};

export function toRecipeForm(r: RecipeView): RecipeForm {
  const form = { ...emptyRecipe, isActive: r.isActive !== false };
  for (const k of TEXT_KEYS) if (r[k] != null) form[k] = String(r[k]);
  form.category ||= RECIPE_CATEGORIES[0];
  return form;
}

// Serving size and times are free text on the server ('12 cupcakes', '20 min').
export function recipePayload(f: RecipeForm) {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    name: f.name.trim(),
    description: text(f.description),
    category: f.category,
    servingSize: text(f.servingSize),
    prepTime: text(f.prepTime),
    bakeTime: text(f.bakeTime),
    instructions: text(f.instructions),
    notes: text(f.notes),
    isActive: f.isActive,
  };
}

export function RecipeDialog(props: EditorDialogProps<RecipeForm>) {
  const checked = useCheckedForm(props, RecipeSchema, recipePayload);
  const { form: f, setForm: setF, errors } = checked;
  const set = (k: TextKey) => (v: string) => setF((p) => ({ ...p, [k]: v }));
  const field = (k: TextKey, label: string) => (
    <TextField id={`recipe-${k}`} label={label} value={f[k]} onChange={set(k)} error={errors[k]} />
  );
  const longText = (k: TextKey, label: string) => (
    <FormGroup label={label} labelFor={`recipe-${k}`}>
      <TextArea
        id={`recipe-${k}`}
        fill
        value={f[k]}
        onChange={(e) => set(k)(e.currentTarget.value)}
      />
    </FormGroup>
  );
  return (
    <FormDialog
      title={props.isNew ? 'Add Recipe' : 'Edit Recipe'}
      submitText="Save Recipe"
      busy={props.busy}
      width={560}
      onClose={props.onClose}
      onSubmit={checked.submit}
    >
      {field('name', 'Name')}
      <FormGroup
        label="Category"
        labelFor="recipe-category"
        intent={errors.category ? 'danger' : 'none'}
        helperText={errors.category}
      >
        <HTMLSelect
          id="recipe-category"
          value={f.category}
          onChange={(e) => set('category')(e.currentTarget.value)}
          options={[...RECIPE_CATEGORIES]}
        />
      </FormGroup>
      <div className="two-col">
        {field('prepTime', 'Prep time')}
        {field('bakeTime', 'Bake time')}
      </div>
      {field('servingSize', 'Serving size')}
      {longText('description', 'Description')}
      {longText('instructions', 'Instructions')}
      {longText('notes', 'Notes')}
      <Switch
        label="Active"
        checked={f.isActive}
        onChange={(e) => {
          const { checked } = e.currentTarget;
          setF((p) => ({ ...p, isActive: checked }));
        }}
      />
    </FormDialog>
  );
}
