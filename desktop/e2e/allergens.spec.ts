// Kitchen > Allergens (issue 26) at 1280x800 against the real API and its
// starter kitchen: the promise kept, the items to ask about, the options;
// and the bake sheet's Product labels buttons saving the label PDFs of a day,
// read back with pdftotext: each label names the customer and the order to
// bag by, and carries the item's ingredients (issue 38).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, bakeryToday, buildOrderPayload, priceOrder } from '@bakery/core';
import { ApiSession } from '@bakery/test-support/client';
import { signInAsOwner } from './signIn';

const shots = join(import.meta.dirname, '..', 'test-results');
test.use({ viewport: { width: 1280, height: 800 } });

// Thirteen days out: a day no other spec orders for.
const day = addDays(bakeryToday(), 13);

/** Lena Label's order of a banana bread for `day`; its order number and id. */
async function lenaOrders(): Promise<{ orderNumber: string; id: string }> {
  const base = process.env.E2E_BASE_URL!;
  const lena = new ApiSession(base);
  const email = `lena.label.${Date.now()}@example.com`;
  await lena.call('POST', '/api/signup', {
    email,
    password: 'Customer-pass-1',
    firstName: 'Lena',
    lastName: 'Label',
    phone: '5551234567',
  });
  const priced = priceOrder(
    [{ productId: 'banana-bread', quantity: 1 }],
    { pickupDate: day, hasWriting: false, hasBows: false },
    bakeryToday(),
  );
  const orderData = buildOrderPayload(
    priced,
    {
      customerPhone: '555-123-4567',
      pickupDate: day,
      pickupTime: '10:00 AM',
      deliveryMethod: 'pickup',
    },
    { id: null, firstName: 'Lena', lastName: 'Label', email },
  );
  const { order } = await lena.call<{ order: { orderNumber: string; id: string } }>(
    'POST',
    '/api/submit-order',
    { orderData },
  );
  return order;
}

/** The text pdftotext reads from the label PDF the button saves, whitespace folded. */
async function labelsText(
  page: import('@playwright/test').Page,
  button: string,
  file: string,
): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const path = join(shots, file);
  await (await download).saveAs(path);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test('the owner reads the allergen overview and saves a day of product labels', async ({
  page,
}) => {
  const { orderNumber, id } = await lenaOrders();
  const menu = (await (await page.request.get(`${process.env.E2E_BASE_URL}/api/menu`)).json()) as {
    items: { id: string; ingredients: string[] }[];
  };
  const ingredients = menu.items.find((i) => i.id === 'banana-bread')!.ingredients;
  expect(ingredients.length).toBeGreaterThan(2);

  await signInAsOwner(page);
  await page.getByRole('tab', { name: 'Kitchen', exact: true }).click();
  const dates = page.getByRole('group', { name: 'Pickup dates' });
  await dates.getByLabel('to', { exact: true }).fill(day);
  await dates.getByLabel('Pickup from', { exact: true }).fill(day);
  await expect(page.getByRole('group', { name: /^Product labels for / })).toBeVisible();

  const sheet = await labelsText(page, 'Product labels (Avery 5163)', 'labels-from-bake-sheet.pdf');
  expect(
    execFileSync('pdfinfo', [join(shots, 'labels-from-bake-sheet.pdf')], { encoding: 'utf8' }),
  ).toMatch(/612 x 792 pts/);
  // Bagged by name: the customer and the order; what is in it, as the bakery states it.
  expect(sheet).toContain(`Lena Label · Order #${orderNumber}`);
  expect(sheet).toContain('Banana Bread');
  expect(sheet).toContain(`Ingredients: ${ingredients.slice(0, 2).join(', ')}`);
  expect(sheet).toMatch(/Contains: [A-Z]/);
  const thermal = await labelsText(page, 'Product labels (thermal)', 'labels-thermal.pdf');
  expect(thermal).toContain(`Lena Label · Order #${orderNumber}`);
  expect(thermal).toContain(`Ingredients: ${ingredients[0]}`);

  await page.getByRole('tab', { name: 'Allergens', exact: true }).click();
  await expect(page.getByText('Every linked recipe keeps the promise.')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Ask us about allergens \(\d+\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add-in: Pecans' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /cottage-food statement/ })).toBeEnabled();
  await page.screenshot({ path: join(shots, 'tab-kitchen-allergens.png'), fullPage: true });

  // Lena's order goes again: the back-office spec counts every order of the shop.
  const base = process.env.E2E_BASE_URL!;
  const deleted = await page.request.delete(`${base}/api/admin/orders/${id}`, {
    headers: { origin: base },
  });
  expect(deleted.status()).toBe(200);
});
