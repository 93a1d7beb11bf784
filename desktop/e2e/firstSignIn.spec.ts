// A new staff member's first sign-in (issue 38) at 1280x800 against the real
// API: with the owner's "second factor for all staff" on, the two-step dialog
// opens by itself; it shows a QR code beside the key; a code from the key
// (computed here as an authenticator app would) turns it on; the ten recovery
// codes stay on screen (Escape does not close it) and download as a .txt;
// "I have saved them" closes it and the dashboard works without a reload;
// signed out, one of the codes kept signs her in again.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ApiSession } from '@bakery/test-support/client';
import { ownerApiSession } from './signIn';

const base = () => process.env.E2E_BASE_URL!;
const docs = join(import.meta.dirname, '..', '..', 'docs');
test.use({ viewport: { width: 1280, height: 800 } });

/** The 6-digit TOTP of a base32 key now (RFC 6238: SHA-1, 30 s), as the phone's app makes it. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('first sign-in: QR code beside the key, recovery codes kept before the dialog closes', async ({
  page,
}) => {
  const owner = await ownerApiSession();
  const email = `first.${Date.now()}@example.com`;
  const password = 'First-sign-in-pass-1';
  await new ApiSession(base()).call('POST', '/api/signup', {
    email,
    password,
    firstName: 'Nina',
    lastName: 'New',
    phone: '5551234567',
  });
  const users = await owner.call<{ id: string; email: string }[]>('GET', '/api/admin/users');
  const id = users.find((u) => u.email === email)!.id;
  await owner.call('PATCH', `/api/admin/users/${id}/role`, { role: 'admin' });
  await owner.call('PUT', '/api/admin/security-policy', { staffTotpRequired: true });
  try {
    await page.goto(`${base()}/admin/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Set up' }).click();
    const qr = dialog.getByRole('img', {
      name: 'QR code of the key, for the authenticator app to scan',
    });
    await expect(qr).toBeVisible();
    // A real picture, decoded by the browser.
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: join(docs, 'desktop-2fa-qr.png') });
    const key = ((await dialog.getByLabel('Key').textContent()) ?? '').replace(/\s/g, '');
    await dialog.getByLabel('Code from your authenticator app').fill(totp(key));
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const codes = dialog.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const shown = (await codes.allTextContents()).map((c) => c.trim());
    // The dialog stays: Escape does not close it while the codes are unsaved.
    await page.keyboard.press('Escape');
    await expect(codes).toHaveCount(10);
    await page.screenshot({ path: join(docs, 'desktop-recovery-codes.png') });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download as .txt' }).click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    for (const code of shown) expect(text).toContain(code);

    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(dialog).toHaveCount(0);
    // The dashboard answers without a reload: no "set up your authenticator" bar.
    await expect(page.getByText(/Staff accounts sign in with a second factor/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();

    // The codes kept are real: a phone lost, one of them signs her in, once.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Authentication code').fill(shown[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Two-step sign-in' })).toHaveCount(0);
  } finally {
    await owner.call('PUT', '/api/admin/security-policy', { staffTotpRequired: false });
  }
});
