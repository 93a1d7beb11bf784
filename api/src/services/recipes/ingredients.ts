// Ingredients of the recipe costing (staff): list, create, update, and a
// delete refused while a recipe uses one.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { IngredientView } from '@bakery/core';
import { conflict, notFound } from '../../errors.js';
import { decimalToNumber, fourPlaces, type Db, type Decimal } from './costing.js';

export interface IngredientInput {
  name: string;
  unit: string;
  costPerUnit: number | string;
  category?: string | null;
  supplier?: string | null;
  notes?: string | null;
}

type IngredientRow = {
  id: string;
  name: string;
  unit: string;
  costPerUnit: Decimal;
  category: string | null;
  supplier: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function ingredientView(row: IngredientRow): IngredientView {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    costPerUnit: decimalToNumber(row.costPerUnit, 4),
    category: row.category,
    supplier: row.supplier,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export async function listIngredients(db: Db) {
  const rows = await db.ingredient.findMany({ orderBy: { name: 'asc' } });
  return rows.map(ingredientView);
}

export function ingredientData(input: IngredientInput) {
  return {
    name: input.name.trim(),
    unit: input.unit.trim(),
    costPerUnit: fourPlaces(input.costPerUnit),
    category: input.category ?? null,
    supplier: input.supplier ?? null,
    notes: input.notes ?? null,
  };
}

const duplicateIngredient = (name: string) =>
  conflict(`An ingredient named "${name}" already exists`, 'already_exists');

export async function createIngredient(db: Db, input: IngredientInput) {
  try {
    return ingredientView(await db.ingredient.create({ data: ingredientData(input) }));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIngredient(input.name.trim());
    throw error;
  }
}

export async function updateIngredient(db: Db, id: string, input: IngredientInput) {
  const existing = await db.ingredient.findUnique({ where: { id } });
  if (!existing) throw notFound('Ingredient not found');
  try {
    return ingredientView(
      await db.ingredient.update({ where: { id }, data: ingredientData(input) }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIngredient(input.name.trim());
    throw error;
  }
}

/** Refused (409) while a recipe uses the ingredient; the message names those recipes. */
export async function deleteIngredient(db: PrismaClient, id: string) {
  await db.$transaction(async (tx) => {
    const existing = await tx.ingredient.findUnique({ where: { id } });
    if (!existing) throw notFound('Ingredient not found');
    const uses = await tx.recipeIngredient.findMany({
      where: { ingredientId: id },
      select: { recipe: { select: { name: true } } },
    });
    if (uses.length > 0) {
      const names = [...new Set(uses.map((use) => use.recipe.name))].sort();
      throw conflict(
        `${existing.name} is used by ${names.length === 1 ? 'recipe' : 'recipes'}: ${names.join(', ')}. Remove it from ${names.length === 1 ? 'that recipe' : 'those recipes'} first.`,
      );
    }
    await tx.ingredient.delete({ where: { id } });
  });
}
