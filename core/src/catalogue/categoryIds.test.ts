// Issue 40: a category's id is a string (the owner adds categories in the Menu
// tab) and what a category does is read from CATEGORY_BEHAVIOUR, never asked
// of its name. An owner-added category behaves as a plain one; and no screen,
// route or export outside the catalogue's tables compares with a seed id.
import { afterEach, describe, expect, it } from 'vitest';
import {
  CATEGORY_BEHAVIOUR,
  PLAIN_CATEGORY,
  SEED_CATALOGUE,
  SEED_CATEGORY_IDS,
  categoryBehaviour,
  categoryDrawing,
  getMenuItem,
  isSeedCategoryId,
  openingCategory,
  setCatalogue,
  takesCakeOptions,
  variantChoiceLabel,
  type CatalogueItem,
} from './catalogue';
import {
  capacityMessage,
  dayAvailability,
  defaultCapacityOf,
  effectiveLimits,
  kitchenCategories,
  NEW_CATEGORY_CAPACITY,
  pieceNameOf,
  unitsByCategory,
  unitsPerItem,
  unitWords,
} from '../kitchen/capacity';

const pie: CatalogueItem = {
  id: 'apple-pie',
  name: 'Apple Pie',
  description: 'Spiced apples under a lattice.',
  category: 'pies',
  priceCents: 3200,
  image: null,
  imageAlt: 'An apple pie',
};

describe('a category the owner added ("pies")', () => {
  afterEach(() => setCatalogue(SEED_CATALOGUE));

  it('behaves as a plain category', () => {
    expect(isSeedCategoryId('pies')).toBe(false);
    expect(categoryBehaviour('pies')).toEqual(PLAIN_CATEGORY);
    expect(PLAIN_CATEGORY).toEqual({
      cakeOptions: false,
      countsAsCakes: false,
      variantWord: 'Count',
      optionsWord: 'options',
      unitsPerBox: 1,
      orderedOnOrderForm: false,
    });
    // An id that is a name on Object.prototype is a category like any other.
    expect(categoryBehaviour('constructor')).toEqual(PLAIN_CATEGORY);
    expect(categoryDrawing('pies')).toBe('/images/categories/breads.svg');
  });

  it('gets the new-category limit and unit words from its label', () => {
    setCatalogue({
      categories: [
        ...SEED_CATALOGUE.categories,
        { id: 'pies', label: 'Pies', imageAlt: 'A pie', image: null },
      ],
      items: [...SEED_CATALOGUE.items, pie],
    });
    expect(kitchenCategories()).toEqual([...SEED_CATEGORY_IDS, 'pies']);
    expect(defaultCapacityOf('pies')).toBe(NEW_CATEGORY_CAPACITY);
    expect(effectiveLimits([]).pies).toBe(NEW_CATEGORY_CAPACITY);
    expect(unitWords('pies')).toEqual({ one: 'pie', many: 'pies' });
    expect(capacityMessage('pies', 1, '2026-12-24')).toBe(
      'We can take only 1 more pie for December 24, 2026. Please choose another date or fewer pies.',
    );
    // One pie is one unit, no cake options, its sizes are counts.
    expect(unitsPerItem('apple-pie')).toBe(1);
    expect(pieceNameOf('apple-pie')).toBe('pies');
    expect(unitsByCategory([{ productId: 'apple-pie', quantity: 3 }]).pies).toBe(3);
    expect(takesCakeOptions('apple-pie')).toBe(false);
    expect(variantChoiceLabel(getMenuItem('apple-pie')!)).toBe('Count');
    // Pies are not cakes: booking them leaves the cakes' countdown alone.
    const used = unitsByCategory([{ productId: 'apple-pie', quantity: 29 }]);
    const day = dayAvailability('2026-12-24', used, effectiveLimits([]), null);
    expect(day.remaining.pies).toBe(1);
    expect(day.cakesLeft).toBe(4);
    expect(day.notice).toBeNull();
  });

  it('the menu opens on the first category shown, the seed first without one', () => {
    expect(openingCategory()).toBe('breads');
    setCatalogue({ categories: [], items: [] });
    expect(openingCategory()).toBe('breads');
  });
});

describe('the seed categories keep their rules as behaviour rows', () => {
  it('muffins and brownies come six to a box; cakes take the cake options', () => {
    expect(Object.keys(CATEGORY_BEHAVIOUR).sort()).toEqual([
      'brownies',
      'cakes',
      'gourmet-cookies',
      'muffins',
    ]);
    expect(unitsPerItem('blueberry-muffins')).toBe(6);
    expect(categoryBehaviour('brownies').unitsPerBox).toBe(6);
    expect(categoryBehaviour('cakes')).toMatchObject({ cakeOptions: true, countsAsCakes: true });
    expect(categoryBehaviour('gourmet-cookies').orderedOnOrderForm).toBe(true);
    expect(categoryBehaviour('breads')).toEqual(PLAIN_CATEGORY);
  });
});

// core has no Node types (it runs in browsers too): the two calls used here, typed here.
interface Fs {
  readdirSync(path: URL, options: { recursive: true }): string[];
  readFileSync(path: URL, encoding: 'utf8'): string;
}
const fs = (await import('node:fs' as string)) as Fs;

const ROOT = new URL('../../../', import.meta.url);
/** Where screens, routes and exports live. */
const SOURCES = ['core/src/', 'api/src/', 'storefront/src/', 'desktop/src/renderer/'];
/** The category's own tables: the seed, its behaviour rows, the kitchen's limits and units. */
const TABLES = ['core/src/catalogue/', 'core/src/kitchen/capacity.ts'];
const isTest = (file: string) => /\.test\.tsx?$|(^|\/)test\/|testFixtures\.ts$/.test(file);

const ids = SEED_CATEGORY_IDS.join('|');
const lit = `(['"\`])(?:[^'"\`\\n]*#)?(?:${ids})\\1`;
/**
 * A seed id compared with, fallen back to, looked up or linked to: `=== 'cakes'`,
 * `'cakes' !==`, `case 'cakes':`, `?? 'breads'`, `.has('muffins')`,
 * `new Set(['muffins', …])`, `'/order#gourmet-cookies'`.
 */
const ASKED = new RegExp(
  [
    `(?:===|!==|==|!=|\\?\\?|\\|\\||case)\\s*${lit}`,
    `${lit}\\s*(?:===|!==|==|!=)`,
    `\\.(?:has|includes|indexOf)\\(\\s*${lit}`,
    `new Set(?:<[^>]*>)?\\(\\[[^\\]]*${lit}`,
    `(['"\`])[^'"\`\\n]*#(?:${ids})['"\`]`,
  ].join('|'),
);

/** A file's code without its comments (a comment may say "cakes"). */
const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')).replace(/^\s*\/\/.*$/gm, '');

describe('no code asks a category by its seed id', () => {
  it('the detector finds the questions issue 40 removed', () => {
    for (const asked of [
      "getMenuItem(id)?.category === 'cakes'",
      "if (item.category === 'gourmet-cookies') void navigate('/order#gourmet-cookies');",
      "const category = menuItem?.category ?? 'breads';",
      "new Set(['muffins', 'brownies'])",
      'case "cupcakes":',
    ])
      expect(asked).toMatch(ASKED);
    for (const fine of [
      "View['cakes'][number]",
      "export const RECIPE_CATEGORIES = ['breads', 'pastries'] as const;",
      "  'cookies',",
      "category === 'pies'",
    ])
      expect(fine).not.toMatch(ASKED);
  });

  it('outside the catalogue tables and tests', () => {
    const found: string[] = [];
    for (const dir of SOURCES)
      for (const name of fs.readdirSync(new URL(dir, ROOT), { recursive: true })) {
        const file = `${dir}${name}`;
        if (!/\.tsx?$/.test(file) || isTest(file) || TABLES.some((t) => file.startsWith(t)))
          continue;
        if (file.includes('node_modules/')) continue;
        code(fs.readFileSync(new URL(file, ROOT), 'utf8'))
          .split('\n')
          .forEach((line, i) => {
            if (ASKED.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
          });
      }
    expect(found).toEqual([]);
  });
});
