// The back office's allergen calls (issue 26): the overview (each item's
// statement, the items to ask about, missing weights, the promise's
// problems), the promise check the publish step calls, exceptions with their
// own wording, what fillings and add-ins put in a piece, net weights and the
// label settings.
import {
  ADD_INS,
  CAKE_FILLINGS,
  CLAIM_BROKEN,
  getMenuItem,
  menuClaimProblems,
  type AllergenMenuItem,
  type AllergenStatement,
  type ClaimExceptionInput,
  type ClaimProblem,
  type NetWeightInput,
  type OptionIngredientsInput,
} from '@bakery/core';
import { Prisma, type PrismaClient } from '@bakery/prisma';
import type { Db } from '../../db/types.js';
import { conflict, notFound } from '../../errors.js';
import { fourPlaces } from '../recipes/costing.js';
import { currentAllergens, loadAllergens } from './statements.js';
import { settingsRow } from '../../db/settingsRow.js';

/**
 * The items (all, or `productIds`) whose recipe or option has an ingredient
 * flagged wheat, gluten (oats not certified) or milk, each with the
 * ingredient; items marked as an exception are left out. Read fresh from
 * the database (not the menu's cache): the publish step must see the last write.
 */
export async function claimProblems(
  db: Db,
  productIds?: readonly string[],
  /** The menu's items (id, name, variants, fillings, addIns); core's catalogue by default. */
  items?: readonly AllergenMenuItem[],
): Promise<ClaimProblem[]> {
  const allergens = await loadAllergens(db, items);
  return menuClaimProblems(allergens.items, allergens.byProduct, productIds);
}

/**
 * Throws the publish step's refusal (409 `claim_broken`, the message naming
 * the item and the ingredient; every problem in `problems`) when any of
 * `productIds` breaks the promise.
 */
export async function assertClaimKept(
  db: Db,
  productIds?: readonly string[],
  items?: readonly AllergenMenuItem[],
): Promise<void> {
  const problems = await claimProblems(db, productIds, items);
  if (problems.length === 0) return;
  const error = conflict(problems[0]!.message, CLAIM_BROKEN);
  Object.assign(error.extra, { problems });
  throw error;
}

const statementView = (s: AllergenStatement) => ({
  known: s.known,
  ingredients: s.ingredients,
  allergens: s.allergens,
  mayContain: s.mayContain,
  contains: s.contains,
  mayContainLine: s.mayContainLine,
  missingWeights: s.missingWeights,
});

/** GET /api/admin/allergens: everything the Allergens panel shows. */
export async function allergenOverview(db: PrismaClient) {
  const allergens = await currentAllergens(db);
  const [options, exceptions, netWeights, settings] = await Promise.all([
    db.optionIngredient.findMany({
      include: { ingredient: { select: { id: true, name: true, unit: true } } },
      orderBy: [{ kind: 'asc' }, { optionId: 'asc' }],
    }),
    db.claimException.findMany({ orderBy: { productId: 'asc' } }),
    db.productNetWeight.findMany({ orderBy: [{ productId: 'asc' }, { variantId: 'asc' }] }),
    labelSettings(db),
  ]);
  const items = allergens.items.map((item) => {
    const a = allergens.byProduct.get(item.id)!;
    return {
      productId: item.id,
      name: item.name,
      category: getMenuItem(item.id)?.category ?? null,
      statement: statementView(a.statement),
      exception: a.exception,
    };
  });
  const optionRows = (kind: 'filling' | 'addIn') =>
    (kind === 'filling' ? CAKE_FILLINGS : ADD_INS).map((o) => ({
      kind,
      optionId: o.id,
      label: o.label,
      ingredients: options
        .filter((row) => row.kind === kind && row.optionId === o.id)
        .map((row) => ({
          ingredientId: row.ingredient.id,
          name: row.ingredient.name,
          unit: row.ingredient.unit,
          quantity: Number(row.quantity),
        })),
    }));
  return {
    revision: allergens.revision,
    items,
    /** Items without a linked recipe: customers read "Ask us about allergens". */
    askUs: items
      .filter((i) => !i.statement.known)
      .map((i) => ({ productId: i.productId, name: i.name })),
    /** Ingredients without a weight, with the items they are in. */
    missingWeights: [...new Set(items.flatMap((i) => i.statement.missingWeights))].map(
      (ingredient) => ({
        ingredient,
        items: items
          .filter((i) => i.statement.missingWeights.includes(ingredient))
          .map((i) => i.name),
      }),
    ),
    problems: menuClaimProblems(allergens.items, allergens.byProduct),
    exceptions: exceptions.map((e) => ({
      productId: e.productId,
      name: getMenuItem(e.productId)?.name ?? e.productId,
      wording: e.wording,
    })),
    options: [...optionRows('filling'), ...optionRows('addIn')],
    netWeights: netWeights.map((w) => ({
      productId: w.productId,
      variantId: w.variantId,
      grams: Number(w.grams),
    })),
    labelSettings: settings,
  };
}

export async function saveException(db: PrismaClient, input: ClaimExceptionInput) {
  const row = await db.claimException.upsert({
    where: { productId: input.productId },
    create: { productId: input.productId, wording: input.wording },
    update: { wording: input.wording },
  });
  return { productId: row.productId, wording: row.wording };
}

export async function removeException(db: PrismaClient, productId: string) {
  const { count } = await db.claimException.deleteMany({ where: { productId } });
  if (count === 0) throw notFound('This item is not an exception');
}

/** Replaces what one filling or add-in puts in a piece. */
export async function saveOptionIngredients(db: PrismaClient, input: OptionIngredientsInput) {
  const ids = [...new Set(input.ingredients.map((i) => i.ingredientId))];
  await db.$transaction(async (tx) => {
    const found = await tx.ingredient.count({ where: { id: { in: ids } } });
    if (found !== ids.length) throw notFound('Ingredient not found');
    await tx.optionIngredient.deleteMany({ where: { kind: input.kind, optionId: input.optionId } });
    if (input.ingredients.length)
      await tx.optionIngredient.createMany({
        data: input.ingredients.map((i) => ({
          kind: input.kind,
          optionId: input.optionId,
          ingredientId: i.ingredientId,
          quantity: fourPlaces(i.quantity),
        })),
        skipDuplicates: true,
      });
  });
  return { success: true as const };
}

export async function saveNetWeight(db: PrismaClient, input: NetWeightInput) {
  const key = { productId: input.productId, variantId: input.variantId };
  const grams = new Prisma.Decimal(input.grams).toDecimalPlaces(2);
  const row = await db.productNetWeight.upsert({
    where: { productId_variantId: key },
    create: { ...key, grams },
    update: { grams },
  });
  return { ...key, grams: Number(row.grams) };
}

export async function removeNetWeight(db: PrismaClient, productId: string, variantId: string) {
  const { count } = await db.productNetWeight.deleteMany({ where: { productId, variantId } });
  if (count === 0) throw notFound('No net weight is set for this item');
}

export async function labelSettings(db: Db) {
  const row = await db.labelSetting.findUnique({ where: { id: 1 } });
  return { cottageFoodStatement: row?.cottageFoodStatement ?? false };
}

export async function saveLabelSettings(
  db: PrismaClient,
  input: { cottageFoodStatement: boolean },
) {
  await db.labelSetting.upsert(settingsRow({ cottageFoodStatement: input.cottageFoodStatement }));
  return labelSettings(db);
}
