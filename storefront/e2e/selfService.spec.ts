// Issue 24 on a 375 px phone, in Debian's Chromium against the real API and
// PostgreSQL: a customer places an order, moves it to a date 5 days away (the
// rush fee comes in), changes a quantity and sees the new total, cancels a
// second order; My Orders shows the steps; the mails, as a local SMTP server
// received them, say each change, with the .ics attached to the first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  formatCents,
  formatLongDate,
  MENU_ITEMS,
  priceOrder,
} from '@bakery/core';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'sourdough-42';
const email = `self-service-${Date.now()}@example.com`;
const bread = MENU_ITEMS.find((i) => i.category === 'breads' && !i.variants?.length)!;
const today = bakeryToday();
const firstDate = addDays(today, 14);
const rushDate = addDays(today, 5);

/** What the server charges for `quantity` breads due on `date` (core's rules, as the shop). */
const totalFor = (quantity: number, date: string) =>
  priceOrder(
    [{ productId: bread.id, quantity }],
    { pickupDate: date, hasWriting: false, hasBows: false },
    today,
  ).totalCents;

/** The mails the local SMTP server received for this customer, decoded enough to read. */
function mails(): { subject: string; text: string; raw: string }[] {
  const dir = process.env.E2E_OUTBOX_DIR!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((raw) => raw.includes(email))
    .map((raw) => {
      // Quoted-printable: soft breaks joined, =XX bytes read back as UTF-8 ("→").
      const bytes = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const text = Buffer.from(bytes, 'latin1').toString('utf8');
      return { subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', text, raw };
    });
}

let page: Page;
const card = (number: string) => page.getByTestId('order-card').filter({ hasText: `#${number}` });

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
});
test.afterAll(async () => page?.close());

let first = '';
let second = '';

test('an order placed on the phone shows its steps in My Orders', async () => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Selfserve');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(850) 555-0142');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });

  await page.goto(`/order#${bread.category}`);
  const row = page.locator('.product-row').filter({ hasText: bread.name }).first();
  await row.getByLabel(`Quantity of ${bread.name}`).fill('2');
  await page.getByLabel('Pickup date').fill(firstDate);
  await page.getByLabel('Pickup time').selectOption('10:00 AM');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });

  const only = page.getByTestId('order-card').first();
  first = ((await only.innerText()).match(/#([0-9A-F]{8})/) ?? [])[1] ?? '';
  expect(first).toMatch(/^[0-9A-F]{8}$/);
  await expect(card(first).locator('.status-badge')).toHaveText('Received');
  await expect(card(first).getByRole('list', { name: 'Order progress' })).toContainText('Received');
  await expect(card(first)).toContainText(formatCents(totalFor(2, firstDate)));

  // A second order, to cancel later (placed through the same session's API).
  const priced = priceOrder(
    [{ productId: bread.id, quantity: 1 }],
    { pickupDate: firstDate, hasWriting: false, hasBows: false },
    today,
  );
  const orderData = buildOrderPayload(
    priced,
    {
      customerPhone: '(850) 555-0142',
      pickupDate: firstDate,
      pickupTime: '11:00 AM',
      deliveryMethod: 'pickup',
      deliveryAddress: '',
      deliveryCity: '',
      deliveryState: '',
      deliveryZip: '',
      deliveryInstructions: '',
      specialInstructions: '',
    },
    { id: null, firstName: 'Sam', lastName: 'Selfserve', email },
  );
  const placed = await page.request.post('/api/submit-order', { data: { orderData } });
  expect(placed.ok()).toBe(true);
  const body = (await placed.json()) as { order?: { id: string }; orderId?: string };
  second = (body.order?.id ?? body.orderId ?? '').slice(-8).toUpperCase();
  await page.reload();
  await expect(card(second)).toBeVisible();
});

test('moving the pickup to 5 days away adds the rush fee to the total', async () => {
  await card(first)
    .getByRole('button', { name: /^Change date or time/ })
    .click();
  const form = card(first).getByRole('form', { name: 'Change date or time' });
  await form.getByLabel('New pickup date').fill(rushDate);
  await form.getByLabel('Pickup time').selectOption('9:00 AM');
  await form.getByRole('button', { name: 'Save new date' }).click();
  const moved = formatCents(totalFor(2, rushDate));
  await expect(card(first).getByText(`Your order was changed. New total: ${moved}.`)).toBeVisible();
  await expect(card(first)).toContainText(formatLongDate(rushDate));
  expect(totalFor(2, rushDate)).toBeGreaterThan(totalFor(2, firstDate));
});

test('changing a quantity re-prices the order', async () => {
  await card(first)
    .getByRole('button', { name: /^Change quantities/ })
    .click();
  const form = card(first).getByRole('form', { name: 'Change quantities' });
  await form.getByLabel(`Quantity of ${bread.name}`).fill('3');
  await form.getByRole('button', { name: 'Save quantities' }).click();
  const total = formatCents(totalFor(3, rushDate));
  await expect(card(first).getByText(`Your order was changed. New total: ${total}.`)).toBeVisible();
  await expect(card(first)).toContainText(total);
  await page.screenshot({ path: 'test-results/screens/h24-self-service.png', fullPage: true });
});

test('the other order is cancelled from My Orders', async () => {
  await card(second)
    .getByRole('button', { name: /^Cancel order/ })
    .click();
  await card(second).getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(card(second).getByText('Your order was cancelled.')).toBeVisible();
  await expect(card(second).locator('.status-badge')).toHaveText('Cancelled');
  await expect(card(second).getByRole('button', { name: /^Change date or time/ })).toHaveCount(0);
});

test('the mails say each change; the first carries the .ics', async () => {
  await expect
    .poll(() => mails().map((m) => m.subject), { timeout: 30_000 })
    .toEqual(
      expect.arrayContaining([
        `We received your order #${first}`,
        `We received your order #${second}`,
        `Your order #${second} has been cancelled`,
      ]),
    );
  // Issue 39: one change mail per order per 15 minutes: the date change goes
  // at once; the quantity change waits in one mail sent 15 minutes later.
  await expect
    .poll(() => mails().filter((m) => m.subject === `Your order #${first} was changed`).length)
    .toBe(1);
  const received = mails().find((m) => m.subject === `We received your order #${first}`)!;
  expect(received.raw).toMatch(/Content-Type: text\/calendar/i);
  expect(received.raw).toContain(`filename=order-${first}.ics`);
  const changes = mails()
    .filter((m) => m.subject === `Your order #${first} was changed`)
    .map((m) => m.text);
  expect(
    changes.some((t) =>
      t.includes(`Pickup date: ${formatLongDate(firstDate)} → ${formatLongDate(rushDate)}`),
    ),
  ).toBe(true);
  expect(
    changes.some((t) =>
      t.includes(
        `Total: ${formatCents(totalFor(2, firstDate))} → ${formatCents(totalFor(2, rushDate))}`,
      ),
    ),
  ).toBe(true);
});
