// Recipes and their ingredient lines (staff), with exact costs.
import { Prisma } from '@bakery/prisma';
import type { RecipeDetailView, RecipeView } from '@bakery/core';
import { notFound } from '../../errors.js';
import { decimalToNumber, fourPlaces, lineCost, totalCostOf } from './costing.js';
import type { Db } from '../../db/types.js';

export interface RecipeInput {
  name: string;
  description?: string | null;
  category: string;
  servingSize?: string | number | null;
  prepTime?: string | number | null;
  bakeTime?: string | number | null;
  instructions?: string | null;
  notes?: string | null;
  isActive?: boolean;
}

export interface RecipeLineInput {
  ingredientId: string;
  quantity: number | string;
  notes?: string | null;
}

const recipeInclude = {
  ingredients: { include: { ingredient: true }, orderBy: { createdAt: 'asc' as const } },
} satisfies Prisma.RecipeInclude;

type RecipeWithLines = Prisma.RecipeGetPayload<{ include: typeof recipeInclude }>;

function recipeFields(row: RecipeWithLines) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    servingSize: row.servingSize,
    prepTime: row.prepTime,
    bakeTime: row.bakeTime,
    instructions: row.instructions,
    notes: row.notes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function recipeView(row: RecipeWithLines): RecipeView {
  return {
    ...recipeFields(row),
    totalCost: decimalToNumber(totalCostOf(row.ingredients), 2),
    ingredientCount: row.ingredients.length,
  };
}

export function recipeDetailView(row: RecipeWithLines): RecipeDetailView {
  return {
    ...recipeView(row),
    ingredients: row.ingredients.map((line) => ({
      id: line.id,
      quantity: decimalToNumber(line.quantity, 4),
      notes: line.notes,
      ingredientId: line.ingredientId,
      ingredient: {
        id: line.ingredient.id,
        name: line.ingredient.name,
        unit: line.ingredient.unit,
        costPerUnit: decimalToNumber(line.ingredient.costPerUnit, 4),
      },
      lineCost: decimalToNumber(lineCost(line.quantity, line.ingredient.costPerUnit), 2),
    })),
  };
}

export function recipeData(input: RecipeInput) {
  const text = (value: string | number | null | undefined) =>
    value === undefined || value === null || value === '' ? null : String(value);
  return {
    name: input.name.trim(),
    description: input.description ?? null,
    category: input.category,
    servingSize: text(input.servingSize),
    prepTime: text(input.prepTime),
    bakeTime: text(input.bakeTime),
    instructions: input.instructions ?? null,
    notes: input.notes ?? null,
    isActive: input.isActive ?? true,
  };
}

export async function listRecipes(db: Db) {
  const rows = await db.recipe.findMany({ include: recipeInclude, orderBy: { name: 'asc' } });
  return rows.map(recipeView);
}

async function loadRecipe(db: Db, id: string) {
  const row = await db.recipe.findUnique({ where: { id }, include: recipeInclude });
  if (!row) throw notFound('Recipe not found');
  return row;
}

export async function getRecipe(db: Db, id: string) {
  return recipeDetailView(await loadRecipe(db, id));
}

export async function createRecipe(db: Db, input: RecipeInput) {
  const row = await db.recipe.create({ data: recipeData(input), include: recipeInclude });
  return recipeView(row);
}

export async function updateRecipe(db: Db, id: string, input: RecipeInput) {
  await loadRecipe(db, id);
  const row = await db.recipe.update({
    where: { id },
    data: recipeData(input),
    include: recipeInclude,
  });
  return recipeDetailView(row);
}

export async function deleteRecipe(db: Db, id: string) {
  // One statement: the lines go with the recipe (cascade in the schema); ingredients stay.
  const { count } = await db.recipe.deleteMany({ where: { id } });
  if (count === 0) throw notFound('Recipe not found');
}

const quantityOf = fourPlaces;

export async function addRecipeLine(db: Db, recipeId: string, input: RecipeLineInput) {
  await loadRecipe(db, recipeId);
  const ingredient = await db.ingredient.findUnique({ where: { id: input.ingredientId } });
  if (!ingredient) throw notFound('Ingredient not found');
  await db.recipeIngredient.create({
    data: {
      recipeId,
      ingredientId: input.ingredientId,
      quantity: quantityOf(input.quantity),
      notes: input.notes ?? null,
    },
  });
  return getRecipe(db, recipeId);
}

export async function updateRecipeLine(
  db: Db,
  recipeId: string,
  lineId: string,
  input: Partial<RecipeLineInput>,
) {
  const line = await db.recipeIngredient.findFirst({ where: { id: lineId, recipeId } });
  if (!line) throw notFound('Recipe ingredient not found');
  if (
    input.ingredientId &&
    !(await db.ingredient.findUnique({ where: { id: input.ingredientId } }))
  ) {
    throw notFound('Ingredient not found');
  }
  await db.recipeIngredient.update({
    where: { id: lineId },
    data: {
      ...(input.ingredientId ? { ingredientId: input.ingredientId } : {}),
      ...(input.quantity !== undefined ? { quantity: quantityOf(input.quantity) } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    },
  });
  return getRecipe(db, recipeId);
}

export async function removeRecipeLine(db: Db, recipeId: string, lineId: string) {
  const line = await db.recipeIngredient.findFirst({ where: { id: lineId, recipeId } });
  if (!line) throw notFound('Recipe ingredient not found');
  await db.recipeIngredient.delete({ where: { id: lineId } });
  return getRecipe(db, recipeId);
}
