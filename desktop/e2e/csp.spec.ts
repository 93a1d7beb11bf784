// No Content-Security-Policy violation on the back office either (issue 27:
// "no CSP violation on any page"): the sign-in page, then every tab of the
// dashboard as the owner, in Chromium; any `securitypolicyviolation` event or
// console CSP error fails the test.
import { expect, test } from '@playwright/test';

const TABS = [
  'Overview',
  'Order Management',
  'Recipe Management',
  'User Management',
  'Review Management',
  'Analytics & Reports',
  'Kitchen',
  'Settings',
];

test('no back-office screen fires a CSP violation', async ({ page }) => {
  const base = process.env.E2E_BASE_URL!;
  const found: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy: ${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      found.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password').fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(found).toEqual([]);
});
