// Issue 22 over HTTP: the owner edits the draft, publishes, and the menu
// answer and the server's pricing switch at once; a placed order keeps its
// price; sold-out and seasonal items are refused for their days; bad input,
// signed-out callers and customers are refused; an earlier version comes
// back by restore; the gluten-free, dairy-free promise blocks a publish.
import { addDays, bakeryToday, formatLongDate, SEED_CATALOGUE, type OrderView } from '@bakery/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn } from '../admin/helpers.js';
import { orderPayload, signedInCustomer } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { pagesSettled } from '../../src/services/menu/pages.js';

let server: TestServer;
let owner: Client;
let admin: Client;
let customer: Client;
let guest: Client;

type MenuAnswer = {
  version: number;
  items: {
    id: string;
    name: string;
    price: number;
    priceCents: number;
    available: boolean;
    availability: { available: boolean; reason: string | null; from: string | null };
    image: string;
    images: unknown[];
  }[];
};
const menuItem = async (id: string) => {
  const answer = await guest.get<MenuAnswer>('/api/menu');
  expect(answer.status).toBe(200);
  return answer.body.items.find((i) => i.id === id);
};

beforeAll(async () => {
  server = await startTestServer();
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  customer = (await signedInCustomer(server.baseUrl, server.prisma)).client;
  guest = new Client(server.baseUrl);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('who may change the menu', () => {
  it('answers 401 signed out and 403 to a customer', async () => {
    expect((await guest.get('/api/admin/menu')).status).toBe(401);
    expect((await guest.post('/api/admin/menu/publish')).status).toBe(401);
    expect((await customer.get('/api/admin/menu')).status).toBe(403);
    expect(
      (await customer.patch('/api/admin/menu/items/banana-bread', { priceCents: 100 })).status,
    ).toBe(403);
  });

  it('lets an admin mark an item sold out (live at once) but not change its price', async () => {
    const price = await admin.patch('/api/admin/menu/items/banana-bread', { priceCents: 100 });
    expect(price.status).toBe(403);
    expect(price.body.message).toBe(
      'Admins may only mark items sold out; the owner changes the rest',
    );
    expect((await admin.post('/api/admin/menu/publish')).status).toBe(403);
    const today = bakeryToday();
    const sold = await admin.patch('/api/admin/menu/items/zucchini-bread', { soldOutUntil: today });
    expect(sold.status).toBe(200);
    expect((await menuItem('zucchini-bread'))!.availability).toMatchObject({
      available: false,
      reason: 'Sold out',
    });
    expect(
      (await admin.patch('/api/admin/menu/items/zucchini-bread', { soldOutUntil: null })).status,
    ).toBe(200);
    expect((await menuItem('zucchini-bread'))!.available).toBe(true);
  });
});

describe('the draft, publish and the live catalogue', () => {
  let oldOrder: OrderView;

  it('starts from the seed: 70 items in 8 categories, version 1 published, nothing changed', async () => {
    const { status, body } = await owner.get('/api/admin/menu');
    expect(status).toBe(200);
    expect(body.draft.items).toHaveLength(70);
    expect(body.draft.categories).toHaveLength(8);
    expect(body.changes).toEqual([]);
    const rolls = await menuItem('cinnamon-rolls');
    expect(rolls).toMatchObject({
      price: 20,
      available: true,
      image: '/images/categories/breads.svg',
    });
  });

  it('re-prices at once on publish: GET /api/menu and the server, while a placed order keeps its price', async () => {
    const placed = await customer.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({ lines: [{ productId: 'cinnamon-rolls', quantity: 1 }] }),
    });
    expect(placed.status).toBe(201);
    oldOrder = placed.body.order;
    expect(oldOrder.items[0]!.price).toBe(20);

    const before = await guest.get('/api/menu');
    const edit = await owner.patch('/api/admin/menu/items/cinnamon-rolls', { priceCents: 2200 });
    expect(edit.status).toBe(200);
    const draft = await owner.get('/api/admin/menu');
    expect(draft.body.changes.map((c: { text: string }) => c.text)).toEqual([
      'Cinnamon Rolls: price $20.00 → $22.00',
    ]);
    // Not live until published.
    expect((await menuItem('cinnamon-rolls'))!.price).toBe(20);

    const started = performance.now();
    const published = await owner.post('/api/admin/menu/publish');
    expect(published.status).toBe(201);
    // 2 and 3 were the admin's sold-out mark and its end.
    expect(published.body.version).toMatchObject({ number: 4 });
    const after = await guest.get<MenuAnswer>('/api/menu');
    console.log(
      `publish to visible in GET /api/menu: ${Math.round(performance.now() - started)} ms`,
    );
    expect(after.body.items.find((i) => i.id === 'cinnamon-rolls')!.price).toBe(22);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.headers.get('cache-control')).toBe('public, no-cache');

    // The prerendered /menu (HTML before any script) is rendered again with the new price.
    await pagesSettled();
    const html = await fetch(`${server.baseUrl}/menu`, { headers: { accept: 'text/html' } });
    const page = await html.text();
    console.log(`publish to new /menu HTML: ${Math.round(performance.now() - started)} ms`);
    expect(html.status).toBe(200);
    const body = page.slice(page.indexOf('<div id="root"'));
    const card = body.slice(body.indexOf('Cinnamon Rolls</h3>'), body.indexOf('Cinnamon Crumb'));
    expect(card).toContain('$22.00');
    expect(page).toContain('<script type="application/json" id="catalogue">');

    // The old price is refused now; the new one is taken.
    const stale = { ...orderPayload({ lines: [{ productId: 'cinnamon-rolls', quantity: 1 }] }) };
    expect(stale.items[0]!.price).toBe(22);
    const wrong = await customer.post('/api/submit-order', {
      orderData: { ...stale, items: [{ ...stale.items[0]!, price: 20 }] },
    });
    expect(wrong.status).toBe(400);
    const fresh = await customer.post<{ order: OrderView }>('/api/submit-order', {
      orderData: stale,
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.order.items[0]!.price).toBe(22);

    const mine = await customer.get<OrderView[]>('/api/my-orders');
    const kept = mine.body.find((o) => o.id === oldOrder.id)!;
    expect(kept.items[0]).toMatchObject({ name: 'Cinnamon Rolls', price: 20 });
    expect(kept.total).toBe(oldOrder.total);

    // orders.xlsx too: each line at the price it was ordered at.
    const today = bakeryToday();
    const xlsx = await owner.request(
      'GET',
      `/api/admin/exports/orders.xlsx?fromDate=${today}&toDate=${today}`,
    );
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Order lines')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const prices: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(col('Product')).value === 'Cinnamon Rolls')
        prices.push(Number(row.getCell(col('Unit price')).value));
    });
    expect(prices.sort()).toEqual([20, 22]);
  });

  it('keeps every version; restore publishes an earlier one as a new version', async () => {
    const list = await owner.get('/api/admin/menu/versions?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.versions).toHaveLength(2);
    expect(list.body.versions[0].summary).toBe('Cinnamon Rolls: price $20.00 → $22.00');
    expect(list.body.versions[0].publishedBy.name).toBeTruthy();
    expect(list.body.next).not.toBeNull();
    const all = await owner.get('/api/admin/menu/versions?limit=100');
    const first = all.body.versions.at(-1);
    expect(first.number).toBe(1);
    const restored = await owner.post(`/api/admin/menu/versions/${first.id}/restore`);
    expect(restored.status).toBe(201);
    expect(restored.body.version.summary).toMatch(
      /^Restored version 1: Cinnamon Rolls: price \$22\.00 → \$20\.00/,
    );
    expect((await menuItem('cinnamon-rolls'))!.price).toBe(20);
    expect((await owner.get('/api/admin/menu')).body.changes).toEqual([]);
  });

  it('Undo discards the draft', async () => {
    await owner.patch('/api/admin/menu/items/banana-bread', { name: 'Banana Loaf' });
    expect((await owner.get('/api/admin/menu')).body.changes).toHaveLength(1);
    const undone = await owner.post('/api/admin/menu/discard');
    expect(undone.status).toBe(200);
    expect(undone.body.changes).toEqual([]);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(409);
  });

  it('lists only the changes made, dates and days in words (issue 38)', async () => {
    // The editor sends the default maximum (10) with every save: no change.
    await owner.patch('/api/admin/menu/items/banana-bread', {
      maxQuantity: 10,
      soldOutUntil: '2026-12-24',
      availableFrom: '2026-12-01',
      weekdays: [5, 6],
    });
    const texts = (await owner.get('/api/admin/menu')).body.changes.map(
      (c: { text: string }) => c.text,
    );
    expect(texts).toEqual([
      'Banana Bread: sold out until December 24, 2026; available from December 1, 2026; only on Friday, Saturday',
    ]);
    expect(texts.join()).not.toMatch(/maximum|\d{4}-\d\d-\d\d/);
    await owner.patch('/api/admin/menu/items/banana-bread', { maxQuantity: 4 });
    expect(
      (await owner.get('/api/admin/menu')).body.changes.map((c: { text: string }) => c.text),
    ).toEqual([
      'Banana Bread: maximum per order 10 → 4; sold out until December 24, 2026; available from December 1, 2026; only on Friday, Saturday',
    ]);
    await owner.post('/api/admin/menu/discard');
  });

  it('says what restoring a version would change, and refuses to restore the live one', async () => {
    const { body } = await owner.get('/api/admin/menu/versions?limit=100');
    const [live, ...older] = body.versions;
    expect(live.changesIfRestored).toEqual([]);
    const first = older.at(-1);
    expect(first.summary).toBe('The first menu (70 items in 8 categories)');
    // Version 1 had Cinnamon Rolls at $20.00, as the live one has again: no price change.
    expect(first.changesIfRestored.map((c: { text: string }) => c.text)).not.toContain(
      'Cinnamon Rolls: price $22.00 → $20.00',
    );
    const fourth = older.find((v: { number: number }) => v.number === 4);
    expect(fourth.changesIfRestored.map((c: { text: string }) => c.text)).toEqual([
      'Cinnamon Rolls: price $20.00 → $22.00',
    ]);
    const again = await owner.post(`/api/admin/menu/versions/${live.id}/restore`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'invalid_state',
      message: `Version ${live.number} is what customers see now: there is nothing to restore (Undo discards the draft)`,
    });
  });

  it('does not publish an older version identical to the live one: nothing changed', async () => {
    const versions = async () =>
      (await owner.get('/api/admin/menu/versions?limit=100')).body.versions as {
        id: string;
        number: number;
      }[];
    const [live] = await versions();
    await owner.patch('/api/admin/menu/items/banana-bread', { name: 'Banana Loaf' });
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    // Back to the same items as `live`: a new version, as restore makes.
    expect((await owner.post(`/api/admin/menu/versions/${live!.id}/restore`)).status).toBe(201);
    const [now] = await versions();
    // `live` is no longer the live version, yet its items are the live ones.
    const again = await owner.post(`/api/admin/menu/versions/${live!.id}/restore`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'invalid_state',
      message: `Version ${live!.number} is the same as the live menu (version ${now!.number}): nothing changed`,
    });
    expect((await versions())[0]!.number).toBe(now!.number);
    expect((await menuItem('banana-bread'))!.name).toBe('Banana Bread');
  });
});

describe('availability per item', () => {
  const day = (n: number) => addDays(bakeryToday(), n);

  it('refuses a sold-out day and a day before the season (409 item_unavailable, item and date named)', async () => {
    const soldOutDay = day(10);
    expect(
      (
        await owner.patch('/api/admin/menu/items/lemon-poppy-seed-loaf', {
          soldOutDates: [soldOutDay],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.patch('/api/admin/menu/items/pumpkin-spice-loaf', {
          availableFrom: day(20),
          availableUntil: day(60),
        })
      ).status,
    ).toBe(200);
    expect((await owner.patch('/api/admin/menu/items/focaccia', { weekdays: [5] })).status).toBe(
      200,
    );
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);

    const sold = await customer.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 10 }),
    });
    expect(sold.status).toBe(409);
    expect(sold.body.code).toBe('item_unavailable');
    expect(sold.body.message).toBe(
      `Lemon Poppy Seed Loaf is not available on ${formatLongDate(soldOutDay)} (Sold out)`,
    );
    expect(
      (await customer.post('/api/submit-order', { orderData: orderPayload({ daysAhead: 11 }) }))
        .status,
    ).toBe(201);

    const early = await customer.post('/api/submit-order', {
      orderData: orderPayload({
        daysAhead: 10,
        lines: [{ productId: 'pumpkin-spice-loaf', quantity: 1 }],
      }),
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('item_unavailable');
    expect(early.body.message).toContain('Pumpkin Spice Loaf is not available on');
    expect(early.body.message).toContain('Available from');

    const pumpkin = await menuItem('pumpkin-spice-loaf');
    expect(pumpkin!.available).toBe(false);
    expect(pumpkin!.availability.reason).toMatch(/^Available from [A-Z][a-z]{2} \d{1,2}$/);
    expect((await menuItem('focaccia'))!.availability.reason).toBe('Fridays only');
  });

  it('names the published version in GET /api/availability; GET /api/catalogue has its sold-out dates', async () => {
    const range = `fromDate=${day(3)}&toDate=${day(30)}`;
    const before = await guest.get<{ menuVersion: number }>(`/api/availability?${range}`);
    expect(before.status).toBe(200);
    const soldOutDay = day(12);
    expect(
      (await owner.patch('/api/admin/menu/items/banana-bread', { soldOutDates: [soldOutDay] }))
        .status,
    ).toBe(200);
    const published = await owner.post<{ version: { number: number } }>('/api/admin/menu/publish');
    const version = published.body.version.number;
    expect(published.status).toBe(201);

    const after = await guest.get<{ menuVersion: number }>(`/api/availability?${range}`);
    expect(after.body.menuVersion).toBe(version);
    expect(after.body.menuVersion).toBeGreaterThan(before.body.menuVersion);
    type Snapshot = { version: number; items: { id: string; soldOutDates?: string[] }[] };
    const catalogue = await guest.get<Snapshot>('/api/catalogue');
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.version).toBe(version);
    expect(catalogue.body.items.find((i) => i.id === 'banana-bread')!.soldOutDates).toEqual([
      soldOutDay,
    ]);
    // Revalidated with its ETag, an unchanged catalogue costs a 304.
    const etag = catalogue.headers.get('etag')!;
    const again = await fetch(`${server.baseUrl}/api/catalogue`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('bad input (400 with the field)', () => {
  const patch = (body: Record<string, unknown>) =>
    owner.patch('/api/admin/menu/items/banana-bread', body);
  it.each([
    [{ priceCents: 0 }, 'priceCents', 'Enter a price above $0.00'],
    [{ priceCents: -100 }, 'priceCents', 'Enter a price above $0.00'],
    [{ priceCents: 12.345 }, 'priceCents', 'Enter the price in whole cents (at most 2 decimals)'],
    [
      { maxQuantity: 0 },
      'maxQuantity',
      'The maximum quantity must be a whole number of at least 1',
    ],
    [
      { availableFrom: '2026-12-10', availableUntil: '2026-12-01' },
      'availableUntil',
      'The end date must not be before the start date',
    ],
    [{ category: 'pies' }, 'category', 'There is no category pies on the menu'],
  ])('%j', async (body, path, message) => {
    const answer = await patch(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.errors[0].path).toBe(path);
    expect(answer.body.field).toBe(path);
  });

  it('takes a price in dollars and a category’s name, as the order calls write them', async () => {
    const repriced = await patch({ price: 21.5 });
    expect(repriced.status).toBe(200);
    expect(repriced.body.priceCents).toBe(2150);
    const tooFine = await patch({ price: 21.505 });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.field).toBe('priceCents');
    const pies = await owner.post('/api/admin/menu/categories', { id: 'tarts', name: 'Tarts' });
    expect(pies.status).toBe(201);
    expect(pies.body.label).toBe('Tarts');
    await owner.del('/api/admin/menu/categories/tarts');
    await owner.post('/api/admin/menu/discard');
  });

  it('refuses a duplicate id, and saves nothing of a refused call', async () => {
    const dup = await owner.post('/api/admin/menu/items', {
      id: 'banana-bread',
      name: 'Another',
      category: 'breads',
      priceCents: 1000,
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('An item with the id banana-bread already exists');
    expect(dup.body.errors[0].path).toBe('id');
    const draft = await owner.get('/api/admin/menu');
    expect(draft.body.changes).toEqual([]);
  });

  it('adds an item in a new category, orders it, and removes both (the order keeps it)', async () => {
    const cat = await owner.post('/api/admin/menu/categories', { id: 'pies', label: 'Pies' });
    expect(cat.status).toBe(201);
    const created = await owner.post('/api/admin/menu/items', {
      id: 'apple-pie',
      name: 'Apple Pie',
      category: 'pies',
      priceCents: 3200,
    });
    expect(created.status).toBe(201);
    const texts = (await owner.get('/api/admin/menu')).body.changes.map(
      (c: { text: string }) => c.text,
    );
    expect(texts).toEqual(['Added category Pies', 'Added Apple Pie ($32.00)']);
    // Published, a new category's item is on the menu and can be ordered.
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    expect(await menuItem('apple-pie')).toMatchObject({ price: 32, category: 'pies' });
    const pie = await customer.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 12, lines: [{ productId: 'apple-pie', quantity: 2 }] }),
    });
    expect(pie.status).toBe(201);
    expect(pie.body.order.subtotal).toBe(64);
    const day = pie.body.order.pickupDate;
    // Issue 40: pies behave as a plain category. A pie is one unit, the
    // kitchen's limit is the new-category default, its words come from its
    // label; no cake sheet, no cake countdown.
    expect((await owner.get('/api/admin/kitchen/capacity')).body.limits).toContainEqual({
      category: 'pies',
      label: 'Pies',
      unit: 'pies',
      maxUnits: 30,
      defaultUnits: 30,
      isDefault: true,
    });
    const booked = (await guest.get(`/api/availability?fromDate=${day}&toDate=${day}`)).body
      .days[0];
    expect(booked.remaining.pies).toBe(28);
    expect(booked.cakesLeft).toBe(booked.remaining.cakes);
    expect(booked.notice).toBeNull();
    const baked = await owner.get(`/api/admin/kitchen/bake-sheet?fromDate=${day}&toDate=${day}`);
    expect(baked.body.products).toContainEqual(
      expect.objectContaining({
        productId: 'apple-pie',
        category: 'pies',
        categoryLabel: 'Pies',
        quantity: 2,
        units: 2,
        pieces: 2,
        pieceName: 'pies',
      }),
    );
    expect(baked.body.cakes).toEqual([]);
    // The owner's limit for pies holds like any category's.
    const limited = await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'pies', maxUnits: 3 }],
    });
    expect(limited.status).toBe(200);
    const over = await customer.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead: 12, lines: [{ productId: 'apple-pie', quantity: 2 }] }),
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      `We can take only 1 more pie for ${formatLongDate(day!)}. Please choose another date or fewer pies.`,
    );

    expect((await owner.del('/api/admin/menu/categories/pies')).status).toBe(409);
    expect((await owner.del('/api/admin/menu/items/apple-pie')).status).toBe(200);
    expect((await owner.del('/api/admin/menu/categories/pies')).status).toBe(200);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    expect(await menuItem('apple-pie')).toBeUndefined();
    // The order keeps its line: in My Orders, on the desk and on the bake sheet of its day.
    const mine = await customer.get<OrderView[]>('/api/my-orders');
    expect(mine.body.find((o) => o.id === pie.body.order.id)!.items[0]).toMatchObject({
      name: 'Apple Pie',
      price: 32,
    });
    const desk = await owner.get<OrderView[]>('/api/admin/orders?limit=100');
    expect(desk.body.find((o) => o.id === pie.body.order.id)).toMatchObject({
      items: [{ name: 'Apple Pie', price: 32, quantity: 2 }],
      subtotal: 64,
    });
    const sheet = await owner.get(`/api/admin/kitchen/bake-sheet?fromDate=${day}&toDate=${day}`);
    expect(sheet.status).toBe(200);
    expect(JSON.stringify(sheet.body)).toContain('Apple Pie');
  });

  it('adds a size the seed does not have; customers see it and order it at its price', async () => {
    const draft = await owner.get('/api/admin/menu');
    const cookies = draft.body.draft.items.find(
      (i: { id: string }) => i.id === 'chocolate-chip-cookies',
    );
    const badId = await owner.patch('/api/admin/menu/items/chocolate-chip-cookies', {
      variants: [...cookies.variants, { id: 'Four Count', label: '4 count', priceCents: 1100 }],
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0]).toEqual({
      path: 'variants.3.id',
      message:
        'A size or count id must be 1 to 24 lowercase letters, digits or dashes (like 4-count or 9in)',
    });

    const added = await owner.patch('/api/admin/menu/items/chocolate-chip-cookies', {
      variants: [...cookies.variants, { id: '4-count', label: '4 count', priceCents: 1100 }],
    });
    expect(added.status).toBe(200);
    expect(
      (await owner.get('/api/admin/menu')).body.changes.map((c: { text: string }) => c.text),
    ).toEqual(['Chocolate Chip Cookies: added 4 count $11.00']);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    const onMenu = (await menuItem('chocolate-chip-cookies')) as unknown as {
      price: number;
      variants: { id: string; label: string; price: number }[];
    };
    expect(onMenu.variants[3]).toMatchObject({ id: '4-count', label: '4 count', price: 11 });
    // The card's "From" price is the lowest size's, wherever it is in the list.
    expect(onMenu.price).toBe(11);

    const placed = await customer.post<{ order: OrderView }>('/api/submit-order', {
      orderData: orderPayload({
        daysAhead: 13,
        lines: [{ productId: 'chocolate-chip-cookies', variantId: '4-count', quantity: 2 }],
      }),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order.items[0]).toMatchObject({ price: 11, quantity: 2 });
    expect(placed.body.order.subtotal).toBe(22);

    const changesSaid = async () =>
      (await owner.get('/api/admin/menu')).body.changes.map((c: { text: string }) => c.text);
    const sizes = onMenu.variants.map((v) => ({
      id: v.id,
      label: v.label,
      priceCents: v.price * 100,
    }));
    await owner.patch('/api/admin/menu/items/chocolate-chip-cookies', {
      variants: [sizes[3], ...sizes.slice(0, 3)],
    });
    expect(await changesSaid()).toEqual(['Chocolate Chip Cookies: sizes reordered']);

    // Back as it was, for the tests after this one.
    await owner.patch('/api/admin/menu/items/chocolate-chip-cookies', {
      variants: cookies.variants,
    });
    expect(await changesSaid()).toEqual(['Chocolate Chip Cookies: removed 4 count']);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
  });
});

describe('the kitchen counts what the menu adds', () => {
  it('a new bread counts against the day’s bread limit from its first order', async () => {
    const created = await owner.post('/api/admin/menu/items', {
      id: 'pumpkin-bread',
      name: 'Pumpkin Bread',
      category: 'breads',
      priceCents: 1400,
    });
    expect(created.status).toBe(201);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    const limit = await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'breads', maxUnits: 3 }],
    });
    expect(limit.status).toBe(200);
    const daysAhead = 14;
    const date = addDays(bakeryToday(), daysAhead);
    // Three customers (one account may hold a third of a day unpaid) take a new loaf each.
    for (let i = 0; i < 3; i++) {
      const buyer = (await signedInCustomer(server.baseUrl, server.prisma)).client;
      const bought = await buyer.post('/api/submit-order', {
        orderData: orderPayload({
          daysAhead,
          lines: [{ productId: 'pumpkin-bread', quantity: 1 }],
        }),
      });
      expect(bought.status).toBe(201);
    }
    // The three new loaves took the day's breads: a seed loaf is refused.
    const other = (await signedInCustomer(server.baseUrl, server.prisma)).client;
    const refused = await other.post('/api/submit-order', {
      orderData: orderPayload({ daysAhead, lines: [{ productId: 'banana-bread', quantity: 1 }] }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `We are fully booked for breads on ${formatLongDate(date)}. Please choose another date.`,
    );
    const load = await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date, category: 'breads' } },
    });
    expect(load?.units).toBe(3);
    await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'breads', maxUnits: 30 }],
    });
  });
});

describe('a category the owner adds has its own daily limit', () => {
  it('lists it among the limits and refuses what passes it, in its own words', async () => {
    expect(
      (await owner.post('/api/admin/menu/categories', { id: 'hand-pies', label: 'Hand Pies' }))
        .status,
    ).toBe(201);
    expect(
      (
        await owner.post('/api/admin/menu/items', {
          id: 'cherry-hand-pie',
          name: 'Cherry Hand Pie',
          category: 'hand-pies',
          priceCents: 600,
        })
      ).status,
    ).toBe(201);
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    const settings = await owner.get('/api/admin/kitchen/capacity');
    expect(
      settings.body.limits.find((l: { category: string }) => l.category === 'hand-pies'),
    ).toMatchObject({ label: 'Hand Pies', unit: 'hand pies', maxUnits: 30, isDefault: true });
    const set = await owner.put('/api/admin/kitchen/capacity', {
      limits: [{ category: 'hand-pies', maxUnits: 3 }],
    });
    expect(set.status).toBe(200);
    const daysAhead = 15;
    const date = addDays(bakeryToday(), daysAhead);
    const buyer = (await signedInCustomer(server.baseUrl, server.prisma)).client;
    const refused = await buyer.post('/api/submit-order', {
      orderData: orderPayload({
        daysAhead,
        lines: [{ productId: 'cherry-hand-pie', quantity: 4 }],
      }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `We can take only 3 more hand pies for ${formatLongDate(date)}. Please choose another date or fewer hand pies.`,
    );
    const one = await buyer.post('/api/submit-order', {
      orderData: orderPayload({
        daysAhead,
        lines: [{ productId: 'cherry-hand-pie', quantity: 1 }],
      }),
    });
    expect(one.status).toBe(201);
    const load = await server.prisma.dailyKitchenLoad.findUnique({
      where: { date_category: { date, category: 'hand-pies' } },
    });
    expect(load?.units).toBe(1);
  });
});

describe('allergens per item, stated in the Menu editor (issue 38)', () => {
  type Facts = {
    id: string;
    ingredients: string[];
    allergens: string[];
    mayContain: string[];
    allergenInfo: { known: boolean; ingredients: string; contains: string | null };
  };
  const ids = async (query = '') =>
    (await guest.get<{ items: Facts[] }>(`/api/menu${query}`)).body.items.map((i) => i.id);

  it('the seed states every item, so the filters work out of the box', async () => {
    const all = (await guest.get<{ items: Facts[] }>('/api/menu')).body.items;
    // Every seed item (the items earlier tests added start as "Ask us").
    const seed = new Set(SEED_CATALOGUE.items.map((i) => i.id));
    expect(all.filter((i) => seed.has(i.id) && !i.allergenInfo.known).map((i) => i.id)).toEqual([]);
    expect(all.find((i) => i.id === 'walnut-brownies')!.allergenInfo.contains).toBe(
      'Contains: Eggs, Tree Nuts (Walnuts)',
    );
    const noSesame = await ids('?without=sesame');
    expect(noSesame).toHaveLength(all.filter((i) => i.allergenInfo.known).length);
    const noEggs = await ids('?without=eggs');
    expect(noEggs).toEqual(expect.arrayContaining(['focaccia', 'classic-oat-bars']));
    expect(noEggs).not.toContain('vanilla-celebration-cake');
    const noNuts = await ids('?without=tree-nuts');
    for (const id of ['maple-pecan-granola', 'raspberry-almond-muffins', 'walnut-brownies'])
      expect(noNuts).not.toContain(id);
    expect(noNuts.length).toBeGreaterThan(40);
  });

  it('what the owner sets shows in GET /api/menu on publish, and ?without= hides it', async () => {
    const set = await owner.patch('/api/admin/menu/items/focaccia', {
      ingredients: 'Brown rice flour, water, olive oil, sesame seeds, sea salt',
      contains: ['sesame'],
      mayContain: ['tree-nuts'],
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ contains: ['sesame'], mayContain: ['tree-nuts'] });
    expect(
      (await owner.get('/api/admin/menu')).body.changes.map((c: { text: string }) => c.text),
    ).toEqual(['Herb Focaccia: ingredients; may contain Tree Nuts; contains Sesame']);
    // Not live until published.
    expect(await ids('?without=sesame')).toContain('focaccia');
    expect((await owner.post('/api/admin/menu/publish')).status).toBe(201);
    const focaccia = (await guest.get<{ items: Facts[] }>('/api/menu')).body.items.find(
      (i) => i.id === 'focaccia',
    )!;
    expect(focaccia).toMatchObject({
      ingredients: ['Brown rice flour', 'water', 'olive oil', 'sesame seeds', 'sea salt'],
      allergens: ['sesame'],
      mayContain: ['tree-nuts'],
      allergenInfo: { known: true, contains: 'Contains: Sesame' },
    });
    expect(await ids('?without=sesame')).not.toContain('focaccia');
    expect(await ids('?without=tree-nuts')).toContain('focaccia');
  });

  it('refuses an unknown allergen (400) and keeps the promise: milk stated is refused at publish', async () => {
    const bad = await owner.patch('/api/admin/menu/items/focaccia', { contains: ['gluten'] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.message).toMatch(/^Choose allergens among: milk, eggs/);
    await owner.patch('/api/admin/menu/items/focaccia', { contains: ['sesame', 'milk'] });
    const refused = await owner.post('/api/admin/menu/publish');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('claim_broken');
    expect(refused.body.message).toMatch(
      /^Herb Focaccia cannot carry the gluten-free, dairy-free promise/,
    );
    await owner.post('/api/admin/menu/discard');
  });
});

describe('the gluten-free, dairy-free promise (issue 26)', () => {
  it('refuses to publish while an item’s recipe has a wheat-flagged ingredient, naming both', async () => {
    const wheat = await owner.post('/api/admin/ingredients', {
      name: 'Wheat flour',
      unit: 'lb',
      costPerUnit: 1,
      allergens: ['wheat'],
    });
    expect(wheat.status).toBe(201);
    const recipe = await owner.post('/api/admin/recipes', {
      name: 'Wheat Loaf',
      category: 'breads',
    });
    await owner.post(`/api/admin/recipes/${recipe.body.id}/ingredients`, {
      ingredientId: wheat.body.id,
      quantity: 1,
    });
    expect(
      (
        await owner.put('/api/admin/kitchen/links', {
          productId: 'banana-bread',
          recipeId: recipe.body.id,
          recipeYield: 1,
          unitsPerItem: 1,
        })
      ).status,
    ).toBe(200);
    await owner.patch('/api/admin/menu/items/banana-bread', { priceCents: 2100 });
    const refused = await owner.post('/api/admin/menu/publish');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('claim_broken');
    expect(refused.body.message).toContain('Banana Bread');
    expect(refused.body.message).toContain('Wheat flour');
    expect((await menuItem('banana-bread'))!.price).toBe(20);
  });
});

describe('several API processes', () => {
  it('a version published by another process goes live here through NOTIFY', async () => {
    // What another process's publish leaves: a new version row and a notification.
    const latest = (await server.prisma.menuVersion.findFirst({ orderBy: { number: 'desc' } }))!;
    const snapshot = latest.snapshot as { items: { id: string; priceCents: number }[] };
    const changed = {
      ...snapshot,
      items: snapshot.items.map((i) => (i.id === 'dinner-rolls' ? { ...i, priceCents: 2600 } : i)),
    };
    const started = performance.now();
    await server.prisma.$transaction(async (tx) => {
      await tx.menuVersion.create({
        data: { number: latest.number + 1, summary: 'Elsewhere', snapshot: changed },
      });
      await tx.$executeRaw`SELECT pg_notify('bakery_menu', ${String(latest.number + 1)})`;
    });
    await expect
      .poll(async () => (await menuItem('dinner-rolls'))!.price, { interval: 20 })
      .toBe(26);
    console.log(`NOTIFY to live in this process: ${Math.round(performance.now() - started)} ms`);
  });
});
