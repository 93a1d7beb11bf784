// The back office in Debian's Chromium, served by the real API on a fresh
// database (see global-setup.ts). One signed-in page walks the scenarios.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, bakeryToday } from '@bakery/core';
import { SEED_FILE, type Seed } from './seed';

test.describe.configure({ mode: 'serial' });

const shots = join(import.meta.dirname, '..', 'test-results');
let page: Page;
let seed: Seed;
const base = () => process.env.E2E_BASE_URL!;

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const stat = (label: string) => page.getByTestId(`stat-${label}`).locator('.value');
const detail = () => page.locator('.detail');
const moneyOf = (s: string | null) => Number((s ?? '').replace(/[^0-9.]/g, ''));

test.beforeAll(async ({ browser }) => {
  seed = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as Seed;
  page = await browser.newPage();
});
test.afterAll(async () => page?.close());

test('a wrong password shows Login Failed, then the owner signs in', async () => {
  await page.goto(`${base()}/admin/dashboard`);
  // Signed out: the one auto-login attempt fails and the login screen appears.
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('link', { name: 'Back to regular login' })).toHaveAttribute('href', /\/login$/);
  await page.getByLabel('Email').fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/^Login Failed: Invalid admin credentials/)).toBeVisible();
  await page.getByLabel('Password').fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
  await expect(stat('Total Orders')).toHaveText(String(seed.orderCount));
  await page.screenshot({ path: join(shots, 'tab-orders.png'), fullPage: true });
});

test('the figures follow the date range kept in the URL', async () => {
  const tomorrow = addDays(bakeryToday(), 1);
  await page.getByLabel('From').fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(stat('Total Orders')).toHaveText('0');
  await expect(page.getByText('No orders in this range')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(stat('Total Orders')).toHaveText(String(seed.orderCount));
  await expect(page).not.toHaveURL(/from=/);
});

test('a delivery fee raises the order total', async () => {
  await page.getByRole('gridcell', { name: seed.deliveryCustomer }).click();
  const before = moneyOf(await detail().getByTestId('order-total').textContent());
  await expect(detail().getByRole('button', { name: 'Confirm Payment' })).toHaveCount(0);
  await detail().getByLabel('Delivery fee ($)').fill('12.50');
  await detail().getByLabel('Distance (miles, optional)').fill('5');
  await detail().getByRole('button', { name: 'Calculate Delivery Fee' }).click();
  await expect(detail().getByTestId('order-total')).toHaveText(`$${(before + 12.5).toFixed(2)}`);
  await expect(detail().getByRole('button', { name: 'Confirm Payment' })).toBeVisible();
});

test('confirm payment, mark complete, back to in progress, cancel, delete', async () => {
  await page.getByRole('gridcell', { name: seed.pickupCustomer }).click();
  const d = detail();
  await d.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(d.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await expect(d.getByRole('button', { name: 'Confirm Payment' })).toHaveCount(0);
  await d.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(d.getByRole('button', { name: 'Mark In Progress' })).toBeVisible();
  await expect(d.getByRole('list', { name: 'History' })).toContainText('complete');
  await d.getByRole('button', { name: 'Mark In Progress' }).click();
  await expect(d.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await d.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(d.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await d.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this order? This action cannot be undone.')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('gridcell', { name: seed.pickupCustomer })).toHaveCount(0);
  await expect(page.getByText('No order selected')).toBeVisible();
  await expect(stat('Total Orders')).toHaveText(String(seed.orderCount - 1));
});

test('an ingredient and a recipe: total cost to the cent', async () => {
  await tab('Recipe Management').click();
  await page.getByRole('tab', { name: 'Ingredients' }).click();
  await page.getByRole('button', { name: 'Add Ingredient' }).click();
  const dlg = page.getByRole('dialog');
  await dlg.getByLabel('Name').fill('E2E Rice Flour');
  await dlg.getByLabel('Unit').fill('lb');
  await dlg.getByLabel('Cost per unit ($)').fill('1.38');
  await dlg.getByLabel('Category').fill('Flours');
  await dlg.getByLabel('Supplier').fill('Mill & Co');
  await dlg.getByRole('button', { name: 'Save Ingredient' }).click();
  const card = page.getByRole('listitem', { name: 'E2E Rice Flour' });
  await expect(card).toContainText('$1.38 per lb');
  await expect(card).toContainText('Mill & Co');

  await page.getByRole('tab', { name: 'Recipes & Costs' }).click();
  await page.getByRole('button', { name: 'Add Recipe' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('E2E Seeded Loaf');
  await page.getByRole('dialog').getByLabel('Prep time (minutes)').fill('20');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Recipe' }).click();
  const recipe = page.getByRole('region', { name: 'Recipe E2E Seeded Loaf' });
  await expect(recipe).toBeVisible();
  await recipe.getByRole('button', { name: 'Add Ingredient' }).click();
  await recipe.getByLabel('Ingredient').selectOption({ label: 'E2E Rice Flour (lb)' });
  await recipe.getByLabel('Quantity').fill('2.5');
  await recipe.getByRole('button', { name: 'Add Line' }).click();
  // 2.5 lb x $1.38 = $3.45
  await expect(recipe.getByTestId('recipe-total-cost')).toHaveText('$3.45');
  await page.screenshot({ path: join(shots, 'tab-recipes.png'), fullPage: true });
});

test("the owner changes a customer's role", async () => {
  await tab('User Management').click();
  const select = page.getByLabel(`Role of ${seed.customerEmail}`);
  await expect(select).toHaveValue('customer');
  await select.selectOption('admin');
  await expect(page.getByText('User role updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Role of ${seed.customerEmail}`)).toHaveValue('admin');
  await expect(page.getByRole('heading', { name: 'Role permissions' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'tab-users.png'), fullPage: true });
});

test('a review is approved (Live) and removed', async () => {
  await tab('Review Management').click();
  const pending = page.getByRole('region', { name: 'Pending reviews' });
  const approved = page.getByRole('region', { name: 'Approved reviews' });
  await pending.getByRole('button', { name: 'Approve' }).click();
  const live = approved.getByLabel(`Review ${seed.reviewTitle}`);
  await expect(live).toContainText('Live');
  await expect(live).toContainText('…');
  await page.screenshot({ path: join(shots, 'tab-reviews.png'), fullPage: true });
  const publicBefore = (await (await fetch(`${base()}/api/reviews`)).json()) as unknown[];
  expect(publicBefore).toHaveLength(1);
  await live.getByRole('button', { name: 'Remove' }).click();
  await expect(approved.getByText('No approved reviews')).toBeVisible();
  expect((await (await fetch(`${base()}/api/reviews`)).json()) as unknown[]).toHaveLength(0);
});

test('analytics figures and the orders export read back with exceljs', async () => {
  await tab('Analytics & Reports').click();
  await expect(page.getByTestId("analytics-Today's Orders").locator('.value')).toHaveText(String(seed.orderCount - 1));
  await page.screenshot({ path: join(shots, 'tab-analytics.png'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export orders' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bakery-orders-.*\.xlsx$/);
  const path = join(shots, download.suggestedFilename());
  await download.saveAs(path);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const text: string[] = [];
  wb.eachSheet((sheet) => sheet.eachRow((row) => text.push(JSON.stringify(row.values))));
  const all = text.join('\n');
  expect(all).toContain(seed.deliveryCustomer);
  expect(all).not.toContain(seed.pickupCustomer); // deleted above
});
