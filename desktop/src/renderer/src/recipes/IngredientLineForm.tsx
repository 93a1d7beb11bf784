// The form under a recipe's cost breakdown that adds an ingredient line or
// changes one (ingredient, quantity, notes), checked with core's schema.
import { useState } from 'react';
import { RecipeIngredientSchema, type IngredientView } from '@bakery/core';
import { Button, FormGroup, HTMLSelect } from '../ui/blueprint';
import { TextField } from '../ui/fields';

export interface LineDraft {
  lineId: string | null;
  ingredientId: string;
  quantity: string;
  notes: string;
}
export const newLine: LineDraft = { lineId: null, ingredientId: '', quantity: '', notes: '' };

/** What the server takes for a line (quantity NaN when empty, so the schema names it). */
export const linePayload = (l: LineDraft) => ({
  ingredientId: l.ingredientId,
  quantity: l.quantity.trim() === '' ? Number.NaN : Number(l.quantity),
  notes: l.notes || null,
});

export function IngredientLineForm({
  initial,
  ingredients,
  busy,
  onSave,
  onCancel,
}: {
  initial: LineDraft;
  ingredients: IngredientView[];
  busy: boolean;
  onSave(line: LineDraft): void;
  onCancel(): void;
}) {
  const [line, setLine] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = RecipeIngredientSchema.safeParse(linePayload(line));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid input');
    setError(null);
    onSave(line);
  };
  return (
    <form
      noValidate
      className="range-bar"
      style={{ margin: '8px 0' }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormGroup label="Ingredient" labelFor="line-ingredient">
        <HTMLSelect
          id="line-ingredient"
          value={line.ingredientId}
          onChange={(e) => setLine({ ...line, ingredientId: e.currentTarget.value })}
        >
          <option value="">Choose…</option>
          {ingredients.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name} ({i.unit})
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <TextField
        id="line-quantity"
        label="Quantity"
        type="number"
        step="any"
        min={0}
        value={line.quantity}
        onChange={(v) => setLine({ ...line, quantity: v })}
        error={error}
      />
      <TextField
        id="line-notes"
        label="Notes"
        value={line.notes}
        onChange={(v) => setLine({ ...line, notes: v })}
      />
      <Button
        type="submit"
        intent="primary"
        text={line.lineId ? 'Save Line' : 'Add Line'}
        loading={busy}
      />
      <Button text="Cancel" onClick={onCancel} />
    </form>
  );
}
