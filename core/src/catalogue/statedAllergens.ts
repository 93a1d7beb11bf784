// What the bakery states about each item's ingredients and allergens when no
// costed recipe is linked to it (issue 38): the seed's 70 items as a
// gluten-free, dairy-free bakery would state them, and what a filling or
// add-in adds. The owner changes an item's in the Menu editor; a linked
// recipe's roll-up (core/src/kitchen/allergenMenu.ts) wins over it.
import type { AllergenId } from '../kitchen/allergens';

/** An item's stated facts: the ingredients as printed, what it contains and may contain. */
export interface StatedAllergens {
  ingredients: string;
  contains: AllergenId[];
  mayContain: AllergenId[];
}

/** The kitchen also bakes with tree nuts and peanuts: every item may meet them. */
const SHARED_KITCHEN: AllergenId[] = ['tree-nuts', 'peanuts'];

const FLOUR =
  'gluten-free flour blend (brown rice flour, sorghum flour, tapioca starch, potato starch)';
const BREAD = `Brown rice flour, sorghum flour, water, tapioca starch, psyllium husk, yeast, sea salt`;
const CAKE = `Cane sugar, ${FLOUR}, eggs, sunflower oil, oat milk (certified gluten-free oats), baking powder, vanilla extract, sea salt`;
const BUTTERCREAM = 'powdered sugar, plant butter (coconut oil, sunflower oil), vanilla extract';
const CREAM_CHEESE =
  'dairy-free cream cheese frosting (cashews, coconut oil, powdered sugar, lemon juice)';
const COOKIE = `${FLOUR}, cane sugar, brown sugar, plant butter (coconut oil, sunflower oil), eggs, baking soda, vanilla extract, sea salt`;
const BROWNIE = `Cane sugar, dairy-free dark chocolate (cocoa mass, cane sugar, cocoa butter), eggs, coconut oil, ${FLOUR}, cocoa powder, vanilla extract, sea salt`;
const MUFFIN = `${FLOUR}, cane sugar, eggs, oat milk (certified gluten-free oats), sunflower oil, baking powder, sea salt`;
const CHIPS = 'dairy-free chocolate chips (cane sugar, cocoa mass, cocoa butter)';

/** [ingredients, contains, extra may-contain] per seed item. */
const TABLE: Record<string, [string, AllergenId[], AllergenId[]?]> = {
  'classic-sandwich-loaf': [`${BREAD}, eggs, olive oil, cane sugar`, ['eggs']],
  'honey-oat-bread': [
    `Certified gluten-free oats, ${BREAD}, wildflower honey, eggs, sunflower oil`,
    ['eggs'],
  ],
  'seeded-multigrain-loaf': [
    `${BREAD}, millet, buckwheat flour, sunflower seeds, flax seeds, pumpkin seeds, eggs, olive oil`,
    ['eggs'],
    ['sesame'],
  ],
  'rosemary-olive-oil-boule': [`${BREAD}, extra-virgin olive oil, fresh rosemary`, []],
  'cinnamon-raisin-swirl': [
    `${BREAD}, raisins, cane sugar, eggs, sunflower oil, cinnamon`,
    ['eggs'],
  ],
  'banana-bread': [
    `Bananas, ${FLOUR}, cane sugar, eggs, coconut oil, vanilla extract, baking soda, sea salt`,
    ['eggs'],
  ],
  'pumpkin-spice-loaf': [
    `Pumpkin, ${FLOUR}, cane sugar, eggs, sunflower oil, pepitas, cinnamon, nutmeg, clove, baking soda, sea salt`,
    ['eggs'],
  ],
  'zucchini-bread': [
    `Zucchini, ${FLOUR}, cane sugar, eggs, sunflower oil, cinnamon, nutmeg, baking soda, sea salt`,
    ['eggs'],
  ],
  'lemon-poppy-seed-loaf': [
    `${FLOUR}, cane sugar, eggs, sunflower oil, lemon juice, lemon zest, poppy seeds, baking powder, powdered sugar`,
    ['eggs'],
  ],
  cornbread: [
    `Stone-ground cornmeal, brown rice flour, oat milk (certified gluten-free oats), eggs, sunflower oil, maple syrup, baking powder, sea salt`,
    ['eggs'],
  ],
  focaccia: [`${BREAD}, extra-virgin olive oil, flaky sea salt, thyme, oregano`, []],
  'dinner-rolls': [`${BREAD}, eggs, sunflower oil, cane sugar`, ['eggs']],
  'cinnamon-rolls': [
    `${BREAD}, eggs, brown sugar, plant butter (coconut oil, sunflower oil), cinnamon, vanilla glaze (powdered sugar, coconut milk, vanilla extract)`,
    ['eggs'],
  ],
  'coffee-cake': [
    `${CAKE}, cinnamon streusel (brown sugar, ${FLOUR}, coconut oil, cinnamon)`,
    ['eggs'],
  ],
  'blueberry-muffins': [`${MUFFIN}, blueberries, coarse sugar`, ['eggs']],
  'banana-nut-muffins': [`Bananas, ${MUFFIN}, walnuts`, ['eggs', 'tree-nuts']],
  'chocolate-chip-muffins': [`${MUFFIN}, ${CHIPS}`, ['eggs']],
  'lemon-blueberry-muffins': [
    `${MUFFIN}, blueberries, lemon zest, lemon drizzle (powdered sugar, lemon juice)`,
    ['eggs'],
  ],
  'pumpkin-muffins': [
    `Pumpkin, ${MUFFIN}, cinnamon streusel (brown sugar, coconut oil, cinnamon)`,
    ['eggs'],
  ],
  'apple-cinnamon-muffins': [
    `${MUFFIN}, apples, cinnamon, oat crumble (certified gluten-free oats, brown sugar, coconut oil)`,
    ['eggs'],
  ],
  'double-chocolate-muffins': [`${MUFFIN}, cocoa powder, ${CHIPS}`, ['eggs']],
  'morning-glory-muffins': [`${MUFFIN}, carrots, apples, coconut, raisins, cinnamon`, ['eggs']],
  'raspberry-almond-muffins': [
    `${MUFFIN}, almond flour, raspberries, sliced almonds`,
    ['eggs', 'tree-nuts'],
  ],
  'classic-oat-bars': [
    'Certified gluten-free oats, maple syrup, coconut oil, brown rice flour, brown sugar, vanilla extract, sea salt',
    [],
  ],
  'peanut-butter-oat-bars': [
    `Certified gluten-free oats, peanut butter, maple syrup, coconut oil, ${CHIPS}, sea salt`,
    ['peanuts'],
  ],
  'cranberry-almond-oat-bars': [
    'Certified gluten-free oats, almonds, dried cranberries, maple syrup, coconut oil, sea salt',
    ['tree-nuts'],
  ],
  'raspberry-oat-crumble-bars': [
    'Certified gluten-free oats, brown rice flour, raspberry jam, brown sugar, coconut oil, sea salt',
    [],
  ],
  'maple-pecan-granola': [
    'Certified gluten-free oats, pecans, maple syrup, sunflower oil, cinnamon, sea salt',
    ['tree-nuts'],
  ],
  'chocolate-cherry-granola': [
    `Certified gluten-free oats, dried tart cherries, maple syrup, cocoa powder, sunflower oil, ${CHIPS}, sea salt`,
    [],
  ],
  'tropical-coconut-granola': [
    'Certified gluten-free oats, coconut flakes, cashews, dried mango, maple syrup, coconut oil, lime zest, sea salt',
    ['tree-nuts'],
  ],
  'fudge-brownies': [BROWNIE, ['eggs']],
  'walnut-brownies': [`${BROWNIE}, walnuts`, ['eggs', 'tree-nuts']],
  'salted-caramel-brownies': [
    `${BROWNIE}, coconut-milk caramel (coconut milk, cane sugar), flaky sea salt`,
    ['eggs'],
  ],
  'peanut-butter-swirl-brownies': [`${BROWNIE}, peanut butter`, ['eggs', 'peanuts']],
  'mint-chocolate-brownies': [
    `${BROWNIE}, mint layer (powdered sugar, coconut oil, peppermint extract), chocolate ganache (dairy-free chocolate, coconut milk)`,
    ['eggs'],
  ],
  'espresso-brownies': [`${BROWNIE}, espresso`, ['eggs']],
  blondies: [
    `Brown sugar, ${FLOUR}, eggs, coconut oil, ${CHIPS}, vanilla extract, sea salt`,
    ['eggs'],
  ],
  'chocolate-chip-cookies': [`${COOKIE}, ${CHIPS}`, ['eggs']],
  'oatmeal-raisin-cookies': [`${COOKIE}, certified gluten-free oats, raisins, cinnamon`, ['eggs']],
  'peanut-butter-cookies': [`Peanut butter, ${COOKIE}`, ['eggs', 'peanuts']],
  snickerdoodles: [`${COOKIE}, cream of tartar, cinnamon sugar`, ['eggs']],
  'double-chocolate-cookies': [`${COOKIE}, cocoa powder, ${CHIPS}`, ['eggs']],
  'sugar-cookies': [`${COOKIE}, rainbow sprinkles (sugar, corn starch, plant colors)`, ['eggs']],
  'molasses-ginger-cookies': [
    `${COOKIE}, molasses, ginger, cinnamon, clove, sparkling sugar`,
    ['eggs'],
  ],
  'lemon-crinkle-cookies': [`${COOKIE}, lemon zest, lemon juice, powdered sugar`, ['eggs']],
  'shortbread-cookies': [`${FLOUR}, coconut oil, cane sugar, vanilla bean, sea salt`, []],
  'chocolate-chip-pecan-cookies': [`${COOKIE}, ${CHIPS}, pecans`, ['eggs', 'tree-nuts']],
  'thumbprint-cookies': [
    `Almond flour, ${FLOUR}, coconut oil, cane sugar, egg yolks, raspberry jam, vanilla extract`,
    ['eggs', 'tree-nuts'],
  ],
  'vanilla-cupcakes': [`${CAKE}, vanilla bean, vanilla buttercream (${BUTTERCREAM})`, ['eggs']],
  'chocolate-cupcakes': [
    `${CAKE}, cocoa powder, chocolate fudge frosting (powdered sugar, coconut oil, cocoa powder, dairy-free chocolate)`,
    ['eggs'],
  ],
  'red-velvet-cupcakes': [
    `${CAKE}, cocoa powder, beet color, ${CREAM_CHEESE}`,
    ['eggs', 'tree-nuts'],
  ],
  'funfetti-cupcakes': [
    `${CAKE}, rainbow sprinkles (sugar, corn starch, plant colors), vanilla buttercream (${BUTTERCREAM})`,
    ['eggs'],
  ],
  'lemon-raspberry-cupcakes': [
    `${CAKE}, lemon zest, raspberry buttercream (${BUTTERCREAM}, raspberries)`,
    ['eggs'],
  ],
  'carrot-cake-cupcakes': [
    `${CAKE}, carrots, cinnamon, nutmeg, ${CREAM_CHEESE}, candied carrot`,
    ['eggs', 'tree-nuts'],
  ],
  'salted-caramel-cupcakes': [
    `${CAKE}, brown sugar, salted caramel buttercream (${BUTTERCREAM}, coconut-milk caramel, sea salt)`,
    ['eggs'],
  ],
  'strawberry-cupcakes': [
    `${CAKE}, strawberries, strawberry buttercream (${BUTTERCREAM}, strawberries)`,
    ['eggs'],
  ],
  'vanilla-celebration-cake': [
    `${CAKE}, vanilla bean, vanilla buttercream (${BUTTERCREAM})`,
    ['eggs'],
  ],
  'chocolate-layer-cake': [
    `${CAKE}, cocoa powder, chocolate fudge frosting (powdered sugar, coconut oil, cocoa powder, dairy-free chocolate)`,
    ['eggs'],
  ],
  'red-velvet-cake': [`${CAKE}, cocoa powder, beet color, ${CREAM_CHEESE}`, ['eggs', 'tree-nuts']],
  'lemon-cake': [
    `${CAKE}, lemon zest, lemon juice, lemon buttercream (${BUTTERCREAM}, lemon juice)`,
    ['eggs'],
  ],
  'carrot-cake': [
    `${CAKE}, carrots, cinnamon, nutmeg, ${CREAM_CHEESE}, toasted pecans`,
    ['eggs', 'tree-nuts'],
  ],
  'funfetti-cake': [
    `${CAKE}, rainbow sprinkles (sugar, corn starch, plant colors), vanilla buttercream (${BUTTERCREAM})`,
    ['eggs'],
  ],
  'strawberry-cake': [
    `${CAKE}, strawberries, strawberry buttercream (${BUTTERCREAM}, strawberries)`,
    ['eggs'],
  ],
  'heart-shaped-cake': [
    `${CAKE}, cocoa powder (chocolate cake), vanilla buttercream (${BUTTERCREAM})`,
    ['eggs'],
  ],
  'stuffed-chocolate-chip': [
    `${COOKIE}, ${CHIPS}, dairy-free chocolate ganache (dairy-free chocolate, coconut milk)`,
    ['eggs'],
  ],
  'cookies-and-cream': [
    `${COOKIE}, gluten-free chocolate sandwich cookies (rice flour, cane sugar, cocoa, palm oil, soy lecithin), dairy-free white chocolate chips (cane sugar, cocoa butter, rice milk powder)`,
    ['eggs', 'soybeans'],
  ],
  'smores-cookies': [
    `${COOKIE}, molasses, cinnamon, ${CHIPS}, vegan marshmallows (cane sugar, tapioca syrup, carrageenan, soy protein)`,
    ['eggs', 'soybeans'],
  ],
  'birthday-cake-cookies': [
    `${COOKIE}, rainbow sprinkles (sugar, corn starch, plant colors), dairy-free white chocolate chips (cane sugar, cocoa butter, rice milk powder)`,
    ['eggs'],
  ],
  'peanut-butter-cup-cookies': [
    `Peanut butter, ${COOKIE}, dairy-free peanut butter cups (dairy-free chocolate, peanut butter, cane sugar)`,
    ['eggs', 'peanuts'],
  ],
  'salted-caramel-pretzel': [
    `${COOKIE}, gluten-free pretzels (corn starch, potato starch, palm oil, sea salt), coconut caramel (coconut milk, cane sugar), flaky sea salt`,
    ['eggs'],
  ],
};

const stated = ([ingredients, contains, more = []]: [
  string,
  AllergenId[],
  AllergenId[]?,
]): StatedAllergens => ({
  ingredients,
  contains,
  mayContain: [...SHARED_KITCHEN, ...more].filter((id) => !contains.includes(id)),
});

/** The seed item's stated facts (every seed item has them). */
export const SEED_STATED_ALLERGENS: Readonly<Record<string, StatedAllergens>> = Object.fromEntries(
  Object.entries(TABLE).map(([id, row]) => [id, stated(row)]),
);

/** What each filling and add-in adds to an item whose facts are stated (no recipe). */
export const OPTION_STATED_ALLERGENS: Readonly<Record<string, StatedAllergens>> = {
  'fruit-preserves': {
    ingredients: 'fruit preserves (fruit, cane sugar, pectin)',
    contains: [],
    mayContain: [],
  },
  'peanut-butter-buttercream': {
    ingredients: `peanut butter buttercream (${BUTTERCREAM}, peanut butter)`,
    contains: ['peanuts'],
    mayContain: [],
  },
  'cream-cheese-buttercream': {
    ingredients: `dairy-free cream cheese buttercream (${BUTTERCREAM}, cashews)`,
    contains: ['tree-nuts'],
    mayContain: [],
  },
  pecans: { ingredients: 'pecans', contains: ['tree-nuts'], mayContain: [] },
  'chocolate-chips': { ingredients: CHIPS, contains: [], mayContain: [] },
};
