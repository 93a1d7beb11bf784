// The Allergens panel's rows (issue 40 split): an item that breaks the
// promise (with its "Mark as exception…" form), an exception (with its
// removal) and a filling's or add-in's ingredient list. Each row keeps its
// own save, from useAllergens.
import { useState } from 'react';
import type { AllergenOverviewView, ClaimProblem, IngredientView } from '@bakery/core';
import { Button, Card, H5, HTMLSelect, Tag } from '../ui/blueprint';
import { IconButton, TextField } from '../ui/fields';
import { useSaveException, useSaveOptionIngredients } from './useAllergens';

type Overview = AllergenOverviewView;

export function ProblemRow({ problem }: { problem: ClaimProblem }) {
  const [wording, setWording] = useState('');
  const [open, setOpen] = useState(false);
  const save = useSaveException();
  return (
    <tr>
      <td>{problem.productName}</td>
      <td>{problem.optionLabel ?? 'All'}</td>
      <td>
        {problem.ingredient}{' '}
        <Tag minimal intent="danger">
          {problem.reason}
        </Tag>
      </td>
      <td>
        {open ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ productId: problem.productId, wording });
            }}
          >
            <TextField
              id={`exception-${problem.productId}-${problem.optionId}-${problem.ingredient}`}
              label="What customers read instead"
              value={wording}
              placeholder="Made with wheat flour: not gluten-free."
              onChange={setWording}
            />
            <Button
              type="submit"
              small
              intent="primary"
              text="Save exception"
              loading={save.isPending}
            />
          </form>
        ) : (
          <Button small text="Mark as exception…" onClick={() => setOpen(true)} />
        )}
      </td>
    </tr>
  );
}

/** A listed exception; the trash button takes it away. */
export function ExceptionRow({
  exception: e,
  onRemove,
}: {
  exception: Overview['exceptions'][number];
  onRemove(productId: string): void;
}) {
  return (
    <tr>
      <td>{e.name}</td>
      <td>{e.wording}</td>
      <td>
        <IconButton
          icon="trash"
          intent="danger"
          label={`Remove the exception of ${e.name}`}
          onClick={() => onRemove(e.productId)}
        />
      </td>
    </tr>
  );
}

export function OptionEditor({
  option,
  ingredients,
}: {
  option: Overview['options'][number];
  ingredients: IngredientView[];
}) {
  const [rows, setRows] = useState(
    option.ingredients.map((i) => ({ ingredientId: i.ingredientId, quantity: String(i.quantity) })),
  );
  const save = useSaveOptionIngredients(option.label);
  const id = `option-${option.kind}-${option.optionId}`;
  return (
    <Card className="allergen-option" aria-label={option.label}>
      <H5>
        {option.kind === 'filling' ? 'Filling' : 'Add-in'}: {option.label}
      </H5>
      {rows.length === 0 && (
        <p className="allergen-warning">Nothing listed: its allergens are not known.</p>
      )}
      {rows.map((row, index) => (
        <div key={index} className="button-row">
          <HTMLSelect
            aria-label={`Ingredient ${index + 1} of ${option.label}`}
            value={row.ingredientId}
            onChange={(e) => {
              const ingredientId = e.currentTarget.value;
              setRows((r) => r.map((x, i) => (i === index ? { ...x, ingredientId } : x)));
            }}
          >
            <option value="">Choose an ingredient…</option>
            {ingredients.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name} ({i.unit})
              </option>
            ))}
          </HTMLSelect>
          <TextField
            id={`${id}-qty-${index}`}
            label="Per piece"
            inline
            type="number"
            min={0}
            step="0.001"
            value={row.quantity}
            onChange={(quantity) =>
              setRows((r) => r.map((x, i) => (i === index ? { ...x, quantity } : x)))
            }
          />
          <IconButton
            icon="trash"
            intent="danger"
            label={`Remove ingredient ${index + 1} of ${option.label}`}
            onClick={() => setRows((r) => r.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <div className="button-row">
        <Button
          small
          icon="plus"
          text="Add ingredient"
          onClick={() => setRows((r) => [...r, { ingredientId: '', quantity: '' }])}
        />
        <Button
          small
          intent="primary"
          text="Save"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              kind: option.kind,
              optionId: option.optionId,
              ingredients: rows
                .filter((r) => r.ingredientId)
                .map((r) => ({ ingredientId: r.ingredientId, quantity: Number(r.quantity) })),
            })
          }
        />
      </div>
    </Card>
  );
}
