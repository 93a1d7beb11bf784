// The menu: categories, items, variants and their prices (spec sections 2, 3
// and 9). The lists below are the SEED (issue 22): the catalogue a fresh
// install starts with. The live catalogue is data the owner publishes from
// the back office (api/src/services/menu); setCatalogue() replaces what
// getMenuItem, itemsInCategory, menuItems, menuCategories and resolveLine
// read, in the API process and in the storefront (from the page's embedded
// catalogue). The server re-prices every order from the live catalogue and
// never trusts a figure sent by a client.

import type { AllergenId } from '../kitchen/allergens';
import { SEED_STATED_ALLERGENS } from './statedAllergens';

/**
 * The seed's categories, in menu order (spec section 2): what a fresh install
 * starts with, and the rows of the seed's tables (prices, items, the kitchen's
 * default limits and unit words). The owner adds others in the Menu tab.
 */
export const SEED_CATEGORY_IDS = [
  'breads',
  'muffins',
  'oat-bars',
  'brownies',
  'cookies',
  'cupcakes',
  'cakes',
  'gourmet-cookies',
] as const;

export type SeedCategoryId = (typeof SEED_CATEGORY_IDS)[number];

/**
 * A category's id: one of the seed's or one the owner added (issue 40). What
 * a category does is read from CATEGORY_BEHAVIOUR by `categoryBehaviour(id)`,
 * never by comparing the id with a name.
 */
export type CategoryId = string;

export interface Category {
  id: CategoryId;
  /** The spec's plural label, shown on buttons and headings. */
  label: string;
  /** Served by the storefront from `public/images/categories/`, or an uploaded photo. */
  image: string;
  imageAlt: string;
  /** Off the storefront (its items with it). */
  hidden?: boolean;
}

export const VARIANT_IDS = [
  '6-count',
  '12-count',
  '24-count',
  '6in',
  '8in',
  '10in',
  // The heart-shaped cake's flavours (issue 24): a choice like a size, at one price.
  'vanilla',
  'chocolate',
] as const;
/**
 * A size or count of an item: the seed's are VARIANT_IDS; the owner may add
 * others from the Menu tab or the API (issue 22), any id of VARIANT_ID_PATTERN.
 */
export type VariantId = string;
/** Lower-case letters, digits and single dashes, 1 to 24 characters: `4-count`, `9in`. */
export const VARIANT_ID_PATTERN = /^(?=.{1,24}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface Variant {
  id: VariantId;
  label: string;
  priceCents: number;
  /** Pieces the kitchen bakes for one of this size (issue 37); absent: the item's. */
  pieces?: number;
}

export interface MenuItem {
  id: string;
  name: string;
  description: string;
  category: CategoryId;
  /** The base (smallest) price in cents. */
  priceCents: number;
  image: string;
  imageAlt: string;
  /** Absent means DEFAULT_MAX_QUANTITY. */
  maxQuantity?: number;
  variants?: Variant[];
  /** A cake that takes one of CAKE_FILLINGS (no extra charge). */
  fillings?: boolean;
  /** Takes one of ADD_INS (no extra charge). */
  addIns?: boolean;
  // Availability (issue 22, core/src/catalogue/availability.ts); dates are bakery days YYYY-MM-DD.
  /** Off the menu (kept for past orders and for the owner). */
  hidden?: boolean;
  /** Sold out up to and including this day. */
  soldOutUntil?: string | null;
  /** Sold out on these days. */
  soldOutDates?: string[];
  /** Seasonal: first day it can be picked up. */
  availableFrom?: string | null;
  /** Seasonal: last day it can be picked up. */
  availableUntil?: string | null;
  /** Only on these weekdays (0 Sunday … 6 Saturday); absent or empty means every day. */
  weekdays?: number[];
  // Allergens as the owner states them (issue 38, ./statedAllergens.ts); a linked recipe wins.
  /** The ingredients as printed ("Bananas, cane sugar, eggs"); empty: not stated. */
  ingredients?: string;
  /** The major allergens it contains. */
  contains?: AllergenId[];
  /** The major allergens it may contain. */
  mayContain?: AllergenId[];
  // The kitchen's unit (issue 37, core/src/kitchen/capacity.ts piecesPerItem).
  /** Pieces the kitchen bakes for one item ("a box of six rolls" is 6); absent: the rule. */
  pieces?: number;
  /** What a piece is called, plural ("rolls"); empty: the category's unit. */
  pieceName?: string;
}

export interface Option {
  id: string;
  label: string;
}

/** Cake fillings; none costs extra. */
export const CAKE_FILLINGS: readonly Option[] = [
  { id: 'fruit-preserves', label: 'Fruit preserves' },
  { id: 'peanut-butter-buttercream', label: 'Peanut butter buttercream' },
  { id: 'cream-cheese-buttercream', label: 'Cream cheese buttercream (dairy-free)' },
];

/** Optional add-ins on some breads and cookies; none costs extra. */
export const ADD_INS: readonly Option[] = [
  { id: 'pecans', label: 'Pecans' },
  { id: 'chocolate-chips', label: 'Chocolate chips (dairy-free)' },
];

export const DEFAULT_MAX_QUANTITY = 10;

const categoryImage = (id: SeedCategoryId) => `/images/categories/${id}.svg`;

/** The drawing an owner-added category shows until she uploads a photo: the loaf. */
const PLAIN_CATEGORY_DRAWING = categoryImage('breads');

/** The seed's categories (what a fresh install publishes as version 1). */
const SEED_CATEGORIES: readonly (Omit<Category, 'image'> & { id: SeedCategoryId })[] = [
  {
    id: 'breads',
    label: 'Breads',
    imageAlt: 'Illustration of a round loaf of bread beside a sliced sandwich loaf',
  },
  {
    id: 'muffins',
    label: 'Muffins',
    imageAlt: 'Illustration of a muffin with a domed top in a striped paper liner',
  },
  {
    id: 'oat-bars',
    label: 'Oat Bars/Granola',
    imageAlt: 'Illustration of stacked oat bars next to a jar of granola',
  },
  {
    id: 'brownies',
    label: 'Brownies',
    imageAlt: 'Illustration of three square fudgy brownies on a plate',
  },
  {
    id: 'cookies',
    label: 'Cookies',
    imageAlt: 'Illustration of round cookies studded with chocolate chips',
  },
  {
    id: 'cupcakes',
    label: 'Cupcakes',
    imageAlt: 'Illustration of a cupcake with swirled frosting and sprinkles',
  },
  {
    id: 'cakes',
    label: 'Cakes',
    imageAlt: 'Illustration of a two-layer frosted cake on a cake stand',
  },
  {
    id: 'gourmet-cookies',
    label: 'Gourmet Cookies',
    imageAlt: 'Illustration of large stuffed cookies tied with a ribbon in a gift box',
  },
];

/** The seed's categories (what a fresh install publishes as version 1). */
export const CATEGORIES: readonly Category[] = SEED_CATEGORIES.map((c) => ({
  ...c,
  image: categoryImage(c.id),
}));

export function getCategory(id: string): Category | undefined {
  return live.categories.find((c) => c.id === id);
}

const SEED_IDS: ReadonlySet<CategoryId> = new Set(SEED_CATEGORY_IDS);
/** Whether `value` is one of the seed's categories (not whether the live menu has it). */
export const isSeedCategoryId = (value: string): value is SeedCategoryId => SEED_IDS.has(value);

/**
 * A category's row of a table keyed by category id, or `plain` for a category
 * without one (one the owner added). Own rows only: an id like `constructor`
 * is a plain category, not Object.prototype's.
 */
export const rowOfCategory = <T>(
  table: Readonly<Record<string, T>>,
  category: CategoryId | undefined,
  plain: T,
): T => (category !== undefined && Object.hasOwn(table, category) ? table[category]! : plain);

/**
 * The category the menu and the order form open on: the first shown (the
 * spec's "The initial category is breads"), or the seed's first on a menu
 * without categories.
 */
export const openingCategory = (): CategoryId => menuCategories()[0]?.id ?? SEED_CATEGORY_IDS[0];

/**
 * What the bake sheet files an ordered item under when it is no longer on the
 * menu (its label there says "Not on the menu"): the seed's first category.
 */
export const OFF_MENU_CATEGORY: CategoryId = SEED_CATEGORY_IDS[0];

const COUNT_LABELS: Record<string, string> = {
  '6-count': '6 count',
  '12-count': '12 count',
  '24-count': '24 count',
  '6in': '6 inch',
  '8in': '8 inch',
  '10in': '10 inch',
  vanilla: 'Vanilla',
  chocolate: 'Chocolate',
};

/** The flavour variants (a cake sold in one size, in vanilla or chocolate). */
const FLAVOUR_VARIANTS: ReadonlySet<string> = new Set(['vanilla', 'chocolate']);

/**
 * What a category does, as data (issues 21 and 40): the order form, pricing,
 * the menu, capacity, the bake sheet and the labels read this record, never a
 * category's name. A new category with its own rules is a row here; one
 * without a row (any the owner adds) behaves as PLAIN_CATEGORY.
 */
export interface CategoryBehaviour {
  /** Its items take the cake options (writing, bows), go on the cake sheet and get cake labels. */
  cakeOptions: boolean;
  /**
   * Its units are the storefront calendar's cakes: `cakesLeft` and "Only 2
   * cakes left for this date" count them.
   */
  countsAsCakes: boolean;
  /** What its variants are called on the order form. */
  variantWord: 'Size' | 'Count';
  /** What a second line of the same item differs by, in the cart. */
  optionsWord: 'choices' | 'options';
  /**
   * Units one item without a count size holds in the kitchen's capacity (an
   * item is a box: muffins and brownies come six to a box); 1 otherwise.
   */
  unitsPerBox: number;
  /**
   * Choosing one of its items on the menu page opens the order form at this
   * category (where its counts are chosen) instead of the Add to Cart dialog.
   */
  orderedOnOrderForm: boolean;
}

export const PLAIN_CATEGORY: Readonly<CategoryBehaviour> = {
  cakeOptions: false,
  countsAsCakes: false,
  variantWord: 'Count',
  optionsWord: 'options',
  unitsPerBox: 1,
  orderedOnOrderForm: false,
};

/** The categories that differ from PLAIN_CATEGORY, by what they do. */
export const CATEGORY_BEHAVIOUR: Readonly<Record<CategoryId, Readonly<CategoryBehaviour>>> = {
  muffins: { ...PLAIN_CATEGORY, unitsPerBox: 6 },
  brownies: { ...PLAIN_CATEGORY, unitsPerBox: 6 },
  cakes: {
    ...PLAIN_CATEGORY,
    cakeOptions: true,
    countsAsCakes: true,
    variantWord: 'Size',
    optionsWord: 'choices',
  },
  'gourmet-cookies': { ...PLAIN_CATEGORY, orderedOnOrderForm: true },
};

/** A category's behaviour; a category the owner added behaves as a plain one. */
export const categoryBehaviour = (category: CategoryId | undefined): Readonly<CategoryBehaviour> =>
  rowOfCategory(CATEGORY_BEHAVIOUR, category, PLAIN_CATEGORY);

/** Whether a menu item takes the cake options (writing, bows). */
export const takesCakeOptions = (productId: string): boolean =>
  categoryBehaviour(getMenuItem(productId)?.category).cakeOptions;

/** What an item's variants choose, as the choice's label: 'Flavor', 'Size' or 'Count'. */
export function variantChoiceLabel(item: Pick<MenuItem, 'category' | 'variants'>): string {
  if (item.variants?.some((v) => FLAVOUR_VARIANTS.has(v.id))) return 'Flavor';
  return categoryBehaviour(item.category).variantWord;
}

const variants = (prices: Partial<Record<VariantId, number>>): Variant[] =>
  VARIANT_IDS.filter((id) => prices[id] !== undefined).map((id) => ({
    id,
    label: COUNT_LABELS[id]!,
    priceCents: prices[id]!,
  }));

// Each row: id, name, description, alt text of the item's picture, extras.
type Row = [id: string, name: string, description: string, alt: string, extra?: Partial<MenuItem>];

interface CategoryPricing {
  priceCents: number;
  maxQuantity?: number;
  variants?: Variant[];
  fillings?: boolean;
}

const PRICING: Record<SeedCategoryId, CategoryPricing> = {
  breads: { priceCents: 2000 },
  muffins: { priceCents: 2500, maxQuantity: 8 },
  'oat-bars': { priceCents: 1200 },
  brownies: { priceCents: 2500, maxQuantity: 6 },
  cookies: {
    priceCents: 1500,
    maxQuantity: 24,
    variants: variants({ '6-count': 1500, '12-count': 3000, '24-count': 5500 }),
  },
  cupcakes: {
    priceCents: 2500,
    maxQuantity: 12,
    variants: variants({ '6-count': 2500, '12-count': 4500 }),
  },
  cakes: {
    priceCents: 4500,
    maxQuantity: 3,
    variants: variants({ '6in': 4500, '8in': 6000, '10in': 7500 }),
    fillings: true,
  },
  'gourmet-cookies': {
    priceCents: 2500,
    maxQuantity: 12,
    variants: variants({ '6-count': 2500, '12-count': 4500 }),
  },
};

const ROWS: Record<SeedCategoryId, Row[]> = {
  breads: [
    [
      'classic-sandwich-loaf',
      'Classic Sandwich Loaf',
      'Soft, sliceable white loaf made with our brown rice and sorghum flour blend. Toasts beautifully.',
      'A tall sliced sandwich loaf with a golden crust',
    ],
    [
      'honey-oat-bread',
      'Honey Oat Bread',
      'Certified gluten-free oats and wildflower honey in a tender, lightly sweet loaf.',
      'A loaf of oat bread topped with rolled oats',
    ],
    [
      'seeded-multigrain-loaf',
      'Seeded Multigrain Loaf',
      'Millet, buckwheat, sunflower, flax and pumpkin seeds in a hearty everyday loaf.',
      'A dark multigrain loaf crusted with seeds',
      { addIns: true },
    ],
    [
      'rosemary-olive-oil-boule',
      'Rosemary Olive Oil Boule',
      'Crackly round loaf with fresh rosemary and extra-virgin olive oil.',
      'A round crusty boule scored on top and flecked with rosemary',
    ],
    [
      'cinnamon-raisin-swirl',
      'Cinnamon Raisin Swirl Bread',
      'A ribbon of cinnamon sugar and plump raisins through every slice.',
      'A slice of bread showing a cinnamon swirl and raisins',
      { addIns: true },
    ],
    [
      'banana-bread',
      'Banana Bread',
      'Ripe bananas, coconut oil and a hint of vanilla. Moist for days.',
      'A loaf of banana bread with a cracked top',
      { addIns: true },
    ],
    [
      'pumpkin-spice-loaf',
      'Pumpkin Spice Loaf',
      'Real pumpkin with cinnamon, nutmeg and clove, finished with pepitas.',
      'An orange-brown pumpkin loaf sprinkled with pumpkin seeds',
      { addIns: true },
    ],
    [
      'zucchini-bread',
      'Zucchini Bread',
      'Shredded garden zucchini and warm spices in a tender quick bread.',
      'A slice of zucchini bread showing green flecks',
      { addIns: true },
    ],
    [
      'lemon-poppy-seed-loaf',
      'Lemon Poppy Seed Loaf',
      'Bright lemon zest and poppy seeds under a tangy lemon glaze.',
      'A glazed lemon loaf dotted with poppy seeds',
    ],
    [
      'cornbread',
      'Southern Cornbread',
      'Stone-ground cornmeal, a touch of maple, baked in a cast-iron pan.',
      'A golden square of cornbread with a crisp edge',
    ],
    [
      'focaccia',
      'Herb Focaccia',
      'Dimpled, olive-oil-rich flatbread with sea salt, thyme and oregano.',
      'A rectangle of focaccia with dimples, herbs and flaky salt',
    ],
    [
      'dinner-rolls',
      'Dinner Rolls',
      'A dozen pull-apart rolls, soft and golden, ready for any table.',
      'A pan of golden pull-apart dinner rolls',
      { pieces: 12, pieceName: 'rolls' },
    ],
    [
      'cinnamon-rolls',
      'Cinnamon Rolls',
      'Six soft spiral rolls with cinnamon brown sugar and a vanilla glaze.',
      'Glazed cinnamon rolls in a round pan',
      { maxQuantity: 8, addIns: true, pieces: 6, pieceName: 'rolls' },
    ],
    [
      'coffee-cake',
      'Cinnamon Crumb Coffee Cake',
      'Tender vanilla cake under a thick cinnamon streusel crumb.',
      'A square of coffee cake with a thick crumb topping',
      { maxQuantity: 8, addIns: true },
    ],
  ],
  muffins: [
    [
      'blueberry-muffins',
      'Blueberry Muffins',
      'Bursting with blueberries and topped with coarse sugar. Six per box.',
      'A blueberry muffin with berries peeking through a sugared top',
    ],
    [
      'banana-nut-muffins',
      'Banana Nut Muffins',
      'Ripe banana and toasted walnuts in a moist, tender crumb. Six per box.',
      'A banana muffin topped with walnut pieces',
    ],
    [
      'chocolate-chip-muffins',
      'Chocolate Chip Muffins',
      'Bakery-style muffins loaded with dairy-free chocolate chips. Six per box.',
      'A tall muffin dotted with chocolate chips',
    ],
    [
      'lemon-blueberry-muffins',
      'Lemon Blueberry Muffins',
      'Lemon zest, blueberries and a light lemon drizzle. Six per box.',
      'A lemon glazed muffin with blueberries',
    ],
    [
      'pumpkin-muffins',
      'Pumpkin Streusel Muffins',
      'Spiced pumpkin muffins with a cinnamon streusel top. Six per box.',
      'A pumpkin muffin with a crumbly streusel top',
    ],
    [
      'apple-cinnamon-muffins',
      'Apple Cinnamon Muffins',
      'Diced apples and cinnamon with an oat crumble. Six per box.',
      'A muffin with apple chunks and an oat topping',
    ],
    [
      'double-chocolate-muffins',
      'Double Chocolate Muffins',
      'Rich cocoa muffins with melty dairy-free chocolate chunks. Six per box.',
      'A dark chocolate muffin with chocolate chunks',
    ],
    [
      'morning-glory-muffins',
      'Morning Glory Muffins',
      'Carrot, apple, coconut and raisins with a little spice. Six per box.',
      'A hearty muffin showing shreds of carrot and coconut',
    ],
    [
      'raspberry-almond-muffins',
      'Raspberry Almond Muffins',
      'Tart raspberries, almond flour and sliced almonds on top. Six per box.',
      'A muffin with raspberries and sliced almonds',
    ],
  ],
  'oat-bars': [
    [
      'classic-oat-bars',
      'Classic Oat Bars',
      'Chewy bars of gluten-free oats, maple and coconut oil.',
      'Golden chewy oat bars stacked on parchment',
    ],
    [
      'peanut-butter-oat-bars',
      'Peanut Butter Oat Bars',
      'Creamy peanut butter and oats with a drizzle of dairy-free chocolate.',
      'Oat bars drizzled with chocolate lines',
    ],
    [
      'cranberry-almond-oat-bars',
      'Cranberry Almond Oat Bars',
      'Tart dried cranberries and toasted almonds in a chewy oat base.',
      'Oat bars studded with red cranberries and almonds',
    ],
    [
      'raspberry-oat-crumble-bars',
      'Raspberry Oat Crumble Bars',
      'A layer of raspberry jam between an oat crust and crumble.',
      'Crumble bars with a visible raspberry jam layer',
    ],
    [
      'maple-pecan-granola',
      'Maple Pecan Granola',
      'Big clusters of oats, pecans and maple, baked slow. One-pound bag.',
      'A bag of clustered granola with pecans',
    ],
    [
      'chocolate-cherry-granola',
      'Chocolate Cherry Granola',
      'Cocoa-roasted oats with tart cherries and dairy-free chocolate. One-pound bag.',
      'A bowl of dark granola with cherries',
    ],
    [
      'tropical-coconut-granola',
      'Tropical Coconut Granola',
      'Toasted coconut, mango and cashews with a hint of lime. One-pound bag.',
      'Granola with coconut flakes and dried mango pieces',
    ],
  ],
  brownies: [
    [
      'fudge-brownies',
      'Classic Fudge Brownies',
      'Dense, fudgy squares with a crackly top. Six per box.',
      'A stack of fudgy brownies with shiny crackled tops',
    ],
    [
      'walnut-brownies',
      'Walnut Brownies',
      'Our fudge brownie loaded with toasted walnuts. Six per box.',
      'Brownies with walnut pieces on top',
    ],
    [
      'salted-caramel-brownies',
      'Salted Caramel Brownies',
      'Coconut-milk caramel swirled through and flaky salt on top. Six per box.',
      'Brownies with a caramel swirl and flaky salt',
    ],
    [
      'peanut-butter-swirl-brownies',
      'Peanut Butter Swirl Brownies',
      'Fudge brownies marbled with creamy peanut butter. Six per box.',
      'Brownies marbled with peanut butter',
    ],
    [
      'mint-chocolate-brownies',
      'Mint Chocolate Brownies',
      'A cool mint layer and chocolate ganache on a fudgy base. Six per box.',
      'Layered brownies with a pale green mint layer',
    ],
    [
      'espresso-brownies',
      'Espresso Brownies',
      'Deep chocolate with a shot of espresso for the coffee lovers. Six per box.',
      'Dark brownies dusted with espresso powder',
    ],
    [
      'blondies',
      'Chocolate Chip Blondies',
      'Brown sugar blondies packed with dairy-free chocolate chips. Six per box.',
      'Golden blondie squares with chocolate chips',
    ],
  ],
  cookies: [
    [
      'chocolate-chip-cookies',
      'Chocolate Chip Cookies',
      'Crisp edges, chewy centers and plenty of dairy-free chocolate chips.',
      'A stack of chocolate chip cookies',
      { addIns: true },
    ],
    [
      'oatmeal-raisin-cookies',
      'Oatmeal Raisin Cookies',
      'Chewy oat cookies with plump raisins and cinnamon.',
      'Oatmeal cookies with raisins',
      { addIns: true },
    ],
    [
      'peanut-butter-cookies',
      'Peanut Butter Cookies',
      'Classic fork-pressed peanut butter cookies, soft in the middle.',
      'Peanut butter cookies with a crisscross fork pattern',
      { addIns: true },
    ],
    [
      'snickerdoodles',
      'Snickerdoodles',
      'Soft cookies rolled in cinnamon sugar.',
      'Pale cookies coated in cinnamon sugar',
    ],
    [
      'double-chocolate-cookies',
      'Double Chocolate Cookies',
      'Cocoa cookies with dairy-free chocolate chunks.',
      'Dark chocolate cookies with chocolate chunks',
      { addIns: true },
    ],
    [
      'sugar-cookies',
      'Sprinkle Sugar Cookies',
      'Buttery-tasting vanilla sugar cookies covered in rainbow sprinkles.',
      'Round sugar cookies covered in rainbow sprinkles',
    ],
    [
      'molasses-ginger-cookies',
      'Molasses Ginger Cookies',
      'Chewy, spicy and crackled with sparkling sugar.',
      'Crackled ginger cookies with sparkling sugar',
    ],
    [
      'lemon-crinkle-cookies',
      'Lemon Crinkle Cookies',
      'Zesty lemon cookies rolled in powdered sugar.',
      'Lemon cookies with a white powdered sugar crinkle',
    ],
    [
      'shortbread-cookies',
      'Vanilla Shortbread',
      'Tender, crumbly shortbread made with coconut oil and vanilla bean.',
      'Rectangular shortbread cookies',
    ],
    [
      'chocolate-chip-pecan-cookies',
      'Chocolate Chip Pecan Cookies',
      'Our chocolate chip cookie with toasted Georgia pecans.',
      'Chocolate chip cookies with pecan halves',
      { addIns: true },
    ],
    [
      'thumbprint-cookies',
      'Raspberry Thumbprints',
      'Almond cookies with a jewel of raspberry jam in the center.',
      'Round cookies with a raspberry jam center',
    ],
  ],
  cupcakes: [
    [
      'vanilla-cupcakes',
      'Vanilla Bean Cupcakes',
      'Vanilla bean cake with fluffy dairy-free vanilla buttercream.',
      'A vanilla cupcake with a white frosting swirl',
    ],
    [
      'chocolate-cupcakes',
      'Chocolate Fudge Cupcakes',
      'Rich chocolate cake with chocolate fudge frosting.',
      'A chocolate cupcake with dark chocolate frosting',
    ],
    [
      'red-velvet-cupcakes',
      'Red Velvet Cupcakes',
      'Classic red velvet with dairy-free cream cheese frosting.',
      'A red cupcake topped with white frosting',
    ],
    [
      'funfetti-cupcakes',
      'Funfetti Cupcakes',
      'Sprinkle-filled vanilla cake with rainbow sprinkles on top.',
      'A cupcake with rainbow sprinkles in the cake and on the frosting',
    ],
    [
      'lemon-raspberry-cupcakes',
      'Lemon Raspberry Cupcakes',
      'Lemon cake with raspberry buttercream.',
      'A yellow cupcake with pink raspberry frosting',
    ],
    [
      'carrot-cake-cupcakes',
      'Carrot Cake Cupcakes',
      'Spiced carrot cake with dairy-free cream cheese frosting and a candied carrot.',
      'A carrot cupcake with white frosting and a tiny carrot decoration',
    ],
    [
      'salted-caramel-cupcakes',
      'Salted Caramel Cupcakes',
      'Brown sugar cake with salted caramel buttercream.',
      'A cupcake with caramel frosting and a caramel drizzle',
    ],
    [
      'strawberry-cupcakes',
      'Strawberry Cupcakes',
      'Strawberry cake made with real berries and strawberry buttercream.',
      'A pink cupcake topped with a fresh strawberry',
    ],
  ],
  cakes: [
    [
      'vanilla-celebration-cake',
      'Vanilla Celebration Cake',
      'Two layers of vanilla bean cake with vanilla buttercream and your choice of filling.',
      'A white frosted layer cake with sprinkles around the base',
    ],
    [
      'chocolate-layer-cake',
      'Chocolate Layer Cake',
      'Deep chocolate layers with chocolate fudge frosting and your choice of filling.',
      'A tall chocolate layer cake with fudge frosting',
    ],
    [
      'red-velvet-cake',
      'Red Velvet Cake',
      'Red velvet layers with dairy-free cream cheese frosting.',
      'A sliced red velvet cake showing red layers and white frosting',
    ],
    [
      'lemon-cake',
      'Lemon Chiffon Cake',
      'Light lemon layers with lemon buttercream and your choice of filling.',
      'A pale yellow cake decorated with lemon slices',
    ],
    [
      'carrot-cake',
      'Carrot Cake',
      'Spiced carrot layers with dairy-free cream cheese frosting and toasted pecans on the side.',
      'A carrot cake with white frosting and pecans pressed on the sides',
    ],
    [
      'funfetti-cake',
      'Funfetti Birthday Cake',
      'Sprinkle-studded vanilla layers, vanilla buttercream and more sprinkles.',
      'A white cake covered with rainbow sprinkles',
    ],
    [
      'strawberry-cake',
      'Strawberry Cake',
      'Strawberry layers with strawberry buttercream and fresh berries on top.',
      'A pink layer cake topped with fresh strawberries',
    ],
    [
      'heart-shaped-cake',
      'Heart-Shaped Cake',
      'A single-tier heart-shaped cake in vanilla or chocolate, decorated for someone you love. Choose your filling.',
      'A heart-shaped cake with pink frosting and piped rosettes',
      // "in vanilla or chocolate": the flavour is chosen like a size, both at $60.
      { variants: variants({ vanilla: 6000, chocolate: 6000 }), priceCents: 6000 },
    ],
  ],
  'gourmet-cookies': [
    [
      'stuffed-chocolate-chip',
      'Stuffed Chocolate Chip',
      'Oversized chocolate chip cookies with a molten chocolate center.',
      'A thick oversized chocolate chip cookie broken open to show a gooey center',
    ],
    [
      'cookies-and-cream',
      'Cookies and Cream',
      'Chocolate sandwich cookie pieces in a vanilla cookie with white chocolate chips.',
      'A large cookie with dark cookie pieces and white chips',
    ],
    [
      'smores-cookies',
      "S'mores",
      'Graham-style cookie dough, dairy-free chocolate and a toasted marshmallow top.',
      'A large cookie topped with a toasted marshmallow and chocolate',
    ],
    [
      'birthday-cake-cookies',
      'Birthday Cake',
      'Vanilla cake batter cookies loaded with sprinkles and white chocolate chips.',
      'A thick cookie with rainbow sprinkles',
    ],
    [
      'peanut-butter-cup-cookies',
      'Peanut Butter Cup',
      'Peanut butter cookies stuffed with a dairy-free peanut butter cup.',
      'A big peanut butter cookie with a peanut butter cup on top',
    ],
    [
      'salted-caramel-pretzel',
      'Salted Caramel Pretzel',
      'Chewy brown sugar cookies with gluten-free pretzels and a coconut caramel swirl.',
      'A large cookie with pretzel pieces and caramel',
    ],
  ],
};

/** The seed's items (what a fresh install publishes as version 1). */
export const MENU_ITEMS: readonly MenuItem[] = SEED_CATEGORY_IDS.flatMap((category) => {
  const pricing = PRICING[category];
  return ROWS[category].map(([id, name, description, imageAlt, extra]): MenuItem => {
    const item: MenuItem = {
      id,
      name,
      description,
      category,
      priceCents: pricing.priceCents,
      image: categoryImage(category),
      imageAlt,
    };
    if (pricing.maxQuantity !== undefined) item.maxQuantity = pricing.maxQuantity;
    if (pricing.variants) item.variants = pricing.variants;
    if (pricing.fillings) item.fillings = true;
    Object.assign(item, extra);
    if (item.variants === undefined) delete item.variants;
    const stated = SEED_STATED_ALLERGENS[id];
    if (stated)
      Object.assign(item, {
        ingredients: stated.ingredients,
        contains: [...stated.contains],
        mayContain: [...stated.mayContain],
      });
    return item;
  });
});

/** A stored catalogue: what the owner edits (the draft) and what a version publishes. */
export interface CatalogueSnapshot {
  /** The published version it is (absent: the seed, version 1). */
  version?: number;
  categories: CatalogueCategory[];
  /** In display order within each category. */
  items: CatalogueItem[];
}

/** A category as stored: `image` is an uploaded photo's URL, or null for its drawing. */
export interface CatalogueCategory extends Omit<Category, 'image'> {
  image: string | null;
}

/** An item as stored: `image` is an uploaded photo's URL, or null for its category's drawing. */
export interface CatalogueItem extends Omit<MenuItem, 'image'> {
  image: string | null;
}

/** The drawing a category shows when it has no photo: its own for the seed's, else the loaf. */
export const categoryDrawing = (id: CategoryId): string =>
  isSeedCategoryId(id) ? categoryImage(id) : PLAIN_CATEGORY_DRAWING;

/** The seed as a snapshot: version 1 of a fresh install. */
export const SEED_CATALOGUE: CatalogueSnapshot = {
  categories: CATEGORIES.map((c) => ({ ...c, image: null })),
  items: MENU_ITEMS.map((item) => ({ ...item, image: null })),
};

interface LiveCatalogue {
  categories: Category[];
  items: MenuItem[];
  byId: Map<string, MenuItem>;
  snapshot: CatalogueSnapshot;
}

function build(snapshot: CatalogueSnapshot): LiveCatalogue {
  const categories = snapshot.categories.map((c): Category => ({
    ...c,
    image: c.image ?? categoryDrawing(c.id),
  }));
  const items = snapshot.items.map((item): MenuItem => ({
    ...item,
    image: item.image ?? categories.find((c) => c.id === item.category)?.image ?? '',
  }));
  return { categories, items, byId: new Map(items.map((i) => [i.id, i])), snapshot };
}

let live: LiveCatalogue = build(SEED_CATALOGUE);
const catalogueListeners = new Set<() => void>();

/** Replaces the live catalogue (a published version) that every reader below sees. */
export function setCatalogue(snapshot: CatalogueSnapshot): void {
  live = build(snapshot);
  for (const listener of catalogueListeners) listener();
}

/**
 * Calls `listener` after each setCatalogue (an open page re-renders with a
 * version published meanwhile); answers the function that stops it.
 */
export function onCatalogue(listener: () => void): () => void {
  catalogueListeners.add(listener);
  return () => {
    catalogueListeners.delete(listener);
  };
}

/** The live catalogue as stored (photos as URLs or null). */
export const currentCatalogue = (): CatalogueSnapshot => live.snapshot;

/** The published version the live catalogue is (1: the seed). */
export const catalogueVersion = (): number => live.snapshot.version ?? 1;

/** Every live item, hidden ones included, in order. */
export const menuItems = (): readonly MenuItem[] => live.items;

/** The live categories shown on the storefront, in order. */
export const menuCategories = (): readonly Category[] => live.categories.filter((c) => !c.hidden);

/** An item of the live catalogue (hidden ones too: a cart or an order may name one). */
export function getMenuItem(id: string): MenuItem | undefined {
  return live.byId.get(id);
}

/** The items a category shows on the storefront (hidden ones left out). */
export function itemsInCategory(id: CategoryId): MenuItem[] {
  return live.items.filter((item) => item.category === id && !item.hidden);
}

export function maxQuantityOf(item: Pick<MenuItem, 'maxQuantity'>): number {
  return item.maxQuantity ?? DEFAULT_MAX_QUANTITY;
}

/** The variant chosen when none is given: 6-count for counts, 6in for cakes. */
/** The price a card shows ("From $11.00" when the item has sizes): its lowest. */
export function fromPriceCents(item: {
  priceCents: number;
  variants?: readonly { priceCents: number }[] | null;
}): number {
  return item.variants?.length
    ? Math.min(...item.variants.map((v) => v.priceCents))
    : item.priceCents;
}

export function defaultVariantId(item: MenuItem): VariantId | undefined {
  return item.variants?.[0]?.id;
}

/** An order line that cannot be priced from the catalogue (the API answers 400). */
export class PricingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PricingError';
  }
}

export interface CartLine {
  productId: string;
  quantity: number;
  variantId?: string | null;
  filling?: string | null;
  addIn?: string | null;
}

export interface ResolvedLine {
  item: MenuItem;
  name: string;
  unitPriceCents: number;
  variantId?: VariantId;
  variantLabel?: string;
  filling?: string;
  addIn?: string;
}

const blank = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/** The catalogue price and label of one cart line; throws PricingError on anything unknown. */
export function resolveLine(line: CartLine): ResolvedLine {
  const item = getMenuItem(line.productId);
  if (!item) throw new PricingError(`Unknown product: ${line.productId}`);
  const resolved: ResolvedLine = { item, name: item.name, unitPriceCents: item.priceCents };

  if (item.variants?.length) {
    const wanted = blank(line.variantId) ? defaultVariantId(item) : line.variantId;
    const variant = item.variants.find((v) => v.id === wanted);
    if (!variant) throw new PricingError(`Unknown option ${String(wanted)} for ${item.name}`);
    resolved.variantId = variant.id;
    resolved.variantLabel = variant.label;
    resolved.unitPriceCents = variant.priceCents;
  } else if (!blank(line.variantId)) {
    throw new PricingError(`${item.name} has no size or count options`);
  }

  if (!blank(line.filling)) {
    if (!item.fillings || !CAKE_FILLINGS.some((f) => f.id === line.filling))
      throw new PricingError(`Unknown filling ${line.filling} for ${item.name}`);
    resolved.filling = line.filling;
  }
  if (!blank(line.addIn)) {
    if (!item.addIns || !ADD_INS.some((a) => a.id === line.addIn))
      throw new PricingError(`Unknown add-in ${line.addIn} for ${item.name}`);
    resolved.addIn = line.addIn;
  }
  return resolved;
}
