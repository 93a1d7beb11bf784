// Restore from the back office (issue 38) at 1280x800 against the real API:
// the owner backs up, picks that backup, confirms with her password, and a
// customer's tab on the storefront sees "Back in a minute" while the restore
// runs (the test keeps the shop closed with the API's RESTORE_HOLD_FILE until
// it has looked), then the shop again. The result names the rows restored
// and the backup taken just before. Restoring the backup just taken leaves
// the data as the next scenarios expect it. Screenshots: docs/desktop.md.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsOwner } from './signIn';

const docs = join(import.meta.dirname, '..', '..', 'docs');
test.use({ viewport: { width: 1280, height: 800 } });

test('the owner restores a backup; a customer sees the maintenance page, then the shop', async ({
  page,
  browser,
}) => {
  const hold = process.env.E2E_RESTORE_HOLD!;
  await signInAsOwner(page);
  await page.getByRole('tab', { name: 'User Management', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Backups' });
  await panel.getByRole('button', { name: 'Back up now' }).click();
  const taken = page.locator('.bp6-toast', { hasText: 'Backup taken' });
  await expect(taken).toBeVisible();
  const dumpName = /bakery-\d{8}T\d{6}Z-manual-[0-9a-f]{8}\.dump/.exec(await taken.innerText())![0];

  // A customer on the storefront, in a browser of her own.
  const shopper = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const customer = await shopper.newPage();
  await customer.goto(process.env.E2E_BASE_URL!);
  await expect(customer.getByRole('heading', { name: 'Back in a minute' })).toHaveCount(0);

  writeFileSync(hold, 'held by restore.spec.ts');
  try {
    await panel.getByRole('button', { name: `Restore ${dumpName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await expect(dialog).toContainText(dumpName);
    await dialog.getByLabel('Your password').fill(process.env.E2E_OWNER_PASSWORD!);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('status').filter({ hasText: 'Restoring' })).toBeVisible();

    // The customer's next page: the shop is closed for the restore.
    await customer.reload();
    await expect(customer.getByRole('heading', { name: 'Back in a minute' })).toBeVisible();
    await expect(customer.getByText("We're restoring the shop's data.")).toBeVisible();
    await customer.screenshot({ path: join(docs, 'desktop-restore-maintenance.png') });
  } finally {
    rmSync(hold, { force: true });
  }

  const result = panel.getByRole('status').filter({ hasText: `Restored ${dumpName}` });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toContainText('The shop is open again.');
  await expect(result).toContainText(/kept as bakery-\d{8}T\d{6}Z-manual-[0-9a-f]{8}\.dump/);
  await expect(result.getByRole('row', { name: /Orders \d+/ })).toBeVisible();
  await expect(result.getByRole('row', { name: /Menu items \d+/ })).toBeVisible();

  // The maintenance page looks again by itself: the customer has the shop back.
  await expect(customer.getByRole('heading', { name: 'Back in a minute' })).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(customer.getByRole('navigation').first()).toBeVisible();
  await shopper.close();

  // The owner is still signed in: the panel answers.
  await expect(panel.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(docs, 'desktop-restore.png') });
});
