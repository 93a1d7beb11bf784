// Issue 37 at 375 px, signed out, in Chromium against the real API: the home
// page and the menu announce the open drop with what is left (also with
// JavaScript off: the server puts it in the HTML); its page shows the
// countdown and its items; a drop to come takes a notify e-mail from a
// visitor. Screenshots for docs/storefront.md.
import { expect, test, type Page } from '@playwright/test';
import { addDays, bakeryToday, isOpenWeekday } from '@bakery/core';
import { asOwner } from './session';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL, viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });

const today = bakeryToday();
const pickupDay = [...Array(7).keys()].map((n) => addDays(today, 9 + n)).find(isOpenWeekday)!;
const HOUR = 3_600_000;

test('a drop the town can see, signed out at 375 px', async ({ page, browser, playwright }) => {
  const staff = await asOwner(playwright);
  const post = async (data: unknown) => {
    const answer = await staff.post('/api/admin/drops', { data });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { id: string };
  };
  const open = await post({
    name: 'Saturday Cinnamon Roll Drop',
    opensAt: new Date(Date.now() - HOUR).toISOString(),
    closesAt: new Date(Date.now() + 30 * HOUR).toISOString(),
    pickupDates: [pickupDay],
    units: [{ label: 'Cinnamon rolls', productIds: ['cinnamon-rolls'], quantity: 34 }],
  });
  const coming = await post({
    name: 'Holiday Pie Drop',
    opensAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    closesAt: new Date(Date.now() + 72 * HOUR).toISOString(),
    pickupDates: [pickupDay],
    units: [
      {
        label: 'Loaves of any kind',
        productIds: ['banana-bread', 'pumpkin-spice-loaf'],
        quantity: 12,
      },
    ],
  });
  try {
    // Without JavaScript: the server's HTML carries the announcement.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const noScript = await plain.newPage();
    for (const path of ['/', '/menu']) {
      await noScript.goto(`${baseURL}${path}`);
      const banner = noScript.getByRole('complementary', { name: 'Drop' });
      await expect(banner).toContainText('Saturday Cinnamon Roll Drop: open now');
      await expect(banner).toContainText('Cinnamon rolls: 34 left');
    }
    await shot(noScript, 'drop-announcement-no-js-375');
    await plain.close();

    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Drop' });
    await expect(banner).toContainText('Cinnamon rolls: 34 left');
    await banner.getByRole('link', { name: 'See the drop' }).click();
    await expect(page).toHaveURL(new RegExp(`/drops/${open.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Saturday Cinnamon Roll Drop' }),
    ).toBeVisible();
    await expect(page.getByRole('timer')).toContainText('Open now: closes in');
    await expect(page.getByText('34 left')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Order now' })).toBeVisible();
    await shot(page, 'drop-page-open-375');

    await page.goto(`/drops/${coming.id}`);
    await expect(page.getByRole('timer')).toContainText('Opens in');
    await expect(page.getByText('12 in the batch')).toBeVisible();
    await page.getByLabel('E-mail me when it opens').fill('visitor@example.com');
    await page.getByRole('button', { name: 'Tell me' }).click();
    await expect(page.getByRole('status')).toContainText('Please check visitor@example.com');
    await shot(page, 'drop-page-coming-375');
  } finally {
    for (const id of [open.id, coming.id]) await staff.delete(`/api/admin/drops/${id}`);
  }
});
