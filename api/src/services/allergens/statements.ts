// Every menu item's allergen statements (issue 26), built from the database
// by core's menuAllergens and kept per database client until the kitchen's
// revision moves. The revision is bumped by triggers on every table a
// statement reads (migration ingredient_allergens), whatever code writes; a
// process checks it at most once a second, and at once after a kitchen
// write of its own (markKitchenChanged, called by kitchenWritesMarkStale).
import {
  isAllergenId,
  menuAllergens,
  menuItems,
  type AllergenIngredient,
  type AllergenMenuItem,
  type GlutenKind,
  type ItemAllergens,
  type LinkedParts,
  type OptionParts,
} from '@bakery/core';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import type { Context, Next } from 'koa';
import type { Db } from '../../db/types.js';

/** How long a process trusts its statements before it reads the revision again. */
export const REVISION_CHECK_MS = 1000;

export interface KitchenAllergens {
  /** The kitchen revision they were built at (a decimal string). */
  revision: string;
  byProduct: ReadonlyMap<string, ItemAllergens>;
  /** The items they cover (core's catalogue unless given). */
  items: readonly AllergenMenuItem[];
}

type IngredientRow = {
  name: string;
  labelName: string | null;
  unit: string;
  gramsPerUnit: Prisma.Decimal | null;
  allergens: string[];
  treeNuts: string[];
  mayContain: string[];
  gluten: string;
};

export const ALLERGEN_INGREDIENT_COLUMNS = {
  id: true,
  name: true,
  labelName: true,
  unit: true,
  gramsPerUnit: true,
  allergens: true,
  treeNuts: true,
  mayContain: true,
  gluten: true,
} as const satisfies Prisma.IngredientSelect;

export function allergenIngredient(row: IngredientRow): AllergenIngredient {
  return {
    name: row.name,
    labelName: row.labelName,
    unit: row.unit,
    gramsPerUnit: row.gramsPerUnit === null ? null : Number(row.gramsPerUnit),
    allergens: (row.allergens ?? []).filter(isAllergenId),
    treeNuts: row.treeNuts ?? [],
    mayContain: (row.mayContain ?? []).filter(isAllergenId),
    gluten: row.gluten as GlutenKind,
  };
}

export async function readRevision(db: Db): Promise<string> {
  const rows = await db.$queryRaw<{ revision: bigint }[]>`
    SELECT "revision" FROM "KitchenRevision" WHERE "id" = 1`;
  return String(rows[0]?.revision ?? 0);
}

/** Builds the statements from the rows, now (no cache). */
export async function loadAllergens(
  db: Db,
  items: readonly AllergenMenuItem[] = menuItems(),
): Promise<KitchenAllergens> {
  const revision = await readRevision(db);
  const [links, options, exceptions] = await Promise.all([
    db.productRecipe.findMany({
      select: {
        productId: true,
        variantId: true,
        recipeYield: true,
        recipe: {
          select: {
            ingredients: {
              select: { quantity: true, ingredient: { select: ALLERGEN_INGREDIENT_COLUMNS } },
              orderBy: { createdAt: 'asc' },
            },
          },
        },
      },
    }),
    db.optionIngredient.findMany({
      select: {
        kind: true,
        optionId: true,
        quantity: true,
        ingredient: { select: ALLERGEN_INGREDIENT_COLUMNS },
      },
      orderBy: [{ kind: 'asc' }, { optionId: 'asc' }, { quantity: 'desc' }],
    }),
    db.claimException.findMany({ select: { productId: true, wording: true } }),
  ]);
  const linked: LinkedParts[] = links.map((link) => ({
    productId: link.productId,
    variantId: link.variantId,
    // Per piece: a batch's quantities over what it makes.
    parts: link.recipe.ingredients.map((line) => ({
      ingredient: allergenIngredient(line.ingredient),
      quantity: Number(line.quantity) / Number(link.recipeYield),
    })),
  }));
  const optionParts: OptionParts[] = options.map((o) => ({
    kind: o.kind === 'filling' ? 'filling' : 'addIn',
    optionId: o.optionId,
    parts: [{ ingredient: allergenIngredient(o.ingredient), quantity: Number(o.quantity) }],
  }));
  return {
    revision,
    items,
    byProduct: menuAllergens(
      items,
      linked,
      optionParts,
      new Map(exceptions.map((e) => [e.productId, e.wording])),
    ),
  };
}

interface CacheEntry {
  value: KitchenAllergens;
  checkedAt: number;
  stale: boolean;
}
const caches = new WeakMap<object, CacheEntry>();
const building = new WeakMap<object, Promise<KitchenAllergens>>();
/** Processes' own writes mark every cache stale (one per database client). */
let staleSince = 0;

/** A kitchen write of this process: the next read checks the revision at once. */
export function markKitchenChanged(): void {
  staleSince = Date.now();
}

/**
 * The statements for `db` (core's catalogue), from the cache while the
 * kitchen's revision is unchanged.
 */
export async function currentAllergens(db: PrismaClient): Promise<KitchenAllergens> {
  const entry = caches.get(db);
  const now = Date.now();
  // A published menu (issue 22) is a new item list: its statements are built anew.
  const sameMenu = entry?.value.items === menuItems();
  if (
    entry &&
    sameMenu &&
    now - entry.checkedAt < REVISION_CHECK_MS &&
    entry.checkedAt > staleSince
  )
    return entry.value;
  const pending = building.get(db);
  if (pending) return pending;
  const work = (async () => {
    const checkedAt = Date.now();
    if (entry && sameMenu && (await readRevision(db)) === entry.value.revision) {
      entry.checkedAt = checkedAt;
      return entry.value;
    }
    const value = await loadAllergens(db);
    caches.set(db, { value, checkedAt, stale: false });
    return value;
  })();
  building.set(db, work);
  try {
    return await work;
  } finally {
    building.delete(db);
  }
}

/** The back-office paths whose writes change a statement. */
const KITCHEN_WRITE = /^\/api\/admin\/(ingredients|recipes|kitchen\/links|allergens)(\/|$)/;

/**
 * Koa middleware: after a successful write to ingredients, recipes, recipe
 * links or allergens, this process's statements are rebuilt on the next
 * read (other processes see the revision within REVISION_CHECK_MS).
 */
export async function kitchenWritesMarkStale(ctx: Context, next: Next): Promise<void> {
  await next();
  if (
    ctx.method !== 'GET' &&
    ctx.method !== 'HEAD' &&
    ctx.status < 400 &&
    KITCHEN_WRITE.test(ctx.path)
  )
    markKitchenChanged();
}
