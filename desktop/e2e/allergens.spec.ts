// Kitchen > Allergens (issue 26) at 1280x800 against the real API and its
// starter kitchen: the promise kept, the items to ask about, the options;
// and the bake sheet's Product labels button saving a label PDF of the day.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsOwner } from './signIn';

const shots = join(import.meta.dirname, '..', 'test-results');
test.use({ viewport: { width: 1280, height: 800 } });

test('the owner reads the allergen overview and saves a day of product labels', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole('tab', { name: 'Kitchen', exact: true }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Product labels (Avery 5163)' }).click();
  const file = join(shots, 'labels-from-bake-sheet.pdf');
  await (await download).saveAs(file);
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/612 x 792 pts/);

  await page.getByRole('tab', { name: 'Allergens', exact: true }).click();
  await expect(page.getByText('Every linked recipe keeps the promise.')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Ask us about allergens \(\d+\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add-in: Pecans' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /cottage-food statement/ })).toBeEnabled();
  await page.screenshot({ path: join(shots, 'tab-kitchen-allergens.png'), fullPage: true });
});
