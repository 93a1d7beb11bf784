// Drag to reorder in the Menu tab (issue 22) in Chromium against the real
// API: the owner drags Banana Bread's handle onto the first bread in the
// grid, and Cakes onto Breads in the category strip; the draft keeps both
// (the grid and GET /api/admin/menu in the new order, the draft's
// differences say so); Undo puts the published order back.
import { SEED_CATALOGUE } from '@bakery/core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsOwner } from './signIn';

const base = () => process.env.E2E_BASE_URL!;
test.use({ viewport: { width: 1280, height: 800 } });

/** A mouse drag from one element to the middle of another, in small steps (AG Grid's row drag). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 5, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** The grid's item names, top to bottom. */
const gridNames = (page: Page) =>
  page
    .getByRole('region', { name: 'Menu items' })
    .locator('.ag-row[row-index]')
    .evaluateAll((rows) =>
      rows
        .sort(
          (x, y) =>
            Number(x.getAttribute('row-index') ?? 0) - Number(y.getAttribute('row-index') ?? 0),
        )
        .map(
          (row) =>
            row.querySelector('[role="gridcell"]')?.textContent?.replace(' • changed', '') ?? '',
        ),
    );

test('the owner drags an item and a category into a new place; the draft keeps it', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole('tab', { name: 'Menu', exact: true }).click();
  const strip = page.getByRole('list', { name: 'Categories (drag to reorder):' });
  await strip.getByRole('button', { name: 'Breads', exact: true }).click();
  // The breads, in the published (seed) order.
  const before = SEED_CATALOGUE.items.filter((i) => i.category === 'breads').map((i) => i.name);
  await expect.poll(() => gridNames(page)).toEqual(before);
  const bananaAt = before.indexOf('Banana Bread');
  expect(bananaAt).toBeGreaterThan(0);

  // The item: Banana Bread's drag handle onto the first bread.
  const row = (name: string) =>
    page
      .getByRole('region', { name: 'Menu items' })
      .locator('.ag-row[row-index]', { hasText: name })
      .first();
  await drag(page, row('Banana Bread').locator('.ag-row-drag'), row('Classic Sandwich Loaf'));
  const changes = page.getByRole('list', { name: 'Draft changes' });
  await expect(changes).toContainText('Breads: items reordered');
  const after = ['Banana Bread', ...before.slice(0, bananaAt), ...before.slice(bananaAt + 1)];
  await expect.poll(() => gridNames(page)).toEqual(after);
  // The draft itself (what Publish would publish), not only the screen.
  const draft = await page.evaluate(async (url) => {
    const answer = await fetch(`${url}/api/admin/menu`, { credentials: 'include' });
    return (await answer.json()) as {
      draft: { categories: { id: string }[]; items: { id: string; category: string }[] };
    };
  }, base());
  expect(draft.draft.items.filter((i) => i.category === 'breads')[0]!.id).toBe('banana-bread');

  // The category: Cakes dragged onto Breads in the strip (native drag and drop).
  await strip
    .locator('li[data-category="cakes"]')
    .dragTo(strip.locator('li[data-category="breads"]'));
  await expect(changes).toContainText('Categories reordered');
  await expect(strip.getByRole('listitem').first()).toHaveText('Cakes');

  // Undo: the published order is back.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByText('Published: version')).toBeVisible();
  await expect(strip.getByRole('listitem').first()).toHaveText('Breads');
  await expect.poll(() => gridNames(page)).toEqual(before);
});
