// Kitchen > Drops (issue 25) at 1280x800 against the real API: the owner adds
// a Saturday pickup window with a cookie limit, creates a drop, duplicates it
// for next week and sets the checkout hold; then removes them (other
// scenarios order on Saturdays).
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, bakeryToday, formatLongDate } from '@bakery/core';
import { signInAsOwner } from './signIn';

const shots = join(import.meta.dirname, '..', 'test-results');
test.use({ viewport: { width: 1280, height: 800 } });

const local = (ms: number) => {
  const d = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

test('the owner sets a window, creates a drop and duplicates it for next week', async ({
  page,
}) => {
  await signInAsOwner(page);
  await page.getByRole('tab', { name: 'Kitchen', exact: true }).click();
  await page.getByRole('tab', { name: 'Drops', exact: true }).click();

  const windowForm = page.getByRole('form', { name: 'Add a window' });
  await windowForm.getByLabel('Day').selectOption('6');
  await windowForm.getByLabel('Limit for').selectOption('cookies');
  await windowForm.getByLabel('Units').fill('48');
  await windowForm.getByRole('button', { name: 'Add window' }).click();
  const windows = page.getByRole('table', { name: 'Pickup windows' });
  await expect(windows.getByRole('row', { name: /Saturday/ })).toContainText('48 Cookies');

  const date = addDays(bakeryToday(), 10);
  const drop = page.getByRole('form', { name: 'New drop' });
  await drop.getByLabel('Name').fill('Cookie Saturday');
  await drop.getByLabel('Orders open').fill(local(3_600_000));
  await drop.getByLabel('Orders close').fill(local(2 * 86_400_000));
  // Issue 37: dates from a date field, items picked from the menu by name.
  await drop.getByLabel('Pickup date', { exact: true }).fill(date);
  await drop.getByLabel('Find an item', { exact: true }).fill('cookie');
  const items = drop.getByRole('group', { name: 'Items', exact: true });
  // Blueprint draws the box over a visually hidden input: checked through it (force).
  await items.getByLabel('Sprinkle Sugar Cookies').check({ force: true });
  await drop.getByLabel('Find an item', { exact: true }).fill('snicker');
  await items.getByLabel('Snickerdoodles').check({ force: true });
  await drop.getByLabel('Label').fill('Cookie boxes of any kind');
  await drop.getByLabel('Quantity').fill('40');
  // A second quantity, for one item, and the drop picked up in the Saturday window only.
  await drop.getByRole('button', { name: 'Add another quantity' }).click();
  await drop
    .getByRole('group', { name: 'Items 2', exact: true })
    .getByLabel('Southern Cornbread')
    .check({ force: true });
  await drop.getByLabel('Label 2', { exact: true }).fill('Cornbread');
  await drop.getByLabel('Quantity 2', { exact: true }).fill('12');
  await drop.getByText('Saturday 8:00 AM – 10:00 AM').click();
  await drop.getByRole('button', { name: 'Create the drop' }).click();
  const drops = page.getByRole('table', { name: 'Drops' });
  const row = drops.getByRole('row', { name: /Cookie Saturday/ });
  await expect(row).toContainText('Cookie boxes of any kind: 0 / 40 sold, 40 left');
  await expect(row).toContainText('Cornbread: 0 / 12 sold, 12 left');
  // Editing shows both quantities and the window, so saving keeps them.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editing = page.getByRole('form', { name: 'Edit the drop' });
  await expect(
    editing.getByRole('group', { name: 'Items 2', exact: true }).getByLabel('Southern Cornbread'),
  ).toBeChecked();
  await expect(editing.getByLabel('Pickup date', { exact: true })).toHaveValue(date);
  await expect(editing.getByLabel('Saturday 8:00 AM – 10:00 AM')).toBeChecked();
  await editing.getByRole('button', { name: 'Cancel' }).click();
  await drops.getByRole('button', { name: 'Duplicate for next week' }).click();
  await expect(drops.getByText(formatLongDate(addDays(date, 7)))).toBeVisible();

  const hold = page.getByRole('form', { name: 'Hold minutes' });
  await hold.getByLabel('Minutes (3 to 30)').fill('15');
  await hold.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('15 minutes', { exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, 'tab-kitchen-drops.png'), fullPage: true });

  // Leave the shop as it was for the other scenarios.
  await windows.getByRole('button', { name: 'Remove' }).first().click();
  await expect(page.getByText('Half-hour slots every day')).toBeVisible();
  await drops.getByRole('button', { name: 'Delete' }).first().click();
  await expect(drops.getByRole('button', { name: 'Delete' })).toHaveCount(1);
  await drops.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No drops yet')).toBeVisible();
});
