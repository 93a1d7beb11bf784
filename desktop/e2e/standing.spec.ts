// Kitchen > Standing Orders (issue 41) at 1280x800 against the real API: a
// regular's standing order (3 loaves every week) and another customer's
// one-off order (2 of the same loaf) on the same day; the owner's panel shows
// that day's units as 3 standing beside 2 one-off, and the regular among the
// active subscribers. The standing order is ended after (its orders released).
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  formatDayInWords,
  MENU_ITEMS,
  priceOrder,
} from '@bakery/core';
import { ApiSession } from '@bakery/test-support/client';
import { signInAsOwner } from './signIn';

const docs = join(import.meta.dirname, '..', '..', 'docs');
test.use({ viewport: { width: 1280, height: 800 } });

const base = () => process.env.E2E_BASE_URL!;
const loaf = MENU_ITEMS.find((i) => i.category === 'breads' && !i.variants?.length)!;
// A day no other scenario orders for (they use 3 to 5, 10 and 20 days ahead).
const day = addDays(bakeryToday(), 17);

async function customer(firstName: string) {
  const session = new ApiSession(base());
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  await session.call('POST', '/api/signup', {
    email,
    password: 'Customer-pass-1',
    firstName,
    lastName: 'Regular',
    phone: '5551234567',
  });
  return { session, email };
}

test('the owner sees a day’s standing units beside its one-off units', async ({ page }) => {
  const regular = await customer('Rita');
  const { standingOrder } = await regular.session.call<{ standingOrder: { id: string } }>(
    'POST',
    '/api/standing-orders',
    {
      items: [{ productId: loaf.id, quantity: 3 }],
      everyWeeks: 1,
      firstDate: day,
      pickupTime: '9:00 AM',
      deliveryMethod: 'pickup',
    },
  );
  const oneOff = await customer('Otto');
  const priced = priceOrder(
    [{ productId: loaf.id, quantity: 2 }],
    { pickupDate: day, hasWriting: false, hasBows: false },
    bakeryToday(),
  );
  await oneOff.session.call('POST', '/api/submit-order', {
    orderData: buildOrderPayload(
      priced,
      {
        customerPhone: '555-123-4567',
        pickupDate: day,
        pickupTime: '11:00 AM',
        deliveryMethod: 'pickup',
        deliveryAddress: '',
        deliveryCity: '',
        deliveryState: '',
        deliveryZip: '',
        deliveryInstructions: '',
        specialInstructions: '',
      },
      { id: null, firstName: 'Otto', lastName: 'Regular', email: oneOff.email },
    ),
  });

  try {
    await signInAsOwner(page);
    await page.getByRole('tab', { name: 'Kitchen', exact: true }).click();
    await page.getByRole('tab', { name: 'Standing Orders', exact: true }).click();
    await expect(page.getByText('1 active subscriber', { exact: true })).toBeVisible();

    const units = page.getByRole('table', {
      name: 'Units promised to standing orders beside one-off orders',
    });
    const row = units
      .getByRole('row')
      .filter({ hasText: formatDayInWords(day) })
      .filter({ hasText: loaf.name });
    await expect(row.getByRole('cell')).toHaveText([formatDayInWords(day), loaf.name, '3', '2']);
    // The week after holds the standing loaves alone.
    await expect(
      units
        .getByRole('row')
        .filter({ hasText: formatDayInWords(addDays(day, 7)) })
        .getByRole('cell'),
    ).toHaveText([formatDayInWords(addDays(day, 7)), loaf.name, '3', '0']);

    // One day at a time: the select keeps that day's rows only.
    await page
      .getByRole('combobox', { name: 'Day' })
      .selectOption({ label: formatDayInWords(day) });
    await expect(
      units.getByRole('row').filter({ hasText: formatDayInWords(addDays(day, 7)) }),
    ).toHaveCount(0);
    await expect(row.getByRole('cell')).toHaveText([formatDayInWords(day), loaf.name, '3', '2']);
    await page.screenshot({ path: join(docs, 'desktop-standing-orders.png') });

    // The settings: a substitute picked by name for an item taken off the menu (not saved).
    const settings = page.getByRole('form', { name: 'Standing-order settings' });
    await settings.getByLabel('When').selectOption({ label: loaf.name });
    await settings.getByLabel('is off the menu, bake').selectOption({ index: 2 });
    await settings.getByRole('button', { name: 'Add substitute' }).click();
    await expect(settings.getByRole('list', { name: 'Substitutes' })).toContainText(
      `${loaf.name} →`,
    );
    await settings.scrollIntoViewIfNeeded();
    await settings.screenshot({ path: join(docs, 'desktop-standing-substitutes.png') });
  } finally {
    await regular.session.call('DELETE', `/api/standing-orders/${standingOrder.id}`);
  }
});
