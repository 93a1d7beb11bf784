// The desk keeps working when the server cannot be reached (issue 42), in
// Debian's Chromium at 1280x800 against the real API and PostgreSQL: the
// API is made unreachable (every /api call aborted), 30 hand-overs and 10
// cash sales are recorded on the offline counter, the page is closed and
// opened again twice while they wait; meanwhile one order is cancelled on
// the server. On reconnect every action arrives exactly once (each order's
// payment rows and the day's cash, counted and summed, against what was
// done) and the refused hand-over is in the conflict list. Then Mark Ready
// and Out for Delivery the same way: six orders still in the kitchen, marked
// ready offline (one handed over after), the page reopened, one cancelled on
// the server meanwhile; on reconnect each order moved once (its state and
// its history rows) and the cancelled one is a conflict.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  addDays,
  bakeryToday,
  MENU_ITEMS,
  priceSale,
  startOfBakeryDay,
  type CashUpView,
  type OrderHistoryView,
  type OrderPaymentView,
} from '@bakery/core';
import { ApiSession } from '@bakery/test-support/client';
import { ownerApiSession } from './signIn';

test.describe.configure({ mode: 'serial' });

const base = () => process.env.E2E_BASE_URL!;
const realToday = bakeryToday();
// The desk's "today" in this test (its clock is set there): a day no other test uses.
const deskDay = addDays(realToday, 25);
// One loaf an order: the 30 orders fill the day's 30 breads exactly.
const bread = MENU_ITEMS.filter((i) => !i.variants?.length && !i.fillings && !i.addIns)[0]!;
// The Mark Ready orders take oat bars, so the day's breads stay as the first test left them.
const oatBar = MENU_ITEMS.find(
  (i) => i.category === 'oat-bars' && !i.variants?.length && !i.fillings && !i.addIns,
)!;

interface Placed {
  id: string;
  orderNumber: string;
  name: string;
  totalCents: number;
  paid: boolean;
}

let owner: ApiSession;
let context: BrowserContext;
const orders: Placed[] = [];
const sales: number[] = [];
let cashBefore: CashUpView;

const cents = (dollars: number) => Math.round(dollars * 100);
/** Names take letters only: "Offline Aa", "Offline Ab", … */
const name = (i: number) =>
  `Offline ${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;

test.beforeAll(async ({ browser }) => {
  owner = await ownerApiSession();
  // 30 orders due on the desk's day: 10 paid in cash when taken, 20 to be paid at the hand-over.
  for (let i = 0; i < 30; i += 1) {
    const paid = i < 10;
    const answer = await owner.call<{
      order: { id: string; orderNumber: string; total: number };
    }>('POST', '/api/admin/orders', {
      customerName: name(i),
      customerPhone: '8505550190',
      items: [{ productId: bread.id, quantity: 1 }],
      pickupDate: deskDay,
      pickupTime: '10:00 AM',
      channel: 'counter',
      payment: paid ? { method: 'cash', tenderedCents: 20_000 } : { method: 'later' },
    });
    orders.push({
      id: answer.order.id,
      orderNumber: answer.order.orderNumber,
      name: name(i),
      totalCents: cents(answer.order.total),
      paid,
    });
  }
  await owner.call('POST', '/api/admin/orders/ready', {
    ids: orders.map((o) => o.id),
    confirmed: true,
  });
  cashBefore = await owner.call<CashUpView>('GET', `/api/admin/cash-up?date=${realToday}`);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // 9:00 AM in New York on the desk's day.
  await context.clock.install({
    time: new Date(startOfBakeryDay(deskDay).getTime() + 9 * 3600_000),
  });
});

test.afterAll(async () => {
  await context?.close();
});

const offlineUnreachable = () =>
  context.route('**/api/**', (route) => route.abort('internetdisconnected'));

/** The orders the page keeps for the offline counter (localStorage). */
const keptOrders = (page: Page, prefix = 'Offline ') =>
  page.evaluate((prefix) => {
    const raw = localStorage.getItem('bakery.desk.offline.v1');
    const state = raw
      ? (JSON.parse(raw) as { snapshot?: { orders: { customerName: string }[] } })
      : {};
    return (state.snapshot?.orders ?? []).filter((o) => o.customerName.startsWith(prefix)).length;
  }, prefix);

async function handOver(page: Page, from: number, to: number) {
  for (let i = from; i < to; i += 1) {
    const order = orders[i]!;
    await page
      .getByRole('button', { name: `Hand over #${order.orderNumber} (${order.name})` })
      .click();
    await expect(
      page.getByRole('row', { name: new RegExp(`${order.name}.*Handed over: waiting to send`) }),
    ).toBeVisible();
  }
}

async function sell(page: Page, count: number) {
  const form = page.getByRole('form', { name: 'Cash sale' });
  for (let n = 0; n < count; n += 1) {
    const quantity = 1 + (sales.length % 4);
    await form.getByLabel('Item 1 product').selectOption(bread.id);
    await form.getByLabel('Item 1 quantity').fill(String(quantity));
    await form.getByLabel('Cash tendered ($)').fill('100');
    await form.getByRole('button', { name: 'Record cash sale' }).click();
    const total = priceSale(
      [
        {
          productId: bread.id,
          quantity,
          variant: null,
          filling: null,
          addIn: null,
          writing: undefined,
        },
      ],
      deskDay,
    ).totalCents;
    await expect(form.getByRole('status')).toContainText('kept; give');
    sales.push(total);
  }
}

const banner = (page: Page) => page.locator('.offline-banner');

test('offline: 30 hand-overs and 10 cash sales kept across two reopenings; on reconnect each arrives once and the cancelled order is a conflict', async () => {
  let page = await context.newPage();
  await page.goto(`${base()}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(process.env.E2E_OWNER_EMAIL!);
  await page.getByLabel('Password', { exact: true }).fill(process.env.E2E_OWNER_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
  // Online, the desk keeps the day's orders for a drop.
  await expect.poll(() => keptOrders(page), { timeout: 30_000 }).toBe(30);

  await offlineUnreachable();
  await expect(page.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(banner(page)).toContainText('Offline: the server cannot be reached');
  await handOver(page, 0, 12);
  await sell(page, 4);
  await expect(banner(page)).toContainText('16 actions waiting to be sent');

  // Closed and opened again, still offline: the queue is there.
  await page.close();
  page = await context.newPage();
  await page.goto(`${base()}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(banner(page)).toContainText('16 actions waiting to be sent');
  await handOver(page, 12, 22);
  await sell(page, 3);
  await expect(banner(page)).toContainText('29 actions waiting to be sent');

  await page.close();
  page = await context.newPage();
  await page.goto(`${base()}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  await handOver(page, 22, 30);
  await sell(page, 3);
  const waitingCents =
    orders.filter((o) => !o.paid).reduce((sum, o) => sum + o.totalCents, 0) +
    sales.reduce((sum, s) => sum + s, 0);
  await expect(banner(page)).toContainText(
    `40 actions waiting to be sent ($${(waitingCents / 100).toFixed(2)})`,
  );
  await page.screenshot({ path: '../docs/desk-offline.png' });

  // Meanwhile, on the server: the last unpaid order is cancelled.
  const cancelled = orders[29]!;
  await owner.call('PATCH', `/api/admin/orders/${cancelled.id}/status`, { status: 'cancelled' });

  await context.unroute('**/api/**');
  await expect(banner(page)).toHaveCount(0, { timeout: 60_000 });
  const conflicts = page.getByRole('list', { name: 'Conflicts' });
  await expect(conflicts.getByRole('listitem')).toHaveCount(1);
  await expect(conflicts).toContainText(
    `Hand over #${cancelled.orderNumber} (${cancelled.name}), cash $${(cancelled.totalCents / 100).toFixed(2)}`,
  );
  await expect(page.locator('.offline-conflicts')).toContainText('1 action refused by the server');
  await page
    .locator('.offline-conflicts')
    .screenshot({ path: '../docs/desk-offline-conflict.png' });

  // Exactly once: each order's payment rows, and the day's cash (rows and sum).
  for (const order of orders) {
    const rows = await owner.call<OrderPaymentView[]>(
      'GET',
      `/api/admin/orders/${order.id}/payments`,
    );
    const payments = rows.filter((r) => r.kind === 'payment');
    if (order === cancelled) expect(payments).toHaveLength(0);
    else {
      expect(payments, order.name).toHaveLength(1);
      expect(cents(payments[0]!.amount)).toBe(order.totalCents);
    }
  }
  const handedOver = orders.filter((o) => o !== cancelled);
  const listed = await owner.call<{ rows: { id: string; fulfillmentStatus: string }[] }>(
    'GET',
    `/api/admin/orders/desk?dueFrom=${deskDay}&dueTo=${deskDay}&q=Offline&limit=200`,
  );
  const stateOf = new Map(listed.rows.map((r) => [r.id, r.fulfillmentStatus]));
  expect(handedOver.map((o) => stateOf.get(o.id))).toEqual(handedOver.map(() => 'picked_up'));
  const cashAfter = await owner.call<CashUpView>('GET', `/api/admin/cash-up?date=${realToday}`);
  const handOverCash = handedOver.filter((o) => !o.paid).reduce((s, o) => s + o.totalCents, 0);
  expect(cashAfter.cashInRows - cashBefore.cashInRows).toBe(19 + 10);
  expect(cashAfter.cashInCents - cashBefore.cashInCents).toBe(
    handOverCash + sales.reduce((s, v) => s + v, 0),
  );
  await page.close();
});

test('offline: Mark Ready and Out for Delivery kept across a reopening; on reconnect each order moves once and the cancelled one is a conflict', async () => {
  // Six orders due on the desk's day, still in the kitchen: five pickups and a
  // delivery; b and d paid when taken, the others due at the hand-over.
  const kitchen: (Placed & { delivery: boolean })[] = [];
  for (let i = 0; i < 6; i += 1) {
    const delivery = i === 5;
    const paid = i === 1 || i === 3;
    const customerName = `Ready ${String.fromCharCode(97 + i)}`;
    const answer = await owner.call<{
      order: { id: string; orderNumber: string; total: number };
    }>('POST', '/api/admin/orders', {
      customerName,
      customerPhone: '8505550191',
      items: [{ productId: oatBar.id, quantity: 1 }],
      pickupDate: deskDay,
      pickupTime: '11:00 AM',
      channel: 'phone',
      payment: paid ? { method: 'cash', tenderedCents: 20_000 } : { method: 'later' },
      ...(delivery
        ? {
            deliveryMethod: 'delivery',
            deliveryAddress: '100 Main St',
            deliveryCity: 'Tallahassee',
            deliveryState: 'FL',
            deliveryZip: '32301',
          }
        : {}),
    });
    kitchen.push({
      id: answer.order.id,
      orderNumber: answer.order.orderNumber,
      name: customerName,
      totalCents: cents(answer.order.total),
      paid,
      delivery,
    });
  }
  const [a, b, c, d, e, van] = kitchen as [
    (typeof kitchen)[0],
    (typeof kitchen)[0],
    (typeof kitchen)[0],
    (typeof kitchen)[0],
    (typeof kitchen)[0],
    (typeof kitchen)[0],
  ];
  const row = (page: Page, order: Placed) =>
    page.getByRole('row', { name: new RegExp(`#${order.orderNumber} \\(${order.name}\\)`) });
  const markReady = async (page: Page, order: Placed & { delivery: boolean }) => {
    const action = order.delivery ? 'Out for Delivery' : 'Mark Ready';
    await page
      .getByRole('button', { name: `${action} #${order.orderNumber} (${order.name})` })
      .click();
    await expect(row(page, order)).toContainText(
      `${order.delivery ? 'Out for delivery' : 'Ready'}: waiting to send`,
    );
  };

  let page = await context.newPage();
  await page.goto(`${base()}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Bakery Admin Dashboard' })).toBeVisible();
  await expect.poll(() => keptOrders(page, 'Ready '), { timeout: 30_000 }).toBe(6);
  // The first test's conflict, settled by hand.
  await page.getByRole('button', { name: /^Dismiss: / }).click();
  await expect(page.locator('.offline-conflicts')).toHaveCount(0);

  await offlineUnreachable();
  await expect(page.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(row(page, a)).toContainText('Received');
  for (const order of [a, b, c, van]) await markReady(page, order);
  // Ready first, then handed over with its cash: both wait, in that order.
  expect(c.paid).toBe(false);
  await page.getByRole('button', { name: `Hand over #${c.orderNumber} (${c.name})` }).click();
  await expect(row(page, c)).toContainText('Handed over: waiting to send');
  await expect(banner(page)).toContainText(
    `5 actions waiting to be sent ($${(c.totalCents / 100).toFixed(2)})`,
  );

  // Closed and opened again, still offline: the orders still show as ready.
  await page.close();
  page = await context.newPage();
  await page.goto(`${base()}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Offline counter' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(row(page, a)).toContainText('Ready: waiting to send');
  await expect(row(page, van)).toContainText('Out for delivery: waiting to send');
  await expect(
    page.getByRole('button', { name: `Mark Ready #${a.orderNumber} (${a.name})` }),
  ).toHaveCount(0);
  await markReady(page, d);
  await expect(banner(page)).toContainText('6 actions waiting to be sent');
  await page.screenshot({ path: '../docs/desk-offline-ready.png' });

  // Meanwhile, on the server: an order marked ready offline is cancelled.
  await owner.call('PATCH', `/api/admin/orders/${b.id}/status`, { status: 'cancelled' });

  await context.unroute('**/api/**');
  await expect(banner(page)).toHaveCount(0, { timeout: 60_000 });
  const conflicts = page.getByRole('list', { name: 'Conflicts' });
  await expect(conflicts.getByRole('listitem')).toHaveCount(1);
  await expect(conflicts).toContainText(
    `Mark Ready #${b.orderNumber} (${b.name}): Cannot mark ready: order is cancelled`,
  );

  // Each order moved once: its state, and one history row per move.
  const listed = await owner.call<{ rows: { id: string; fulfillmentStatus: string }[] }>(
    'GET',
    `/api/admin/orders/desk?dueFrom=${deskDay}&dueTo=${deskDay}&q=Ready&limit=200`,
  );
  const stateOf = new Map(listed.rows.map((r) => [r.id, r.fulfillmentStatus]));
  const expected = new Map([
    [a, ['ready']],
    [b, []],
    [c, ['ready', 'picked_up']],
    [d, ['ready']],
    [e, []],
    [van, ['out_for_delivery']],
  ]);
  for (const [order, moves] of expected) {
    const history = await owner.call<OrderHistoryView[]>(
      'GET',
      `/api/admin/orders/${order.id}/history`,
    );
    const stateMoves = history
      .filter((h) => h.field === 'fulfillmentStatus' && h.to !== 'cancelled')
      .map((h) => h.to);
    expect(stateMoves.sort(), order.name).toEqual([...moves].sort());
  }
  expect([a, b, c, d, e, van].map((o) => stateOf.get(o.id))).toEqual([
    'ready',
    'cancelled',
    'picked_up',
    'ready',
    'received',
    'out_for_delivery',
  ]);
  // The hand-over after the offline Mark Ready took c's cash once.
  const paid = await owner.call<OrderPaymentView[]>('GET', `/api/admin/orders/${c.id}/payments`);
  expect(paid.filter((r) => r.kind === 'payment').map((r) => cents(r.amount))).toEqual([
    c.totalCents,
  ]);
  await page.close();
});
