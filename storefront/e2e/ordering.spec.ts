// Issue 14 in Debian's Chromium against the real API and PostgreSQL, at 1280
// and at 375 px: typed dates, "Smith Jr." orders, two sizes of one product,
// the cart view (edit, remove), logout empties the cart, the account page,
// reorder, unknown confirmation ids, the return to /order after signing in,
// no sideways scrolling at 375 px, and axe on every customer page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, bakeryToday, formatCents, MENU_ITEMS, maxQuantityOf } from '@bakery/core';

const baseURL = process.env.E2E_BASE_URL!;
test.use({ baseURL });
// Shared 2-core machines under load: a sign-up and an order can take a minute.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'sourdough-42';
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@example.com`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

/** A product sold by the 6, 12 or 24. */
const cookie = MENU_ITEMS.find((i) => i.variants?.some((v) => v.id === '24-count'))!;
const price = (id: string) => cookie.variants!.find((v) => v.id === id)!.priceCents;
const cake = MENU_ITEMS.find((i) => i.fillings)!;
const bread = MENU_ITEMS.find((i) => i.category === 'breads' && !i.variants?.length)!;

async function signUp(page: Page, lastName = 'Baker', email = uniqueEmail('h14')) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(850) 555-1234');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Sets a line from the order page's product row (spec "Order page cart"): the
 * count or size, then the quantity typed (or the checkbox, for one).
 */
async function addFromOrderPage(
  page: Page,
  item: { id: string; name: string; category: string },
  options: { variant?: string; quantity?: number } = {},
) {
  if (!page.url().includes('/order')) await page.goto(`/order#${item.category}`);
  else await page.getByRole('button', { name: categoryLabel(item.category), exact: true }).click();
  const row = page.locator('.product-row').filter({ hasText: item.name }).first();
  if (options.variant) await row.locator('select').first().selectOption(options.variant);
  if (options.quantity && options.quantity !== 1)
    await row.getByLabel(`Quantity of ${item.name}`).fill(String(options.quantity));
  else await row.getByRole('checkbox', { name: item.name, exact: true }).check();
  return row;
}

/**
 * Amounts of the page that break inside the number ("$60." over "00"), as
 * "text: lines": every element whose whole text is an amount, with or without
 * the `amount` class, laid out on more than one line.
 */
const brokenAmounts = (page: Page) =>
  page.locator('main *').evaluateAll((elements) =>
    elements
      .filter(
        (el) => el.children.length === 0 && /^\$[\d,]+\.\d\d$/.test((el.textContent ?? '').trim()),
      )
      .map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { text: el.textContent ?? '', lines: lines.size };
      })
      .filter((a) => a.lines > 1)
      .map((a) => `${a.text}: ${a.lines} lines`),
  );

const categoryLabel = (id: string) =>
  ({
    breads: 'Breads',
    cookies: 'Cookies',
    cakes: 'Cakes',
    muffins: 'Muffins',
    brownies: 'Brownies',
    cupcakes: 'Cupcakes',
    'oat-bars': 'Oat Bars/Granola',
    'gourmet-cookies': 'Gourmet Cookies',
  })[id] ?? id;

/** The date `days` from the bakery's today as the keyboard types it in an en-US date field. */
function typedDate(days: number) {
  const iso = addDays(bakeryToday(), days);
  const [y, m, d] = iso.split('-');
  return { iso, keys: `${m}${d}${y}` };
}

const openMenuIfPhone = async (page: Page) => {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
};

// Issue 24: two cakes, one writing each, on a 375 px phone; the screenshot is
// the one in docs/storefront.md.
test.describe('per-cake writing at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('two cakes get a writing field each, kept apart', async ({ page }) => {
    const otherCake = MENU_ITEMS.find((i) => i.fillings && i.id !== cake.id)!;
    await signUp(page);
    await addFromOrderPage(page, cake);
    await addFromOrderPage(page, otherCake);
    await page.getByLabel('Add writing (+$5.00)').check();
    const perCake = page.getByRole('group', { name: /Writing on each cake/ });
    await expect(perCake).toBeVisible();
    await page.getByLabel(new RegExp(`^Writing on the ${cake.name}`)).fill('Happy 8th, Ana!');
    await page.getByLabel(new RegExp(`^Writing on the ${otherCake.name}`)).fill('Congrats Leo');
    await expect(page.getByLabel('Writing on the cake')).toHaveCount(0);
    await expect(brokenAmounts(page)).resolves.toEqual([]);
    await perCake.scrollIntoViewIfNeeded();
    await page.locator('section', { has: page.locator('#cake-heading') }).screenshot({
      path: join(import.meta.dirname, '..', '..', 'docs', 'storefront-cake-writing.png'),
    });
  });
});

for (const viewport of [
  { width: 1280, height: 800, name: 'desktop' },
  { width: 375, height: 812, name: 'phone' },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('"Smith Jr." types the date with the keyboard, orders, and sees the confirmation', async ({
      page,
    }) => {
      await signUp(page, 'Smith Jr.');
      await addFromOrderPage(page, bread);
      // Larger amounts in the summary ($110.00, $160.53) at 375 px (issue 24).
      await addFromOrderPage(page, cookie, { variant: '24-count', quantity: 2 });
      await expect(
        page.getByText(/Opening hours: Monday to Sunday: 8:00 AM to 7:00 PM/),
      ).toBeVisible();
      const { iso, keys } = typedDate(20);
      const date = page.getByLabel('Pickup date');
      await date.click();
      await page.keyboard.type(keys);
      await expect(date).toHaveValue(iso);
      await expect(page.getByText('Pickup date must be at least 3 days in advance')).toHaveCount(0);
      await page.getByLabel('Pickup time').selectOption('6:30 PM');
      await expect(page.getByText('Missing information:')).toHaveCount(0);
      expect(await brokenAmounts(page)).toEqual([]);
      await shot(page, `h14-order-${viewport.name}`);
      await page.getByRole('button', { name: 'Submit Order' }).click();
      await expect(page.getByText('Order submitted for review', { exact: true })).toBeVisible();
      // The toast (the form's note says the same without Square, issue 38).
      await expect(
        page
          .getByRole('region', { name: 'Notifications' })
          .getByText(
            "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
          ),
      ).toBeVisible();
      // Spec section 2: My Orders after 2 seconds.
      await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });
      const card = page.getByTestId('order-card').first();
      await expect(card.getByText(/\d{4} at 6:30 PM/)).toBeVisible();
      expect(await brokenAmounts(page)).toEqual([]);
      await shot(page, `h24-my-orders-${viewport.name}`);
      const orders = (await (await page.request.get('/api/my-orders')).json()) as {
        customerName: string;
        orderNumber: string;
      }[];
      expect(orders[0]!.customerName).toBe('Jane Smith Jr.');
      // The short number shown everywhere finds the order on the confirmation page.
      await page.goto(`/confirmation?order_id=${orders[0]!.orderNumber}`);
      await expect(
        page.getByRole('heading', { name: `Order #${orders[0]!.orderNumber}` }),
      ).toBeVisible();
      await expect(page.getByText(bread.name)).toBeVisible();
      await expect(page.getByText(/\d{4} at 6:30 PM/)).toBeVisible();
      await expect(
        page.getByText(
          "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
        ),
      ).toHaveCount(1);
      await expect(page.getByText(/not configured/)).toHaveCount(0);
      await expect(page.getByText('Processing Payment...')).toHaveCount(0);
      expect(await brokenAmounts(page)).toEqual([]);
      await shot(page, `h14-confirmation-${viewport.name}`);
    });

    test('two counts of one product are two lines; the cart edits and removes them', async ({
      page,
    }) => {
      await signUp(page);
      await addFromOrderPage(page, cookie, { variant: '24-count', quantity: 2 });
      await addFromOrderPage(page, cookie, { variant: '6-count', quantity: 1 });
      // The cart count is visible without opening the phone's menu.
      const cartLink = page.getByRole('link', { name: /^Cart, 3 items/ });
      await expect(cartLink).toBeVisible();
      await cartLink.click();
      await expect(page).toHaveURL(/\/cart$/);
      const lines = page.getByTestId('cart-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText('24 count');
      await expect(lines.nth(1)).toContainText('6 count');
      await expect(page.getByTestId('cart-subtotal')).toHaveText(
        formatCents(2 * price('24-count') + price('6-count')),
      );
      await shot(page, `h14-cart-${viewport.name}`);
      await lines
        .nth(1)
        .getByRole('button', { name: /^One more/ })
        .click();
      await expect(page.getByTestId('cart-subtotal')).toHaveText(
        formatCents(2 * price('24-count') + 2 * price('6-count')),
      );
      await lines
        .nth(0)
        .getByRole('button', { name: /^Remove/ })
        .click();
      await expect(lines).toHaveCount(1);
      await expect(page.getByTestId('cart-subtotal')).toHaveText(formatCents(2 * price('6-count')));
      // The order summary edits the same lines.
      await page.getByRole('link', { name: 'Continue to Order' }).click();
      const summaryLine = page.locator('.order-section').getByTestId('cart-line');
      await expect(summaryLine).toHaveCount(1);
      await summaryLine.getByRole('button', { name: /^One fewer/ }).click();
      await expect(page.getByTestId('summary-subtotal')).toHaveText(formatCents(price('6-count')));
    });

    test("a row's quantity is the cart's, and stops at the maximum", async ({ page }) => {
      await signUp(page);
      const max = maxQuantityOf(bread);
      const row = await addFromOrderPage(page, bread, { quantity: max + 5 });
      await expect(row.getByLabel(`Quantity of ${bread.name}`)).toHaveValue(String(max));
      await expect(row.getByText(`Max: ${max}`)).toBeVisible();
      await expect(
        page.getByRole('link', { name: new RegExp(`^Cart, ${max} items`) }),
      ).toBeVisible();
      await row.getByRole('checkbox', { name: bread.name, exact: true }).uncheck();
      await expect(page.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
    });

    test('what was typed on /order survives Keep Shopping, Back and a reload', async ({ page }) => {
      await signUp(page);
      await addFromOrderPage(page, cake);
      await page.getByLabel('Phone number').fill('(850) 555-0199');
      await page.getByLabel('Pickup date').fill(addDays(bakeryToday(), 14));
      await page.getByLabel('Pickup time').selectOption('2:30 PM');
      await page.getByLabel('Add writing (+$5.00)').check();
      await page.getByLabel('Writing on the cake').fill('Love you');
      await page.getByLabel(/Anything we should know/).fill('Ring twice');
      await page.goto('/menu');
      await page.goBack();
      await expect(page.getByLabel('Writing on the cake')).toHaveValue('Love you');
      await page.reload();
      await expect(page.getByLabel('Phone number')).toHaveValue('(850) 555-0199');
      await expect(page.getByLabel('Pickup date')).toHaveValue(addDays(bakeryToday(), 14));
      await expect(page.getByLabel('Pickup time')).toHaveValue('2:30 PM');
      await expect(page.getByLabel('Writing on the cake')).toHaveValue('Love you');
      await expect(page.getByLabel(/Anything we should know/)).toHaveValue('Ring twice');
    });

    test('logout empties the cart; the next account starts empty', async ({ page }) => {
      const first = await signUp(page);
      await addFromOrderPage(page, bread);
      await expect(page.getByRole('link', { name: /^Cart, 1 items/ })).toBeVisible();
      await openMenuIfPhone(page);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByText('Logged out successfully')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
      await signUp(page, 'Other');
      await expect(page.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
      expect(first).not.toBe('');
    });

    test('signing in from the order prompt comes back to /order with the item', async ({
      page,
    }) => {
      const email = await signUp(page);
      await openMenuIfPhone(page);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByText('Logged out successfully')).toBeVisible();
      await page.goto('/order');
      await expect(page.getByRole('heading', { name: 'Account Required' })).toBeVisible();
      await expect(page.getByText('Your cart is saved to your account')).toHaveCount(0);
      await page.getByRole('link', { name: 'Sign In' }).last().click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/order$/);
      await expect(page.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
    });
  });
}

test.describe('account, reorder, confirmation and delivery (1280 px)', () => {
  test('a profile change shows in GET /api/user; e-mail needs the current password', async ({
    page,
  }) => {
    await signUp(page);
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
    await page.getByLabel('First name').fill('José María');
    await page.getByLabel('Last name').fill("O'Neil Jr.");
    await page.getByLabel('Phone number').fill('(850) 555-0199');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    const me = (await (await page.request.get('/api/user')).json()) as Record<string, string>;
    expect(me).toMatchObject({
      firstName: 'José María',
      lastName: "O'Neil Jr.",
      phone: '(850) 555-0199',
    });
    await expect(page.getByText("Signed in as José María O'Neil Jr.")).toBeVisible();

    await page.getByLabel('New e-mail address').fill(uniqueEmail('moved'));
    await page.locator('#email-current-password').fill('wrong-password');
    await page.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    // Issue 27: the address changes only through the link mailed to it.
    const moved = uniqueEmail('moved');
    await page.getByLabel('New e-mail address').fill(moved);
    await page.locator('#email-current-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change E-mail' }).click();
    await expect(
      page
        .getByRole('region', { name: 'E-mail Address' })
        .getByText(`We have sent a confirmation link to ${moved}`),
    ).toBeVisible();
    expect(
      ((await (await page.request.get('/api/user')).json()) as { email: string }).email,
    ).not.toBe(moved);
    // The link in the mail to the new address (as the local SMTP server got it) makes the change.
    let token: string | undefined;
    await expect
      .poll(() => {
        const dir = process.env.E2E_OUTBOX_DIR!;
        if (!existsSync(dir)) return undefined;
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
          const text = readFileSync(join(dir, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          if (text.includes(moved)) token = text.match(/confirm-email\/([\w-]+)/)?.[1] ?? token;
        }
        return token;
      })
      .toBeTruthy();
    await page.goto(`/confirm-email/${token}`);
    await page.getByRole('button', { name: 'Confirm New Address' }).click();
    await expect(page.getByText(`Your e-mail address is now ${moved}.`)).toBeVisible();
    await shot(page, 'h14-account');
  });

  test("Reorder refills the cart at today's prices; My Orders shows status, place and options", async ({
    page,
  }) => {
    await signUp(page);
    await addFromOrderPage(page, cake, { variant: '8in' });
    await page.getByLabel('Pickup date').fill(addDays(bakeryToday(), 12));
    await page.getByLabel('Add writing (+$5.00)').check();
    await page.getByLabel('Writing on the cake').fill('Happy 8th, Ana!');
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });
    const card = page.getByTestId('order-card').first();
    await expect(card.locator('.status-badge')).toHaveText('Received');
    await expect(card.getByText(/1418 Thomasville Road/)).toBeVisible();
    await expect(card.getByText(/Filling: /)).toBeVisible();
    await expect(card.getByText('“Happy 8th, Ana!”')).toBeVisible();
    // Issue 38: no Square in this suite: pay at pickup, never a link that will not come.
    await expect(
      card.getByText(
        "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
      ),
    ).toBeVisible();
    await expect(card.getByText('Payment link is being generated')).toHaveCount(0);
    await shot(page, 'h14-my-orders');
    await card.getByRole('button', { name: /^Reorder/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('8');
  });

  test("an unknown confirmation id says 'Order not found'", async ({ page }) => {
    await page.goto('/confirmation?order_id=does-not-exist');
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await expect(page.getByText('Thank you for your order!')).toHaveCount(0);
  });

  test('delivery: the area and fee policy before choosing, Florida, a 5-digit ZIP in the area', async ({
    page,
  }) => {
    await signUp(page);
    await addFromOrderPage(page, bread);
    await expect(page.getByText(/We deliver within 25 miles of the bakery/)).toBeVisible();
    await page.getByLabel('Delivery', { exact: true }).check();
    const states = await page.getByLabel('State').locator('option').allTextContents();
    expect(states).toEqual(['Select state', 'Florida']);
    await page.getByLabel('ZIP code').fill('3230');
    await page.getByLabel('ZIP code').blur();
    await expect(page.getByText('Please enter a 5-digit ZIP code')).toBeVisible();
    // Beverly Hills, FL 90210 is not within 25 miles (issue 24).
    await page.getByLabel('Street address').fill('9400 Wilshire Blvd');
    await page.getByLabel('City').fill('Beverly Hills');
    await page.getByLabel('State').selectOption('FL');
    await page.getByLabel('ZIP code').fill('90210');
    await expect(page.locator('#delivery-area-error')).toContainText(
      'ZIP code 90210 is outside our delivery area',
    );
    await page.getByLabel('Delivery date').fill(addDays(bakeryToday(), 12));
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect(page.getByText('Order Validation Failed')).toBeVisible();
    await expect(page).toHaveURL(/\/order/);
    expect(await (await page.request.get('/api/my-orders')).json()).toEqual([]);
  });
});

test.describe('every customer page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  const routes = [
    '/',
    '/menu',
    '/order',
    '/cart',
    '/about',
    '/my-orders',
    '/account',
    '/confirmation?order_id=does-not-exist',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password/some-token',
    '/no-such-page',
  ];

  test('no sideways scrolling with a cake and cookies in the cart, and no serious axe violation', async ({
    page,
  }) => {
    // axe takes several seconds a page on a busy 2-core machine.
    test.setTimeout(10 * 60_000);
    // The owner's account (made by the global setup): the API allows 10 sign-ups an hour
    // from one address, and the other scenarios use them.
    await page.goto('/login');
    await page.getByLabel('Email').fill(process.env.E2E_OWNER_EMAIL!);
    await page.getByLabel('Password').fill(process.env.E2E_OWNER_PASSWORD!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-orders$/, { timeout: 45_000 });
    await addFromOrderPage(page, cake, { variant: '10in' });
    await addFromOrderPage(page, cookie, { variant: '24-count', quantity: 2 });
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main')).not.toBeEmpty();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) problems.push(`${route}: ${width} px wide`);
      const axe = await new AxeBuilder({ page }).analyze();
      for (const v of axe.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      ))
        problems.push(
          `${route}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      if (route === '/order' || route === '/cart')
        await shot(page, `h14-375${route.replace('/', '-')}`);
    }
    expect(problems).toEqual([]);
  });

  test('signed out pages have no serious axe violation either', async ({ page }) => {
    test.setTimeout(10 * 60_000);
    const problems: string[] = [];
    for (const route of ['/', '/menu', '/order', '/cart', '/about', '/login', '/signup']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      if (route === '/' || route === '/menu')
        await shot(page, `h14-375-signed-out${route.replace(/\//g, '-')}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) problems.push(`${route}: ${width} px wide`);
      const axe = await new AxeBuilder({ page }).analyze();
      for (const v of axe.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      ))
        problems.push(`${route}: ${v.id} (${v.impact})`);
    }
    expect(problems).toEqual([]);
  });
});

test('Escape closes the phone menu and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
  ).toBeHidden();
});

test('signing in again keeps nothing of another account', async ({ page }) => {
  const email = await signUp(page);
  await openMenuIfPhone(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, email);
  await expect(page.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
});

test('menu cards align their buttons and the About values fill their row at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/menu');
  const tops = await page
    .locator('.product-card')
    .evaluateAll((cards) =>
      cards
        .slice(0, 3)
        .map((c) => Math.round(c.querySelector('.btn')!.getBoundingClientRect().top)),
    );
  expect(new Set(tops).size).toBe(1);
  await shot(page, 'h14-menu-1280');
  await page.goto('/about');
  const values = page.locator('.values-grid > li');
  const rows = await values.evaluateAll((items) =>
    items.map((i) => Math.round(i.getBoundingClientRect().top)),
  );
  expect(new Set(rows).size).toBe(1);
  await shot(page, 'h14-about-1280');
});
