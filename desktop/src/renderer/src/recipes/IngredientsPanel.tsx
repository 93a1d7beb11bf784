// The Ingredients tab: one card per ingredient with its cost per unit.
import {
  containsLine,
  gramsPerUnitOf,
  mayContainText,
  type IngredientView,
  ROUTES,
} from '@bakery/core';
import { useApiQuery } from '../api/useApiQuery';
import { Button, Card, H5, NonIdealState } from '../ui/blueprint';
import { QueryStatus } from '../ui/QueryStatus';
import { INGREDIENTS_KEY, useEditor } from './editor';
import { unitCost } from './format';
import {
  emptyIngredient,
  IngredientDialog,
  ingredientPayload,
  toIngredientForm,
  type IngredientForm,
} from './IngredientDialog';

export function IngredientsPanel() {
  const ingredients = useApiQuery(INGREDIENTS_KEY, ROUTES.ingredients);
  const editor = useEditor<IngredientForm, IngredientView>({
    noun: 'ingredient',
    empty: emptyIngredient,
    payload: ingredientPayload,
  });
  return (
    <div>
      {editor.addButton}
      {ingredients.isLoading || ingredients.error ? (
        <QueryStatus query={ingredients} what="ingredients" />
      ) : !ingredients.data?.length ? (
        <NonIdealState icon="shopping-cart" title="No ingredients yet" />
      ) : (
        <div className="cards" role="list" aria-label="Ingredients">
          {ingredients.data.map((i) => (
            <Card key={i.id} role="listitem" aria-label={i.name} className="stat-card">
              <H5>{i.name}</H5>
              <div>
                {unitCost(i.costPerUnit)} per {i.unit}
              </div>
              <div className="muted">Category: {i.category || '—'}</div>
              <div className="muted">Supplier: {i.supplier || '—'}</div>
              <div className="allergen-line">
                {containsLine(i.allergens, i.treeNuts) ?? 'No major allergens'}
                {i.mayContain.length > 0 && ` · ${mayContainText(i.mayContain)}`}
                {i.gluten === 'oats' && ' · Oats not certified gluten-free'}
              </div>
              {gramsPerUnitOf(i) === null && (
                <div className="allergen-warning">No weight per {i.unit}: set grams per unit</div>
              )}
              <div className="button-row">
                <Button
                  small
                  icon="edit"
                  text="Edit"
                  aria-label={`Edit ${i.name}`}
                  onClick={() => editor.edit(i.id, toIngredientForm(i))}
                />
                <Button
                  small
                  icon="trash"
                  intent="danger"
                  text="Delete"
                  aria-label={`Delete ${i.name}`}
                  onClick={() => editor.askDelete(i)}
                />
              </div>
            </Card>
          ))}
        </div>
      )}
      {editor.dialog(IngredientDialog)}
      {editor.deleteConfirm}
    </div>
  );
}
