// The owner signed in at /admin/login, as the scenarios start (the account
// global-setup.ts made), on the dashboard once it shows.
import { expect, type Page } from '@playwright/test';

export async function signInAsOwner(page: Page) {
  await page.goto(`${process.env.E2E_BASE_URL!}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password', { exact: true }).fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
}
