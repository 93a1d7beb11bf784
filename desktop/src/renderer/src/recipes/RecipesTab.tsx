import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H3,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Switch,
  Tab,
  Tabs,
  TextArea,
} from '@blueprintjs/core';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDollars,
  IngredientSchema,
  type IngredientView,
  type RecipeDetailView,
  RecipeIngredientSchema,
  RecipeSchema,
  type RecipeView,
} from '@bakery/core';
import { api, messageOf } from '../api/client';
import { toast } from '../ui/toaster';
import { RecipeMargins } from '../kitchen/RecipeMargins';

const money = (d: number | string | null | undefined) => formatDollars(d ?? 0);

/** A cost per unit keeps its 4 decimal places ($0.0045 per g) but drops
 * trailing zeros past the cents ($1.38, not $1.3800). */
export function unitCost(d: number | string | null | undefined): string {
  const fixed = Number(d ?? 0)
    .toFixed(4)
    .replace(/(\.\d\d\d*?)0+$/, '$1');
  const [whole = '0', frac = '00'] = fixed.split('.');
  return `$${Number(whole).toLocaleString('en-US')}.${frac}`;
}
const RECIPE_CATEGORIES = ['breads', 'pastries', 'desserts', 'custom'] as const;

function firstIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

export function RecipesTab() {
  return (
    <Tabs id="recipe-tabs" renderActiveTabPanelOnly>
      <Tab id="recipes" title="Recipes & Costs" panel={<RecipesPanel />} />
      <Tab id="ingredients" title="Ingredients" panel={<IngredientsPanel />} />
    </Tabs>
  );
}

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['/api/admin/recipes'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/ingredients'] });
  };
}

// ---------- Recipes ----------

type RecipeForm = {
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
const emptyRecipe: RecipeForm = {
  name: '',
  description: '',
  category: 'breads',
  servingSize: '',
  prepTime: '',
  bakeTime: '',
  instructions: '',
  notes: '',
  isActive: true,
};

function toRecipeForm(r: RecipeView): RecipeForm {
  const v = r as unknown as Record<string, unknown>;
  const s = (k: string) => (v[k] == null ? '' : String(v[k]));
  return {
    name: s('name'),
    description: s('description'),
    category: s('category') || 'breads',
    servingSize: s('servingSize'),
    prepTime: s('prepTime'),
    bakeTime: s('bakeTime'),
    instructions: s('instructions'),
    notes: s('notes'),
    isActive: v.isActive !== false,
  };
}

// Serving size and times are free text on the server ('12 cupcakes', '20 min').
function recipePayload(f: RecipeForm) {
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

function RecipesPanel() {
  const recipes = useQuery({
    queryKey: ['/api/admin/recipes'],
    queryFn: () => api<RecipeView[]>('/api/admin/recipes'),
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; form: RecipeForm } | null>(null);
  const [deleting, setDeleting] = useState<RecipeView | null>(null);
  const invalidate = useInvalidate();

  const columns = useMemo<ColDef<RecipeView>[]>(
    () => [
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
    ],
    [],
  );

  const save = useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: RecipeForm }) =>
      id
        ? api<RecipeView>(`/api/admin/recipes/${id}`, { method: 'PUT', body: recipePayload(form) })
        : api<RecipeView>('/api/admin/recipes', { method: 'POST', body: recipePayload(form) }),
    onSuccess: (r, vars) => {
      invalidate();
      setEditing(null);
      if (!vars.id) setSelectedId(r.id);
      toast(vars.id ? 'Recipe updated' : 'Recipe created', undefined, 'success');
    },
    onError: (err, vars) =>
      toast(
        vars.id ? 'Failed to update recipe' : 'Failed to create recipe',
        messageOf(err, vars.id ? 'Failed to update recipe' : 'Failed to create recipe'),
      ),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/recipes/${id}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      if (selectedId === id) setSelectedId(null);
      invalidate();
    },
    onError: (err) => toast('Failed to delete recipe', messageOf(err, 'Failed to delete recipe')),
  });

  return (
    <div>
      <div className="button-row">
        <Button
          icon="add"
          intent="primary"
          text="Add Recipe"
          onClick={() => setEditing({ id: null, form: emptyRecipe })}
        />
      </div>
      {recipes.error && (
        <Callout intent="danger">{messageOf(recipes.error, 'Failed to load recipes')}</Callout>
      )}
      <div className="split">
        <div className="grid-box" role="region" aria-label="Recipes">
          <AgGridReact<RecipeView>
            rowData={recipes.data ?? null}
            columnDefs={columns}
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
              onEdit={(r) => setEditing({ id: r.id, form: toRecipeForm(r) })}
              onDelete={(r) => setDeleting(r)}
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
      {editing && (
        <RecipeDialog
          initial={editing.form}
          isNew={!editing.id}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(form) => save.mutate({ id: editing.id, form })}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>Delete the recipe {deleting?.name}? This cannot be undone.</p>
      </Alert>
    </div>
  );
}

function RecipeDialog({
  initial,
  isNew,
  busy,
  onClose,
  onSave,
}: {
  initial: RecipeForm;
  isNew: boolean;
  busy: boolean;
  onClose(): void;
  onSave(f: RecipeForm): void;
}) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof RecipeForm) => (v: string) => setF((p) => ({ ...p, [k]: v }));
  const submit = () => {
    const parsed = RecipeSchema.safeParse(recipePayload(f));
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    onSave(f);
  };
  const field = (k: keyof RecipeForm, label: string, type = 'text') => (
    <FormGroup
      label={label}
      labelFor={`recipe-${k}`}
      intent={errors[k] ? 'danger' : 'none'}
      helperText={errors[k]}
    >
      <InputGroup id={`recipe-${k}`} type={type} value={String(f[k])} onValueChange={set(k)} />
    </FormGroup>
  );
  return (
    <Dialog
      isOpen
      title={isNew ? 'Add Recipe' : 'Edit Recipe'}
      onClose={onClose}
      style={{ width: 560 }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
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
          <FormGroup label="Description" labelFor="recipe-description">
            <TextArea
              id="recipe-description"
              fill
              value={f.description}
              onChange={(e) => set('description')(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label="Instructions" labelFor="recipe-instructions">
            <TextArea
              id="recipe-instructions"
              fill
              value={f.instructions}
              onChange={(e) => set('instructions')(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label="Notes" labelFor="recipe-notes">
            <TextArea
              id="recipe-notes"
              fill
              value={f.notes}
              onChange={(e) => set('notes')(e.currentTarget.value)}
            />
          </FormGroup>
          <Switch
            label="Active"
            checked={f.isActive}
            onChange={(e) => setF((p) => ({ ...p, isActive: e.currentTarget.checked }))}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save Recipe" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
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
    queryKey: ['/api/admin/recipes', id],
    queryFn: () => api<RecipeDetailView>(`/api/admin/recipes/${id}`),
  });
  const ingredients = useQuery({
    queryKey: ['/api/admin/ingredients'],
    queryFn: () => api<IngredientView[]>('/api/admin/ingredients'),
  });
  const client = useQueryClient();
  const [line, setLine] = useState<{
    lineId: string | null;
    ingredientId: string;
    quantity: string;
    notes: string;
  } | null>(null);
  const [lineError, setLineError] = useState<string | null>(null);

  const after = (d: RecipeDetailView) => {
    client.setQueryData(['/api/admin/recipes', id], d);
    void client.invalidateQueries({ queryKey: ['/api/admin/recipes'], exact: true });
    setLine(null);
  };
  const saveLine = useMutation({
    mutationFn: (l: NonNullable<typeof line>) => {
      const body = {
        ingredientId: l.ingredientId,
        quantity: Number(l.quantity),
        notes: l.notes || null,
      };
      return l.lineId
        ? api<RecipeDetailView>(`/api/admin/recipes/${id}/ingredients/${l.lineId}`, {
            method: 'PUT',
            body,
          })
        : api<RecipeDetailView>(`/api/admin/recipes/${id}/ingredients`, { method: 'POST', body });
    },
    onSuccess: after,
    onError: (err) => toast('Failed to update recipe', messageOf(err, 'Failed to update recipe')),
  });
  const removeLine = useMutation({
    mutationFn: (lineId: string) =>
      api<RecipeDetailView>(`/api/admin/recipes/${id}/ingredients/${lineId}`, { method: 'DELETE' }),
    onSuccess: after,
    onError: (err) => toast('Failed to update recipe', messageOf(err, 'Failed to update recipe')),
  });

  if (detail.isLoading) return <Spinner aria-label="Loading recipe" />;
  if (!detail.data)
    return <Callout intent="danger">{messageOf(detail.error, 'Failed to load recipe')}</Callout>;
  const r = detail.data as RecipeDetailView & Record<string, unknown>;
  const submitLine = () => {
    if (!line) return;
    const parsed = RecipeIngredientSchema.safeParse({
      ingredientId: line.ingredientId,
      quantity: line.quantity === '' ? Number.NaN : Number(line.quantity),
      notes: line.notes || null,
    });
    if (!parsed.success) return setLineError(parsed.error.issues[0]?.message ?? 'Invalid input');
    setLineError(null);
    saveLine.mutate(line);
  };
  return (
    <section aria-label={`Recipe ${r.name}`}>
      <H3>{r.name}</H3>
      <div className="button-row">
        <Button icon="edit" text="Edit" onClick={() => onEdit(r)} />
        <Button icon="trash" intent="danger" text="Delete" onClick={() => onDelete(r)} />
      </div>
      <p>
        <span className="muted">Category:</span> {String(r.category)} ·{' '}
        <span className="muted">Prep time:</span> {r.prepTime ? String(r.prepTime) : '—'} ·{' '}
        <span className="muted">Bake time:</span> {r.bakeTime ? String(r.bakeTime) : '—'}
        {r.servingSize ? (
          <>
            {' '}
            · <span className="muted">Serves:</span> {String(r.servingSize)}
          </>
        ) : null}
      </p>
      {r.description ? <p>{String(r.description)}</p> : null}
      <H5>Cost breakdown</H5>
      <HTMLTable compact className="compact" style={{ width: '100%' }} aria-label="Cost breakdown">
        <thead>
          <tr>
            <th>Ingredient</th>
            <th>Quantity</th>
            <th>Cost / unit</th>
            <th>Cost</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {r.ingredients.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No ingredients yet.
              </td>
            </tr>
          )}
          {r.ingredients.map((l) => (
            <tr key={l.id}>
              <td>{l.ingredient.name}</td>
              <td>
                {String(l.quantity)} {l.ingredient.unit}
              </td>
              <td>{unitCost(l.ingredient.costPerUnit)}</td>
              <td>{money(l.lineCost)}</td>
              <td>
                <Button
                  small
                  minimal
                  icon="edit"
                  aria-label={`Edit ${l.ingredient.name}`}
                  onClick={() =>
                    setLine({
                      lineId: l.id,
                      ingredientId: l.ingredientId,
                      quantity: String(l.quantity),
                      notes: l.notes ?? '',
                    })
                  }
                />
                <Button
                  small
                  minimal
                  icon="cross"
                  aria-label={`Remove ${l.ingredient.name}`}
                  onClick={() => removeLine.mutate(l.id)}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>Total cost</th>
            <th data-testid="recipe-total-cost">{money(r.totalCost)}</th>
            <th />
          </tr>
        </tfoot>
      </HTMLTable>
      <H5>Menu items and margins</H5>
      <RecipeMargins recipeId={r.id} />
      {line ? (
        <form
          noValidate
          className="range-bar"
          style={{ margin: '8px 0' }}
          onSubmit={(e) => {
            e.preventDefault();
            submitLine();
          }}
        >
          <FormGroup label="Ingredient" labelFor="line-ingredient">
            <HTMLSelect
              id="line-ingredient"
              value={line.ingredientId}
              onChange={(e) => setLine({ ...line, ingredientId: e.currentTarget.value })}
            >
              <option value="">Choose…</option>
              {(ingredients.data ?? []).map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name} ({i.unit})
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label="Quantity"
            labelFor="line-quantity"
            intent={lineError ? 'danger' : 'none'}
            helperText={lineError ?? undefined}
          >
            <InputGroup
              id="line-quantity"
              type="number"
              step="any"
              min={0}
              value={line.quantity}
              onValueChange={(v) => setLine({ ...line, quantity: v })}
            />
          </FormGroup>
          <FormGroup label="Notes" labelFor="line-notes">
            <InputGroup
              id="line-notes"
              value={line.notes}
              onValueChange={(v) => setLine({ ...line, notes: v })}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            text={line.lineId ? 'Save Line' : 'Add Line'}
            loading={saveLine.isPending}
          />
          <Button text="Cancel" onClick={() => setLine(null)} />
        </form>
      ) : (
        <Button
          icon="add"
          text="Add Ingredient"
          style={{ margin: '8px 0' }}
          onClick={() => setLine({ lineId: null, ingredientId: '', quantity: '', notes: '' })}
        />
      )}
      <H5>Instructions</H5>
      <p style={{ whiteSpace: 'pre-wrap' }}>
        {r.instructions ? String(r.instructions) : <span className="muted">None</span>}
      </p>
      <H5>Notes</H5>
      <p style={{ whiteSpace: 'pre-wrap' }}>
        {r.notes ? String(r.notes) : <span className="muted">None</span>}
      </p>
    </section>
  );
}

// ---------- Ingredients ----------

type IngredientForm = {
  name: string;
  unit: string;
  costPerUnit: string;
  category: string;
  supplier: string;
  notes: string;
};
const emptyIngredient: IngredientForm = {
  name: '',
  unit: '',
  costPerUnit: '',
  category: '',
  supplier: '',
  notes: '',
};
const ingredientPayload = (f: IngredientForm) => ({
  name: f.name,
  unit: f.unit,
  costPerUnit: f.costPerUnit.trim() === '' ? Number.NaN : Number(f.costPerUnit),
  category: f.category || null,
  supplier: f.supplier || null,
  notes: f.notes || null,
});

export function IngredientsPanel() {
  const ingredients = useQuery({
    queryKey: ['/api/admin/ingredients'],
    queryFn: () => api<IngredientView[]>('/api/admin/ingredients'),
  });
  const [editing, setEditing] = useState<{ id: string | null; form: IngredientForm } | null>(null);
  const [deleting, setDeleting] = useState<IngredientView | null>(null);
  const invalidate = useInvalidate();
  const save = useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: IngredientForm }) =>
      id
        ? api(`/api/admin/ingredients/${id}`, { method: 'PUT', body: ingredientPayload(form) })
        : api('/api/admin/ingredients', { method: 'POST', body: ingredientPayload(form) }),
    onSuccess: (_r, vars) => {
      invalidate();
      setEditing(null);
      toast(vars.id ? 'Ingredient updated' : 'Ingredient created', undefined, 'success');
    },
    onError: (err, vars) =>
      toast(
        vars.id ? 'Failed to update ingredient' : 'Failed to create ingredient',
        messageOf(err, vars.id ? 'Failed to update ingredient' : 'Failed to create ingredient'),
      ),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/ingredients/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
    onError: (err) =>
      toast('Failed to delete ingredient', messageOf(err, 'Failed to delete ingredient')),
  });
  return (
    <div>
      <div className="button-row">
        <Button
          icon="add"
          intent="primary"
          text="Add Ingredient"
          onClick={() => setEditing({ id: null, form: emptyIngredient })}
        />
      </div>
      {ingredients.isLoading ? (
        <Spinner aria-label="Loading ingredients" />
      ) : ingredients.error ? (
        <Callout intent="danger">
          {messageOf(ingredients.error, 'Failed to load ingredients')}
        </Callout>
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
              <div className="button-row">
                <Button
                  small
                  icon="edit"
                  text="Edit"
                  aria-label={`Edit ${i.name}`}
                  onClick={() =>
                    setEditing({
                      id: i.id,
                      form: {
                        name: i.name,
                        unit: i.unit,
                        costPerUnit: String(i.costPerUnit),
                        category: i.category ?? '',
                        supplier: i.supplier ?? '',
                        notes: i.notes ?? '',
                      },
                    })
                  }
                />
                <Button
                  small
                  icon="trash"
                  intent="danger"
                  text="Delete"
                  aria-label={`Delete ${i.name}`}
                  onClick={() => setDeleting(i)}
                />
              </div>
            </Card>
          ))}
        </div>
      )}
      {editing && (
        <IngredientDialog
          initial={editing.form}
          isNew={!editing.id}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(form) => save.mutate({ id: editing.id, form })}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>Delete the ingredient {deleting?.name}? This cannot be undone.</p>
      </Alert>
    </div>
  );
}

function IngredientDialog({
  initial,
  isNew,
  busy,
  onClose,
  onSave,
}: {
  initial: IngredientForm;
  isNew: boolean;
  busy: boolean;
  onClose(): void;
  onSave(f: IngredientForm): void;
}) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = IngredientSchema.safeParse(ingredientPayload(f));
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    onSave(f);
  };
  const field = (k: keyof IngredientForm, label: string, extra: Record<string, unknown> = {}) => (
    <FormGroup
      label={label}
      labelFor={`ingredient-${k}`}
      intent={errors[k] ? 'danger' : 'none'}
      helperText={errors[k]}
    >
      <InputGroup
        id={`ingredient-${k}`}
        value={f[k]}
        onValueChange={(v) => setF((p) => ({ ...p, [k]: v }))}
        {...extra}
      />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={isNew ? 'Add Ingredient' : 'Edit Ingredient'} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          {field('name', 'Name')}
          <div className="two-col">
            {field('unit', 'Unit')}
            {field('costPerUnit', 'Cost per unit ($)', { type: 'number', step: '0.01', min: 0 })}
          </div>
          {field('category', 'Category')}
          {field('supplier', 'Supplier')}
          {field('notes', 'Notes')}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save Ingredient" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
