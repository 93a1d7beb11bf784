// Bake sheet, shopping list, margins and the Excel export on a hand-built set
// of recipes and orders whose every figure is worked out below.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '@bakery/prisma';
import { Client, insertOrder, signedIn } from '../admin/helpers.js';
import { startKitchenServer, type KitchenServer } from './kitchenServer.js';

let server: KitchenServer;
let staff: Client;
const DAY = '2026-12-10';

// Ingredients: flour $2/lb, sugar $1.50/lb, eggs $0.25 each, blueberries $3/cup.
// Muffin recipe (makes 12): 2 lb flour, 1 lb sugar, 4 eggs, 2 cups blueberries = $12.50.
// Cookie dough (makes 24): 1.5 lb flour, 1 lb sugar, 2 eggs = $5.00.
async function buildKitchen() {
  const prisma = server.prisma;
  const ing = async (name: string, unit: string, costPerUnit: string) =>
    prisma.ingredient.create({ data: { name, unit, costPerUnit } });
  const flour = await ing('Test flour', 'lb', '2.0000');
  const sugar = await ing('Test sugar', 'lb', '1.5000');
  const eggs = await ing('Test eggs', 'each', '0.2500');
  const berries = await ing('Test blueberries', 'cup', '3.0000');
  const recipe = async (name: string, lines: [{ id: string }, string][]) =>
    prisma.recipe.create({
      data: {
        name,
        category: 'pastries',
        ingredients: { create: lines.map(([i, quantity]) => ({ ingredientId: i.id, quantity })) },
      },
    });
  const muffins = await recipe('Test muffin batter', [
    [flour, '2'],
    [sugar, '1'],
    [eggs, '4'],
    [berries, '2'],
  ]);
  const cookies = await recipe('Test cookie dough', [
    [flour, '1.5'],
    [sugar, '1'],
    [eggs, '2'],
  ]);
  return { muffins, cookies };
}

type Line = {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  variant?: string | null;
  filling?: string;
};

async function order(
  items: Line[],
  extra: Prisma.OrderUpdateInput = {},
  spec: Parameters<typeof insertOrder>[1] = {},
) {
  const row = await insertOrder(server.prisma, { pickupDate: DAY, items, ...spec });
  if (Object.keys(extra).length)
    await server.prisma.order.update({ where: { id: row.id }, data: extra });
  return row;
}

beforeAll(async () => {
  server = await startKitchenServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  const { muffins, cookies } = await buildKitchen();
  // One box of muffins holds 6 (half a batch); a 6-count of cookies a quarter of the dough, a 24-count all of it.
  for (const link of [
    {
      productId: 'blueberry-muffins',
      variantId: '',
      recipeId: muffins.id,
      recipeYield: 12,
      unitsPerItem: 6,
    },
    {
      productId: 'sugar-cookies',
      variantId: '',
      recipeId: cookies.id,
      recipeYield: 24,
      unitsPerItem: 6,
    },
    {
      productId: 'sugar-cookies',
      variantId: '24-count',
      recipeId: cookies.id,
      recipeYield: 24,
      unitsPerItem: 24,
    },
  ]) {
    const saved = await staff.put('/api/admin/kitchen/links', link);
    expect(saved.status).toBe(200);
  }

  await order(
    [
      {
        productId: 'blueberry-muffins',
        name: 'Blueberry Muffins',
        price: 25,
        quantity: 3,
        variant: null,
      },
      {
        productId: 'sugar-cookies',
        name: 'Sprinkle Sugar Cookies',
        price: 15,
        quantity: 2,
        variant: '6-count',
      },
    ],
    { specialInstructions: 'Nut-free box please', customerName: 'Avery Stone' },
  );
  await order(
    [
      {
        productId: 'blueberry-muffins',
        name: 'Blueberry Muffins',
        price: 25,
        quantity: 1,
        variant: null,
      },
      {
        productId: 'lemon-cake',
        name: 'Lemon Chiffon Cake',
        price: 60,
        quantity: 1,
        variant: '8in',
        filling: 'fruit-preserves',
      },
    ],
    {
      specialInstructions: 'Write "Happy 40th Sam"',
      hasCakeItems: true,
      cakeOptions: { hasWriting: true, hasBows: false },
      cakeWriting: 'Happy 40th Sam',
      customerName: 'Blake Rivers',
    },
  );
  await order([
    {
      productId: 'sugar-cookies',
      name: 'Sprinkle Sugar Cookies',
      price: 55,
      quantity: 1,
      variant: '24-count',
    },
  ]);
  // Neither of these is baked on DAY: a cancelled order, and another date.
  await order(
    [{ productId: 'blueberry-muffins', name: 'Blueberry Muffins', price: 25, quantity: 10 }],
    {},
    { paymentStatus: 'cancelled' },
  );
  await order(
    [{ productId: 'blueberry-muffins', name: 'Blueberry Muffins', price: 25, quantity: 5 }],
    {},
    { pickupDate: '2026-12-11' },
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('bake sheet', () => {
  it('adds up quantities per item and variant over the orders that are not cancelled', async () => {
    const sheet = await staff.get(`/api/admin/kitchen/bake-sheet?fromDate=${DAY}&toDate=${DAY}`);
    expect(sheet.status).toBe(200);
    expect(sheet.body.orderCount).toBe(3);
    const rows = sheet.body.products.map((r: Record<string, unknown>) => [
      r.productId,
      r.variantId,
      r.quantity,
      r.units,
      r.batches,
    ]);
    expect(rows).toEqual([
      ['blueberry-muffins', '', 4, 24, 2],
      ['sugar-cookies', '6-count', 2, 12, 0.5],
      ['sugar-cookies', '24-count', 1, 24, 1],
      ['lemon-cake', '8in', 1, 1, null],
    ]);
    expect(sheet.body.recipes).toEqual([
      expect.objectContaining({ name: 'Test cookie dough', batches: 1.5 }),
      expect.objectContaining({ name: 'Test muffin batter', batches: 2 }),
    ]);
    expect(sheet.body.unlinked).toEqual([
      {
        productId: 'lemon-cake',
        variantId: '8in',
        name: 'Lemon Chiffon Cake',
        variantLabel: '8 inch',
        quantity: 1,
      },
    ]);
  });

  it('lists cake details and every special instruction', async () => {
    const sheet = await staff.get(`/api/admin/kitchen/bake-sheet?fromDate=${DAY}&toDate=${DAY}`);
    expect(sheet.body.cakes).toEqual([
      expect.objectContaining({
        customerName: 'Blake Rivers',
        name: 'Lemon Chiffon Cake',
        size: '8 inch',
        filling: 'Fruit preserves',
        quantity: 1,
        writing: true,
        writingText: 'Happy 40th Sam',
        bows: false,
        specialInstructions: 'Write "Happy 40th Sam"',
      }),
    ]);
    expect(
      sheet.body.instructions.map((i: { customerName: string; text: string }) => [
        i.customerName,
        i.text,
      ]),
    ).toEqual([
      ['Avery Stone', 'Nut-free box please'],
      ['Blake Rivers', 'Write "Happy 40th Sam"'],
    ]);
  });

  it('totals the ingredients to the unit, with their cost', async () => {
    // Muffins: 2 batches; cookie dough: 0.5 + 1 = 1.5 batches.
    // Flour 2x2 + 1.5x1.5 = 6.25 lb ($12.50); sugar 2 + 1.5 = 3.5 lb ($5.25);
    // eggs 8 + 3 = 11 ($2.75); blueberries 4 cups ($12.00). Total $32.50.
    const sheet = await staff.get(`/api/admin/kitchen/bake-sheet?fromDate=${DAY}&toDate=${DAY}`);
    const list = sheet.body.shoppingList.map((r: Record<string, unknown>) => [
      r.name,
      r.quantity,
      r.unit,
      r.cost,
    ]);
    expect(list).toEqual([
      ['Test blueberries', 4, 'cup', 12],
      ['Test eggs', 11, 'each', 2.75],
      ['Test flour', 6.25, 'lb', 12.5],
      ['Test sugar', 3.5, 'lb', 5.25],
    ]);
    expect(sheet.body.shoppingListCost).toBe(32.5);
  });

  it('covers a range of dates and is exported to Excel', async () => {
    const two = await staff.get(`/api/admin/kitchen/bake-sheet?fromDate=${DAY}&toDate=2026-12-11`);
    expect(two.body.products[0]).toMatchObject({
      productId: 'blueberry-muffins',
      quantity: 9,
      batches: 4.5,
    });
    // Split by pickup day (issue 23): the two days' muffins add up to the total.
    expect(two.body.days.map((d: { date: string }) => d.date)).toEqual([DAY, '2026-12-11']);
    const muffinsOn = (i: number) =>
      two.body.days[i].products.find(
        (p: { productId: string }) => p.productId === 'blueberry-muffins',
      )?.quantity ?? 0;
    expect(muffinsOn(0)).toBeGreaterThan(0);
    expect(muffinsOn(1)).toBeGreaterThan(0);
    expect(muffinsOn(0) + muffinsOn(1)).toBe(9);
    expect(two.body.days[0].orderCount + two.body.days[1].orderCount).toBe(two.body.orderCount);

    const response = await staff.request(
      'GET',
      `/api/admin/exports/bake-sheet.xlsx?fromDate=${DAY}&toDate=${DAY}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`bake-sheet-${DAY}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Bake sheet',
      'Cakes',
      'Instructions',
      'Shopping list',
    ]);
    const list = workbook.getWorksheet('Shopping list')!;
    expect(list.getRow(4).values).toEqual([undefined, 'Test flour', 6.25, 'lb', 2, 12.5]);
    expect(list.getRow(6).values).toEqual([
      undefined,
      'Total',
      undefined,
      undefined,
      undefined,
      32.5,
    ]);
    const cakes = workbook.getWorksheet('Cakes')!;
    expect(cakes.getRow(2).getCell(7).value).toBe('Fruit preserves');
    expect(cakes.getRow(1).getCell(9).value).toBe('Writing');
    expect(cakes.getRow(2).getCell(9).value).toBe('“Happy 40th Sam”');
  });

  it('refuses a bad range and anyone who is not staff', async () => {
    const bad = await staff.get(`/api/admin/kitchen/bake-sheet?fromDate=2026-12-11&toDate=${DAY}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The start date must not be after the end date');
    expect(
      (
        await new Client(server.baseUrl).get(
          `/api/admin/kitchen/bake-sheet?fromDate=${DAY}&toDate=${DAY}`,
        )
      ).status,
    ).toBe(401);
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect(
      (await customer.get(`/api/admin/kitchen/margins?fromDate=${DAY}&toDate=${DAY}`)).status,
    ).toBe(403);
  });
});

describe('cost of goods and margins', () => {
  it('prices each item and variant against its recipe cost, and lists items without one', async () => {
    const answer = await staff.get(`/api/admin/kitchen/margins?fromDate=${DAY}&toDate=${DAY}`);
    expect(answer.status).toBe(200);
    const find = (productId: string, variantId: string) =>
      answer.body.items.find(
        (i: { productId: string; variantId: string }) =>
          i.productId === productId && i.variantId === variantId,
      );
    // Half a $12.50 batch; a quarter and all of the $5.00 dough.
    expect(find('blueberry-muffins', '')).toMatchObject({
      price: 25,
      cost: 6.25,
      margin: 18.75,
      marginPercent: 75,
      recipeName: 'Test muffin batter',
    });
    expect(find('sugar-cookies', '6-count')).toMatchObject({
      price: 15,
      cost: 1.25,
      margin: 13.75,
      marginPercent: 91.7,
    });
    expect(find('sugar-cookies', '24-count')).toMatchObject({
      price: 55,
      cost: 5,
      margin: 50,
      marginPercent: 90.9,
    });
    // The all-options link says what a 6-count holds; a 12-count holds twice that.
    expect(find('sugar-cookies', '12-count')).toMatchObject({
      price: 30,
      cost: 2.5,
      margin: 27.5,
      marginPercent: 91.7,
      costWarning: null,
    });
    expect(find('lemon-cake', '8in')).toMatchObject({ price: 60, cost: null, margin: null });
    const missing = answer.body.missing.map(
      (m: { productId: string; variantId: string }) => `${m.productId}/${m.variantId}`,
    );
    expect(missing).toContain('lemon-cake/8in');
    expect(missing).not.toContain('blueberry-muffins/');
  });

  it('adds up margin by category over the range, keeping uncosted sales apart', async () => {
    const answer = await staff.get(`/api/admin/kitchen/margins?fromDate=${DAY}&toDate=${DAY}`);
    const by = Object.fromEntries(
      answer.body.byCategory.map((c: { category: string }) => [c.category, c]),
    );
    // Muffins: 4 x $25 = $100 against 4 x $6.25. Cookies: 2 x $15 + $55 against 2 x $1.25 + $5.
    expect(by.muffins).toMatchObject({
      revenue: 100,
      cost: 25,
      margin: 75,
      marginPercent: 75,
      uncostedRevenue: 0,
      quantity: 4,
    });
    expect(by.cookies).toMatchObject({ revenue: 85, cost: 7.5, margin: 77.5, marginPercent: 91.2 });
    expect(by.cakes).toMatchObject({
      revenue: 0,
      cost: 0,
      uncostedRevenue: 60,
      marginPercent: null,
    });
  });

  it('links are listed with their cost per item, replaced, and removed', async () => {
    const list = await staff.get('/api/admin/kitchen/links');
    expect(
      list.body.find(
        (l: { productId: string; variantId: string }) =>
          l.productId === 'sugar-cookies' && l.variantId === '24-count',
      ),
    ).toMatchObject({
      productName: 'Sprinkle Sugar Cookies',
      variantLabel: '24 count',
      recipeName: 'Test cookie dough',
      costPerItem: 5,
    });
    const bad = await staff.put('/api/admin/kitchen/links', {
      productId: 'blueberry-muffins',
      variantId: '12-count',
      recipeId: list.body[0].recipeId,
      recipeYield: 12,
      unitsPerItem: 6,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Choose one of the options of this menu item, or none for all of them',
    );
    const unknownRecipe = await staff.put('/api/admin/kitchen/links', {
      productId: 'banana-bread',
      recipeId: '00000000-0000-4000-8000-000000000000',
      recipeYield: 1,
      unitsPerItem: 1,
    });
    expect(unknownRecipe.status).toBe(404);

    const temp = await staff.put('/api/admin/kitchen/links', {
      productId: 'banana-bread',
      recipeId: list.body[0].recipeId,
      recipeYield: 2,
      unitsPerItem: 1,
    });
    expect(temp.status).toBe(200);
    expect((await staff.del('/api/admin/kitchen/links?productId=banana-bread')).status).toBe(200);
    expect((await staff.del('/api/admin/kitchen/links?productId=banana-bread')).status).toBe(404);
  });

  it('costs each option of an all-options link by its size, and warns where sizes look alike', async () => {
    const recipeId = (await staff.get('/api/admin/kitchen/links')).body[0].recipeId as string;
    const cookies = (await staff.get('/api/admin/kitchen/links')).body.find(
      (l: { productId: string; variantId: string }) =>
        l.productId === 'sugar-cookies' && l.variantId === '',
    );
    // The 24-count has a link of its own, so the all-options link covers 6 and 12.
    expect(cookies.variants).toEqual([
      {
        variantId: '6-count',
        variantLabel: '6 count',
        unitsPerItem: 6,
        costPerItem: 1.25,
        warning: null,
      },
      {
        variantId: '12-count',
        variantLabel: '12 count',
        unitsPerItem: 12,
        costPerItem: 2.5,
        warning: null,
      },
    ]);

    // The bake sheet takes a 12-count's dough by its size: half a batch, not a quarter.
    const day = '2026-12-12';
    await order(
      [
        {
          productId: 'sugar-cookies',
          name: 'Sprinkle Sugar Cookies',
          price: 30,
          quantity: 1,
          variant: '12-count',
        },
      ],
      {},
      { pickupDate: day },
    );
    const sheet = await staff.get(`/api/admin/kitchen/bake-sheet?fromDate=${day}&toDate=${day}`);
    expect(sheet.body.products).toEqual([
      expect.objectContaining({ variantId: '12-count', units: 12, batches: 0.5 }),
    ]);
    expect(sheet.body.shoppingListCost).toBe(2.5);

    // Cake sizes hold one cake each: an all-options link cannot tell them apart, and says so.
    const cake = await staff.put('/api/admin/kitchen/links', {
      productId: 'lemon-cake',
      recipeId,
      recipeYield: 1,
      unitsPerItem: 1,
    });
    expect(cake.status).toBe(200);
    const warning =
      'Same cost for every size: the recipe is linked to all options. Link each size to cost it.';
    expect(cake.body.variants.map((v: { warning: string | null }) => v.warning)).toEqual([
      warning,
      warning,
      warning,
    ]);
    const margins = await staff.get(`/api/admin/kitchen/margins?fromDate=${DAY}&toDate=${DAY}`);
    const tenInch = margins.body.items.find(
      (i: { productId: string; variantId: string }) =>
        i.productId === 'lemon-cake' && i.variantId === '10in',
    );
    expect(tenInch).toMatchObject({ cost: 12.5, costWarning: warning });
    expect((await staff.del('/api/admin/kitchen/links?productId=lemon-cake')).status).toBe(200);
  });
});
