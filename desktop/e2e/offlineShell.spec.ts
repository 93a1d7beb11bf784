// The browser desk opens while the whole server is down (issue 42), in
// Debian's Chromium at 1280x800: once the desk has been open online, its
// service worker keeps every file of the build; then nothing of the server
// answers (the network is off and every request to it is aborted), the page
// is loaded again and opened anew, and the offline counter is there, with
// the queue (and a proxy's 502 for the page gets the kept page too). A cash
// sale recorded then arrives once when the server is back.
import { expect, test, type BrowserContext } from '@playwright/test';
import { bakeryToday, MENU_ITEMS, type CashUpView } from '@bakery/core';
import { ownerApiSession, signInAsOwner } from './signIn';

const base = () => process.env.E2E_BASE_URL!;
const bread = MENU_ITEMS.filter((i) => !i.variants?.length && !i.fillings && !i.addIns)[0]!;
test.use({ viewport: { width: 1280, height: 800 } });

/** Nothing of the server answers: no network, and every request to it aborted. */
async function serverDown(context: BrowserContext) {
  await context.setOffline(true);
  await context.route(`${base()}/**`, (route) => route.abort('connectionrefused'));
}

test('the desk opens from its service worker while the whole server is down; its cash sale arrives once', async ({
  page,
  context,
}) => {
  const owner = await ownerApiSession();
  const today = bakeryToday();
  const cashBefore = await owner.call<CashUpView>('GET', `/api/admin/cash-up?date=${today}`);

  await signInAsOwner(page);
  // The worker controls the page once it has kept the build.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('bakery-admin-'))!);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(kept).toContain('/admin/index.html');
  expect(kept.filter((p) => p.startsWith('/admin/assets/')).length).toBeGreaterThan(10);

  // Behind a proxy, a server that is down is the proxy's 502: the kept shell answers.
  const pages = `${base()}/admin/dashboard`;
  await context.route(pages, (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
  await context.unroute(pages);

  await serverDown(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  const form = page.getByRole('form', { name: 'Cash sale' });
  await form.getByLabel('Item 1 product').selectOption(bread.id);
  await form.getByLabel('Cash tendered ($)').fill('50');
  await form.getByRole('button', { name: 'Record cash sale' }).click();
  await expect(form.getByRole('status')).toContainText('kept; give');
  await expect(page.locator('.offline-banner')).toContainText('1 action waiting to be sent');

  // Opened anew, the server still down: the shell and the queue are there.
  const again = await context.newPage();
  await again.goto(`${base()}/admin/dashboard`);
  await expect(again.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(again.locator('.offline-banner')).toContainText('1 action waiting to be sent');
  await page.close();

  await context.unroute(`${base()}/**`);
  await context.setOffline(false);
  await expect(again.locator('.offline-banner')).toHaveCount(0, { timeout: 60_000 });
  const cashAfter = await owner.call<CashUpView>('GET', `/api/admin/cash-up?date=${today}`);
  expect(cashAfter.cashInRows - cashBefore.cashInRows).toBe(1);
});
