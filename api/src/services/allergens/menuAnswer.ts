// GET /api/menu with allergens (issue 26): each item, variant, filling and
// add-in carries `ingredients`, `allergens`, `mayContain` and the printed
// lines (`allergenInfo`); `?without=tree-nuts,eggs` leaves out the items that
// contain any of them or whose allergens are unknown. The answer is cached,
// compressed and ETagged per kitchen revision and filter (publicCache's
// live answers), so the ETag changes exactly when the body does.
import {
  ADD_INS,
  ASK_ABOUT_ALLERGENS,
  CAKE_FILLINGS,
  ingredientLine,
  parseWithout,
  safeWithout,
  UNKNOWN_STATEMENT,
  type AllergenFacts,
  type AllergenId,
  type AllergenStatement,
  type ItemAllergens,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import type { Context } from 'koa';
import { cachedJson, type CachedAnswer } from '../cachedJson.js';
import { currentAllergens } from './statements.js';

export function factsOf(statement: AllergenStatement, note: string | null = null): AllergenFacts {
  return {
    ingredients: statement.ingredients,
    allergens: statement.allergens,
    mayContain: statement.mayContain,
    allergenInfo: {
      known: statement.known,
      ingredients: statement.known ? ingredientLine(statement) : ASK_ABOUT_ALLERGENS,
      contains: statement.contains,
      mayContain: statement.mayContainLine,
      note,
    },
  };
}

type MenuItemLike = { id: string; variants?: readonly { id: string }[] } & Record<string, unknown>;
type MenuLike = { items: readonly MenuItemLike[] } & Record<string, unknown>;

/** One item of the menu answer with its facts, its variants' and its options'. */
function itemWithAllergens<I extends MenuItemLike>(item: I, a: ItemAllergens | undefined) {
  if (!a) return { ...item, ...factsOf({ ...UNKNOWN_STATEMENT }) };
  const note = a.exception;
  const options = [
    ...Object.entries(a.fillings).map(([id, s]) => ({
      kind: 'filling' as const,
      id,
      label: CAKE_FILLINGS.find((f) => f.id === id)?.label ?? id,
      ...factsOf(s, note),
    })),
    ...Object.entries(a.addIns).map(([id, s]) => ({
      kind: 'addIn' as const,
      id,
      label: ADD_INS.find((o) => o.id === id)?.label ?? id,
      ...factsOf(s, note),
    })),
  ];
  return {
    ...item,
    ...factsOf(a.statement, note),
    ...(item.variants
      ? {
          // A variant says its own only where its recipe differs from the item's (a link of its own).
          variants: item.variants.map((v) => {
            const own = a.variants[v.id];
            return own && JSON.stringify(own) !== JSON.stringify(a.statement)
              ? { ...v, ...factsOf(own, note) }
              : v;
          }),
        }
      : {}),
    ...(options.length ? { allergenOptions: options } : {}),
  };
}

/**
 * The menu answer with each item's allergens, and without the items that
 * contain any of `without` (or whose allergens are unknown).
 */
export function withAllergens<M extends MenuLike>(
  menu: M,
  byProduct: ReadonlyMap<string, ItemAllergens>,
  without: readonly AllergenId[] = [],
) {
  const items = menu.items
    .filter((item) => {
      const a = byProduct.get(item.id);
      return safeWithout(a?.statement ?? UNKNOWN_STATEMENT, without);
    })
    .map((item) => itemWithAllergens(item, byProduct.get(item.id)));
  return { ...menu, items, ...(without.length ? { without } : {}) };
}

/** Browsers revalidate (a 304 while the ETag holds): allergens must not be minutes stale. */
export const ALLERGEN_MENU_CACHE_CONTROL = 'public, no-cache';

/**
 * publicCache's live answer of GET /api/menu: the menu with allergens, per
 * kitchen revision and `?without=` set (at most 2^9 sets, dropped when the
 * revision moves).
 */
export function liveMenuAnswer(prisma: PrismaClient, menu: () => MenuLike | Promise<MenuLike>) {
  let revision = '';
  let base: MenuLike | null = null;
  const built = new Map<string, CachedAnswer>();
  return {
    async live(ctx: Context): Promise<CachedAnswer | null> {
      const raw = ctx.query.without;
      const without = parseWithout(typeof raw === 'string' || Array.isArray(raw) ? raw : null);
      const [allergens, current] = await Promise.all([currentAllergens(prisma), menu()]);
      // A new kitchen revision or a new menu (by identity): rebuilt.
      if (allergens.revision !== revision || current !== base) {
        built.clear();
        revision = allergens.revision;
        base = current;
      }
      const key = without.join(',');
      let answer = built.get(key);
      if (!answer) {
        answer = cachedJson(
          withAllergens(current, allergens.byProduct, without),
          ALLERGEN_MENU_CACHE_CONTROL,
        );
        built.set(key, answer);
      }
      return answer;
    },
  };
}
