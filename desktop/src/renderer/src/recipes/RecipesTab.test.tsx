// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngredientView } from '@bakery/core';
import '../ui/agGrid';
import { renderScreen, stubFetch, toastText, type Routes } from '../test/harness';
import { unitCost } from './format';
import { IngredientsPanel } from './IngredientsPanel';
import { RecipeDetail } from './RecipeDetail';
import { RecipesTab } from './RecipesTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Ingredient = Omit<IngredientView, 'createdAt' | 'updatedAt'>;
const noAllergens = {
  allergens: [],
  treeNuts: [],
  mayContain: [],
  gluten: 'none',
  labelName: null,
  gramsPerUnit: null,
} as const satisfies Partial<Ingredient>;
const flour: Ingredient = {
  id: 'i1',
  name: 'Rice flour',
  unit: 'lb',
  costPerUnit: 1.38,
  category: 'Flours',
  supplier: 'Mill & Co',
  notes: null,
  ...noAllergens,
};
const yeast: Ingredient = {
  id: 'i2',
  name: 'Yeast',
  unit: 'g',
  costPerUnit: 0.0045,
  category: 'Leaveners',
  supplier: null,
  notes: null,
  ...noAllergens,
};

const detail = (
  lines: { id: string; ingredient: Ingredient; quantity: number; lineCost: number }[],
) => ({
  id: 'r1',
  name: 'Sandwich loaf',
  description: 'Our everyday loaf',
  category: 'breads',
  servingSize: '1 loaf',
  prepTime: '20 min',
  bakeTime: '50 min',
  instructions: 'Mix, rise, bake.',
  notes: 'Use the long tin.',
  isActive: true,
  totalCost: lines.reduce((s, l) => s + l.lineCost, 0),
  ingredients: lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    notes: null,
    ingredientId: l.ingredient.id,
    ingredient: l.ingredient,
    lineCost: l.lineCost,
  })),
});

describe('cost per unit', () => {
  it('keeps four decimals where they matter and cents otherwise', () => {
    expect(unitCost(1.38)).toBe('$1.38');
    expect(unitCost(0.0045)).toBe('$0.0045');
    expect(unitCost(3.1234)).toBe('$3.1234');
    expect(unitCost(1234.5)).toBe('$1,234.50');
  });
});

describe('the selected recipe', () => {
  it('shows times, description, the cost breakdown per ingredient, the total, instructions and notes', async () => {
    stubFetch({
      'GET /api/admin/recipes/r1': () => [
        200,
        detail([
          { id: 'l1', ingredient: flour, quantity: 2.5, lineCost: 3.45 },
          { id: 'l2', ingredient: yeast, quantity: 7, lineCost: 0.03 },
        ]),
      ],
      'GET /api/admin/ingredients': () => [200, [flour, yeast]],
    });
    renderScreen(<RecipeDetail id="r1" onEdit={() => {}} onDelete={() => {}} />);
    const recipe = await screen.findByRole('region', { name: 'Recipe Sandwich loaf' });
    expect(recipe).toHaveTextContent('Prep time: 20 min');
    expect(recipe).toHaveTextContent('Bake time: 50 min');
    expect(recipe).toHaveTextContent('Our everyday loaf');
    const rows = within(screen.getByRole('table', { name: 'Cost breakdown' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Rice flour2.5 lb$1.38$3.45');
    expect(rows[2]).toHaveTextContent('Yeast7 g$0.0045$0.03');
    expect(screen.getByTestId('recipe-total-cost')).toHaveTextContent('$3.48');
    expect(recipe).toHaveTextContent('Mix, rise, bake.');
    expect(recipe).toHaveTextContent('Use the long tin.');
  });

  it('adds an ingredient line and shows the new total from the server', async () => {
    let lines: { id: string; ingredient: Ingredient; quantity: number; lineCost: number }[] = [
      { id: 'l1', ingredient: flour, quantity: 2.5, lineCost: 3.45 },
    ];
    const calls = stubFetch({
      'GET /api/admin/recipes/r1': () => [200, detail(lines)],
      'GET /api/admin/recipes': () => [200, []],
      'GET /api/admin/ingredients': () => [200, [flour, yeast]],
      'POST /api/admin/recipes/r1/ingredients': () => {
        lines = [...lines, { id: 'l2', ingredient: yeast, quantity: 10, lineCost: 0.05 }];
        return [201, detail(lines)];
      },
    });
    renderScreen(<RecipeDetail id="r1" onEdit={() => {}} onDelete={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Ingredient' }));
    await screen.findByRole('option', { name: 'Yeast (g)' });
    fireEvent.change(screen.getByLabelText('Ingredient'), { target: { value: 'i2' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    await waitFor(() => expect(screen.getByTestId('recipe-total-cost')).toHaveTextContent('$3.50'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      ingredientId: 'i2',
      quantity: 10,
    });
  });
});

describe('removing an ingredient line (issue 12)', () => {
  let lines = [{ id: 'l1', ingredient: flour, quantity: 2.5, lineCost: 3.45 }];
  /** The loaf with rice flour and yeast on screen; `routes` answer the changes. */
  const showLoaf = (routes: Routes = {}) => {
    lines = [...lines.slice(0, 1), { id: 'l2', ingredient: yeast, quantity: 7, lineCost: 0.03 }];
    const calls = stubFetch({
      'GET /api/admin/recipes/r1': () => [200, detail(lines)],
      'GET /api/admin/recipes': () => [200, []],
      'GET /api/admin/ingredients': () => [200, [flour, yeast]],
      ...routes,
    });
    renderScreen(<RecipeDetail id="r1" onEdit={() => {}} onDelete={() => {}} />);
    return calls;
  };

  it('asks first; Escape and Keep it leave the line and send nothing', async () => {
    const calls = showLoaf();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Yeast' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Remove Yeast from Sandwich loaf?');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Yeast' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByText('Keep it'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByTestId('recipe-total-cost')).toHaveTextContent('$3.48');
  });

  it('removes the line once confirmed and shows the new total', async () => {
    const calls = showLoaf({
      'DELETE /api/admin/recipes/r1/ingredients/l2': () => {
        lines = lines.filter((l) => l.id !== 'l2');
        return [200, detail(lines)];
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Yeast' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByText('Remove'));
    await waitFor(() => expect(screen.getByTestId('recipe-total-cost')).toHaveTextContent('$3.45'));
    expect(screen.queryByRole('button', { name: 'Remove Yeast' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(toastText()).toContain('Recipe updated: Yeast removed'));
  });

  it('names a missing quantity under the field and sends nothing', async () => {
    const calls = showLoaf();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Yeast' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Line' }));
    expect(await screen.findByText('Quantity is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('Recipes & Costs', () => {
  it('refuses a recipe without a name, then creates it and says so', async () => {
    let list: unknown[] = [];
    const calls = stubFetch({
      'GET /api/admin/recipes': () => [200, list],
      'GET /api/admin/ingredients': () => [200, []],
      'POST /api/admin/recipes': (c) => {
        const created = { ...(c.body as object), id: 'r9', totalCost: 0, ingredientCount: 0 };
        list = [created];
        return [201, created];
      },
      'GET /api/admin/recipes/r9': () => [200, { ...(list[0] as object), ingredients: [] }],
    });
    renderScreen(<RecipesTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Recipe' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Recipe' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Recipe' }));
    expect(await within(dialog).findByText('Recipe name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Brioche' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'pastries' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Recipe' }));
    await waitFor(() => expect(toastText()).toContain('Recipe created'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Brioche',
      category: 'pastries',
      isActive: true,
    });
    expect(await screen.findByRole('region', { name: 'Recipe Brioche' })).toBeInTheDocument();
  });
});

describe('Ingredients', () => {
  it('shows cards with cost per unit, category and supplier', async () => {
    stubFetch({ 'GET /api/admin/ingredients': () => [200, [flour, yeast]] });
    renderScreen(<IngredientsPanel />);
    const card = await screen.findByRole('listitem', { name: 'Rice flour' });
    expect(card).toHaveTextContent('$1.38 per lb');
    expect(card).toHaveTextContent('Category: Flours');
    expect(card).toHaveTextContent('Supplier: Mill & Co');
    expect(screen.getByRole('listitem', { name: 'Yeast' })).toHaveTextContent('$0.0045 per g');
  });

  it('creates one through the dialog', async () => {
    let list: Ingredient[] = [flour];
    const calls = stubFetch({
      'GET /api/admin/ingredients': () => [200, list],
      'GET /api/admin/recipes': () => [200, []],
      'POST /api/admin/ingredients': (c) => {
        list = [...list, { ...(c.body as Ingredient), id: 'i9' }];
        return [201, list.at(-1)];
      },
    });
    renderScreen(<IngredientsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Ingredient' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Ingredient' });
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'Tapioca starch' },
    });
    fireEvent.change(within(dialog).getByLabelText('Unit'), { target: { value: 'lb' } });
    fireEvent.change(within(dialog).getByLabelText('Cost per unit ($)'), {
      target: { value: '2.10' },
    });
    fireEvent.change(within(dialog).getByLabelText('Supplier'), { target: { value: 'Roots Inc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Ingredient' }));
    expect(await screen.findByRole('listitem', { name: 'Tapioca starch' })).toHaveTextContent(
      '$2.10 per lb',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Tapioca starch',
      unit: 'lb',
      costPerUnit: 2.1,
      supplier: 'Roots Inc',
    });
  });

  it('asks before deleting, and shows the refusal with Failed to delete ingredient', async () => {
    const calls = stubFetch({
      'GET /api/admin/ingredients': () => [200, [flour]],
      'DELETE /api/admin/ingredients/i1': () => [
        409,
        {
          message: 'Rice flour is used by recipe: Sandwich loaf. Remove it from that recipe first.',
        },
      ],
    });
    renderScreen(<IngredientsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Rice flour' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Delete the ingredient Rice flour? This cannot be undone.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toastText()).toContain(
        'Failed to delete ingredient: Rice flour is used by recipe: Sandwich loaf.',
      ),
    );
  });
});
