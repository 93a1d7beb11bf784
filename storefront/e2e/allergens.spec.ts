// Issue 26 at 375 px in Chromium against the real API and its starter
// kitchen: a card's "Ingredients & allergens" disclosure, and "Without: eggs"
// hiding the chocolate chip cookies (the starter recipe has eggs).
import { expect, test } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL, viewport: { width: 375, height: 812 } });

test('a card tells its ingredients and allergens; Without: eggs hides the cookies', async ({
  page,
}) => {
  await page.goto('/menu');
  // Live first: a press before hydration is firstLoad.spec.ts's subject, not this one's.
  await expect(page.locator('html[data-live]')).toBeAttached();
  await page.getByRole('button', { name: 'Cookies', exact: true }).click();
  const card = page.locator('.product-card', {
    has: page.getByRole('heading', { name: 'Chocolate Chip Cookies', exact: true }),
  });
  const summary = card.getByText('Ingredients & allergens');
  await summary.click();
  await expect(card.locator('details')).toHaveAttribute('open', '');
  await expect(card.getByText('Contains: Eggs, Tree Nuts (Cashews)')).toBeVisible();
  await expect(card.getByText(/^Ingredients: Gluten-free flour blend/)).toBeVisible();
  // Nothing wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screens/allergens-card-375.png', fullPage: false });

  await page.getByRole('checkbox', { name: 'eggs' }).check();
  await expect(
    page.getByRole('heading', { name: 'Chocolate Chip Cookies', exact: true }),
  ).toHaveCount(0);
  await expect(page.getByText(/items? hidden: (it|they) contains? eggs/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/allergens-filter-375.png', fullPage: true });
});
