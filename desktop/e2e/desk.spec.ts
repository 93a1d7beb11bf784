// The order desk on a pickup-day morning (issue 12), in Debian's Chromium at
// 1280x800 against the real API and PostgreSQL (global-setup.ts). Orders over
// three due dates are placed through the customer API; the browser's clock is
// set to the first of those mornings, so "Today" is that day.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  buildOrderPayload,
  formatCents,
  MENU_ITEMS,
  priceOrder,
  startOfBakeryDay,
  type CartLine,
} from '@bakery/core';
import { ApiSession } from '@bakery/test-support/client';

test.describe.configure({ mode: 'serial' });

const base = () => process.env.E2E_BASE_URL!;
const docs = join(import.meta.dirname, '..', '..', 'docs');
const pdfDir = mkdtempSync(join(tmpdir(), 'desk-pdf-'));

// The first due date the customer API accepts (3 days' lead time), and the two after it.
const realToday = bakeryToday();
const day1 = addDays(realToday, 3);
const day2 = addDays(realToday, 4);
const day3 = addDays(realToday, 5);

const simple = MENU_ITEMS.filter((i) => !i.variants?.length && !i.fillings && !i.addIns);
const bread = simple[0]!;
const special = simple.find((i) => i.name !== bread.name && i.name.split(' ').length <= 3)!;

interface Planned {
  first: string;
  last: string;
  phone: string;
  date: string;
  time: string;
  delivery?: boolean;
  productId?: string;
}
// Day 1 in order of entry, not of time: the desk must sort 8:00 AM before 10:00 AM.
const PLAN: Planned[] = [
  { first: 'Noor', last: 'Noon', phone: '8505550104', date: day1, time: '12:00 PM' },
  { first: 'Tess', last: 'Ten', phone: '8505550103', date: day1, time: '10:00 AM' },
  { first: 'Edna', last: 'Early', phone: '8505550101', date: day1, time: '8:00 AM' },
  {
    first: 'Hal',
    last: 'Halfpast',
    phone: '8505550102',
    date: day1,
    time: '9:30 AM',
    delivery: true,
    productId: special.id,
  },
  { first: 'Tom', last: 'Tomorrow', phone: '8505550105', date: day2, time: '8:00 AM' },
  { first: 'Lara', last: 'Later', phone: '8505550106', date: day3, time: '11:00 AM' },
];
const name = (p: Planned) => `${p.first} ${p.last}`;
const day1Names = ['Edna Early', 'Hal Halfpast', 'Tess Ten', 'Noor Noon'];

async function placeOrder(p: Planned) {
  const session = new ApiSession(base());
  const email = `${p.first}.${p.last}.${Date.now()}@example.com`.toLowerCase();
  await session.call('POST', '/api/signup', {
    email,
    password: 'Customer-pass-1',
    firstName: p.first,
    lastName: p.last,
    phone: p.phone,
  });
  const lines: CartLine[] = [{ productId: p.productId ?? bread.id, quantity: 1 }];
  const priced = priceOrder(
    lines,
    { pickupDate: p.date, hasWriting: false, hasBows: false },
    realToday,
  );
  // core's one payload builder, as the storefront sends it.
  const orderData = buildOrderPayload(
    priced,
    {
      customerPhone: p.phone,
      pickupDate: p.date,
      pickupTime: p.time,
      deliveryMethod: p.delivery ? 'delivery' : 'pickup',
      deliveryAddress: '12 Oven Street',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
      deliveryInstructions: 'Side door',
      specialInstructions: p.first === 'Tess' ? 'Birthday candles in the box' : '',
    },
    { id: null, firstName: p.first, lastName: p.last, email },
  );
  await session.call('POST', '/api/submit-order', { orderData });
}

let page: Page;
const detail = () => page.getByRole('region', { name: /^Order [0-9A-Z]{8}$/ });
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });

/** The customer column of the grid, top to bottom (rows the grid has loaded). */
const gridCustomers = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="region"][aria-label="Orders"] [role="row"]')]
      .map((r) => ({
        i: Number(r.getAttribute('aria-rowindex') ?? r.getAttribute('row-index')),
        name:
          (
            r.querySelector('[col-id="customer"]') ?? r.querySelectorAll('[role="gridcell"]')[1]
          )?.textContent?.trim() ?? '',
      }))
      .filter((r) => r.name !== '' && r.name !== 'Customer')
      .sort((a, b) => a.i - b.i)
      .map((r) => r.name),
  );

const openRow = (customer: string) =>
  page.getByRole('gridcell', { name: customer, exact: true }).click();

/** Prints what is on screen to a PDF (print media, Letter) and reads its text back with pdftotext. */
async function printedText(file: string): Promise<string> {
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  const path = join(pdfDir, file);
  writeFileSync(path, pdf);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

test.beforeAll(async ({ browser }) => {
  for (const p of PLAN) await placeOrder(p);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // 7:30 AM in New York on day 1: "Today" on the desk is day 1.
  await page.clock.install({ time: new Date(startOfBakeryDay(day1).getTime() + 7.5 * 3600_000) });
});
test.afterAll(async () => page?.close());

test('the desk opens on what is due, right under the header', async () => {
  await page.goto(`${base()}/admin/login`);
  await page.getByLabel('Email').fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password').fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const grid = page.getByRole('region', { name: 'Orders' });
  await expect(grid).toBeVisible();
  // Coming days: all three due dates are listed, day 1 first, 8:00 AM first.
  await expect.poll(gridCustomers).toEqual(expect.arrayContaining(PLAN.map(name)));
  expect((await gridCustomers())[0]).toBe('Edna Early');
  // The grid starts high on the page, and no column needs horizontal scrolling at 1280 px.
  const box = (await grid.boundingBox())!;
  expect(box.y).toBeLessThan(170);
  // Every column fits: the last header ends inside the grid.
  const status = (await page
    .getByRole('columnheader', { name: 'Status', exact: true })
    .boundingBox())!;
  expect(status.x + status.width).toBeLessThanOrEqual(box.x + box.width + 1);
  for (const header of [
    'Order',
    'Customer',
    'Due',
    'Method',
    'Items',
    'Total',
    'Payment',
    'Status',
  ])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  // The page itself does not scroll.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
});

test('Today lists the day by time: 8:00 AM, 9:30 AM, 10:00 AM, 12:00 PM', async () => {
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect.poll(gridCustomers).toEqual(day1Names);
  await expect(page.getByTestId('desk-count')).toHaveText('4 orders');
  await expect(page.getByRole('gridcell', { name: /· 8:00 AM$/ })).toBeVisible();
  await expect(page).toHaveURL(/due=today/);
});

test('search finds a phone number as typed, an item and the instructions', async () => {
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill('(850) 555-0103');
  await expect.poll(gridCustomers).toEqual(['Tess Ten']);
  await search.fill(special.name);
  await expect.poll(gridCustomers).toEqual(['Hal Halfpast']);
  await search.fill('candles');
  await expect.poll(gridCustomers).toEqual(['Tess Ten']);
  await search.fill('');
  await expect.poll(gridCustomers).toEqual(day1Names);
});

test("the day's pick list prints to PDF with every customer's name", async () => {
  await page.getByRole('button', { name: 'Pick list' }).click();
  const preview = page.getByRole('dialog', { name: /^Pick list / });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('4 orders due')).toBeVisible();
  const text = await printedText('pick-list.pdf');
  for (const customer of day1Names) expect(text).toContain(customer);
  expect(text).toContain('12 Oven Street'); // the delivery's address
  // Issue 23: the delivery's instructions, and that its fee is still to come.
  // (pdftotext -layout wraps a narrow column: the words, not the line breaks.)
  expect(text).toMatch(/Delivery\s+instructions:\s+Side/);
  expect(text).toContain('delivery fee (pending)');
  expect(text).not.toContain('Tom Tomorrow');
  expect(text).not.toContain('Order Management'); // only the paper prints
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
});

test('an order ticket prints to PDF; printing the desk prints the desk', async () => {
  await openRow('Tess Ten');
  await expect(detail().getByTestId('order-due')).toContainText('10:00 AM');
  await expect(detail().getByRole('link', { name: '8505550103' })).toHaveAttribute(
    'href',
    'tel:8505550103',
  );
  await detail().getByRole('button', { name: 'Print ticket' }).click();
  const ticket = await printedText('ticket.pdf');
  expect(ticket).toContain('Tess Ten');
  expect(ticket).toContain('Birthday candles in the box');
  // Issue 23: the breakdown, not only a total.
  expect(ticket).toMatch(/Subtotal\s+\$\d+\.\d\d/);
  expect(ticket).toMatch(/Tax\s+\$\d+\.\d\d/);
  expect(ticket).toMatch(/Total\s+\$\d+\.\d\d/);
  expect(ticket).not.toContain('Noor Noon');
  await page.getByRole('button', { name: 'Close' }).click();
  // Without a preview, print media shows the screen itself (not a blank page).
  const screenText = await printedText('desk.pdf');
  expect(screenText).toContain('Order Management');
  expect(screenText).toContain('Tess Ten');
});

test('Fulfill asks first (Escape keeps the order), then takes the payment and hands it over once', async () => {
  await openRow('Edna Early');
  await detail().getByRole('button', { name: 'Fulfill' }).click();
  const ask = page.getByRole('alertdialog');
  // An unpaid order: the amount due first, the payment taken in the same step (issue 23).
  await expect(ask).toContainText('is still due: take the payment with it.');
  await expect(ask.getByTestId('amount-due')).toContainText('due.');
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(detail().getByText('Received', { exact: true })).toBeVisible();
  await detail().getByRole('button', { name: 'Fulfill' }).click();
  await page.getByRole('alertdialog').getByLabel('Paid by').selectOption('cash');
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Take payment and hand over' })
    .click();
  await expect(toast('Payment taken and order handed over')).toBeVisible();
  await expect(detail().getByText('Picked up', { exact: true })).toBeVisible();
  await expect(detail().getByRole('button', { name: 'Fulfill' })).toHaveCount(0);
  await expect(detail().getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(detail().getByRole('list', { name: 'History' })).toContainText('Marked fulfilled');
  await expect(detail().getByRole('list', { name: 'History' })).toContainText('Paid by');
});

test('Cancel asks first; a cancelled order offers no Fulfill and the API refuses it', async () => {
  await openRow('Noor Noon');
  await detail().getByRole('button', { name: 'Cancel Order' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('The customer is e-mailed that the order is cancelled.');
  await ask.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(toast('Order cancelled')).toBeVisible();
  await expect(detail().getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(detail().getByRole('button', { name: 'Fulfill' })).toHaveCount(0);
  await expect(detail().getByRole('list', { name: 'History' })).toContainText(
    'Payment: Pending → Cancelled',
  );
  const id = await page.evaluate(() => new URLSearchParams(location.search).get('order'));
  const refused = await page.request.patch(`${base()}/api/admin/orders/${id}/fulfill`, {
    headers: { Origin: base() },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'invalid_state',
    message: 'Cannot fulfill: order is cancelled',
  });
});

test('a delivery fee is entered, then corrected before payment', async () => {
  await openRow('Hal Halfpast');
  const d = detail();
  await expect(d.getByTestId('order-due')).toContainText('Delivery');
  await expect(d.getByTestId('order-due')).toContainText('9:30 AM');
  await expect(d.getByText('12 Oven Street, Tallahassee, FL 32301')).toBeVisible();
  const before = Number((await d.getByTestId('order-total').innerText()).replace(/[$,]/g, ''));
  await d.getByLabel('Delivery fee ($)').fill('7.50');
  await d.getByRole('button', { name: 'Calculate Delivery Fee' }).click();
  await expect(toast(/Delivery fee of \$7\.50 added/)).toBeVisible();
  await expect(d.getByTestId('order-total')).toHaveText(
    formatCents(Math.round(before * 100) + 750),
  );
  await d.getByRole('button', { name: 'Correct delivery fee' }).click();
  await d.getByLabel('Delivery fee ($)').fill('5');
  await d.getByRole('button', { name: 'Save corrected fee' }).click();
  await expect(toast(/Delivery fee corrected to \$5\.00/)).toBeVisible();
  await expect(d.getByTestId('order-total')).toHaveText(
    formatCents(Math.round(before * 100) + 500),
  );
  await expect(d.getByRole('button', { name: 'Confirm Payment' })).toBeVisible();
  await page.screenshot({ path: join(docs, 'desktop-order-desk.png') });
});

test('an ended session returns to the login page with a message, then to the same URL', async () => {
  await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
  await expect.poll(gridCustomers).toEqual(['Tom Tomorrow']);
  await page.context().clearCookies();
  // The next call the desk makes (here: Today's list) answers 401.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your session has ended. Please sign in again.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\?expired=1&next=%2Fadmin%2Fdashboard/);
  await page.getByLabel('Email').fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password').fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?.*due=today/);
  await expect.poll(gridCustomers).toEqual(day1Names);
});
