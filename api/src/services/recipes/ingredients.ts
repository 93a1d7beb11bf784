// Ingredients of the recipe costing (staff): list, create, update, and a
// delete refused while a recipe uses one.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import { isAllergenId, type GlutenKind, type IngredientView } from '@bakery/core';
import { conflict, notFound } from '../../errors.js';
import { decimalToNumber, fourPlaces, type Decimal } from './costing.js';
import type { Db } from '../../db/types.js';

export interface IngredientInput {
  name: string;
  unit: string;
  costPerUnit: number | string;
  category?: string | null;
  supplier?: string | null;
  notes?: string | null;
  // Issue 26: allergens, gluten, label name, grams per unit (none when left out).
  allergens?: readonly string[];
  treeNuts?: readonly string[];
  mayContain?: readonly string[];
  gluten?: GlutenKind;
  labelName?: string | null;
  gramsPerUnit?: number | string | null;
}

type IngredientRow = {
  id: string;
  name: string;
  unit: string;
  costPerUnit: Decimal;
  category: string | null;
  supplier: string | null;
  notes: string | null;
  allergens: string[];
  treeNuts: string[];
  mayContain: string[];
  gluten: string;
  labelName: string | null;
  gramsPerUnit: Decimal | null;
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
    allergens: (row.allergens ?? []).filter(isAllergenId),
    treeNuts: row.treeNuts ?? [],
    mayContain: (row.mayContain ?? []).filter(isAllergenId),
    gluten: row.gluten as GlutenKind,
    labelName: row.labelName,
    gramsPerUnit: row.gramsPerUnit === null ? null : decimalToNumber(row.gramsPerUnit, 4),
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
    allergens: [...(input.allergens ?? [])],
    // Nuts are named only for an ingredient that holds tree nuts.
    treeNuts: input.allergens?.includes('tree-nuts') ? [...(input.treeNuts ?? [])] : [],
    mayContain: (input.mayContain ?? []).filter((id) => !input.allergens?.includes(id)),
    gluten: input.gluten ?? 'none',
    labelName: input.labelName ?? null,
    gramsPerUnit:
      input.gramsPerUnit === null || input.gramsPerUnit === undefined
        ? null
        : fourPlaces(input.gramsPerUnit),
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
    const options = await tx.optionIngredient.findMany({
      where: { ingredientId: id },
      select: { optionId: true },
    });
    if (options.length > 0 && uses.length === 0) {
      const names = [...new Set(options.map((o) => o.optionId))].sort();
      throw conflict(
        `${existing.name} is used by the menu's ${names.length === 1 ? 'option' : 'options'}: ${names.join(', ')}. Remove it from ${names.length === 1 ? 'that option' : 'those options'} on the Allergens screen first.`,
      );
    }
    if (uses.length > 0) {
      const names = [...new Set(uses.map((use) => use.recipe.name))].sort();
      throw conflict(
        `${existing.name} is used by ${names.length === 1 ? 'recipe' : 'recipes'}: ${names.join(', ')}. Remove it from ${names.length === 1 ? 'that recipe' : 'those recipes'} first.`,
      );
    }
    await tx.ingredient.delete({ where: { id } });
  });
}
