// Issue 25 at 375 px in Chromium against the real API and PostgreSQL: the
// owner sets pickup windows and two drops through the staff API; a customer
// on /order sees the upcoming drop's countdown and asks to be told, the
// calendar greys a full day and says why, the window select says what is
// left, the drop item says "Only N left" and is held with a timer.
// Screenshots for docs/storefront.md.
import { expect, test, type Page } from '@playwright/test';
import { addDays, bakeryToday, shortDate, weekdayNumber } from '@bakery/core';
import { asOwner, signUpCustomer } from './session';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL, viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });

const today = bakeryToday();
/** A day whose windows are all full, and the day the customer orders for. */
const fullDay = addDays(today, 5);
const orderDay = addDays(today, 6);
const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
  new Date(`${orderDay}T12:00:00Z`),
);

test('drops, windows and what is left at 375 px', async ({ page, playwright }) => {
  const staff = await asOwner(playwright);
  const post = async (path: string, data: unknown) => {
    const answer = await staff.post(path, { data });
    expect(answer.status(), await answer.text()).toBe(201);
    return answer.json();
  };
  // Every window of fullDay's weekday is full (a limit of 0); orderDay has
  // two windows: 3 breads left in the first, none in the second.
  await post('/api/admin/kitchen/windows', {
    weekday: weekdayNumber(fullDay),
    start: '08:00',
    end: '12:00',
    limits: { '*': 0 },
  });
  await post('/api/admin/kitchen/windows', {
    weekday: weekdayNumber(orderDay),
    start: '08:00',
    end: '10:00',
    limits: { breads: 3 },
  });
  await post('/api/admin/kitchen/windows', {
    weekday: weekdayNumber(orderDay),
    start: '10:00',
    end: '12:00',
    limits: { breads: 0 },
  });
  await post('/api/admin/drops', {
    name: 'Cinnamon Saturday',
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    pickupDates: [orderDay],
    units: [{ label: 'Cinnamon Rolls', productIds: ['cinnamon-rolls'], quantity: 4 }],
  });
  await post('/api/admin/drops', {
    name: 'Thanksgiving Pies',
    opensAt: new Date(Date.now() + 26 * 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 50 * 3_600_000).toISOString(),
    pickupDates: [addDays(today, 8)],
    units: [
      {
        label: 'Pies of any kind',
        productIds: ['pumpkin-spice-loaf', 'banana-bread'],
        quantity: 12,
      },
    ],
  });
  try {
    await customerSees(page);
  } finally {
    // Other scenarios order on these weekdays: the windows and drops go.
    const windows = (await (await staff.get('/api/admin/kitchen/windows')).json()) as {
      id: string;
    }[];
    for (const w of windows) await staff.delete(`/api/admin/kitchen/windows/${w.id}`);
    const { drops } = (await (await staff.get('/api/admin/drops')).json()) as {
      drops: { id: string }[];
    };
    for (const d of drops) await staff.delete(`/api/admin/drops/${d.id}`);
    await staff.dispose();
  }
});

async function customerSees(page: Page) {
  const email = await signUpCustomer(page, 'drops');

  await page.goto('/order#breads');
  // The upcoming drop: a countdown and "tell me when it opens".
  const pies = page.getByRole('article', { name: 'Thanksgiving Pies' });
  await expect(pies.getByText(/Opens in \d+d \d+h \d\dm/)).toBeVisible();
  await pies.getByRole('button', { name: 'Tell me' }).click();
  // Issue 39: double opt-in: the answer asks to confirm the mailed link.
  await expect(pies.getByRole('status')).toHaveText(
    new RegExp(
      `^Please check ${email}: follow the link we sent to confirm, and we will e-mail you when the Thanksgiving Pies drop opens on `,
    ),
  );
  await expect(page.getByRole('article', { name: 'Cinnamon Saturday' })).toContainText(
    'Cinnamon Rolls: 4 left',
  );
  await page.getByRole('heading', { name: 'Drops' }).scrollIntoViewIfNeeded();
  await shot(page, 'drops-countdown-notify');

  // The drop item in the cart, then the date.
  const row = page.locator('.product-row').filter({ hasText: 'Cinnamon Rolls' }).first();
  await row.getByRole('checkbox', { name: 'Cinnamon Rolls', exact: true }).check();
  await page.getByLabel('Pickup date').fill(orderDay);

  // The calendar greys the full day and says why; the first date that works is offered.
  const full = page.locator(`.day[data-date="${fullDay}"]`);
  await expect(full).toHaveAttribute('aria-disabled', 'true');
  await expect(page.locator('.day-reasons')).toContainText(
    `Every pickup window is full on ${shortDate(fullDay)}`,
  );
  await expect(page.locator(`.day[data-date="${orderDay}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.locator('.day-calendar').scrollIntoViewIfNeeded();
  await shot(page, 'drops-calendar-greyed');

  // The window select: what is left for this cart.
  const time = page.getByLabel('Pickup time');
  await expect(time.locator('option', { hasText: '8:00 AM – 10:00 AM (3 left)' })).toHaveCount(1);
  await expect(time.locator('option', { hasText: '10:00 AM – 12:00 PM (Full)' })).toBeDisabled();
  await time.selectOption('8:00 AM');

  // The hold timer and "Only N left" on the item.
  await expect(page.locator('.hold-timer')).toContainText(/held for you for \d+:\d\d/);
  await expect(row.locator('.few-left')).toHaveText(
    new RegExp(`^Only [1-4] left for ${weekdayName}$`),
  );
  await page.locator('.hold-timer').scrollIntoViewIfNeeded();
  await shot(page, 'drops-hold-timer');
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'drops-only-left');
  await time.scrollIntoViewIfNeeded();
  await shot(page, 'drops-window-select');

  // No sideways scrolling at 375 px.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
