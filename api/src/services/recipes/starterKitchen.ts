// The starter pantry and recipes a new database gets, once.
import type { PrismaClient } from '@bakery/prisma';
import { fourPlaces } from './costing.js';
import { ingredientData, type IngredientInput } from './ingredients.js';
import { recipeData, type RecipeInput } from './recipes.js';

// A gluten-free, dairy-free kitchen's pantry at typical wholesale prices.
const STARTER_INGREDIENTS: IngredientInput[] = [
  {
    name: 'Gluten-free all-purpose flour blend',
    labelName:
      'Gluten-free flour blend (sweet white rice flour, whole grain brown rice flour, potato starch, whole grain sorghum flour, tapioca flour, xanthan gum)',
    unit: 'lb',
    costPerUnit: '2.8500',
    category: 'Flours',
    supplier: 'Bob’s Red Mill',
  },
  {
    name: 'Almond flour',
    allergens: ['tree-nuts'],
    treeNuts: ['Almonds'],
    labelName: 'Almond flour (blanched almonds)',
    unit: 'lb',
    costPerUnit: '7.2500',
    category: 'Flours',
    supplier: 'Bob’s Red Mill',
  },
  {
    name: 'Oat flour (certified gluten-free)',
    gluten: 'oats-certified',
    labelName: 'Gluten-free oat flour',
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
    allergens: ['tree-nuts'],
    treeNuts: ['Cashews'],
    labelName:
      'Vegan butter (coconut oil, water, sunflower oil, cashews, sunflower lecithin, sea salt, cultures)',
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
    gluten: 'oats-certified',
    gramsPerUnit: 240,
    labelName:
      'Oat milk (water, gluten-free oats, rapeseed oil, dipotassium phosphate, calcium carbonate, sea salt)',
    unit: 'cup',
    costPerUnit: '0.4500',
    category: 'Dairy-free milks',
    supplier: 'Oatly',
  },
  {
    name: 'Eggs (large)',
    allergens: ['eggs'],
    gramsPerUnit: 50,
    labelName: 'Eggs',
    unit: 'each',
    costPerUnit: '0.3200',
    category: 'Eggs',
    supplier: 'Local farm',
  },
  {
    name: 'Dairy-free chocolate chips',
    labelName: 'Dairy-free chocolate chips (cane sugar, unsweetened chocolate, cocoa butter)',
    unit: 'lb',
    costPerUnit: '8.9900',
    category: 'Add-ins',
    supplier: 'Enjoy Life',
  },
  {
    name: 'Baking powder (aluminum-free)',
    labelName:
      'Baking powder (sodium acid pyrophosphate, sodium bicarbonate, cornstarch, monocalcium phosphate)',
    unit: 'oz',
    costPerUnit: '0.2500',
    category: 'Leaveners',
    supplier: 'Restaurant Depot',
  },
  {
    name: 'Pure vanilla extract',
    gramsPerUnit: 4.2,
    labelName: 'Pure vanilla extract (water, alcohol, vanilla bean extractives)',
    unit: 'tsp',
    costPerUnit: '0.5500',
    category: 'Flavorings',
    supplier: 'Nielsen-Massey',
  },
  // What the fillings and add-ins put in an item (STARTER_OPTIONS below).
  {
    name: 'Pecans',
    unit: 'lb',
    costPerUnit: '9.5000',
    category: 'Add-ins',
    supplier: 'Restaurant Depot',
    allergens: ['tree-nuts'],
    treeNuts: ['Pecans'],
    labelName: 'Pecans',
  },
  {
    name: 'Peanut butter',
    unit: 'lb',
    costPerUnit: '3.2000',
    category: 'Fillings',
    supplier: 'Restaurant Depot',
    allergens: ['peanuts'],
    labelName: 'Peanut butter (peanuts, salt)',
  },
  {
    name: 'Dairy-free cream cheese',
    unit: 'oz',
    costPerUnit: '0.5500',
    category: 'Fillings',
    supplier: 'Kite Hill',
    allergens: ['tree-nuts'],
    treeNuts: ['Almonds'],
    labelName:
      'Dairy-free cream cheese (almond milk (water, almonds), coconut oil, salt, xanthan gum, cultures)',
  },
  {
    name: 'Fruit preserves',
    unit: 'lb',
    costPerUnit: '4.1000',
    category: 'Fillings',
    supplier: 'Bonne Maman',
    labelName: 'Fruit preserves (strawberries, cane sugar, fruit pectin, lemon juice concentrate)',
  },
  {
    name: 'Powdered sugar',
    unit: 'lb',
    costPerUnit: '1.1000',
    category: 'Sweeteners',
    supplier: 'Restaurant Depot',
    labelName: 'Powdered sugar (cane sugar, cornstarch)',
  },
];

/**
 * What each filling and add-in puts in one piece (a cookie, a slice of
 * loaf, a cake), in the ingredient's unit.
 */
const STARTER_OPTIONS: {
  kind: 'filling' | 'addIn';
  optionId: string;
  lines: [string, string][];
}[] = [
  { kind: 'addIn', optionId: 'pecans', lines: [['Pecans', '0.0150']] },
  { kind: 'addIn', optionId: 'chocolate-chips', lines: [['Dairy-free chocolate chips', '0.0150']] },
  { kind: 'filling', optionId: 'fruit-preserves', lines: [['Fruit preserves', '0.5000']] },
  {
    kind: 'filling',
    optionId: 'peanut-butter-buttercream',
    lines: [
      ['Peanut butter', '0.2500'],
      ['Vegan butter', '0.2500'],
      ['Powdered sugar', '0.3750'],
    ],
  },
  {
    kind: 'filling',
    optionId: 'cream-cheese-buttercream',
    lines: [
      ['Dairy-free cream cheese', '4.0000'],
      ['Vegan butter', '0.1250'],
      ['Powdered sugar', '0.3750'],
    ],
  },
];

/**
 * Which menu items the starter recipes make (the Kitchen tab's links): one
 * batch makes `recipeYield` units, one ordered item holds `unitsPerItem`.
 */
const STARTER_LINKS: {
  recipe: string;
  productId: string;
  recipeYield: string;
  unitsPerItem: string;
}[] = [
  {
    recipe: 'Chocolate Chip Cookies (dozen)',
    productId: 'chocolate-chip-cookies',
    recipeYield: '12',
    unitsPerItem: '6',
  },
  {
    recipe: 'Sandwich Bread Loaf',
    productId: 'classic-sandwich-loaf',
    recipeYield: '1',
    unitsPerItem: '1',
  },
  {
    recipe: 'Vanilla Cupcakes (dozen)',
    productId: 'vanilla-cupcakes',
    recipeYield: '12',
    unitsPerItem: '6',
  },
  { recipe: 'Oat Bars (tray)', productId: 'classic-oat-bars', recipeYield: '1', unitsPerItem: '1' },
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
  // A handful of statements (one per table and recipe), not one per row: a
  // busy machine must not run past the transaction's time limit.
  return db.$transaction(
    async (tx) => {
      if ((await tx.ingredient.count()) > 0 || (await tx.recipe.count()) > 0)
        return { seeded: false };
      const rows = await tx.ingredient.createManyAndReturn({
        data: STARTER_INGREDIENTS.map(ingredientData),
        select: { id: true, name: true },
      });
      const byName = new Map(rows.map((row) => [row.name, row.id]));
      const recipeIds = new Map<string, string>();
      for (const { recipe, lines } of STARTER_RECIPES) {
        const created = await tx.recipe.create({
          data: {
            ...recipeData(recipe),
            ingredients: {
              create: lines.map(([name, quantity]) => {
                const ingredientId = byName.get(name);
                if (!ingredientId)
                  throw new Error(`Starter recipe ${recipe.name} names unknown ingredient ${name}`);
                return { ingredientId, quantity: fourPlaces(quantity) };
              }),
            },
          },
          select: { id: true },
        });
        recipeIds.set(recipe.name, created.id);
      }
      await tx.optionIngredient.createMany({
        data: STARTER_OPTIONS.flatMap(({ kind, optionId, lines }) =>
          lines.map(([name, quantity]) => ({
            kind,
            optionId,
            ingredientId: byName.get(name)!,
            quantity: fourPlaces(quantity),
          })),
        ),
      });
      await tx.productRecipe.createMany({
        data: STARTER_LINKS.map((link) => ({
          productId: link.productId,
          variantId: '',
          recipeId: recipeIds.get(link.recipe)!,
          recipeYield: fourPlaces(link.recipeYield),
          unitsPerItem: fourPlaces(link.unitsPerItem),
        })),
      });
      return { seeded: true };
    },
    { timeout: 60_000 },
  );
}
