// Allergens from the recipes (issue 26): GET /api/menu carries each item's
// and option's ingredients and allergens, follows recipe changes (and its
// ETag with them), filters with ?without=; the gluten-free, dairy-free
// promise is checked (409 claim_broken naming the item and ingredient);
// orders keep their allergens for My Orders and the mail; label PDFs read
// back with pdftotext and pdfinfo.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, bakeryAddressLine, bakeryToday, BAKERY_INFO, orderNumber } from '@bakery/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedKitchen } from '../../src/services/recipes.js';
import { orderReceivedMail, toMailOrder } from '../../src/services/mail/messages.js';
import { Client, signedIn } from '../admin/helpers.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let staff: Client;
let guest: Client;
let testLoaf: string;

type MenuItem = {
  id: string;
  ingredients: string[];
  allergens: string[];
  mayContain: string[];
  allergenInfo: {
    known: boolean;
    contains: string | null;
    ingredients: string | null;
    note: string | null;
  };
  allergenOptions?: {
    kind: string;
    id: string;
    allergens: string[];
    allergenInfo: { contains: string | null };
  }[];
};
const menu = async (query = '') => {
  const answer = await guest.get<{ items: MenuItem[] }>(`/api/menu${query}`);
  expect(answer.status).toBe(200);
  return { ...answer, item: (id: string) => answer.body.items.find((i) => i.id === id) };
};

async function ingredient(name: string, extra: Record<string, unknown>) {
  const created = await staff.post('/api/admin/ingredients', {
    name,
    unit: 'lb',
    costPerUnit: 2,
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  guest = new Client(server.baseUrl);
  await seedKitchen(server.prisma);
  // A loaf recipe of our own, linked to two breads that take add-ins.
  const ingredients = (await staff.get('/api/admin/ingredients')).body as {
    id: string;
    name: string;
  }[];
  const id = (name: string) => ingredients.find((i) => i.name === name)!.id;
  const recipe = await staff.post('/api/admin/recipes', { name: 'Test Loaf', category: 'breads' });
  testLoaf = recipe.body.id;
  for (const [ingredientId, quantity] of [
    [id('Gluten-free all-purpose flour blend'), 1],
    [id('Eggs (large)'), 3],
    [id('Cane sugar'), 0.5],
  ] as const)
    expect(
      (await staff.post(`/api/admin/recipes/${testLoaf}/ingredients`, { ingredientId, quantity }))
        .status,
    ).toBe(201);
  for (const productId of ['banana-bread', 'zucchini-bread'])
    expect(
      (
        await staff.put('/api/admin/kitchen/links', {
          productId,
          recipeId: testLoaf,
          recipeYield: 1,
          unitsPerItem: 1,
        })
      ).status,
    ).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/menu with allergens', () => {
  it('carries each item’s ingredients by weight, Contains line and options', async () => {
    const { item } = await menu();
    const bread = item('banana-bread')!;
    expect(bread.allergens).toEqual(['eggs']);
    expect(bread.ingredients[0]).toMatch(/^Gluten-free flour blend \(/);
    expect(bread.ingredients).toEqual([
      expect.stringMatching(/^Gluten-free flour blend/),
      'Cane sugar',
      'Eggs',
    ]);
    expect(bread.allergenInfo.contains).toBe('Contains: Eggs');
    const pecans = bread.allergenOptions!.find((o) => o.id === 'pecans')!;
    expect(pecans.allergens).toEqual(['eggs', 'tree-nuts']);
    expect(pecans.allergenInfo.contains).toBe('Contains: Eggs, Tree Nuts (Pecans)');
    // The starter cookies: eggs, and cashews in the vegan butter.
    expect(item('chocolate-chip-cookies')!.allergenInfo.contains).toBe(
      'Contains: Eggs, Tree Nuts (Cashews)',
    );
    // No recipe linked: what the bakery states (the seed's facts, issue 38).
    expect(item('focaccia')!.allergenInfo).toMatchObject({
      known: true,
      ingredients: expect.stringMatching(/^Ingredients: Brown rice flour, sorghum flour, water/),
      contains: null,
      mayContain: 'May contain: Tree Nuts, Peanuts',
    });
    // The linked recipe wins over the seed's statement, and the Menu editor is told so.
    expect(bread.ingredients).not.toContain('Bananas');
    const draft = await staff.get('/api/admin/menu');
    expect(draft.body.recipeLinked).toEqual(
      expect.arrayContaining(['banana-bread', 'zucchini-bread']),
    );
    expect(draft.body.recipeLinked).not.toContain('focaccia');
  });

  it('shows a tree-nut ingredient on every item whose recipe uses it, at once, with a new ETag', async () => {
    const before = await menu();
    const etag = before.headers.get('etag');
    const walnuts = await ingredient('Walnut pieces', {
      allergens: ['tree-nuts'],
      treeNuts: ['Walnuts'],
    });
    expect(
      (
        await staff.post(`/api/admin/recipes/${testLoaf}/ingredients`, {
          ingredientId: walnuts,
          quantity: 0.2,
        })
      ).status,
    ).toBe(201);
    const after = await menu();
    expect(after.headers.get('etag')).not.toBe(etag);
    for (const id of ['banana-bread', 'zucchini-bread']) {
      const bread = after.item(id)!;
      expect(bread.allergens).toEqual(['eggs', 'tree-nuts']);
      expect(bread.ingredients).toContain('Walnut pieces');
      expect(bread.allergenInfo.contains).toBe('Contains: Eggs, Tree Nuts (Walnuts)');
      expect(bread.allergenOptions!.find((o) => o.id === 'pecans')!.allergenInfo.contains).toBe(
        'Contains: Eggs, Tree Nuts (Pecans, Walnuts)',
      );
    }
    expect(after.item('classic-sandwich-loaf')!.allergens).toEqual(['eggs']);
    // Unchanged since: the same ETag, and a 304 on revalidation.
    const again = await guest.request('GET', '/api/menu');
    expect(again.headers.get('etag')).toBe(after.headers.get('etag'));
    const revalidated = await fetch(`${server.baseUrl}/api/menu`, {
      headers: { 'if-none-match': after.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
  });

  it('?without= hides the items that contain them, and those not known', async () => {
    const { body, item } = await menu('?without=tree-nuts');
    expect(item('banana-bread')).toBeUndefined();
    expect(item('chocolate-chip-cookies')).toBeUndefined();
    // Focaccia may contain tree nuts (a shared kitchen): shown, marked.
    expect(item('focaccia')).toBeDefined();
    expect(item('walnut-brownies')).toBeUndefined();
    expect(item('classic-oat-bars')).toBeDefined();
    expect(
      body.items.every((i) => !i.allergens.includes('tree-nuts') && i.allergenInfo.known),
    ).toBe(true);
    const eggs = await menu('?without=eggs');
    expect(eggs.item('classic-sandwich-loaf')).toBeUndefined();
    expect(eggs.item('classic-oat-bars')).toBeDefined();
  });
});

describe('the gluten-free, dairy-free promise', () => {
  it('is refused (409 claim_broken) once a recipe gains a wheat-flagged ingredient, naming both', async () => {
    const clean = await staff.post('/api/admin/allergens/claims/check', {
      productIds: ['banana-bread'],
    });
    expect(clean.status).toBe(200);
    const wheat = await ingredient('Wheat flour', { allergens: ['wheat'] });
    await staff.post(`/api/admin/recipes/${testLoaf}/ingredients`, {
      ingredientId: wheat,
      quantity: 0.1,
    });

    const refused = await staff.post('/api/admin/allergens/claims/check', {
      productIds: ['banana-bread'],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('claim_broken');
    expect(refused.body.message).toContain('Banana Bread');
    expect(refused.body.message).toContain('Wheat flour');
    const listed = await staff.get(
      '/api/admin/allergens/claims?productIds=banana-bread,classic-oat-bars',
    );
    expect(listed.body.problems).toEqual([
      expect.objectContaining({
        productId: 'banana-bread',
        ingredient: 'Wheat flour',
        reason: 'wheat',
      }),
    ]);

    // An exception with its own wording: no longer a problem; customers read the wording.
    const wording = 'Contains wheat: not gluten-free.';
    expect(
      (await staff.put('/api/admin/allergens/exceptions', { productId: 'banana-bread', wording }))
        .status,
    ).toBe(200);
    expect(
      (await staff.post('/api/admin/allergens/claims/check', { productIds: ['banana-bread'] }))
        .status,
    ).toBe(200);
    expect((await menu()).item('banana-bread')!.allergenInfo.note).toBe(wording);
    const overview = await staff.get('/api/admin/allergens');
    // Every seed item's facts are stated: nobody is told "Ask us".
    expect(overview.body.askUs).toEqual([]);
    expect(overview.body.problems.map((p: { productId: string }) => p.productId)).toContain(
      'zucchini-bread',
    );
    // A customer may not read the owner's list.
    expect((await guest.get('/api/admin/allergens')).status).toBe(401);
  });
});

describe('orders keep their allergens', () => {
  it('in My Orders and the confirmation mail', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const placed = await client.post('/api/submit-order', {
      orderData: orderPayload({
        lines: [
          { productId: 'classic-sandwich-loaf', quantity: 1 },
          { productId: 'zucchini-bread', quantity: 1, addIn: 'pecans' },
        ],
      }),
    });
    expect(placed.status).toBe(201);
    const mine = await client.get('/api/my-orders');
    const lines = mine.body[0].items as { productId: string; allergenInfo: { contains: string } }[];
    expect(lines.find((l) => l.productId === 'classic-sandwich-loaf')!.allergenInfo.contains).toBe(
      'Contains: Eggs',
    );
    expect(lines.find((l) => l.productId === 'zucchini-bread')!.allergenInfo.contains).toBe(
      'Contains: Eggs, Tree Nuts (Pecans, Walnuts), Wheat',
    );
    const stored = await server.prisma.order.findFirstOrThrow({ where: { id: mine.body[0].id } });
    const mail = orderReceivedMail(toMailOrder(stored), {
      publicUrl: server.baseUrl,
      paymentConfigured: false,
    });
    expect(mail.text).toContain('Contains: Eggs, Tree Nuts (Pecans, Walnuts), Wheat');
    expect(mail.html).toContain('Contains: Eggs');
  });
});

describe('GET /api/admin/labels', () => {
  const date = addDays(bakeryToday(), 12);
  const pdfTools = (pdf: Buffer) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));
    const file = path.join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    return {
      text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
      info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
    };
  };
  const download = async (query: string) => {
    const response = await staff.request('GET', `/api/admin/labels?${query}`);
    // LABELS_PDF_DIR=<folder>: keeps each PDF (docs/kitchen.md's picture is one of them).
    if (process.env.LABELS_PDF_DIR)
      writeFileSync(
        path.join(
          process.env.LABELS_PDF_DIR,
          `labels-${query.split('&')[0]!.replace(/\W+/g, '-')}.pdf`,
        ),
        Buffer.from(await response.clone().arrayBuffer()),
      );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return {
      count: Number(response.headers.get('x-label-count')),
      ...pdfTools(Buffer.from(await response.arrayBuffer())),
    };
  };

  it('prints a day of orders on Avery 5163 sheets: every item, its Contains line, the bakery', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const days = 12;
    const first = await client.post('/api/submit-order', {
      orderData: orderPayload({
        daysAhead: days,
        lines: [
          { productId: 'chocolate-chip-cookies', variantId: '12-count', quantity: 2 },
          { productId: 'banana-bread', quantity: 1, addIn: 'pecans' },
        ],
      }),
    });
    expect(first.status).toBe(201);
    const second = await client.post('/api/submit-order', {
      orderData: orderPayload({
        daysAhead: days,
        lines: [{ productId: 'classic-oat-bars', quantity: 1 }],
      }),
    });
    expect(second.status).toBe(201);
    // A cake with its writing and the decorator's instructions (issue 38).
    const cake = await client.post('/api/submit-order', {
      orderData: orderPayload({
        daysAhead: days,
        hasWriting: true,
        lines: [{ productId: 'vanilla-celebration-cake', quantity: 1 }],
        overrides: { specialInstructions: 'Pink and gold colours please' },
      }),
    });
    expect(cake.status, JSON.stringify(cake.body)).toBe(201);

    const sheet = await download(`date=${date}&format=avery5163`);
    expect(sheet.count).toBe(5); // one per ordered item: 2 boxes of cookies, a loaf, a tray, a cake
    expect(sheet.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const flat = sheet.text.replace(/\s+/g, ' ');
    expect(flat).toContain('Chocolate Chip Cookies, 12 count');
    expect(flat).toContain('Contains: Eggs, Tree Nuts (Cashews)');
    expect(flat).toContain('Banana Bread (with pecans)');
    expect(flat).toContain('Contains: Eggs, Tree Nuts (Pecans, Walnuts), Wheat.');
    expect(flat).toContain('Contains wheat: not gluten-free.');
    expect(flat).toContain('Classic Oat Bars');
    // Bagged by name (issue 38): the customer, the order number, the pickup day and time.
    const name = first.body.order.customerName as string;
    const number = orderNumber(first.body.order.id as string);
    expect(flat).toContain(`${name} · Order #${number}`);
    expect(flat).toMatch(/Pickup [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 10:00 AM/);
    // An item without a recipe (the cake) carries the ingredients the bakery states.
    expect(flat).toContain('Ingredients: Cane sugar, gluten-free flour blend (brown rice flour');
    expect(flat).toContain('May contain: Tree Nuts, Peanuts.');
    // The cake: its writing and the special instructions.
    expect(flat).toContain('Vanilla Celebration Cake');
    expect(flat).toContain('Writing: “Happy Birthday”');
    expect(flat).toContain('Instructions: Pink and gold colours please');
    expect(flat).toContain('Contains: Eggs.');
    expect(flat.match(/Instructions:/g)).toHaveLength(1);
    const address = `${BAKERY_INFO.name}, ${bakeryAddressLine()}`;
    expect(flat.split(address).length - 1).toBe(5);
    expect(flat).not.toContain('cottage food operation');
  });

  it('prints one item on thermal labels, with the net weight and the cottage-food statement when on', async () => {
    const owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
    expect(
      (await owner.put('/api/admin/allergens/label-settings', { cottageFoodStatement: true }))
        .status,
    ).toBe(200);
    expect(
      (
        await staff.put('/api/admin/allergens/net-weights', {
          productId: 'classic-oat-bars',
          grams: 340,
        })
      ).status,
    ).toBe(200);
    const one = await download('productId=classic-oat-bars&format=thermal&count=2');
    expect(one.info).toMatch(/Page size:\s+162 x 90 pts/);
    expect(one.info).toMatch(/Pages:\s+(2|3|4)\b/);
    const flat = one.text.replace(/\s+/g, ' ');
    expect(flat).toContain('Net Wt. 12 oz (340 g)');
    expect(flat).toContain(
      "Made in a cottage food operation that is not subject to Florida's food safety regulations",
    );
    expect(flat).toContain(bakeryAddressLine());
  });

  it('is refused to customers and without a date or item', async () => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    expect([401, 403]).toContain((await client.get(`/api/admin/labels?date=${date}`)).status);
    const bad = await staff.get('/api/admin/labels?format=avery5163');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Give either a date or a menu item');
  });

  it('checks the options against the catalogue: 400 JSON for a script, a long id or an unknown filling (issue 39, 8)', async () => {
    const cases: [string, string, string][] = [
      [
        'productId=vanilla-celebration-cake&filling=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
        'filling',
        'Choose a filling among: fruit-preserves, peanut-butter-buttercream, cream-cheese-buttercream',
      ],
      [
        'productId=vanilla-celebration-cake&filling=lemon-curd',
        'filling',
        'Choose a filling among: fruit-preserves, peanut-butter-buttercream, cream-cheese-buttercream',
      ],
      [
        `productId=chocolate-chip-cookies&variantId=${'a'.repeat(5000)}`,
        'variantId',
        'Choose a size or count of this menu item',
      ],
      [
        'productId=chocolate-chip-cookies&variantId=99-count',
        'variantId',
        'Choose a size or count of this menu item',
      ],
      [
        'productId=classic-oat-bars&filling=fruit-preserves',
        'filling',
        'This menu item does not take that option',
      ],
      [
        'productId=banana-bread&addIn=raisins',
        'addIn',
        'Choose an add-in among: pecans, chocolate-chips',
      ],
    ];
    for (const [query, field, message] of cases) {
      const answer = await staff.get(`/api/admin/labels?${query}`);
      expect(answer.status, query.slice(0, 80)).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ code: 'validation_failed', field, message });
      expect(JSON.stringify(answer.body)).not.toContain('<script>');
    }
    const good = await download(
      'productId=vanilla-celebration-cake&filling=fruit-preserves&count=1',
    );
    expect(good.text.replace(/\s+/g, ' ')).toContain('Fruit preserves filling');
  });
});
