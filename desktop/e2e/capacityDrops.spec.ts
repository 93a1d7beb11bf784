// Kitchen > Capacity at 1280x800 against the real API (issue 37): a day with
// a drop shows the drop beside its category limits in the Drops tab's
// figures ("Cinnamon rolls: 2 / 34 sold, 32 left"), so the owner reads one
// number for the drop on both tabs.
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, bakeryToday, buildOrderPayload, priceOrder } from '@bakery/core';
import { signInAsOwner } from './signIn';

const shots = join(import.meta.dirname, '..', 'test-results');
test.use({ viewport: { width: 1280, height: 800 } });

const HOUR = 3_600_000;
const today = bakeryToday();
// Six days out: the desk spec owns days 3 to 5, the drop and menu specs day 10.
const date = addDays(today, 6);

/** A new customer's order of `quantity` boxes of cinnamon rolls for `date`; its id. */
async function customerBuys(request: APIRequestContext, quantity: number) {
  const baseURL = process.env.E2E_BASE_URL!;
  const email = `capacity-drop-${Date.now()}@example.com`;
  const headers = { origin: baseURL };
  const signup = await request.post(`${baseURL}/api/signup`, {
    headers,
    data: {
      email,
      password: 'sourdough-42',
      firstName: 'Kim',
      lastName: 'Baker',
      phone: '8505551234',
    },
  });
  expect(signup.status()).toBe(201);
  const lines = [{ productId: 'cinnamon-rolls', quantity }];
  const priced = priceOrder(
    lines,
    { pickupDate: date, hasWriting: false, hasBows: false, dropProductIds: ['cinnamon-rolls'] },
    today,
  );
  const orderData = buildOrderPayload(
    priced,
    {
      customerPhone: '8505551234',
      pickupDate: date,
      pickupTime: '10:00 AM',
      deliveryMethod: 'pickup',
      deliveryAddress: '',
      deliveryCity: '',
      deliveryState: '',
      deliveryZip: '',
      deliveryInstructions: '',
      specialInstructions: '',
    },
    { id: null, firstName: 'Kim', lastName: 'Baker', email },
  );
  const placed = await request.post(`${baseURL}/api/submit-order`, {
    headers,
    data: { orderData },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { id: string } }).order.id;
}

test("the Capacity panel shows a day's drop beside its limits, as the Drops tab does", async ({
  page,
  playwright,
}) => {
  await signInAsOwner(page);
  const baseURL = process.env.E2E_BASE_URL!;
  const created = await page.request.post(`${baseURL}/api/admin/drops`, {
    headers: { origin: baseURL },
    data: {
      name: 'Cinnamon Roll Drop',
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      pickupDates: [date],
      units: [{ label: 'Cinnamon rolls', productIds: ['cinnamon-rolls'], quantity: 34 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const customer = await playwright.request.newContext();
  let orderId: string | null = null;
  try {
    orderId = await customerBuys(customer, 2);

    await page.getByRole('tab', { name: 'Kitchen', exact: true }).click();
    await page.getByRole('tab', { name: 'Drops', exact: true }).click();
    const drops = page.getByRole('table', { name: 'Drops' });
    await expect(drops.getByRole('row', { name: /Cinnamon Roll Drop/ })).toContainText(
      'Cinnamon rolls: 2 / 34 sold, 32 left',
    );

    await page.getByRole('tab', { name: 'Capacity', exact: true }).click();
    const table = page.getByRole('table', { name: /Booked per day/ });
    const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const row = table.getByRole('row', { name: new RegExp(day) });
    await expect(row).toContainText('Cinnamon Roll Drop');
    await expect(row).toContainText('Cinnamon rolls: 2 / 34 sold, 32 left');
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'kitchen-capacity-drops.png') });
  } finally {
    // The order is cancelled (its boxes go back), so the drop can go: other
    // scenarios count the drops.
    if (orderId)
      await customer.post(`${baseURL}/api/my-orders/${orderId}/cancel`, {
        headers: { origin: baseURL },
        data: {},
      });
    await customer.dispose();
    const gone = await page.request.delete(`${baseURL}/api/admin/drops/${id}`, {
      headers: { origin: baseURL },
    });
    expect(gone.status(), await gone.text()).toBe(200);
  }
});
