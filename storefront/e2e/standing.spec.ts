// Issue 41 on a 375 px phone, in Chromium against the real API and PostgreSQL:
// a customer with a past order presses "Order this every week" in My Orders,
// lands on the standing order's page with its next dates, skips one (it reads
// Skipped) and pauses until a date (the page says paused until then, and the
// dates up to it read Paused). Screenshot for docs/storefront.md.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  formatDayInWords,
  MENU_ITEMS,
  priceOrder,
  standingFirstDate,
} from '@bakery/core';
import { signUpCustomer } from './session';

const baseURL = process.env.E2E_BASE_URL!;
const docs = join(import.meta.dirname, '..', '..', 'docs');
test.use({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 180_000 });

const bread = MENU_ITEMS.find((i) => i.category === 'breads' && !i.variants?.length)!;
const today = bakeryToday();
const pickupDate = addDays(today, 10);

test('"Order this every week" from My Orders; skip a date; pause until a date, 375 px', async ({
  page,
}) => {
  const email = await signUpCustomer(page, 'standing');
  const priced = priceOrder(
    [{ productId: bread.id, quantity: 2 }],
    { pickupDate, hasWriting: false, hasBows: false },
    today,
  );
  const orderData = buildOrderPayload(
    priced,
    {
      customerPhone: '(850) 555-1234',
      pickupDate,
      pickupTime: '10:00 AM',
      deliveryMethod: 'pickup',
      deliveryAddress: '',
      deliveryCity: '',
      deliveryState: '',
      deliveryZip: '',
      deliveryInstructions: '',
      specialInstructions: '',
    },
    { id: null, firstName: 'Ada', lastName: 'Baker', email },
  );
  const placed = await page.request.post('/api/submit-order', {
    headers: { origin: baseURL },
    data: { orderData },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  await page.goto('/my-orders');
  await page.getByRole('button', { name: /^Order this every week/ }).click();
  await expect(page).toHaveURL(/\/standing-orders\/[0-9a-f-]+$/, { timeout: 30_000 });

  // What the customer reads: how often and when, what, and the next dates.
  const card = page.getByTestId('standing-card');
  const first = standingFirstDate(pickupDate, today);
  const weekday = formatDayInWords(first).split(',')[0]!;
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(`Every ${weekday} at 10:00 AM`);
  await expect(card).toContainText(`2 × ${bread.name}`);
  await expect(card).toContainText('Active');
  const dates = [0, 1, 2, 3].map((week) => addDays(first, week * 7));
  const dateRow = (date: string) =>
    card
      .getByRole('list', { name: 'Next dates' })
      .getByRole('listitem')
      .filter({ hasText: formatDayInWords(date) });
  for (const date of dates) await expect(dateRow(date)).toBeVisible();
  await expect(dateRow(dates[0]!)).toContainText(/Booked|Scheduled/);

  // Skip the second date from the keyboard: it reads Skipped, and focus stays
  // on its button, which now offers Undo skip.
  await dateRow(dates[1]!)
    .getByRole('button', { name: `Skip ${formatDayInWords(dates[1]!)}` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(dateRow(dates[1]!)).toContainText('Skipped');
  await expect(
    dateRow(dates[1]!).getByRole('button', { name: `Undo skip ${formatDayInWords(dates[1]!)}` }),
  ).toBeFocused();
  await expect(dateRow(dates[0]!)).not.toContainText('Skipped');

  // Pause until the fourth date: the card says so; the third date is paused.
  const until = dates[3]!;
  await card.getByLabel('Pause until').fill(until);
  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(card).toContainText(`Paused until ${formatDayInWords(until)}, back that day`);
  await expect(dateRow(dates[2]!)).toContainText('Paused');
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();

  // The list at /standing-orders holds it too.
  await page.goto('/standing-orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Standing orders');
  await expect(page.getByTestId('standing-card')).toContainText(
    `Paused until ${formatDayInWords(until)}`,
  );
  await page.locator('main').screenshot({ path: join(docs, 'storefront-standing-order.png') });
});
