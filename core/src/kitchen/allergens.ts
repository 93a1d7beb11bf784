// Allergens from the recipes (issue 26, docs/kitchen.md): what each
// ingredient carries, and each menu item's statement rolled up from the
// recipe linked to it and the filling or add-in chosen: the ingredient list
// by descending weight, "Contains: Eggs, Tree Nuts (Pecans)", "May contain:
// …", and the check of the shop's gluten-free, dairy-free promise.
// Pure functions: the API loads the rows, the storefront and labels print.

/** The nine major food allergens of the US (FALCPA, sesame added by the FASTER Act). */
export const ALLERGENS = [
  { id: 'milk', label: 'Milk', filterLabel: 'milk' },
  { id: 'eggs', label: 'Eggs', filterLabel: 'eggs' },
  { id: 'fish', label: 'Fish', filterLabel: 'fish' },
  { id: 'crustacean-shellfish', label: 'Crustacean Shellfish', filterLabel: 'shellfish' },
  { id: 'tree-nuts', label: 'Tree Nuts', filterLabel: 'tree nuts' },
  { id: 'peanuts', label: 'Peanuts', filterLabel: 'peanuts' },
  { id: 'wheat', label: 'Wheat', filterLabel: 'wheat' },
  { id: 'soybeans', label: 'Soy', filterLabel: 'soy' },
  { id: 'sesame', label: 'Sesame', filterLabel: 'sesame' },
] as const;

export type AllergenId = (typeof ALLERGENS)[number]['id'];
export const ALLERGEN_IDS = ALLERGENS.map((a) => a.id) as readonly AllergenId[];
export const isAllergenId = (value: string): value is AllergenId =>
  (ALLERGEN_IDS as readonly string[]).includes(value);
export const allergenLabel = (id: AllergenId): string =>
  ALLERGENS.find((a) => a.id === id)?.label ?? id;

/**
 * Gluten, beside wheat: 'gluten' for barley, rye, malt and the like; oats are
 * 'oats-certified' (certified gluten-free: no gluten) or 'oats' (not: gluten).
 */
export const GLUTEN_LABELS = {
  none: 'No gluten',
  gluten: 'Contains gluten (barley, rye, malt…)',
  oats: 'Oats, not certified gluten-free',
  'oats-certified': 'Oats, certified gluten-free',
} as const;
export type GlutenKind = keyof typeof GLUTEN_LABELS;
export const GLUTEN_KINDS = Object.keys(GLUTEN_LABELS) as readonly GlutenKind[];

/** An ingredient as the roll-up reads it. */
export interface AllergenIngredient {
  name: string;
  /** As it must appear on a label, with sub-ingredients; null: the name. */
  labelName: string | null;
  unit: string;
  /** Grams in one `unit` when the unit is not a weight (each, cup, tsp); null when unknown. */
  gramsPerUnit: number | null;
  allergens: readonly AllergenId[];
  /** The tree nuts it holds, named ("Pecans"), when allergens has tree-nuts. */
  treeNuts: readonly string[];
  mayContain: readonly AllergenId[];
  gluten: GlutenKind;
}

/** Grams in one unit of weight; any other unit needs the ingredient's gramsPerUnit. */
export const WEIGHT_UNIT_GRAMS: Readonly<Record<string, number>> = {
  g: 1,
  gram: 1,
  grams: 1,
  kg: 1000,
  kilogram: 1000,
  kilograms: 1000,
  oz: 28.349523125,
  ounce: 28.349523125,
  ounces: 28.349523125,
  lb: 453.59237,
  lbs: 453.59237,
  pound: 453.59237,
  pounds: 453.59237,
};

/** True when the unit is a weight (lb, oz, g, kg): no grams per unit needed. */
export const isWeightUnit = (unit: string): boolean =>
  WEIGHT_UNIT_GRAMS[unit.trim().toLowerCase().replace(/\.$/, '')] !== undefined;

/** Grams in one unit of the ingredient, or null when its unit is not a weight and no weight is given. */
export function gramsPerUnitOf(ingredient: Pick<AllergenIngredient, 'unit' | 'gramsPerUnit'>) {
  const weight = WEIGHT_UNIT_GRAMS[ingredient.unit.trim().toLowerCase().replace(/\.$/, '')];
  if (weight !== undefined) return weight;
  return ingredient.gramsPerUnit !== null && ingredient.gramsPerUnit > 0
    ? ingredient.gramsPerUnit
    : null;
}

/** What the roll-up gets for one item: its recipe's lines and its option's, per piece. */
export interface AllergenPart {
  ingredient: AllergenIngredient;
  /** In the ingredient's unit, per piece (recipe quantity / recipe yield). */
  quantity: number;
}

export interface AllergenSource {
  /** The linked recipe's lines, each quantity divided by the recipe's yield; null without a link. */
  recipe: readonly AllergenPart[] | null;
  /** The chosen filling's or add-in's ingredients, per piece. */
  option?: readonly AllergenPart[];
}

/** An ingredient that breaks the gluten-free, dairy-free promise, and why. */
export interface ClaimBreaker {
  ingredient: string;
  reason: 'wheat' | 'gluten' | 'milk';
}

/** Every item's and option's statement (GET /api/menu carries it). */
export interface AllergenStatement {
  /** False when no recipe is linked: "Ask us about allergens". */
  known: boolean;
  /** Label names, heaviest first (ingredients without a weight last). */
  ingredients: string[];
  /** The major allergens it contains, in ALLERGENS order. */
  allergens: AllergenId[];
  /** The major allergens it may contain (and does not contain). */
  mayContain: AllergenId[];
  /** "Contains: Eggs, Tree Nuts (Pecans)", or null when none. */
  contains: string | null;
  /** "May contain: Peanuts", or null. */
  mayContainLine: string | null;
  /** Ingredients whose weight is unknown (a unit that is not a weight, and no grams per unit). */
  missingWeights: string[];
  /** Ingredients flagged wheat, gluten (oats not certified) or milk. */
  claimBreakers: ClaimBreaker[];
}

export const ASK_ABOUT_ALLERGENS = 'Ask us about allergens';

const nameOnLabel = (i: AllergenIngredient) => (i.labelName?.trim() || i.name).trim();

/** "Contains: Eggs, Tree Nuts (Almonds, Pecans)" from the allergens and nut names. */
export function containsLine(allergens: readonly AllergenId[], treeNuts: readonly string[]) {
  if (allergens.length === 0) return null;
  const nuts = [...new Set(treeNuts.map((n) => n.trim()).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
  return `Contains: ${ALLERGEN_IDS.filter((id) => allergens.includes(id))
    .map((id) =>
      id === 'tree-nuts' && nuts.length
        ? `${allergenLabel(id)} (${nuts.join(', ')})`
        : allergenLabel(id),
    )
    .join(', ')}`;
}

export const mayContainText = (ids: readonly AllergenId[]) =>
  ids.length ? `May contain: ${ids.map(allergenLabel).join(', ')}` : null;

const inOrder = (ids: Iterable<AllergenId>) => {
  const set = new Set(ids);
  return ALLERGEN_IDS.filter((id) => set.has(id));
};

/** The unknown statement of an item without a linked recipe. */
export const UNKNOWN_STATEMENT: AllergenStatement = {
  known: false,
  ingredients: [],
  allergens: [],
  mayContain: [],
  contains: null,
  mayContainLine: null,
  missingWeights: [],
  claimBreakers: [],
};

/**
 * The statement of one item (and option): ingredients of the recipe and the
 * option together, the same label name summed, by descending weight in grams
 * (quantities converted from lb, oz, g, kg, or through grams per unit; those
 * without a weight come last, in recipe order, and are reported).
 */
export function rollUpAllergens(source: AllergenSource): AllergenStatement {
  if (!source.recipe) return UNKNOWN_STATEMENT;
  const parts = [...source.recipe, ...(source.option ?? [])];
  const byLabel = new Map<string, { label: string; grams: number | null; order: number }>();
  const missing = new Set<string>();
  parts.forEach(({ ingredient, quantity }, order) => {
    const perUnit = gramsPerUnitOf(ingredient);
    if (perUnit === null) missing.add(ingredient.name);
    const grams = perUnit === null ? null : perUnit * quantity;
    const label = nameOnLabel(ingredient);
    const key = label.toLowerCase();
    const seen = byLabel.get(key);
    if (!seen) byLabel.set(key, { label, grams, order });
    else
      seen.grams =
        seen.grams === null || grams === null ? (seen.grams ?? grams) : seen.grams + grams;
  });
  const ingredients = [...byLabel.values()]
    .sort((a, b) => {
      if (a.grams === null || b.grams === null)
        return a.grams === null && b.grams === null ? a.order - b.order : a.grams === null ? 1 : -1;
      return b.grams - a.grams || a.order - b.order;
    })
    .map((row) => row.label);

  const allergens = inOrder(parts.flatMap((p) => p.ingredient.allergens));
  const treeNuts = parts.flatMap((p) =>
    p.ingredient.allergens.includes('tree-nuts') ? p.ingredient.treeNuts : [],
  );
  const mayContain = inOrder(
    parts.flatMap((p) => p.ingredient.mayContain).filter((id) => !allergens.includes(id)),
  );
  const breakers = new Map<string, ClaimBreaker>();
  for (const { ingredient } of parts) {
    const reason: ClaimBreaker['reason'] | null = ingredient.allergens.includes('wheat')
      ? 'wheat'
      : ingredient.allergens.includes('milk')
        ? 'milk'
        : ingredient.gluten === 'gluten' || ingredient.gluten === 'oats'
          ? 'gluten'
          : null;
    if (reason)
      breakers.set(`${ingredient.name}|${reason}`, { ingredient: ingredient.name, reason });
  }
  return {
    known: true,
    ingredients,
    allergens,
    mayContain,
    contains: containsLine(allergens, treeNuts),
    mayContainLine: mayContainText(mayContain),
    missingWeights: [...missing],
    claimBreakers: [...breakers.values()],
  };
}

/** "Ingredients: a, b, c." as a label prints it. */
export const ingredientLine = (statement: Pick<AllergenStatement, 'ingredients'>) =>
  statement.ingredients.length ? `Ingredients: ${statement.ingredients.join(', ')}` : null;

// ------------------------------------------------------------- the promise

/** Why a flagged ingredient breaks the shop's claim, in the owner's words. */
export const CLAIM_REASON_WORDS: Readonly<Record<ClaimBreaker['reason'], string>> = {
  wheat: 'contains wheat',
  gluten: 'contains gluten',
  milk: 'contains milk',
};

/** The stable code the publish refusal and the problem list carry. */
export const CLAIM_BROKEN = 'claim_broken' as const;

export interface ClaimProblem {
  productId: string;
  productName: string;
  /** '' for the item; else the variant, filling or add-in that brings the ingredient. */
  optionId: string;
  optionLabel: string | null;
  ingredient: string;
  reason: ClaimBreaker['reason'];
  /** "Banana Bread: Wheat flour contains wheat. The shop promises gluten-free, dairy-free." */
  message: string;
}

/** The message of a refusal to publish, naming the item and the ingredient. */
export function claimProblemMessage(
  problem: Pick<ClaimProblem, 'productName' | 'optionLabel' | 'ingredient' | 'reason'>,
): string {
  const item = problem.optionLabel
    ? `${problem.productName} (${problem.optionLabel})`
    : problem.productName;
  return `${item} cannot carry the gluten-free, dairy-free promise: its ingredient ${problem.ingredient} ${CLAIM_REASON_WORDS[problem.reason]}. Fix the recipe, or mark the item as an exception with its own wording.`;
}

/**
 * The items (and options) whose statement has an ingredient flagged wheat,
 * gluten or milk: each item and ingredient once. Items marked as an exception
 * are left out.
 */
export function findClaimProblems(
  items: readonly {
    productId: string;
    productName: string;
    statement: AllergenStatement;
    options?: readonly { id: string; label: string; statement: AllergenStatement }[];
  }[],
  exceptions: ReadonlySet<string> = new Set(),
): ClaimProblem[] {
  const problems: ClaimProblem[] = [];
  for (const item of items) {
    if (exceptions.has(item.productId)) continue;
    const seen = new Set<string>();
    const add = (breaker: ClaimBreaker, optionId: string, optionLabel: string | null) => {
      if (seen.has(breaker.ingredient)) return;
      seen.add(breaker.ingredient);
      const base = { productName: item.productName, optionLabel, ...breaker };
      problems.push({
        productId: item.productId,
        optionId,
        ...base,
        message: claimProblemMessage(base),
      });
    };
    for (const b of item.statement.claimBreakers) add(b, '', null);
    for (const option of item.options ?? [])
      for (const b of option.statement.claimBreakers) add(b, option.id, option.label);
  }
  return problems;
}

// ------------------------------------------------------------------ filter

/** `?without=tree-nuts,eggs` -> the allergen ids it names (unknown words are ignored). */
export function parseWithout(value: string | readonly string[] | null | undefined): AllergenId[] {
  const words = (Array.isArray(value) ? value.join(',') : ((value as string | null) ?? ''))
    .split(',')
    .map((w) => w.trim().toLowerCase());
  return inOrder(words.filter(isAllergenId));
}

/**
 * Whether an item may be shown to a customer avoiding `without`: its
 * statement is known and contains none of them (a "may contain" is shown,
 * marked).
 */
export const safeWithout = (
  statement: Pick<AllergenStatement, 'known' | 'allergens'>,
  without: readonly AllergenId[],
): boolean =>
  without.length === 0 ||
  (statement.known && !statement.allergens.some((id) => without.includes(id)));

// ------------------------------------------------------------ net quantity

/** "Net Wt. 12 oz (340 g)": the weight both ways, as US labels print it. */
export function netWeightLine(grams: number | null | undefined): string | null {
  if (!grams || grams <= 0) return null;
  const oz = grams / WEIGHT_UNIT_GRAMS.oz!;
  const ozText =
    oz >= 16
      ? `${Math.floor(oz / 16)} lb ${Math.round((oz % 16) * 10) / 10} oz`.replace(/ 0 oz$/, '')
      : `${Math.round(oz * 10) / 10} oz`;
  return `Net Wt. ${ozText} (${Math.round(grams)} g)`;
}
