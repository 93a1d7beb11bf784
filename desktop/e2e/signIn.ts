// The owner signed in at /admin/login, as the scenarios start (the account
// global-setup.ts made), on the dashboard once it shows; and the owner's API
// session, for a scenario's setup and clean-up.
import { expect, type Page } from '@playwright/test';
import { ApiSession } from '@bakery/test-support/client';

export async function signInAsOwner(page: Page) {
  await page.goto(`${process.env.E2E_BASE_URL!}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password', { exact: true }).fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
}

/** The owner signed in through the API, staff session started. */
export async function ownerApiSession(): Promise<ApiSession> {
  const owner = new ApiSession(process.env.E2E_BASE_URL!);
  await owner.call('POST', '/api/login', {
    email: process.env.E2E_OWNER_EMAIL,
    password: process.env.E2E_OWNER_PASSWORD,
  });
  await owner.call('POST', '/api/admin/auto-login', {});
  return owner;
}
