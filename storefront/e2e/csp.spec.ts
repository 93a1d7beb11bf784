// No Content-Security-Policy violation on any storefront page (issue 27: zod's
// `new Function` probe fired one on /my-orders). Every route of the storefront is
// visited in Chromium, signed out and signed in, and any
// `securitypolicyviolation` event or console CSP error fails the test. The
// screens come from siteRoutes.ts, the one list App.tsx routes with.
import { expect, test, type Page } from '@playwright/test';
import { SITE_ROUTES } from '../src/siteRoutes';
import { signUpCustomer } from './session';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL });

/** A concrete path for each screen of the storefront's one route list. */
const routesOfApp = (): string[] =>
  SITE_ROUTES.flatMap((route) => {
    if (route.notFound) return ['/no-such-page'];
    return route.token ? [route.path, `${route.path}/not-a-real-token`] : [route.path];
  });
/** Routes only a signed-in customer sees as they are (signed out they send to /login). */
const SIGNED_IN = ['/my-orders', '/account', '/order', '/cart', '/confirmation', '/menu', '/'];

/** Collects CSP violations of every page of the context, from the first script on. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  return async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The page has rendered its content (the route's own, or its sign-in redirect).
    await expect(page.locator('#root').first()).toBeVisible();
    const events = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    return [...violations.splice(0), ...events].map((v) => `${path}: ${v}`);
  };
}

test('no storefront route, signed out or signed in, fires a CSP violation', async ({ page }) => {
  const routes = routesOfApp();
  expect(routes).toEqual(expect.arrayContaining(['/', '/menu', '/my-orders', '/account']));
  const visit = await watchViolations(page);
  const found: string[] = [];
  for (const path of routes) found.push(...(await visit(path)));

  await signUpCustomer(page, 'csp');
  for (const path of SIGNED_IN) found.push(...(await visit(path)));
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  found.push(...(await visit('/my-orders')));

  expect(found).toEqual([]);
});
