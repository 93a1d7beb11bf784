// A pickup morning at the counter (issue 23), in Debian's Chromium at
// 1280x800 against the real API and PostgreSQL: four orders due on one
// morning; the whole morning is marked Ready in one press and each customer's
// mail (the outbox) carries the pickup code; a paid order is handed over by
// its code, an unpaid one with its payment taken in the same step; a mistaken
// cancel is undone; the Overview's takings and counts follow.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  MENU_ITEMS,
  priceOrder,
  startOfBakeryDay,
} from '@bakery/core';
import { ApiSession } from '@bakery/test-support/client';

test.describe.configure({ mode: 'serial' });

const base = () => process.env.E2E_BASE_URL!;
const realToday = bakeryToday();
// Beyond the desk's "coming days", so the other desk tests never see these orders.
const morning = addDays(realToday, 20);
const bread = MENU_ITEMS.filter((i) => !i.variants?.length && !i.fillings && !i.addIns)[0]!;

const CUSTOMERS = [
  { first: 'Paula', last: 'Paid', time: '8:00 AM' },
  { first: 'Uma', last: 'Unpaid', time: '8:30 AM' },
  { first: 'Cora', last: 'Cancel', time: '9:00 AM' },
  { first: 'Rita', last: 'Ready', time: '9:30 AM' },
];
const emailOf = (c: (typeof CUSTOMERS)[number]) =>
  `${c.first}.${c.last}.counter@example.com`.toLowerCase();

async function placeOrder(c: (typeof CUSTOMERS)[number]) {
  const session = new ApiSession(base());
  const email = emailOf(c);
  await session.call('POST', '/api/signup', {
    email,
    password: 'Customer-pass-1',
    firstName: c.first,
    lastName: c.last,
    phone: '8505550177',
  });
  const priced = priceOrder(
    [{ productId: bread.id, quantity: 1 }],
    { pickupDate: morning, hasWriting: false, hasBows: false },
    realToday,
  );
  const orderData = buildOrderPayload(
    priced,
    {
      customerPhone: '8505550177',
      pickupDate: morning,
      pickupTime: c.time,
      deliveryMethod: 'pickup',
      deliveryAddress: '',
      deliveryCity: '',
      deliveryState: '',
      deliveryZip: '',
      deliveryInstructions: '',
      specialInstructions: '',
    },
    { id: null, firstName: c.first, lastName: c.last, email },
  );
  await session.call('POST', '/api/submit-order', { orderData });
}

/** The mails in the outbox addressed to `to`, as raw text (quoted-printable soft breaks joined). */
function mailsTo(to: string): string[] {
  const dir = process.env.E2E_OUTBOX!;
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.includes(to));
}

let page: Page;
const detail = () => page.getByRole('region', { name: /^Order [0-9A-Z]{8}$/ });
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });
/** Opens the customer's order; the detail shown before it (another order) may linger a moment. */
async function openRow(customer: string) {
  await page.getByRole('gridcell', { name: customer, exact: true }).click();
  await expect(detail()).toContainText(customer);
}

test.beforeAll(async ({ browser }) => {
  for (const c of CUSTOMERS) await placeOrder(c);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // 7:00 AM in New York on the pickup morning: the desk's "Today" is that day.
  await page.clock.install({ time: new Date(startOfBakeryDay(morning).getTime() + 7 * 3600_000) });
});
test.afterAll(async () => page?.close());

test('the morning is marked ready in bulk; each customer is mailed the pickup code', async () => {
  await page.goto(`${base()}/admin/login`);
  await page.getByLabel('Email').fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password').fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  for (const c of CUSTOMERS)
    await expect(page.getByRole('gridcell', { name: `${c.first} ${c.last}` })).toBeVisible();
  // The 8–9 window first, by ticking its rows (a checkbox, or Space on a row).
  await page
    .getByRole('row', { name: /Paula Paid/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('gridcell', { name: 'Uma Unpaid', exact: true }).click();
  await page.keyboard.press('Space');
  const counter = page.getByRole('toolbar', { name: 'Counter' });
  await expect(counter.getByText('2 ticked')).toBeVisible();
  await counter.getByRole('button', { name: 'Print tickets' }).click();
  const preview = page.getByRole('dialog', { name: 'Order tickets (2)' });
  await expect(preview).toContainText('Paula Paid');
  await expect(preview).toContainText('Uma Unpaid');
  await preview.getByRole('button', { name: 'Close' }).click();
  await counter.getByRole('button', { name: 'Mark ready', exact: true }).click();
  // Issue 36: Mark Ready mails every customer, so the desk asks first.
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Mark the 2 ticked orders ready?');
  await ask.getByRole('button', { name: 'Mark ready', exact: true }).click();
  // The browser's day here is the orders' day, the server's is weeks before:
  // for the server they are due later, so it asks again, naming whom it mails.
  await expect(ask).toContainText('e-mails 2 customers (Paula Paid, Uma Unpaid)');
  await ask.getByRole('button', { name: 'Mark ready and e-mail them' }).click();
  await expect(toast('2 of 2 orders marked ready')).toBeVisible();
  await expect(counter.getByText('2 ticked')).toHaveCount(0);
  // Then the rest of the morning in one press.
  await page.getByRole('button', { name: 'Mark today ready' }).click();
  await expect(ask).toContainText('Mark every open order due');
  await ask.getByRole('button', { name: 'Mark ready', exact: true }).click();
  await expect(ask).toContainText('e-mails 2 customers (Cora Cancel, Rita Ready)');
  await ask.getByRole('button', { name: 'Mark ready and e-mail them' }).click();
  // The two still open; the window's two are ready already (and not mailed twice).
  await expect(toast('2 of 2 orders marked ready')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Ready', exact: true })).toHaveCount(4);
  await openRow('Rita Ready');
  await expect(detail().getByText('Ready', { exact: true })).toBeVisible();
  const code = (await detail().getByTestId('pickup-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await expect
    .poll(() => mailsTo(emailOf(CUSTOMERS[3]!)).filter((m) => m.includes('is ready for pickup')))
    .toHaveLength(1);
  const mail = mailsTo(emailOf(CUSTOMERS[3]!)).find((m) => m.includes('is ready for pickup'))!;
  expect(mail).toContain(`Your pickup code: ${code}`);
  expect(mail).toContain('https://www.google.com/maps/search/');
  await page.screenshot({
    path: join(import.meta.dirname, '..', '..', 'docs', 'desk-counter.png'),
  });
});

test('a paid order is handed over by its pickup code', async () => {
  await openRow('Paula Paid');
  await detail().getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(detail().getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  const code = (await detail().getByTestId('pickup-code').innerText()).trim();
  // At the counter: the code typed (a scanner types it too), in lower case with a dash.
  const field = page.getByLabel('Pickup code');
  await field.fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
  await field.press('Enter');
  await expect(detail()).toContainText('Paula Paid');
  // Issue 42: the code opens the order with its hand-over already asked;
  // issue 38: its action focused (not Cancel), so Enter hands over.
  const handOver = page.getByRole('alertdialog').getByRole('button', { name: 'Fulfill' });
  await expect(handOver).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast('Order marked as fulfilled')).toBeVisible();
  await expect(detail().getByText('Picked up', { exact: true })).toBeVisible();
  await expect(detail().getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
});

test('an unpaid order is handed over with its payment taken in the same step', async () => {
  await openRow('Uma Unpaid');
  await detail().getByRole('button', { name: 'Fulfill' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask.getByTestId('amount-due')).toContainText('$');
  // Issue 38: cash takes the amount tendered and shows the change due.
  const due = Number(/\d+\.\d{2}/.exec(await ask.getByTestId('amount-due').innerText())![0]);
  await ask.getByLabel('Cash tendered ($)').fill(String(Math.ceil(due) + 10));
  const change = (Math.ceil(due) + 10 - due).toFixed(2);
  await expect(ask.getByTestId('change-due')).toHaveText(`Change due: $${change}`);
  await ask.getByLabel('Paid by').selectOption('card');
  await expect(ask.getByLabel('Cash tendered ($)')).toHaveCount(0);
  await ask.getByRole('button', { name: 'Take payment and hand over' }).click();
  await expect(toast('Payment taken and order handed over')).toBeVisible();
  await expect(detail().getByText('Completed', { exact: true })).toBeVisible();
});

test('a mistaken cancel is undone from its toast', async () => {
  // Back to the real clock: a cancel is restored on the (server's) day it was made.
  await page.clock.setSystemTime(new Date());
  await page.getByRole('button', { name: 'All dates', exact: true }).click();
  await page.getByLabel('Search orders').fill('Cora');
  await expect(page.getByTestId('desk-count')).toHaveText('1 order');
  await openRow('Cora Cancel');
  await detail().getByRole('button', { name: 'Cancel Order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Order' }).click();
  await expect(toast('Order cancelled')).toBeVisible();
  await expect(detail().getByRole('button', { name: 'Restore Order' })).toBeVisible();
  // The toast's Undo restores it (the Restore Order button does the same all day).
  await toast('Order cancelled').getByRole('button', { name: 'Undo' }).click();
  await expect(toast('Order restored; the customer was told')).toBeVisible();
  await expect(detail().getByText('Ready', { exact: true })).toBeVisible();
  await expect
    .poll(() => mailsTo(emailOf(CUSTOMERS[2]!)).filter((m) => m.includes('is back on')))
    .toHaveLength(1);
});

test('from the grid to a hand-over with the keyboard alone, in under 10 presses', async () => {
  await page.getByLabel('Search orders').fill('Rita');
  await expect(page.getByTestId('desk-count')).toHaveText('1 order');
  // Focus lands on the grid's first cell (as after Tab into the grid); then keys only.
  await page.getByRole('gridcell', { name: 'Rita Ready', exact: true }).focus();
  const keys = ['h', 'Tab', 'Enter'];
  await page.keyboard.press(keys[0]!);
  const ask = page.getByRole('alertdialog');
  await expect(ask.getByTestId('amount-due')).toBeVisible();
  // The method is focused first (cash), Tab reaches "Take payment and hand over", Enter.
  await expect(ask.getByLabel('Paid by')).toBeFocused();
  for (const key of keys.slice(1)) await page.keyboard.press(key);
  await expect(toast('Payment taken and order handed over')).toBeVisible();
  expect(keys.length).toBeLessThan(10);
  await page.getByLabel('Search orders').fill('');
});

test("the Overview's takings count the money taken at the counter", async () => {
  await page.getByRole('tab', { name: 'Overview' }).click();
  const takings = page.getByTestId('today-takings');
  await expect(takings).not.toHaveText('—');
  // Paula (confirmed by staff) and Uma (card at the counter) paid today, one bread each.
  const each = priceOrder(
    [{ productId: bread.id, quantity: 1 }],
    { pickupDate: morning, hasWriting: false, hasBows: false },
    realToday,
  ).totalCents;
  const shown = Number((await takings.innerText()).replace(/[$,]/g, ''));
  expect(Math.round(shown * 100)).toBeGreaterThanOrEqual(2 * each);
  await expect(page.getByRole('table', { name: 'Takings by method' })).toContainText(
    'Card (terminal)',
  );
});
