// Who the scenarios act as: the owner through the staff API (an API request
// context of its own), and a new customer signed up in the page's context.
import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';

const baseURL = () => process.env.E2E_BASE_URL!;

/** The owner signed in through POST /api/admin/login; dispose() it after. */
export async function asOwner(playwright: PlaywrightWorkerArgs['playwright']) {
  const owner = await playwright.request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { origin: baseURL() },
  });
  const login = await owner.post('/api/admin/login', {
    data: { email: process.env.E2E_OWNER_EMAIL, password: process.env.E2E_OWNER_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return owner;
}

/** A new customer (`<prefix>-<time>@example.com`) signed in in the page's context; answers the address. */
export async function signUpCustomer(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/signup', {
    headers: { origin: baseURL() },
    data: {
      email,
      password: 'sourdough-42',
      firstName: 'Ada',
      lastName: 'Baker',
      phone: '8505551234',
    },
  });
  expect(signup.status()).toBe(201);
  return email;
}
