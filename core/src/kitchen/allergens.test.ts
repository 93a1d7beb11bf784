import { describe, expect, it } from 'vitest';
import { getMenuItem } from '../catalogue/catalogue';
import { menuAllergens, menuClaimProblems, lineStatement } from './allergenMenu';
import {
  containsLine,
  findClaimProblems,
  netWeightLine,
  parseWithout,
  rollUpAllergens,
  safeWithout,
  type AllergenIngredient,
} from './allergens';
import { LabelQuerySchema } from './allergenSchemas';

const ingredient = (name: string, extra: Partial<AllergenIngredient> = {}): AllergenIngredient => ({
  name,
  labelName: null,
  unit: 'g',
  gramsPerUnit: null,
  allergens: [],
  treeNuts: [],
  mayContain: [],
  gluten: 'none',
  ...extra,
});

const flour = ingredient('Gluten-free flour', {
  unit: 'lb',
  labelName:
    'Gluten-free flour blend (brown rice flour, sorghum flour, tapioca starch, potato starch)',
});
const sugar = ingredient('Cane sugar', { unit: 'oz' });
const eggs = ingredient('Eggs (large)', {
  unit: 'each',
  gramsPerUnit: 50,
  allergens: ['eggs'],
  labelName: 'Eggs',
});
const milk = ingredient('Oat milk', { unit: 'cup', gramsPerUnit: 240, gluten: 'oats-certified' });
const vanilla = ingredient('Vanilla', { unit: 'tsp', gramsPerUnit: 4.2 });
const pecans = ingredient('Pecans', { unit: 'lb', allergens: ['tree-nuts'], treeNuts: ['Pecans'] });
const chips = ingredient('Chocolate chips', { unit: 'lb', mayContain: ['peanuts', 'eggs'] });

describe('the ingredient list', () => {
  it('is ordered by weight across lb, oz, each, cup and tsp', () => {
    // 0.5 lb = 226.8 g; 10 oz = 283.5 g; 3 eggs = 150 g; 1 cup = 240 g; 2 tsp = 8.4 g
    const s = rollUpAllergens({
      recipe: [
        { ingredient: vanilla, quantity: 2 },
        { ingredient: flour, quantity: 0.5 },
        { ingredient: eggs, quantity: 3 },
        { ingredient: sugar, quantity: 10 },
        { ingredient: milk, quantity: 1 },
      ],
    });
    expect(s.ingredients).toEqual([
      'Cane sugar',
      'Oat milk',
      'Gluten-free flour blend (brown rice flour, sorghum flour, tapioca starch, potato starch)',
      'Eggs',
      'Vanilla',
    ]);
    expect(s.missingWeights).toEqual([]);
  });

  it('prints sub-ingredients as the label name gives them, and sums the same label name', () => {
    const blend2 = ingredient('Flour blend, second bag', {
      unit: 'lb',
      labelName: flour.labelName,
    });
    const s = rollUpAllergens({
      recipe: [
        { ingredient: flour, quantity: 0.3 },
        { ingredient: sugar, quantity: 12 }, // 340 g
        { ingredient: blend2, quantity: 0.5 }, // flour total 0.8 lb = 363 g
      ],
    });
    expect(s.ingredients).toEqual([flour.labelName, 'Cane sugar']);
  });

  it('reports an ingredient without a weight and lists it last', () => {
    const banana = ingredient('Bananas', { unit: 'each' });
    const s = rollUpAllergens({
      recipe: [
        { ingredient: banana, quantity: 3 },
        { ingredient: sugar, quantity: 1 },
      ],
    });
    expect(s.missingWeights).toEqual(['Bananas']);
    expect(s.ingredients).toEqual(['Cane sugar', 'Bananas']);
  });
});

describe('the Contains and May contain lines', () => {
  it('name the tree nut and leave out of May contain what it contains', () => {
    const s = rollUpAllergens({
      recipe: [
        { ingredient: flour, quantity: 1 },
        { ingredient: eggs, quantity: 2 },
        { ingredient: chips, quantity: 0.2 },
      ],
    });
    expect(s.contains).toBe('Contains: Eggs');
    expect(s.mayContain).toEqual(['peanuts']);
    expect(s.mayContainLine).toBe('May contain: Peanuts');
    expect(containsLine(['tree-nuts', 'eggs'], ['Pecans', 'Almonds', 'Pecans'])).toBe(
      'Contains: Eggs, Tree Nuts (Almonds, Pecans)',
    );
  });

  it('an item without a linked recipe is unknown: ask us', () => {
    const s = rollUpAllergens({ recipe: null });
    expect(s.known).toBe(false);
    expect(safeWithout(s, ['eggs'])).toBe(false);
    expect(safeWithout(s, [])).toBe(true);
  });
});

describe('per menu item and option', () => {
  const recipe = [
    { ingredient: flour, quantity: 0.05 },
    { ingredient: eggs, quantity: 0.25 },
    { ingredient: sugar, quantity: 1 },
  ];
  const items = [getMenuItem('banana-bread')!, getMenuItem('chocolate-chip-cookies')!];

  it('the pecan add-in adds tree nuts (pecans) to the Contains line', () => {
    const all = menuAllergens(
      items,
      [
        { productId: 'banana-bread', variantId: '', parts: recipe },
        { productId: 'chocolate-chip-cookies', variantId: '', parts: recipe },
      ],
      [{ kind: 'addIn', optionId: 'pecans', parts: [{ ingredient: pecans, quantity: 0.02 }] }],
    );
    const bread = all.get('banana-bread')!;
    expect(getMenuItem('banana-bread')!.addIns).toBe(true);
    expect(bread.statement.contains).toBe('Contains: Eggs');
    expect(bread.addIns.pecans!.contains).toBe('Contains: Eggs, Tree Nuts (Pecans)');
    expect(bread.addIns.pecans!.ingredients).toContain('Pecans');
    expect(bread.addIns['chocolate-chips']!.contains).toBe('Contains: Eggs');
    expect(lineStatement(bread, { addIn: 'pecans' })!.allergens).toEqual(['eggs', 'tree-nuts']);
    expect(lineStatement(bread, {})!.allergens).toEqual(['eggs']);
  });

  it('a variant with a link of its own gets its own statement', () => {
    const cookies = getMenuItem('chocolate-chip-cookies')!;
    const all = menuAllergens(
      [cookies],
      [
        { productId: cookies.id, variantId: '', parts: recipe },
        {
          productId: cookies.id,
          variantId: '24-count',
          parts: [{ ingredient: sugar, quantity: 1 }],
        },
      ],
      [],
    );
    const a = all.get(cookies.id)!;
    expect(a.variants['6-count']!.allergens).toEqual(['eggs']);
    expect(a.variants['24-count']!.allergens).toEqual([]);
    expect(lineStatement(a, { variantId: '24-count' })!.contains).toBeNull();
  });
});

describe('the gluten-free, dairy-free promise', () => {
  const wheat = ingredient('Wheat flour', { unit: 'lb', allergens: ['wheat'] });
  const oats = ingredient('Rolled oats', { unit: 'lb', gluten: 'oats' });
  const gfOats = ingredient('GF oats', { unit: 'lb', gluten: 'oats-certified' });
  const butter = ingredient('Butter', { unit: 'lb', allergens: ['milk'] });

  it('names each item and the ingredient that breaks it', () => {
    const cookies = getMenuItem('chocolate-chip-cookies')!;
    const bread = getMenuItem('banana-bread')!;
    const all = menuAllergens(
      [cookies, bread],
      [
        {
          productId: cookies.id,
          variantId: '',
          parts: [
            { ingredient: wheat, quantity: 1 },
            { ingredient: gfOats, quantity: 1 },
          ],
        },
        { productId: bread.id, variantId: '', parts: [{ ingredient: sugar, quantity: 1 }] },
      ],
      [{ kind: 'addIn', optionId: 'pecans', parts: [{ ingredient: butter, quantity: 0.1 }] }],
    );
    const problems = menuClaimProblems([cookies, bread], all);
    expect(problems.map((p) => [p.productId, p.optionId, p.ingredient, p.reason])).toEqual([
      ['chocolate-chip-cookies', '', 'Wheat flour', 'wheat'],
      ['chocolate-chip-cookies', 'pecans', 'Butter', 'milk'],
      ['banana-bread', 'pecans', 'Butter', 'milk'],
    ]);
    expect(problems[0]!.message).toContain('Chocolate Chip Cookies');
    expect(problems[0]!.message).toContain('Wheat flour contains wheat');
    expect(menuClaimProblems([cookies, bread], all, ['banana-bread'])).toHaveLength(1);
  });

  it('oats not certified gluten-free break it; certified oats do not; an exception is left out', () => {
    const s = rollUpAllergens({
      recipe: [
        { ingredient: oats, quantity: 1 },
        { ingredient: gfOats, quantity: 1 },
      ],
    });
    expect(s.claimBreakers).toEqual([{ ingredient: 'Rolled oats', reason: 'gluten' }]);
    const items = [{ productId: 'x', productName: 'Oat Bars', statement: s }];
    expect(findClaimProblems(items)).toHaveLength(1);
    expect(findClaimProblems(items, new Set(['x']))).toHaveLength(0);
  });
});

describe('small rules', () => {
  it('parses ?without= and ignores unknown words', () => {
    expect(parseWithout('tree-nuts,eggs, nonsense')).toEqual(['eggs', 'tree-nuts']);
    expect(parseWithout(undefined)).toEqual([]);
  });
  it('prints a net weight both ways', () => {
    expect(netWeightLine(340)).toBe('Net Wt. 12 oz (340 g)');
    expect(netWeightLine(680)).toBe('Net Wt. 1 lb 8 oz (680 g)');
    expect(netWeightLine(null)).toBeNull();
  });
  it('a label request names a date or an item, not both', () => {
    expect(LabelQuerySchema.safeParse({ date: '2026-12-01' }).success).toBe(true);
    expect(
      LabelQuerySchema.safeParse({ productId: 'banana-bread', format: 'thermal' }).success,
    ).toBe(true);
    expect(LabelQuerySchema.safeParse({}).success).toBe(false);
    expect(LabelQuerySchema.safeParse({ date: '2026-12-01', format: 'a4' }).success).toBe(false);
  });
});

describe('facts the owner states (issue 38)', () => {
  it('lists the ingredients at top-level commas, names the tree nuts, and breaks the promise on milk', async () => {
    const { statedStatement, splitIngredients } = await import('./allergenMenu');
    expect(splitIngredients('Oats, plant butter (coconut oil, sunflower oil), pecans.')).toEqual([
      'Oats',
      'plant butter (coconut oil, sunflower oil)',
      'pecans',
    ]);
    const nuts = statedStatement({
      ingredients: 'Oats, pecans, almonds',
      contains: ['tree-nuts'],
      mayContain: ['peanuts', 'tree-nuts'],
    });
    expect(nuts).toMatchObject({
      known: true,
      contains: 'Contains: Tree Nuts (Almonds, Pecans)',
      mayContain: ['peanuts'],
      claimBreakers: [],
    });
    expect(statedStatement({ ingredients: ' ', contains: ['eggs'] }).known).toBe(false);
    expect(statedStatement({ ingredients: 'Butter', contains: ['milk'] }).claimBreakers).toEqual([
      { ingredient: 'Milk (as stated in the Menu editor)', reason: 'milk' },
    ]);
  });
});
