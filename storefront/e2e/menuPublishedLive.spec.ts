// Issue 22 at 375 px in Chromium against the real API and PostgreSQL: a
// customer has the banana bread in the cart and a pickup date chosen on an
// open /order; the owner marks the bread sold out on that date and publishes.
// Without a reload, the page's next availability poll (every 15 s) brings the
// new version: the date greys with the bread named, and the chosen date shows
// the refusal the server would give. The bread is put back after.
// And an open /menu: a new price published shows on its card without a reload.
import { expect, test } from '@playwright/test';
import { addDays, bakeryToday, earliestPickupDate, formatLongDate, shortDate } from '@bakery/core';
import { asOwner, signUpCustomer } from './session';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL, viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 120_000 });

/** Not the first date: a cart sold out on the first moves the calendar's start past it. */
const chosen = addDays(earliestPickupDate(bakeryToday()), 1);
const bread = 'banana-bread';
/** Longer than one poll of the availability (AVAILABILITY_POLL_MS, 15 s). */
const ONE_POLL = { timeout: 30_000 };

test('an open order page greys a date sold out by a publish, without a reload, 375 px', async ({
  page,
  playwright,
}, testInfo) => {
  const owner = await asOwner(playwright);
  const send = async (method: 'patch' | 'post', path: string, data?: unknown) => {
    const answer = await owner[method](path, { data });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  try {
    await signUpCustomer(page, 'live-menu');
    await page.goto('/order#breads');
    await page
      .locator('.product-row')
      .filter({ hasText: 'Banana Bread' })
      .first()
      .getByRole('checkbox', { name: 'Banana Bread', exact: true })
      .check();
    const day = page.locator(`.day[data-date="${chosen}"]`);
    await day.click();
    await expect(page.getByLabel('Pickup date')).toHaveValue(chosen);
    await expect(day).not.toHaveAttribute('aria-disabled', 'true');
    // Gone after a reload: the page below is the one opened above.
    await page.evaluate(() => Object.assign(window, { openedBeforePublish: true }));

    await send('patch', `/api/admin/menu/items/${bread}`, { soldOutDates: [chosen] });
    await send('post', '/api/admin/menu/publish');

    const why = `Banana Bread is not available on ${shortDate(chosen)} (Sold out)`;
    await expect(day).toHaveAttribute('aria-disabled', 'true', ONE_POLL);
    await expect(day).toHaveAttribute('title', why);
    await expect(page.locator('.day-reasons')).toContainText(why);
    // The date already chosen says why before submit, as the server would refuse it.
    await expect(page.getByRole('alert').filter({ hasText: 'Banana Bread' })).toHaveText(
      `Banana Bread is not available on ${formatLongDate(chosen)} (Sold out)`,
    );
    expect(await page.evaluate(() => 'openedBeforePublish' in window)).toBe(true);

    await page.locator('.day-calendar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('order-live-sold-out-375.png') });
  } finally {
    // Other scenarios order the bread on any date (a publish with nothing changed is refused: fine).
    await owner.patch(`/api/admin/menu/items/${bread}`, { data: { soldOutDates: [] } });
    await owner.post('/api/admin/menu/publish');
    await owner.dispose();
  }
});

test('an open menu page shows a price published after it opened, without a reload, 375 px', async ({
  page,
  playwright,
}) => {
  const owner = await asOwner(playwright);
  const boule = 'rosemary-olive-oil-boule';
  const card = page.locator('.product-card').filter({ hasText: 'Rosemary Olive Oil Boule' });
  const price = async (priceCents: number) => {
    const answer = await owner.patch(`/api/admin/menu/items/${boule}`, { data: { priceCents } });
    expect(answer.ok(), await answer.text()).toBe(true);
    const published = await owner.post('/api/admin/menu/publish');
    expect(published.ok(), await published.text()).toBe(true);
  };
  try {
    await page.goto('/menu');
    await expect(card.locator('.price')).toHaveText('$20.00');
    await page.evaluate(() => Object.assign(window, { openedBeforePublish: true }));

    await price(2150);

    await expect(card.locator('.price')).toHaveText('$21.50', ONE_POLL);
    expect(await page.evaluate(() => 'openedBeforePublish' in window)).toBe(true);
  } finally {
    await price(2000);
    await owner.dispose();
  }
});
