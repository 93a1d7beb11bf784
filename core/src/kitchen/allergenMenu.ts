// Each menu item's allergen statements (issue 26): from the recipe linked to
// it (the Kitchen tab's links, as costing finds them) and, per filling and
// add-in, with what that option puts in a piece. The API builds these once
// per kitchen revision and adds them to GET /api/menu; labels print them.
import { ADD_INS, CAKE_FILLINGS, type MenuItem } from '../catalogue/catalogue';
import { OPTION_STATED_ALLERGENS, type StatedAllergens } from '../catalogue/statedAllergens';
import {
  ALLERGEN_IDS,
  allergenLabel,
  containsLine,
  findClaimProblems,
  mayContainText,
  rollUpAllergens,
  UNKNOWN_STATEMENT,
  type AllergenId,
  type AllergenPart,
  type AllergenStatement,
  type ClaimBreaker,
  type ClaimProblem,
} from './allergens';
import { findLink } from './costing';

/** A recipe link with its recipe's lines per piece (quantity / yield). */
export interface LinkedParts {
  productId: string;
  /** '' for a link of the whole item. */
  variantId: string;
  parts: readonly AllergenPart[];
}

/** What one filling or add-in puts in a piece. */
export interface OptionParts {
  kind: 'filling' | 'addIn';
  optionId: string;
  parts: readonly AllergenPart[];
}

export type AllergenMenuItem = Pick<
  MenuItem,
  'id' | 'name' | 'variants' | 'fillings' | 'addIns' | 'ingredients' | 'contains' | 'mayContain'
>;

type Stated = Partial<StatedAllergens>;

/** Whether the owner stated the item's facts (an ingredient list is the statement). */
export const isStated = (item: Stated): boolean => Boolean(item.ingredients?.trim());

/** "a, b (c, d), e" split at the commas outside parentheses. */
export function splitIngredients(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(' || ch === '[') depth++;
    if ((ch === ')' || ch === ']') && depth > 0) depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((part) => part.trim().replace(/\.$/, '')).filter(Boolean);
}

const NUT_WORDS =
  /\b(almond|pecan|walnut|cashew|hazelnut|pistachio|macadamia|brazil nut|pine nut)s?\b/gi;

/** The tree nuts an ingredient text names ("Almonds", "Pecans"), for the Contains line. */
export function treeNutsInText(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(NUT_WORDS)) {
    const word = match[1]!.toLowerCase();
    names.add(`${word[0]!.toUpperCase()}${word.slice(1)}s`);
  }
  return [...names];
}

const inOrder = (ids: Iterable<AllergenId>) => {
  const set = new Set(ids);
  return ALLERGEN_IDS.filter((id) => set.has(id));
};

/**
 * The statement of an item whose facts the owner stated (no linked recipe),
 * with what a chosen filling or add-in adds. Wheat or milk stated breaks the
 * gluten-free, dairy-free promise as a recipe's ingredient would.
 */
export function statedStatement(item: Stated, option?: Stated | null): AllergenStatement {
  if (!isStated(item)) return UNKNOWN_STATEMENT;
  const parts = [item, ...(option ? [option] : [])];
  const text = parts.map((p) => p.ingredients?.trim() ?? '').filter(Boolean);
  const allergens = inOrder(parts.flatMap((p) => p.contains ?? []));
  const mayContain = inOrder(
    parts.flatMap((p) => p.mayContain ?? []).filter((id) => !allergens.includes(id)),
  );
  const claimBreakers: ClaimBreaker[] = (['wheat', 'milk'] as const)
    .filter((id) => allergens.includes(id))
    .map((id) => ({
      ingredient: `${allergenLabel(id)} (as stated in the Menu editor)`,
      reason: id,
    }));
  const joined = text.join(', ');
  return {
    known: true,
    ingredients: splitIngredients(joined),
    allergens,
    mayContain,
    contains: containsLine(
      allergens,
      allergens.includes('tree-nuts') ? treeNutsInText(joined) : [],
    ),
    mayContainLine: mayContainText(mayContain),
    missingWeights: [],
    claimBreakers,
  };
}

export interface ItemAllergens {
  productId: string;
  /** The item's statement: its whole-item link, else its first option's. */
  statement: AllergenStatement;
  /** Per variant id, for items with variants. */
  variants: Record<string, AllergenStatement>;
  /** The item with each filling / add-in it takes (fillings for cakes, add-ins for some breads and cookies). */
  fillings: Record<string, AllergenStatement>;
  addIns: Record<string, AllergenStatement>;
  /** The owner's wording for an item sold outside the gluten-free, dairy-free promise. */
  exception: string | null;
}

/** Every item's statements, keyed by product id. */
export function menuAllergens(
  items: readonly AllergenMenuItem[],
  links: readonly LinkedParts[],
  options: readonly OptionParts[],
  exceptions: ReadonlyMap<string, string> = new Map(),
): Map<string, ItemAllergens> {
  const optionParts = (kind: OptionParts['kind'], id: string) =>
    options.filter((o) => o.kind === kind && o.optionId === id).flatMap((o) => o.parts);
  const out = new Map<string, ItemAllergens>();
  for (const item of items) {
    const partsFor = (variantId: string | null) =>
      findLink(links, item.id, variantId)?.parts ?? null;
    const base =
      partsFor(item.variants?.length ? '' : null) ?? partsFor(item.variants?.[0]?.id ?? null);
    // No recipe linked: the facts the owner stated (a linked recipe's roll-up wins).
    const stated = !base && isStated(item);
    const variants: Record<string, AllergenStatement> = {};
    for (const v of item.variants ?? []) {
      const own = partsFor(v.id);
      variants[v.id] = !own && stated ? statedStatement(item) : rollUpAllergens({ recipe: own });
    }
    /** A stated item's option: its own recipe lines when the kitchen has them, else the stated. */
    const statedOption = (kind: OptionParts['kind'], id: string): Stated | null => {
      const parts = optionParts(kind, id);
      if (!parts.length) return OPTION_STATED_ALLERGENS[id] ?? null;
      const rolled = rollUpAllergens({ recipe: parts });
      return {
        ingredients: rolled.ingredients.join(', '),
        contains: rolled.allergens,
        mayContain: rolled.mayContain,
      };
    };
    const withOption = (kind: OptionParts['kind'], list: readonly { id: string }[]) =>
      Object.fromEntries(
        list.map((o) => [
          o.id,
          stated
            ? statedStatement(item, statedOption(kind, o.id))
            : rollUpAllergens({ recipe: base, option: optionParts(kind, o.id) }),
        ]),
      );
    out.set(item.id, {
      productId: item.id,
      statement: stated ? statedStatement(item) : rollUpAllergens({ recipe: base }),
      variants,
      fillings: item.fillings ? withOption('filling', CAKE_FILLINGS) : {},
      addIns: item.addIns ? withOption('addIn', ADD_INS) : {},
      exception: exceptions.get(item.id) ?? null,
    });
  }
  return out;
}

/**
 * The statement of one ordered line: its filling or add-in when chosen
 * (with the item's recipe), else its variant's, else the item's.
 */
export function lineStatement(
  allergens: ItemAllergens | undefined,
  line: { variantId?: string | null; filling?: string | null; addIn?: string | null },
): AllergenStatement | null {
  if (!allergens) return null;
  if (line.filling && allergens.fillings[line.filling]) return allergens.fillings[line.filling]!;
  if (line.addIn && allergens.addIns[line.addIn]) return allergens.addIns[line.addIn]!;
  if (line.variantId && allergens.variants[line.variantId])
    return allergens.variants[line.variantId]!;
  return allergens.statement;
}

/** The claim problems of the given items (all when `productIds` is absent), exceptions left out. */
export function menuClaimProblems(
  items: readonly AllergenMenuItem[],
  allergens: ReadonlyMap<string, ItemAllergens>,
  productIds?: readonly string[],
): ClaimProblem[] {
  const wanted = productIds ? new Set(productIds) : null;
  const label = (list: readonly { id: string; label: string }[], id: string) =>
    list.find((o) => o.id === id)?.label ?? id;
  const checked = items
    .filter((item) => !wanted || wanted.has(item.id))
    .flatMap((item) => {
      const a = allergens.get(item.id);
      if (!a || a.exception) return [];
      return [
        {
          productId: item.id,
          productName: item.name,
          statement: a.statement,
          options: [
            ...Object.entries(a.variants).map(([id, statement]) => ({
              id,
              label: label(item.variants ?? [], id),
              statement,
            })),
            ...Object.entries(a.fillings).map(([id, statement]) => ({
              id,
              label: `${label(CAKE_FILLINGS, id)} filling`,
              statement,
            })),
            ...Object.entries(a.addIns).map(([id, statement]) => ({
              id,
              label: `with ${label(ADD_INS, id).toLowerCase()}`,
              statement,
            })),
          ],
        },
      ];
    });
  return findClaimProblems(checked);
}
