// Issue 38 at 375 px in Chromium against the real API and PostgreSQL: what
// checkout tells a customer before she submits, from the owner's Settings.
// (a) A delivery to a ZIP the owner gave a fee shows the fee and the total
// with it, and the submitted order's total is that total. (b) Checkout says
// until when the order can be changed online, from the owner's lock hours,
// and My Orders then says the same. (c) Without card payments connected (this
// suite has no Square), no page of the checkout promises a payment link, the
// prerendered About page neither. The owner's settings are put back after.
// Screenshots for docs/storefront.md.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  DEFAULT_SHOP_SETTINGS,
  formatCents,
  MENU_ITEMS,
  priceOrder,
} from '@bakery/core';
import { asOwner, signUpCustomer } from './session';

const baseURL = process.env.E2E_BASE_URL!;
const docs = join(import.meta.dirname, '..', '..', 'docs');
test.use({ baseURL, viewport: { width: 375, height: 812 } });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A ZIP of the delivery area no other scenario delivers to, and the owner's fee for it. */
const ZIP = '32317';
const FEE_CENTS = 650;
/** The owner's lock: customers' changes close 30 hours before the pickup. */
const LOCK_HOURS = 30;
const bread = MENU_ITEMS.find((i) => i.category === 'breads' && !i.variants?.length)!;
/** Twelve days out, at 10:00 AM: the lock falls the day before at 4:00 AM (10 AM minus 30 hours). */
const day = addDays(bakeryToday(), 12);
const lockWords = () => {
  const dayBefore = new Date(`${addDays(day, -1)}T12:00:00Z`);
  const words = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(dayBefore);
  return `${words} at 4:00 AM`;
};

test.beforeAll(async ({ playwright }) => {
  const owner = await asOwner(playwright);
  const saved = await owner.put('/api/admin/settings', {
    data: {
      ...DEFAULT_SHOP_SETTINGS,
      deliveryFees: [{ zip: ZIP, feeCents: FEE_CENTS }],
      selfServiceLockHours: LOCK_HOURS,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await owner.dispose();
});

test.afterAll(async ({ playwright }) => {
  // Other scenarios expect the spec's fees and 48-hour lock.
  const owner = await asOwner(playwright);
  await owner.put('/api/admin/settings', { data: DEFAULT_SHOP_SETTINGS });
  await owner.dispose();
});

/** A new customer on /order with a loaf in the cart. */
async function orderPageWithBread(page: Page, prefix: string) {
  await signUpCustomer(page, prefix);
  await page.goto('/order#breads');
  await page
    .locator('.product-row')
    .filter({ hasText: bread.name })
    .first()
    .getByRole('checkbox', { name: bread.name, exact: true })
    .check();
}

/** The page scrolls sideways when its content is wider than the 375 px screen. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('(a) a delivery to a ZIP with a fee shows the fee and the total before submit; the order keeps them', async ({
  page,
}) => {
  await orderPageWithBread(page, 'delivery-fee');
  await page.getByLabel('Delivery', { exact: true }).check();
  await page.getByLabel('Street address').fill('2410 Centerville Road');
  await page.getByLabel('City').fill('Tallahassee');
  await page.getByLabel('State').selectOption('FL');
  await page.getByLabel('ZIP code').fill(ZIP);
  await page.getByLabel('Delivery date').fill(day);
  await page.getByLabel('Delivery time').selectOption('10:00 AM');

  // Before submit: the fee of the ZIP and a total that includes it.
  const expected = priceOrder(
    [{ productId: bread.id, quantity: 1 }],
    { pickupDate: day, hasWriting: false, hasBows: false, deliveryFeeCents: FEE_CENTS },
    bakeryToday(),
  );
  const fee = page.getByTestId('summary-delivery-fee');
  const total = page.getByTestId('summary-total');
  await expect(fee).toHaveText(formatCents(FEE_CENTS));
  await expect(total).toHaveText(formatCents(expected.totalCents));
  expect(expected.totalCents).toBe(expected.subtotalCents + expected.taxCents + FEE_CENTS);
  await expect(page.getByText('Calculated by our team after you order')).toHaveCount(0);
  // No Square here: the team e-mails how to pay, not a fee the customer already sees.
  await expect(page.getByText('Our team will e-mail you how to pay.')).toBeVisible();
  await expect(page.getByText(/e-mail you the delivery fee/)).toHaveCount(0);
  await expect(page.getByText('Missing information:')).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
  // The summary from its heading (below the sticky header) to the note under Submit.
  await page.locator('#summary-heading').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
  await page.screenshot({ path: join(docs, 'checkout-delivery-fee-375.png') });
  const shownTotal = await total.textContent();

  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });
  const [order] = (await (await page.request.get('/api/my-orders')).json()) as {
    total: number;
    deliveryFee: number;
    deliveryFeeStatus: string;
    deliveryZip: string;
  }[];
  expect(order).toMatchObject({
    deliveryFee: FEE_CENTS / 100,
    deliveryFeeStatus: 'calculated',
    deliveryZip: ZIP,
  });
  expect(formatCents(Math.round(order!.total * 100))).toBe(shownTotal);
  // My Orders shows that total too.
  await expect(page.getByTestId('order-card').first()).toContainText(shownTotal!);
});

test('(b) checkout says until when the order can be changed online, from the lock hours; My Orders agrees', async ({
  page,
}) => {
  await orderPageWithBread(page, 'lock-notice');
  await page.getByLabel('Pickup date').fill(day);
  await page.getByLabel('Pickup time').selectOption('10:00 AM');
  const notice = page.getByTestId('change-until');
  await expect(notice).toHaveText(
    `You can change or cancel this order online (My Orders) until ${lockWords()}.`,
  );
  expect(await scrollsSideways(page)).toBe(false);
  await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(docs, 'checkout-lock-notice-375.png') });

  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });
  await expect(
    page
      .getByTestId('order-card')
      .first()
      .getByText(`You can change or cancel this order online until ${lockWords()}.`),
  ).toBeVisible();
});

test('(c) without card payments, neither the checkout nor the About page promises a payment link', async ({
  page,
  browser,
}) => {
  await orderPageWithBread(page, 'no-link');
  await expect(page.getByText(/payment link/i)).toHaveCount(0);
  await page.getByLabel('Delivery', { exact: true }).check();
  await expect(page.locator('#delivery-policy')).toBeVisible();
  await expect(page.getByText(/payment link/i)).toHaveCount(0);
  await page.goto('/about');
  await expect(page.getByText(/We deliver within/)).toBeVisible();
  await expect(page.getByText(/payment link/i)).toHaveCount(0);
  // The HTML served before any script runs (the first paint, a browser without JavaScript).
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const about = await plain.newPage();
  await about.goto('/about');
  await expect(about.getByText(/We deliver within/)).toBeVisible();
  await expect(about.getByText(/payment link/i)).toHaveCount(0);
  await plain.close();
});
