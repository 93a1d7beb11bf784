// Ingredients, recipes and their costing. Money here is exact decimal
// (Prisma.Decimal): costPerUnit has 4 places, quantities 4 places, and a
// recipe's totalCost is the exact sum of quantity x costPerUnit, rounded to
// cents only when it is put on the wire.
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { IngredientView, RecipeDetailView, RecipeView } from '@bakery/core';
import { conflict, notFound } from '../middleware/errors.js';

type Db = PrismaClient | Prisma.TransactionClient;
type Decimal = Prisma.Decimal;

export interface IngredientInput {
  name: string;
  unit: string;
  costPerUnit: number | string;
  category?: string | null;
  supplier?: string | null;
  notes?: string | null;
}

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

const dec = (value: number | string | Decimal): Decimal => new Prisma.Decimal(value);

/** A decimal as a number on the wire, rounded half-up to `places`. */
export const decimalToNumber = (value: Decimal, places: number): number =>
  Number(value.toDecimalPlaces(places, Prisma.Decimal.ROUND_HALF_UP).toFixed(places));

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

/** quantity x costPerUnit, exact. */
export const lineCost = (quantity: Decimal, costPerUnit: Decimal): Decimal =>
  quantity.mul(costPerUnit);

/** The exact sum of a recipe's line costs. */
export const totalCostOf = (
  lines: { quantity: Decimal; ingredient: { costPerUnit: Decimal } }[],
): Decimal =>
  lines.reduce(
    (sum, line) => sum.add(lineCost(line.quantity, line.ingredient.costPerUnit)),
    dec(0),
  );

// ---------------------------------------------------------------- ingredients

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export async function listIngredients(db: Db) {
  const rows = await db.ingredient.findMany({ orderBy: { name: 'asc' } });
  return rows.map(ingredientView);
}

function ingredientData(input: IngredientInput) {
  return {
    name: input.name.trim(),
    unit: input.unit.trim(),
    costPerUnit: dec(input.costPerUnit).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP),
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

// -------------------------------------------------------------------- recipes

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

function recipeData(input: RecipeInput) {
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

const quantityOf = (value: number | string) =>
  dec(value).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP);

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

// ----------------------------------------------------------------- starter set

// A gluten-free, dairy-free kitchen's pantry at typical wholesale prices.
const STARTER_INGREDIENTS: IngredientInput[] = [
  {
    name: 'Gluten-free all-purpose flour blend',
    unit: 'lb',
    costPerUnit: '2.8500',
    category: 'Flours',
    supplier: 'Bob’s Red Mill',
  },
  {
    name: 'Almond flour',
    unit: 'lb',
    costPerUnit: '7.2500',
    category: 'Flours',
    supplier: 'Bob’s Red Mill',
  },
  {
    name: 'Oat flour (certified gluten-free)',
    unit: 'lb',
    costPerUnit: '2.4000',
    category: 'Flours',
    supplier: 'Bob’s Red Mill',
  },
  {
    name: 'Tapioca starch',
    unit: 'lb',
    costPerUnit: '1.9500',
    category: 'Flours',
    supplier: 'Anthony’s Goods',
  },
  {
    name: 'Xanthan gum',
    unit: 'oz',
    costPerUnit: '0.8750',
    category: 'Binders',
    supplier: 'Anthony’s Goods',
  },
  {
    name: 'Cane sugar',
    unit: 'lb',
    costPerUnit: '0.9500',
    category: 'Sweeteners',
    supplier: 'Restaurant Depot',
  },
  {
    name: 'Coconut sugar',
    unit: 'lb',
    costPerUnit: '3.6000',
    category: 'Sweeteners',
    supplier: 'Restaurant Depot',
  },
  {
    name: 'Vegan butter',
    unit: 'lb',
    costPerUnit: '5.4900',
    category: 'Fats',
    supplier: 'Miyoko’s Creamery',
  },
  {
    name: 'Coconut oil',
    unit: 'lb',
    costPerUnit: '4.2000',
    category: 'Fats',
    supplier: 'Restaurant Depot',
  },
  {
    name: 'Oat milk',
    unit: 'cup',
    costPerUnit: '0.4500',
    category: 'Dairy-free milks',
    supplier: 'Oatly',
  },
  {
    name: 'Eggs (large)',
    unit: 'each',
    costPerUnit: '0.3200',
    category: 'Eggs',
    supplier: 'Local farm',
  },
  {
    name: 'Dairy-free chocolate chips',
    unit: 'lb',
    costPerUnit: '8.9900',
    category: 'Add-ins',
    supplier: 'Enjoy Life',
  },
  {
    name: 'Baking powder (aluminum-free)',
    unit: 'oz',
    costPerUnit: '0.2500',
    category: 'Leaveners',
    supplier: 'Restaurant Depot',
  },
  {
    name: 'Pure vanilla extract',
    unit: 'tsp',
    costPerUnit: '0.5500',
    category: 'Flavorings',
    supplier: 'Nielsen-Massey',
  },
];

const STARTER_RECIPES: { recipe: RecipeInput; lines: [string, string][] }[] = [
  {
    recipe: {
      name: 'Chocolate Chip Cookies (dozen)',
      category: 'pastries',
      description: 'Chewy gluten-free, dairy-free chocolate chip cookies.',
      servingSize: '12 cookies',
      prepTime: '15 min',
      bakeTime: '11 min',
      instructions:
        'Cream vegan butter and sugars, add egg and vanilla, fold in the dry mix and chips. Scoop, chill 30 minutes, bake at 350°F.',
    },
    lines: [
      ['Gluten-free all-purpose flour blend', '0.6250'],
      ['Xanthan gum', '0.1250'],
      ['Cane sugar', '0.3750'],
      ['Coconut sugar', '0.2500'],
      ['Vegan butter', '0.5000'],
      ['Eggs (large)', '1'],
      ['Dairy-free chocolate chips', '0.6250'],
      ['Pure vanilla extract', '2'],
      ['Baking powder (aluminum-free)', '0.1700'],
    ],
  },
  {
    recipe: {
      name: 'Sandwich Bread Loaf',
      category: 'breads',
      description: 'Soft gluten-free sandwich loaf.',
      servingSize: '1 loaf',
      prepTime: '20 min',
      bakeTime: '50 min',
      instructions:
        'Whisk dry ingredients, add warm oat milk, oil and eggs, rise 45 minutes, bake at 375°F.',
    },
    lines: [
      ['Gluten-free all-purpose flour blend', '1.0000'],
      ['Tapioca starch', '0.2500'],
      ['Xanthan gum', '0.2500'],
      ['Oat milk', '1.5000'],
      ['Coconut oil', '0.1250'],
      ['Eggs (large)', '2'],
      ['Cane sugar', '0.0625'],
    ],
  },
  {
    recipe: {
      name: 'Vanilla Cupcakes (dozen)',
      category: 'desserts',
      description: 'Light vanilla cupcakes with dairy-free buttercream.',
      servingSize: '12 cupcakes',
      prepTime: '25 min',
      bakeTime: '20 min',
      instructions:
        'Mix wet and dry separately, combine, fill liners two-thirds, bake at 350°F. Frost when cool.',
    },
    lines: [
      ['Gluten-free all-purpose flour blend', '0.7500'],
      ['Almond flour', '0.1250'],
      ['Cane sugar', '1.0000'],
      ['Vegan butter', '0.7500'],
      ['Oat milk', '1.0000'],
      ['Eggs (large)', '3'],
      ['Baking powder (aluminum-free)', '0.3300'],
      ['Pure vanilla extract', '3'],
    ],
  },
  {
    recipe: {
      name: 'Oat Bars (tray)',
      category: 'custom',
      description: 'Chewy oat and coconut sugar bars.',
      servingSize: '16 bars',
      prepTime: '15 min',
      bakeTime: '25 min',
    },
    lines: [
      ['Oat flour (certified gluten-free)', '1.5000'],
      ['Coconut sugar', '0.5000'],
      ['Coconut oil', '0.3750'],
      ['Dairy-free chocolate chips', '0.2500'],
    ],
  },
];

/**
 * Seeds the starter pantry and recipes, once: it does nothing when any
 * ingredient or recipe already exists, so staff edits are never overwritten.
 */
export async function seedKitchen(db: PrismaClient): Promise<{ seeded: boolean }> {
  return db.$transaction(async (tx) => {
    if ((await tx.ingredient.count()) > 0 || (await tx.recipe.count()) > 0)
      return { seeded: false };
    const byName = new Map<string, string>();
    for (const input of STARTER_INGREDIENTS) {
      const row = await tx.ingredient.create({ data: ingredientData(input) });
      byName.set(row.name, row.id);
    }
    for (const { recipe, lines } of STARTER_RECIPES) {
      const row = await tx.recipe.create({ data: recipeData(recipe) });
      for (const [name, quantity] of lines) {
        const ingredientId = byName.get(name);
        if (!ingredientId)
          throw new Error(`Starter recipe ${recipe.name} names unknown ingredient ${name}`);
        await tx.recipeIngredient.create({
          data: { recipeId: row.id, ingredientId, quantity: quantityOf(quantity) },
        });
      }
    }
    return { seeded: true };
  });
}
