// A phone order taken at the desk by keyboard alone (issue 42), in Debian's
// Chromium at 1280x800 against the real API and PostgreSQL: New order, the
// customer's name and phone, two loaves, the default day and time, cash
// with the amount tendered, Enter. The run is timed (docs/desktop.md).
import { expect, test } from '@playwright/test';
import { MENU_ITEMS } from '@bakery/core';
import { signInAsOwner } from './signIn';

const bread = MENU_ITEMS.filter((i) => !i.variants?.length && !i.fillings && !i.addIns)[0]!;

test('a phone order, paid in cash, by keyboard alone in under 45 seconds', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInAsOwner(page);
  const counter = page.getByRole('toolbar', { name: 'Counter' });
  await expect(counter.getByRole('button', { name: 'New order' })).toBeVisible();

  const started = Date.now();
  // The counter bar's button, reached as Tab would reach it.
  await counter.getByRole('button', { name: 'New order' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New order' });
  await expect(dialog.getByLabel('Find customer (name, e-mail or phone)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Nora Phone');
  await page.keyboard.press('Tab');
  await page.keyboard.type('8505550142');
  await page.keyboard.press('Tab'); // the e-mail: none given on the phone
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Item 1 product')).toBeFocused();
  // A closed select takes type-ahead: the product's name picks it.
  await page.keyboard.type(bread.name);
  await expect(dialog.getByLabel('Item 1 product')).toHaveValue(bread.id);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Item 1 quantity')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  // The day and time keep their defaults; on to the payment.
  const payment = dialog.getByLabel('Payment', { exact: true });
  while (!(await payment.evaluate((el) => el === document.activeElement)))
    await page.keyboard.press('Tab');
  await page.keyboard.type('Cash');
  await expect(payment).toHaveValue('cash');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Cash tendered ($)')).toBeFocused();
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');

  const taken = page.locator('.bp6-toast', { hasText: 'Order taken and paid in cash' });
  await expect(taken).toBeVisible();
  await expect(taken).toContainText(/Give \$\d+\.\d\d change/);
  await expect(dialog).toHaveCount(0);
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: 'phone order seconds', description: seconds.toFixed(1) });
  console.log(`phone order by keyboard: ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThan(45);
  await page.close();
});
