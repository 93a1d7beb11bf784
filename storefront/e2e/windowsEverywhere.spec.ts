// Issue 37 at 375 px in Chromium against the real API and PostgreSQL: an
// order booked in one of the owner's pickup windows says the window on My
// Orders ("8:00 AM – 10:00 AM", not "at 8:00 AM"), and its "Change date or
// time" form offers the day's windows with what is left instead of half-hour
// times. Screenshots for docs/storefront.md.
import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  formatLongDate,
  priceOrder,
  weekdayNumber,
} from '@bakery/core';
import { asOwner, signUpCustomer } from './session';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });

const today = bakeryToday();
const day = addDays(today, 10);
const loaf = 'lemon-poppy-seed-loaf';

test('My Orders says the window; the change form offers the windows, 375 px', async ({
  page,
  playwright,
}) => {
  const staff = await asOwner(playwright);
  for (const [start, end] of [
    ['08:00', '10:00'],
    ['10:00', '12:00'],
  ]) {
    const answer = await staff.post('/api/admin/kitchen/windows', {
      data: { weekday: weekdayNumber(day), start, end, limits: { breads: 10 } },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  try {
    const email = await signUpCustomer(page, 'windows');
    const priced = priceOrder(
      [{ productId: loaf, quantity: 1 }],
      { pickupDate: day, hasWriting: false, hasBows: false },
      today,
    );
    const orderData = buildOrderPayload(
      priced,
      {
        customerPhone: '(850) 555-0142',
        pickupDate: day,
        pickupTime: '8:00 AM',
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
    expect(placed.status(), await placed.text()).toBe(201);

    await page.goto('/my-orders');
    const card = page.getByTestId('order-card').first();
    await expect(card).toContainText(`${formatLongDate(day)}, 8:00 AM – 10:00 AM`);
    await expect(card).not.toContainText(`${formatLongDate(day)} at 8:00 AM`);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'my-orders-window-375');

    await card.getByRole('button', { name: /Change date or time/ }).click();
    const form = card.getByRole('form', { name: 'Change date or time' });
    const select = form.getByLabel('Pickup window');
    await expect(select.locator('option')).toHaveText([
      'Select a window',
      '8:00 AM – 10:00 AM (your current window)',
      '10:00 AM – 12:00 PM (10 left)',
    ]);
    // No half-hour time is offered on a day with windows.
    await expect(select.locator('option', { hasText: '10:30 AM' })).toHaveCount(0);
    await select.selectOption({ label: '10:00 AM – 12:00 PM (10 left)' });
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'my-orders-change-windows-375');
    await form.getByRole('button', { name: 'Save new date' }).click();
    await expect(card).toContainText(`${formatLongDate(day)}, 10:00 AM – 12:00 PM`);
  } finally {
    // Other scenarios order on this weekday: the windows go.
    const windows = (await (await staff.get('/api/admin/kitchen/windows')).json()) as {
      id: string;
    }[];
    for (const w of windows) await staff.delete(`/api/admin/kitchen/windows/${w.id}`);
    await staff.dispose();
  }
});
