// The back office in Debian's Chromium, served by the real API on a database
// of its own (see global-setup.ts). One signed-in page walks the issue's
// scenarios in order; each step starts from what the previous one left.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, bakeryToday, formatCents } from '@bakery/core';
import { SEED_FILE, type Seed } from './seed';

test.describe.configure({ mode: 'serial' });

const shots = join(import.meta.dirname, '..', 'test-results');
let page: Page;
let seed: Seed;
/**
 * "Today's Orders" counts orders placed on the bakery's today: a run that
 * crosses midnight in New York between the seed and the check sees 0.
 */
const todaysOrders = () => String(bakeryToday() === seed.orderedOn ? seed.orderCount : 0);
const base = () => process.env.E2E_BASE_URL!;

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const stat = (label: string) => page.getByTestId(`stat-${label}`).locator('.value');
const detail = () => page.getByRole('region', { name: /^Order [0-9A-Z]{8}$/ });
/** The toast saying `text` (the one before it may still be fading out). */
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });
const row = (customer: string) => page.getByRole('gridcell', { name: customer, exact: true });

/** Add Recipe / Add Ingredient: fills the dialog's fields by label and saves. */
async function addInDialog(noun: 'Recipe' | 'Ingredient', fields: Record<string, string>) {
  await page.getByRole('button', { name: `Add ${noun}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${noun}` });
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: `Save ${noun}` }).click();
}

test.beforeAll(async ({ browser }) => {
  seed = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as Seed;
  page = await browser.newPage();
});
test.afterAll(async () => page?.close());

test('a wrong password shows Login Failed, then the owner signs in and sees the seeded figures', async () => {
  await page.goto(`${base()}/admin/dashboard`);
  // Signed out: the one auto-login attempt fails and the login screen appears.
  await expect(page).toHaveURL(/\/admin\/login(\?next=|$)/);
  await expect(page.getByRole('link', { name: 'Back to regular login' })).toHaveAttribute(
    'href',
    /\/login$/,
  );
  await page.getByLabel('Email', { exact: true }).fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast('Login Failed')).toHaveText('Login Failed: Invalid admin credentials');
  await page.getByLabel('Password', { exact: true }).fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();

  const open = seed.pickupTotalCents + seed.deliveryTotalCents + seed.spareTotalCents;
  // The stat cards live on the Overview tab; the dashboard opens on the order desk (issue 12).
  await expect(row(seed.pickupCustomer)).toBeVisible();
  await tab('Overview').click();
  await expect(stat('Total Orders')).toHaveText(String(seed.orderCount));
  await expect(stat('Pending')).toHaveText(String(seed.orderCount));
  await expect(stat('Completed')).toHaveText('0');
  await expect(stat('Total Revenue')).toHaveText('$0.00');
  await expect(stat('Open Payments')).toHaveText(formatCents(open));
  await expect(stat("Today's Orders")).toHaveText(todaysOrders());
  // Every seeded order is due later: nothing due so far, so no rate yet (issue 23).
  await expect(page.getByTestId('metric-Order Accuracy Rate')).toContainText('of 0 due so far');
  await tab('Order Management').click();
  await expect(row(seed.pickupCustomer)).toBeVisible();
  await page.screenshot({ path: join(shots, 'tab-orders.png'), fullPage: true });
});

test('the figures follow the date range kept in the URL', async () => {
  const tomorrow = addDays(bakeryToday(), 1);
  await tab('Overview').click();
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(stat('Total Orders')).toHaveText('0');
  // The desk applies the placed range too, and says so.
  await tab('Order Management').click();
  // The desk's own line (AG Grid's infinite model may also draw its overlay).
  await expect(page.getByText('No orders due in this range').first()).toBeVisible();
  await tab('Overview').click();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(stat('Total Orders')).toHaveText(String(seed.orderCount));
  await expect(page).not.toHaveURL(/from=/);
  await tab('Order Management').click();
});

test('quick search narrows the grid', async () => {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('dora');
  await expect(row(seed.pickupCustomer)).toHaveCount(0);
  await expect(row(seed.deliveryCustomer)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('');
  await expect(row(seed.pickupCustomer)).toBeVisible();
});

test('a delivery fee raises the order total', async () => {
  await row(seed.deliveryCustomer).click();
  const d = detail();
  await expect(d.getByTestId('order-total')).toHaveText(formatCents(seed.deliveryTotalCents));
  await expect(d.getByRole('button', { name: 'Confirm Payment' })).toHaveCount(0);
  await d.getByLabel('Delivery fee ($)', { exact: true }).fill('12.50');
  await d.getByLabel('Distance (miles, optional)', { exact: true }).fill('5');
  await d.getByRole('button', { name: 'Calculate Delivery Fee' }).click();
  await expect(toast('Delivery fee of $12.50 added.')).toBeVisible();
  await expect(d.getByTestId('order-total')).toHaveText(
    formatCents(seed.deliveryTotalCents + 1250),
  );
  await expect(d.getByRole('button', { name: 'Confirm Payment' })).toBeVisible();
  await tab('Overview').click();
  await expect(stat('Open Payments')).toHaveText(
    formatCents(seed.pickupTotalCents + seed.deliveryTotalCents + 1250 + seed.spareTotalCents),
  );
  await tab('Order Management').click();
});

test('confirm payment, mark complete, back to in progress, cancel; a paid order is archived, not deleted', async () => {
  await row(seed.pickupCustomer).click();
  const d = detail();
  await expect(d).toContainText(seed.pickupCustomer);
  await d.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(d.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await expect(d.getByRole('button', { name: 'Confirm Payment' })).toHaveCount(0);
  await d.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(d.getByRole('button', { name: 'Mark In Progress' })).toBeVisible();
  await expect(d.getByRole('list', { name: 'History' })).toContainText('complete');
  await d.getByRole('button', { name: 'Mark In Progress' }).click();
  await expect(d.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await d.getByRole('button', { name: 'Cancel Order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Order' }).click();
  await expect(d.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  // Issue 23: money came in, so the order is archived (its history kept), never deleted.
  await expect(d.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await d.getByRole('button', { name: 'Archive' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('keeps its money and history');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(toast('Order archived')).toBeVisible();
  await expect(row(seed.pickupCustomer)).toHaveCount(0);
  await tab('Overview').click();
  await expect(stat('Total Orders')).toHaveText(String(seed.orderCount));
  await tab('Order Management').click();
});

test('an ingredient and a recipe: total cost to the cent', async () => {
  await tab('Recipe Management').click();
  await page.getByRole('tab', { name: 'Ingredients' }).click();
  await addInDialog('Ingredient', {
    Name: 'E2E Rice Flour',
    Unit: 'lb',
    'Cost per unit ($)': '1.38',
    Category: 'Flours',
    Supplier: 'Mill & Co',
  });
  const card = page.getByRole('listitem', { name: 'E2E Rice Flour' });
  await expect(card).toContainText('$1.38 per lb');
  await expect(card).toContainText('Mill & Co');

  await page.getByRole('tab', { name: 'Recipes & Costs' }).click();
  await addInDialog('Recipe', {
    Name: 'E2E Seeded Loaf',
    'Prep time': '20 min',
    'Bake time': '50 min',
  });
  const recipe = page.getByRole('region', { name: 'Recipe E2E Seeded Loaf' });
  await expect(recipe).toContainText('Prep time: 20 min');
  await recipe.getByRole('button', { name: 'Add Ingredient' }).click();
  await recipe
    .getByLabel('Ingredient', { exact: true })
    .selectOption({ label: 'E2E Rice Flour (lb)' });
  await recipe.getByLabel('Quantity', { exact: true }).fill('2.5');
  await recipe.getByRole('button', { name: 'Add Line' }).click();
  // 2.5 lb x $1.38 = $3.45
  await expect(recipe.getByRole('table', { name: 'Cost breakdown' })).toContainText(
    'E2E Rice Flour',
  );
  await expect(recipe.getByTestId('recipe-total-cost')).toHaveText('$3.45');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(shots, 'tab-recipes.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Removing a line asks first (issue 12): Escape keeps it, Remove takes it out.
  const removeFlour = recipe.getByRole('button', { name: 'Remove E2E Rice Flour' });
  await removeFlour.click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Remove E2E Rice Flour from E2E Seeded Loaf?');
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(recipe.getByTestId('recipe-total-cost')).toHaveText('$3.45');
  await removeFlour.click();
  await ask.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast('Recipe updated: E2E Rice Flour removed')).toBeVisible();
  await expect(recipe.getByTestId('recipe-total-cost')).toHaveText('$0.00');
  await expect(removeFlour).toHaveCount(0);
});

test("the owner changes a customer's role", async () => {
  await tab('User Management').click();
  const select = page.getByRole('combobox', { name: `Role of ${seed.customerEmail}` });
  await expect(select).toHaveValue('customer');
  await select.selectOption('admin');
  // A role change asks first (issue 12).
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change role' }).click();
  await expect(toast('User role updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Role of ${seed.customerEmail}` })).toHaveValue(
    'admin',
  );
  await expect(page.getByTestId('user-count-Admins').locator('.value')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Role permissions' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'tab-users.png'), fullPage: true });
});

test('a review is approved (Live) and removed', async () => {
  await tab('Review Management').click();
  const pending = page.getByRole('region', { name: 'Pending reviews' });
  const approved = page.getByRole('region', { name: 'Approved reviews' });
  await pending
    .getByRole('article', { name: `Review ${seed.reviewTitle}` })
    .getByRole('button', { name: 'Approve' })
    .click();
  const live = approved.getByRole('article', { name: `Review ${seed.reviewTitle}` });
  await expect(live).toContainText('Live');
  await expect(live).toContainText('…');
  await page.screenshot({ path: join(shots, 'tab-reviews.png'), fullPage: true });
  const publicList = async () =>
    (await (await fetch(`${base()}/api/reviews`)).json()) as { title: string }[];
  expect((await publicList()).map((r) => r.title)).toEqual([seed.reviewTitle]);
  await live.getByRole('button', { name: 'Remove' }).click();
  // A delete asks first (issue 12).
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete review' }).click();
  await expect(approved.getByText('No approved reviews')).toBeVisible();
  expect(await publicList()).toHaveLength(0);
});

test('analytics figures and the orders export read back with exceljs', async () => {
  await tab('Analytics & Reports').click();
  const figure = (label: string) => page.getByTestId(`analytics-${label}`).locator('.value');
  await expect(figure("Today's Orders")).toHaveText(todaysOrders());
  // The paid order was cancelled, then archived: its money stays received until a refund is recorded (issue 36).
  await expect(figure('Total Revenue')).toHaveText('$43.50');
  await expect(figure('Rush Orders')).toHaveText('0');
  await page.screenshot({ path: join(shots, 'tab-analytics.png'), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export orders' }).click(),
  ]);
  // Named by the server (Content-Disposition): orders-<from>-to-<to>.xlsx.
  expect(download.suggestedFilename()).toMatch(/^orders-.*-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = join(shots, download.suggestedFilename());
  await download.saveAs(path);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const text: string[] = [];
  wb.eachSheet((sheet) => sheet.eachRow((r) => text.push(JSON.stringify(r.values))));
  const all = text.join('\n');
  expect(all).toContain(seed.deliveryCustomer);
  expect(all).toContain(seed.spareCustomer);
  expect(all).toContain(seed.pickupCustomer); // archived above: its record stays
});

test('the dark theme is a setting that survives a reload', async () => {
  // Blueprint draws the switch over a visually hidden input: click its label, as a user does.
  await page.locator('label', { hasText: 'Dark theme' }).click();
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  await page.screenshot({ path: join(shots, 'tab-analytics-dark.png'), fullPage: true });
});

test('the Kitchen tab opens on its bake sheet', async () => {
  await tab('Kitchen').click();
  await expect(page.getByRole('tab', { name: 'Bake Sheet' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.screenshot({ path: join(shots, 'tab-kitchen.png'), fullPage: true });
});
