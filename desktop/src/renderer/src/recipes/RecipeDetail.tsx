// The selected recipe: times, description, the cost breakdown with its
// ingredient lines (add, change, remove after a confirmation), margins,
// instructions and notes.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RecipeDetailView, type RecipeLineView, type RecipeView, ROUTES } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { RecipeMargins } from '../kitchen/RecipeMargins';
import { Button, Callout, H3, H5, HTMLTable, Spinner } from '../ui/blueprint';
import { ConfirmAbout } from '../ui/ConfirmDialog';
import { IconButton } from '../ui/fields';
import { TableHead } from '../ui/TableHead';
import { toast } from '../ui/toaster';
import { INGREDIENTS_KEY, RECIPES_KEY } from './editor';
import { money, unitCost } from './format';
import { IngredientLineForm, linePayload, newLine, type LineDraft } from './IngredientLineForm';

/** A change to one line: a draft to save, or null to remove the line. */
type LineChange = { lineId: string | null; name: string; draft: LineDraft | null };

function useLineChanges(recipeId: string, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, draft }: LineChange) =>
      !draft
        ? apiClient.call(ROUTES.removeRecipeLine, { params: { id: recipeId, lineId: lineId! } })
        : lineId
          ? apiClient.call(ROUTES.updateRecipeLine, {
              params: { id: recipeId, lineId },
              body: linePayload(draft),
            })
          : apiClient.call(ROUTES.addRecipeLine, {
              params: { id: recipeId },
              body: linePayload(draft),
            }),
    onSuccess: (detail, change) => {
      client.setQueryData([...RECIPES_KEY, recipeId], detail);
      void client.invalidateQueries({ queryKey: RECIPES_KEY, exact: true });
      onDone();
      const what = !change.draft ? 'removed' : change.lineId ? 'changed' : 'added';
      toast('Recipe updated', `${change.name} ${what}`, 'success');
    },
    onError: (err) => toast('Failed to update recipe', messageOf(err, 'Failed to update recipe')),
  });
}

export function RecipeDetail({
  id,
  onEdit,
  onDelete,
}: {
  id: string;
  onEdit(r: RecipeView): void;
  onDelete(r: RecipeView): void;
}) {
  const detail = useQuery({
    queryKey: [...RECIPES_KEY, id],
    queryFn: () => apiClient.call(ROUTES.recipe, { params: { id } }),
  });
  const ingredients = useApiQuery(INGREDIENTS_KEY, ROUTES.ingredients);
  const [line, setLine] = useState<LineDraft | null>(null);
  const [removing, setRemoving] = useState<RecipeLineView | null>(null);
  const change = useLineChanges(id, () => setLine(null));

  if (detail.isLoading) return <Spinner aria-label="Loading recipe" />;
  if (!detail.data)
    return <Callout intent="danger">{messageOf(detail.error, 'Failed to load recipe')}</Callout>;
  const r = detail.data;
  const nameOf = (ingredientId: string) =>
    ingredients.data?.find((i) => i.id === ingredientId)?.name ?? 'Ingredient';
  return (
    <section aria-label={`Recipe ${r.name}`}>
      <H3>{r.name}</H3>
      <div className="button-row">
        <Button icon="edit" text="Edit" onClick={() => onEdit(r)} />
        <Button icon="trash" intent="danger" text="Delete" onClick={() => onDelete(r)} />
      </div>
      <RecipeFacts recipe={r} />
      <H5>Cost breakdown</H5>
      <CostBreakdown
        recipe={r}
        onEdit={(l) =>
          setLine({
            lineId: l.id,
            ingredientId: l.ingredientId,
            quantity: String(l.quantity),
            notes: l.notes ?? '',
          })
        }
        onRemove={setRemoving}
      />
      <H5>Menu items and margins</H5>
      <RecipeMargins recipeId={r.id} />
      {line ? (
        <IngredientLineForm
          key={line.lineId ?? 'new'}
          initial={line}
          ingredients={ingredients.data ?? []}
          busy={change.isPending}
          onSave={(draft) =>
            change.mutate({ lineId: draft.lineId, name: nameOf(draft.ingredientId), draft })
          }
          onCancel={() => setLine(null)}
        />
      ) : (
        <Button
          icon="add"
          text="Add Ingredient"
          style={{ margin: '8px 0' }}
          onClick={() => setLine(newLine)}
        />
      )}
      <LongText title="Instructions" text={r.instructions} />
      <LongText title="Notes" text={r.notes} />
      <ConfirmAbout
        about={removing}
        setAbout={setRemoving}
        title="Remove ingredient"
        confirmText="Remove"
        onConfirm={(line) =>
          change.mutate({ lineId: line.id, name: line.ingredient.name, draft: null })
        }
      >
        <p>
          Remove {removing?.ingredient.name} from {r.name}? The recipe&apos;s cost is worked out
          again without it.
        </p>
      </ConfirmAbout>
    </section>
  );
}

function RecipeFacts({ recipe: r }: { recipe: RecipeDetailView }) {
  return (
    <>
      <p>
        <span className="muted">Category:</span> {r.category} ·{' '}
        <span className="muted">Prep time:</span> {r.prepTime || '—'} ·{' '}
        <span className="muted">Bake time:</span> {r.bakeTime || '—'}
        {r.servingSize ? (
          <>
            {' '}
            · <span className="muted">Serves:</span> {r.servingSize}
          </>
        ) : null}
      </p>
      {r.description ? <p>{r.description}</p> : null}
    </>
  );
}

function LongText({ title, text }: { title: string; text: string | null }) {
  return (
    <>
      <H5>{title}</H5>
      <p style={{ whiteSpace: 'pre-wrap' }}>{text || <span className="muted">None</span>}</p>
    </>
  );
}

/** Quantity times cost per unit for each line, and the recipe's total. */
function CostBreakdown({
  recipe,
  onEdit,
  onRemove,
}: {
  recipe: RecipeDetailView;
  onEdit(line: RecipeLineView): void;
  onRemove(line: RecipeLineView): void;
}) {
  return (
    <HTMLTable compact className="compact" style={{ width: '100%' }} aria-label="Cost breakdown">
      <TableHead columns={['Ingredient', 'Quantity', 'Cost / unit', 'Cost', '']} />
      <tbody>
        {recipe.ingredients.length === 0 && (
          <tr>
            <td colSpan={5} className="muted">
              No ingredients yet.
            </td>
          </tr>
        )}
        {recipe.ingredients.map((l) => (
          <tr key={l.id}>
            <td>{l.ingredient.name}</td>
            <td>
              {String(l.quantity)} {l.ingredient.unit}
            </td>
            <td>{unitCost(l.ingredient.costPerUnit)}</td>
            <td>{money(l.lineCost)}</td>
            <td>
              <IconButton
                icon="edit"
                label={`Edit ${l.ingredient.name}`}
                onClick={() => onEdit(l)}
              />
              <IconButton
                icon="cross"
                label={`Remove ${l.ingredient.name}`}
                onClick={() => onRemove(l)}
              />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={3}>Total cost</th>
          <th data-testid="recipe-total-cost">{money(recipe.totalCost)}</th>
          <th />
        </tr>
      </tfoot>
    </HTMLTable>
  );
}
