// The owner's Backups panel (User Management tab, issues 27 and 22) at 1280x800 against
// the real API: Back up now lists the backup with two downloads, the dump and
// the photos taken with it, each saved under the server's name so that
// `npm run db:restore -- <dump>` finds the photos beside it. The screenshot is
// the one in docs/deployment.md#backups.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsOwner } from './signIn';

const docs = join(import.meta.dirname, '..', '..', 'docs');
test.use({ viewport: { width: 1280, height: 800 } });

test('the owner downloads a backup and its photos from the Backups panel', async ({ page }) => {
  await signInAsOwner(page);
  await page.getByRole('tab', { name: 'User Management', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Backups' });
  await panel.getByRole('button', { name: 'Back up now' }).click();
  // The new backup's name, from its toast: the list may still show the one before
  // (issue 39: a manual backup is named as such, with a random part).
  const taken = page.locator('.bp6-toast', { hasText: 'Backup taken' });
  await expect(taken).toBeVisible();
  const dumpName = /bakery-\d{8}T\d{6}Z-manual-[0-9a-f]{8}\.dump/.exec(await taken.innerText())![0];
  const stem = dumpName.replace(/\.dump$/, '');
  const dumpButton = panel.getByRole('button', { name: `Download ${dumpName}`, exact: true });
  const photosButton = panel.getByRole('button', { name: `Download photos ${stem}.media.tar.gz` });
  await expect(dumpButton).toBeVisible();
  await expect(photosButton).toContainText(/^Download photos \(\d+(\.\d)? (B|KB|MB)\)$/);

  for (const [button, name] of [
    [dumpButton, dumpName],
    [photosButton, `${stem}.media.tar.gz`],
  ] as const) {
    const saving = page.waitForEvent('download');
    await button.click();
    const saved = await saving;
    expect(saved.suggestedFilename()).toBe(name);
    expect(await saved.failure()).toBeNull();
  }

  await panel.getByRole('heading', { name: 'Backups' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(docs, 'desktop-backups.png') });
});
