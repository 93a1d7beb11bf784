// Ingredients and recipes: unique names, refusal to delete a used ingredient
// (naming the recipes), exact-decimal costing, the starter seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/testServer.js';
import { seedKitchen } from '../../src/services/recipes.js';
import { Client, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const ingredient = (name: string, costPerUnit: number, unit = 'lb') => ({
  name,
  unit,
  costPerUnit,
  category: 'Test',
  supplier: 'Acme',
  notes: '',
});

describe('ingredients', () => {
  it('are created, listed, updated and refused a duplicate name', async () => {
    const created = await staff.post('/api/admin/ingredients', ingredient('Sorghum flour', 3.1234));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Sorghum flour',
      unit: 'lb',
      costPerUnit: 3.1234,
      supplier: 'Acme',
    });

    const duplicate = await staff.post('/api/admin/ingredients', ingredient('Sorghum flour', 1));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain('Sorghum flour');

    const updated = await staff.put(
      `/api/admin/ingredients/${created.body.id}`,
      ingredient('Sorghum flour', 3.5),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.costPerUnit).toBe(3.5);

    const list = await staff.get('/api/admin/ingredients');
    expect(list.body.filter((row: { name: string }) => row.name === 'Sorghum flour')).toHaveLength(
      1,
    );
  });

  it('keep cost per unit to 4 decimals, rounded half-up', async () => {
    const created = await staff.post(
      '/api/admin/ingredients',
      ingredient('Psyllium husk', 1.23455),
    );
    expect(created.body.costPerUnit).toBe(1.2346);
    const stored = await server.prisma.ingredient.findUniqueOrThrow({
      where: { id: created.body.id },
    });
    expect(stored.costPerUnit.toFixed(4)).toBe('1.2346');
  });

  it('answer 404 for an unknown or malformed id, changing nothing', async () => {
    const update = await staff.put('/api/admin/ingredients/not-an-id', ingredient('Ghost', 1));
    expect(update.status).toBe(404);
    expect(update.body.message).toBe('Ingredient not found');
    expect(
      (await staff.del('/api/admin/ingredients/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect(await server.prisma.ingredient.count({ where: { name: 'Ghost' } })).toBe(0);
  });

  it('refuses invalid input with 400', async () => {
    const bad = await staff.post('/api/admin/ingredients', {
      name: '',
      unit: 'lb',
      costPerUnit: 1,
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    expect(
      (
        await staff.post('/api/admin/ingredients', {
          name: 'Negative',
          unit: 'lb',
          costPerUnit: -1,
        })
      ).status,
    ).toBe(400);
  });
});

describe('recipes', () => {
  it('cost exactly: sum of quantity x cost per unit without float error', async () => {
    // 0.1 x 0.7 + 0.2 x 0.7 = 0.21 exactly (floats give 0.21000000000000002).
    const a = (await staff.post('/api/admin/ingredients', ingredient('Ingredient A', 0.7))).body;
    const b = (await staff.post('/api/admin/ingredients', ingredient('Ingredient B', 2.3333))).body;
    const recipe = await staff.post('/api/admin/recipes', {
      name: 'Test loaf',
      category: 'breads',
      description: 'A loaf',
    });
    expect(recipe.status).toBe(201);
    expect(recipe.body).toMatchObject({
      name: 'Test loaf',
      totalCost: 0,
      ingredientCount: 0,
      isActive: true,
    });
    const id = recipe.body.id;

    expect(
      (
        await staff.post(`/api/admin/recipes/${id}/ingredients`, {
          ingredientId: a.id,
          quantity: 0.1,
          notes: 'sifted',
        })
      ).status,
    ).toBe(201);
    const withTwo = await staff.post(`/api/admin/recipes/${id}/ingredients`, {
      ingredientId: a.id,
      quantity: 0.2,
    });
    expect(withTwo.body.totalCost).toBe(0.21);
    // 3 x 2.3333 = 6.9999 -> 7.00 with the 0.21: 7.2099 -> 7.21
    const withB = await staff.post(`/api/admin/recipes/${id}/ingredients`, {
      ingredientId: b.id,
      quantity: 3,
    });
    expect(withB.status).toBe(201);
    expect(withB.body.totalCost).toBe(7.21);
    expect(withB.body.ingredients).toHaveLength(3);
    expect(withB.body.ingredients[0]).toMatchObject({
      quantity: 0.1,
      notes: 'sifted',
      ingredient: { name: 'Ingredient A', unit: 'lb', costPerUnit: 0.7 },
    });

    const detail = await staff.get(`/api/admin/recipes/${id}`);
    expect(detail.body.totalCost).toBe(7.21);
    const line = detail.body.ingredients[2];
    const changed = await staff.put(`/api/admin/recipes/${id}/ingredients/${line.id}`, {
      ingredientId: b.id,
      quantity: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.totalCost).toBe(2.54); // 0.21 + 2.3333 = 2.5433
    const removed = await staff.del(`/api/admin/recipes/${id}/ingredients/${line.id}`);
    expect(removed.body.totalCost).toBe(0.21);

    const list = await staff.get('/api/admin/recipes');
    expect(list.body.find((row: { id: string }) => row.id === id)).toMatchObject({
      totalCost: 0.21,
      ingredientCount: 2,
    });
  });

  it('refuses to delete a used ingredient, naming the recipe', async () => {
    const used = (await staff.post('/api/admin/ingredients', ingredient('Used flour', 1))).body;
    const recipe = (
      await staff.post('/api/admin/recipes', { name: 'Flour cake', category: 'desserts' })
    ).body;
    await staff.post(`/api/admin/recipes/${recipe.id}/ingredients`, {
      ingredientId: used.id,
      quantity: 1,
    });
    const refused = await staff.del(`/api/admin/ingredients/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Flour cake');
    expect(await server.prisma.ingredient.findUnique({ where: { id: used.id } })).not.toBeNull();

    expect((await staff.del(`/api/admin/recipes/${recipe.id}`)).status).toBe(200);
    expect((await staff.get(`/api/admin/recipes/${recipe.id}`)).status).toBe(404);
    expect((await staff.del(`/api/admin/ingredients/${used.id}`)).body).toEqual({ success: true });
  });

  it('refuses a recipe without a name or with an unknown category', async () => {
    const nameless = await staff.post('/api/admin/recipes', { name: '', category: 'breads' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe('Recipe name is required');
    const soup = await staff.post('/api/admin/recipes', { name: 'Soup', category: 'soups' });
    expect(soup.status).toBe(400);
    expect(soup.body.message).toBe('Category must be one of: breads, pastries, desserts, custom');
    expect(await server.prisma.recipe.count({ where: { name: 'Soup' } })).toBe(0);
  });

  it('answers 404 for unknown or malformed recipe, line and ingredient ids', async () => {
    const recipe = (await staff.post('/api/admin/recipes', { name: 'Lonely', category: 'custom' }))
      .body;
    expect((await staff.get('/api/admin/recipes/lonely')).body.message).toBe('Recipe not found');
    expect(
      (await staff.get('/api/admin/recipes/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    const badIngredient = await staff.post(`/api/admin/recipes/${recipe.id}/ingredients`, {
      ingredientId: 'flour',
      quantity: 1,
    });
    expect(badIngredient.status).toBe(404);
    expect(badIngredient.body.message).toBe('Ingredient not found');
    const unknownIngredient = await staff.post(`/api/admin/recipes/${recipe.id}/ingredients`, {
      ingredientId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknownIngredient.status).toBe(404);
    const badLine = await staff.del(`/api/admin/recipes/${recipe.id}/ingredients/line-1`);
    expect(badLine.status).toBe(404);
    expect(badLine.body.message).toBe('Recipe ingredient not found');
    expect(await server.prisma.recipeIngredient.count({ where: { recipeId: recipe.id } })).toBe(0);
  });

  it('updates a recipe', async () => {
    const recipe = (await staff.post('/api/admin/recipes', { name: 'Draft', category: 'custom' }))
      .body;
    const updated = await staff.put(`/api/admin/recipes/${recipe.id}`, {
      name: 'Final',
      category: 'pastries',
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Final', category: 'pastries', isActive: false });
  });
});

describe('the starter kitchen', () => {
  it('is seeded once, with a dozen ingredients and costed recipes', async () => {
    await server.prisma.recipeIngredient.deleteMany();
    await server.prisma.recipe.deleteMany();
    await server.prisma.ingredient.deleteMany();
    expect(await seedKitchen(server.prisma)).toEqual({ seeded: true });
    expect(await seedKitchen(server.prisma)).toEqual({ seeded: false });
    const ingredients = await staff.get('/api/admin/ingredients');
    expect(ingredients.body.length).toBeGreaterThanOrEqual(12);
    const recipes = await staff.get('/api/admin/recipes');
    expect(recipes.body.length).toBeGreaterThanOrEqual(3);
    for (const recipe of recipes.body) expect(recipe.totalCost).toBeGreaterThan(0);
  });
});
