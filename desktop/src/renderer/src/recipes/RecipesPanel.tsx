// Recipes & Costs: the recipe grid beside the selected recipe's detail.
import { useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import { type RecipeView, ROUTES } from '@bakery/core';
import { messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { Callout, Card, NonIdealState } from '../ui/blueprint';
import { RECIPES_KEY, useEditor } from './editor';
import { money } from './format';
import { RecipeDetail } from './RecipeDetail';
import {
  emptyRecipe,
  RecipeDialog,
  recipePayload,
  toRecipeForm,
  type RecipeForm,
} from './RecipeDialog';

const COLUMNS: ColDef<RecipeView>[] = [
  { headerName: 'Recipe', field: 'name', flex: 1.5, filter: true, sort: 'asc' },
  { headerName: 'Category', field: 'category', width: 120, filter: true },
  { headerName: 'Ingredients', field: 'ingredientCount', width: 110 },
  {
    headerName: 'Total cost',
    field: 'totalCost',
    width: 120,
    type: 'rightAligned',
    valueFormatter: (p) => money(p.value as number),
  },
];

export function RecipesPanel() {
  const recipes = useApiQuery(RECIPES_KEY, ROUTES.recipes);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const editor = useEditor<RecipeForm, RecipeView>({
    noun: 'recipe',
    empty: emptyRecipe,
    payload: recipePayload,
    onSaved: (r, wasNew) => wasNew && setSelectedId(r.id),
    onDeleted: (id) => setSelectedId((current) => (current === id ? null : current)),
  });

  return (
    <div>
      {editor.addButton}
      {recipes.error && (
        <Callout intent="danger">{messageOf(recipes.error, 'Failed to load recipes')}</Callout>
      )}
      <div className="split">
        <div className="grid-box" role="region" aria-label="Recipes">
          <AgGridReact<RecipeView>
            rowData={recipes.data ?? null}
            columnDefs={COLUMNS}
            getRowId={(p) => p.data.id}
            rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
            onRowClicked={(e) => e.data && setSelectedId(e.data.id)}
            onCellKeyDown={(e) => {
              if ((e.event as KeyboardEvent | undefined)?.key === 'Enter' && e.data)
                setSelectedId(e.data.id);
            }}
            rowHeight={32}
            overlayNoRowsTemplate="No recipes yet"
            loading={recipes.isLoading}
          />
        </div>
        <Card className="detail">
          {selectedId ? (
            <RecipeDetail
              id={selectedId}
              onEdit={(r) => editor.edit(r.id, toRecipeForm(r))}
              onDelete={editor.askDelete}
            />
          ) : (
            <NonIdealState
              icon="book"
              title="No recipe selected"
              description="Select a recipe to see its costs."
            />
          )}
        </Card>
      </div>
      {editor.dialog(RecipeDialog)}
      {editor.deleteConfirm}
    </div>
  );
}
