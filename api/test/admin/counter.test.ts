// The order's life at the counter (issue 23), over HTTP with the real mail
// service talking to a local SMTP server: Mark Ready (one order and a whole
// day) mails the pickup code; Hand Over takes an unpaid order's payment in the
// same step; a handed-over order cannot be cancelled; a cancel is restored on
// its day; refunds are recorded; a paid order is archived, never deleted; the
// delivery fee is mailed; the day-before reminder goes out once.
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bakeryToday, formatLongDate, type OrderView } from '@bakery/core';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtpPeer.js';
import {
  createMailNotifications,
  readMailSettings,
  type MailNotifications,
} from '../../src/services/mail/mailer.js';
import { sendDueReminders } from '../../src/services/reminders.js';
import { createLogger } from '../../src/services/logger.js';
import { startTestServer } from '../support/testServer.js';
import { Client, insertOrder, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let smtp: SmtpPeer;
let outbox: string;
let mail: MailNotifications;
let staff: Client;
let owner: Client;

const today = bakeryToday();
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'bakery-counter-'));
  server = await startTestServer({
    notifications: ({ prisma }) => {
      mail = createMailNotifications({
        prisma,
        log: createLogger({ level: 'error' }),
        settings: readMailSettings({
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(smtp.port),
          MAIL_FROM: 'Bakery <orders@example.com>',
        }),
        outboxDir: outbox,
        publicUrl: 'http://shop.test',
        paymentConfigured: false,
        retryDelaysMs: [20],
      });
      return mail;
    },
  });
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  owner = (await signedIn(server.baseUrl, server.prisma, 'owner')).client;
}, 60_000);

afterAll(async () => {
  await mail?.close(1_000);
  await server?.close();
  await smtp?.close();
  await rm(outbox, { recursive: true, force: true });
});

/** The mails the customer `to` received since `from`. */
const mailsTo = (to: string, from = 0) =>
  smtp.messages.slice(from).filter((m) => m.to.includes(to));

const stored = (id: string) => server.prisma.order.findUniqueOrThrow({ where: { id } });
const history = async (id: string) =>
  (await staff.get(`/api/admin/orders/${id}/history`)).body as { field: string; to: string }[];

describe('Mark Ready', () => {
  it('gives a pickup code and mails it with the address and a map link, once', async () => {
    const order = await insertOrder(server.prisma, {
      customerEmail: 'ready@example.com',
      pickupDate: tomorrow,
    });
    const before = smtp.messages.length;
    const ready = await staff.post(`/api/admin/orders/${order.id}/ready`);
    expect(ready.status).toBe(200);
    const view = ready.body.order as OrderView;
    expect(view.fulfillmentStatus).toBe('ready');
    expect(view.pickupCode).toMatch(/^[ACDEFGHJKMNPQRTVWXY3479]{6}$/);
    // The spec's fields keep their meaning: still in progress, still unpaid.
    expect(view).toMatchObject({ orderStatus: 'in progress', paymentStatus: 'pending' });
    await mail.idle();
    const [sent] = mailsTo('ready@example.com', before);
    expect(sent!.subject).toBe(`Your order #${view.orderNumber} is ready for pickup`);
    expect(sent!.text).toContain(`Your pickup code: ${view.pickupCode}`);
    expect(sent!.text).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(sent!.text).toContain('$43.50 is due at pickup.');

    const again = await staff.post(`/api/admin/orders/${order.id}/ready`);
    expect(again.body.message).toBe('Order was already ready; nothing was sent');
    await mail.idle();
    expect(mailsTo('ready@example.com', before)).toHaveLength(1);

    // The counter finds it by the code, typed in any case with a dash.
    const code = view.pickupCode!;
    const found = await staff.get(
      `/api/admin/orders/by-code/${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(order.id);
    expect((await staff.get('/api/admin/orders/by-code/AAAAAA')).status).toBe(404);
  });

  it('marks every open order of a day ready at once, and leaves the others', async () => {
    const day = addDays(today, 5);
    const a = await insertOrder(server.prisma, { pickupDate: day, pickupTime: '8:00 AM' });
    const b = await insertOrder(server.prisma, { pickupDate: day, pickupTime: '8:30 AM' });
    const late = await insertOrder(server.prisma, { pickupDate: day, pickupTime: '2:00 PM' });
    const other = await insertOrder(server.prisma, { pickupDate: addDays(day, 1) });
    // Issue 36: a day five days out would mail its customers early: asked again first.
    const asked = await staff.post('/api/admin/orders/ready', {
      pickupDate: day,
      times: ['8:00 AM', '8:30 AM'],
    });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('confirmation_required');
    expect(asked.body.message).toContain(`due ${formatLongDate(day)}, not today or tomorrow`);
    expect(asked.body.message).toMatch(/^2 of these orders are due .* Confirm to go on\.$/);
    expect((await stored(a.id)).fulfillmentStatus).toBe('received');
    const bulk = await staff.post('/api/admin/orders/ready', {
      pickupDate: day,
      times: ['8:00 AM', '8:30 AM'],
      confirmed: true,
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.message).toBe('2 of 2 orders marked ready');
    expect((await stored(a.id)).fulfillmentStatus).toBe('ready');
    expect((await stored(b.id)).fulfillmentStatus).toBe('ready');
    expect((await stored(late.id)).fulfillmentStatus).toBe('received');
    expect((await stored(other.id)).fulfillmentStatus).toBe('received');
    expect((await staff.post('/api/admin/orders/ready', {})).status).toBe(400);
  });

  it('is refused on a delivery (it goes out for delivery instead) and on a cancelled order', async () => {
    const cancelled = await insertOrder(server.prisma, { paymentStatus: 'cancelled' });
    const refused = await staff.post(`/api/admin/orders/${cancelled.id}/ready`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'invalid_state',
      message: 'Cannot mark ready: order is cancelled',
    });
    const delivery = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      deliveryFeeStatus: 'calculated',
    });
    const out = await staff.post(`/api/admin/orders/${delivery.id}/ready`);
    expect(out.status).toBe(200);
    expect(out.body.order.fulfillmentStatus).toBe('out_for_delivery');
  });
  it('Undo puts each order back where it was, keeps its code, mails nothing, and refuses a handed-over one', async () => {
    const baking = await insertOrder(server.prisma, {
      customerEmail: 'undo@example.com',
      pickupDate: today,
    });
    await staff.post(`/api/admin/orders/${baking.id}/stage`, { stage: 'baking' });
    const fresh = await insertOrder(server.prisma, { pickupDate: today });
    const handed = await insertOrder(server.prisma, { pickupDate: today, paymentStatus: 'paid' });
    const marked = await staff.post('/api/admin/orders/ready', {
      ids: [baking.id, fresh.id, handed.id],
    });
    expect(marked.body.message).toBe('3 of 3 orders marked ready');
    const code = (await stored(baking.id)).pickupCode;
    expect((await staff.patch(`/api/admin/orders/${handed.id}/fulfill`, {})).status).toBe(200);
    await mail.idle();
    const before = smtp.messages.length;

    const undone = await staff.post('/api/admin/orders/ready/undo', {
      ids: [baking.id, fresh.id, handed.id],
    });
    expect(undone.status).toBe(200);
    expect(undone.body.message).toContain('2 of 3 orders put back');
    expect(undone.body.results).toContainEqual({
      id: handed.id,
      ok: false,
      message: 'Cannot undo: order is picked up',
    });
    const back = await stored(baking.id);
    expect(back).toMatchObject({ fulfillmentStatus: 'baking', readyAt: null, pickupCode: code });
    expect((await stored(fresh.id)).fulfillmentStatus).toBe('received');
    expect((await stored(handed.id)).fulfillmentStatus).toBe('picked_up');
    // The table's history row, as any other action writes it.
    const moves = (await history(baking.id)).filter((row) => row.field === 'fulfillmentStatus');
    expect(moves.map((row) => row.to).sort()).toEqual(['baking', 'baking', 'ready']);
    await mail.idle();
    expect(smtp.messages.length).toBe(before);
    // A second Undo finds nothing ready.
    const again = await staff.post('/api/admin/orders/ready/undo', { ids: [baking.id] });
    expect(again.body.results[0]).toMatchObject({
      ok: false,
      message: 'Cannot undo: order is baking',
    });
  });
});

describe('Hand Over', () => {
  it('refuses an unpaid order without its payment, naming the amount, and changes nothing', async () => {
    const order = await insertOrder(server.prisma, { customerName: 'James Carter' });
    await staff.post(`/api/admin/orders/${order.id}/ready`);
    const refused = await staff.post(`/api/admin/orders/${order.id}/hand-over`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'payment_due',
      message: 'Payment of $43.50 is due: take payment and hand over',
    });
    expect(await stored(order.id)).toMatchObject({
      fulfillmentStatus: 'ready',
      orderStatus: 'in progress',
      paymentStatus: 'pending',
      paidAt: null,
    });
    // Fulfill (the spec's button) is the same action.
    expect((await staff.patch(`/api/admin/orders/${order.id}/fulfill`)).body.code).toBe(
      'payment_due',
    );
  });

  it('takes the payment and hands over in one step', async () => {
    const order = await insertOrder(server.prisma);
    const done = await staff.post(`/api/admin/orders/${order.id}/hand-over`, {
      payment: { method: 'cash' },
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Payment taken and order handed over');
    expect(done.body.order).toMatchObject({
      fulfillmentStatus: 'picked_up',
      orderStatus: 'complete',
      paymentStatus: 'completed',
      paymentMethod: 'cash',
      amountDue: 0,
    });
    expect(Date.parse(done.body.order.paidAt)).toBeGreaterThan(Date.now() - 60_000);
    const bad = await staff.post(`/api/admin/orders/${order.id}/hand-over`, {
      payment: { method: 'iou' },
    });
    expect(bad.status).toBe(400);
  });

  it('hands over the ticked paid orders in one call and names the unpaid ones', async () => {
    const paid = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const unpaid = await insertOrder(server.prisma, { customerName: 'Nora Unpaid' });
    const answer = await staff.post('/api/admin/orders/hand-over', { ids: [paid.id, unpaid.id] });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('1 of 2 orders handed over');
    expect(answer.body.results).toEqual([
      { id: paid.id, ok: true },
      { id: unpaid.id, ok: false, message: 'Payment of $43.50 is due: take payment and hand over' },
    ]);
    expect((await stored(paid.id)).fulfillmentStatus).toBe('picked_up');
    expect(await stored(unpaid.id)).toMatchObject({
      fulfillmentStatus: 'received',
      paymentStatus: 'pending',
    });
    expect((await staff.post('/api/admin/orders/hand-over', { ids: [] })).status).toBe(400);
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    const refused = await customer.post('/api/admin/orders/hand-over', { ids: [unpaid.id] });
    expect(refused.status).toBe(403);
  });

  it('a handed-over order cannot be cancelled (409 order_handed_over); nothing is mailed', async () => {
    const order = await insertOrder(server.prisma, {
      paymentStatus: 'paid',
      customerEmail: 'handed@example.com',
    });
    const before = smtp.messages.length;
    expect((await staff.patch(`/api/admin/orders/${order.id}/fulfill`)).status).toBe(200);
    const cancel = await staff.patch(`/api/admin/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({
      code: 'order_handed_over',
      message: 'Cannot cancel: the order was already picked up. Record a refund instead.',
    });
    expect(await stored(order.id)).toMatchObject({
      paymentStatus: 'completed',
      fulfillmentStatus: 'picked_up',
    });
    await mail.idle();
    expect(mailsTo('handed@example.com', before)).toEqual([]);
  });

  it('Mark In Progress takes a hand-over back to ready', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    await staff.patch(`/api/admin/orders/${order.id}/fulfill`);
    const back = await staff.patch(`/api/admin/orders/${order.id}/fulfillment`, {
      orderStatus: 'in progress',
    });
    expect(back.body.order).toMatchObject({
      fulfillmentStatus: 'ready',
      orderStatus: 'in progress',
      fulfilledAt: null,
    });
  });
});

describe('cancel and restore', () => {
  it('restores a cancel on its day: state, payment and kitchen units back, customer told', async () => {
    const order = await insertOrder(server.prisma, {
      paymentStatus: 'paid',
      customerEmail: 'restore@example.com',
      pickupDate: addDays(today, 8),
      items: [{ productId: 'honey-oat-bread', name: 'Honey Oat Bread', price: 12, quantity: 2 }],
    });
    await staff.post(`/api/admin/orders/${order.id}/stage`, { stage: 'baking' });
    const load = async () =>
      (
        await server.prisma.dailyKitchenLoad.findMany({ where: { date: addDays(today, 8) } })
      ).reduce((sum, row) => sum + row.units, 0);
    const booked = await load();
    const before = smtp.messages.length;
    const cancel = await staff.patch(`/api/admin/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancel.body.order).toMatchObject({
      fulfillmentStatus: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(await load()).toBe(booked - 2);
    const restored = await staff.post(`/api/admin/orders/${order.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.order).toMatchObject({
      fulfillmentStatus: 'baking',
      paymentStatus: 'paid',
      cancelledAt: null,
    });
    expect(await load()).toBe(booked);
    await mail.idle();
    expect(mailsTo('restore@example.com', before).map((m) => m.subject)).toEqual([
      expect.stringMatching(/has been cancelled$/),
      expect.stringMatching(/is back on$/),
    ]);
    expect((await staff.post(`/api/admin/orders/${order.id}/restore`)).status).toBe(409);
  });

  it('refuses to restore a cancel of an earlier day', async () => {
    const order = await insertOrder(server.prisma);
    await staff.patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    await server.prisma.order.update({
      where: { id: order.id },
      data: { cancelledAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    const refused = await staff.post(`/api/admin/orders/${order.id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Cannot restore: a cancelled order can be restored on the day it was cancelled',
    );
  });
});

describe('refunds, archive and delete', () => {
  it('records a refund with its reason, part then the rest, never more than paid', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const part = await staff.post(`/api/admin/orders/${order.id}/refunds`, {
      amount: 10,
      reason: 'One loaf was dropped',
    });
    expect(part.status).toBe(200);
    expect(part.body.order.refundedAmount).toBe(10);
    const tooMuch = await staff.post(`/api/admin/orders/${order.id}/refunds`, {
      amount: 40,
      reason: 'Everything',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(
      'A refund can be at most $33.50 (the rest of the $43.50 paid)',
    );
    expect(await history(order.id)).toContainEqual(
      expect.objectContaining({ field: 'refund', to: '$10.00: One loaf was dropped' }),
    );
    const unpaid = await insertOrder(server.prisma);
    const never = await staff.post(`/api/admin/orders/${unpaid.id}/refunds`, {
      amount: 1,
      reason: 'Nothing paid',
    });
    expect(never.status).toBe(409);
    expect(
      (await staff.post(`/api/admin/orders/${order.id}/refunds`, { amount: 1, reason: '' })).status,
    ).toBe(400);
  });

  it('a paid order is refused deletion (409 order_paid) and archived instead', async () => {
    const order = await insertOrder(server.prisma, { paymentStatus: 'paid' });
    const refused = await owner.del(`/api/admin/orders/${order.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'order_paid',
      message: 'Cannot delete: the order is paid; archive it instead',
    });
    const archived = await staff.post(`/api/admin/orders/${order.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.order.archivedAt).not.toBeNull();
    const desk = await staff.get('/api/admin/orders/desk?limit=200');
    expect(desk.body.rows.map((r: OrderView) => r.id)).not.toContain(order.id);
    const shelf = await staff.get('/api/admin/orders/desk?status=archived&limit=200');
    expect(shelf.body.rows.map((r: OrderView) => r.id)).toContain(order.id);
  });

  it('delete is the owner’s alone', async () => {
    const order = await insertOrder(server.prisma);
    const refused = await staff.del(`/api/admin/orders/${order.id}`);
    expect(refused.status).toBe(403);
    expect(await stored(order.id)).toBeTruthy();
  });
});

describe('the delivery fee', () => {
  it('is mailed with the new total when set and when corrected', async () => {
    const order = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      customerEmail: 'fee@example.com',
    });
    const before = smtp.messages.length;
    await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 12.5 });
    await staff.patch(`/api/admin/orders/${order.id}/delivery-fee`, { deliveryFee: 10 });
    await mail.idle();
    const sent = mailsTo('fee@example.com', before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain('The delivery fee for your order');
    expect(sent[0]!.text).toContain('is $12.50. Your new total is $56.00.');
    expect(sent[1]!.text).toContain('is $10.00. Your new total is $53.50.');
  });
});

describe('the day-before reminder', () => {
  it('goes out once per open order due tomorrow, never to cancelled or handed-over ones', async () => {
    const open = await insertOrder(server.prisma, {
      pickupDate: tomorrow,
      customerEmail: 'remind@example.com',
    });
    const cancelled = await insertOrder(server.prisma, {
      pickupDate: tomorrow,
      paymentStatus: 'cancelled',
      customerEmail: 'remind-cancelled@example.com',
    });
    const handed = await insertOrder(server.prisma, {
      pickupDate: tomorrow,
      paymentStatus: 'completed',
      orderStatus: 'complete',
      customerEmail: 'remind-handed@example.com',
    });
    const before = smtp.messages.length;
    const first = await sendDueReminders(server.prisma, mail);
    expect(first).toBeGreaterThanOrEqual(1);
    // A restart: a second sweep (another process, or after a crash) sends nothing again.
    expect(await sendDueReminders(server.prisma, mail)).toBe(0);
    await mail.idle();
    const sent = mailsTo('remind@example.com', before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/is ready tomorrow$/);
    expect(mailsTo('remind-cancelled@example.com', before)).toEqual([]);
    expect(mailsTo('remind-handed@example.com', before)).toEqual([]);
    expect((await stored(open.id)).reminderSentAt).not.toBeNull();
    expect((await stored(cancelled.id)).reminderSentAt).toBeNull();
    expect((await stored(handed.id)).reminderSentAt).toBeNull();
  });
});

describe('the day at a glance (GET /api/admin/today)', () => {
  it('counts today’s pickups by state and the money received today, by method', async () => {
    const before = (await staff.get('/api/admin/today')).body;
    const todayRange = `fromDate=${today}&toDate=${today}`;
    const stats = async () => (await staff.get(`/api/admin/stats?${todayRange}`)).body;
    const analytics = async () => (await staff.get(`/api/admin/analytics?${todayRange}`)).body;
    const statsBefore = await stats();
    const analyticsBefore = await analytics();
    const cash = await insertOrder(server.prisma, { pickupDate: today });
    const waiting = await insertOrder(server.prisma, { pickupDate: today });
    const gone = await insertOrder(server.prisma, { pickupDate: today });
    // Placed weeks ago, paid today: counted today.
    const old = await insertOrder(server.prisma, {
      pickupDate: addDays(today, 20),
      createdAt: new Date(Date.now() - 20 * 86_400_000),
    });
    await staff.post(`/api/admin/orders/${waiting.id}/ready`);
    await staff.post(`/api/admin/orders/${cash.id}/hand-over`, { payment: { method: 'cash' } });
    await staff.patch(`/api/admin/orders/${gone.id}/status`, { status: 'cancelled' });
    await staff.post('/api/confirm-payment', { orderId: old.id });
    const after = await staff.get('/api/admin/today');
    expect(after.status).toBe(200);
    expect(after.body.date).toBe(today);
    expect(after.body.pickups).toEqual({
      due: before.pickups.due + 2,
      ready: before.pickups.ready + 1,
      handedOver: before.pickups.handedOver + 1,
      notPaid: before.pickups.notPaid + 1,
      cancelled: before.pickups.cancelled + 1,
    });
    const method = (body: typeof before, name: string) =>
      body.takings.byMethod.find((m: { method: string }) => m.method === name) ?? {
        amount: 0,
        orders: 0,
      };
    expect(method(after.body, 'cash').amount - method(before, 'cash').amount).toBeCloseTo(43.5);
    // Confirm Payment records money received another way (issue 36: a row by 'other').
    expect(method(after.body, 'other').orders - method(before, 'other').orders).toBe(1);
    expect(after.body.takings.total - before.takings.total).toBeCloseTo(87);
    // Statistics and analytics count revenue on the day the money came in:
    // the order placed 20 days ago and paid today is today's revenue.
    const statsAfter = await stats();
    expect(statsAfter.totalRevenue - statsBefore.totalRevenue).toBeCloseTo(87);
    expect(statsAfter.weeklyRevenue - statsBefore.weeklyRevenue).toBeCloseTo(87);
    const analyticsAfter = await analytics();
    expect(analyticsAfter.revenueByDay[0].date).toBe(today);
    expect(
      analyticsAfter.revenueByDay[0].revenue - analyticsBefore.revenueByDay[0].revenue,
    ).toBeCloseTo(87);
    const placedThen = addDays(today, -20);
    const thatDay = await staff.get(`/api/admin/stats?fromDate=${placedThen}&toDate=${placedThen}`);
    expect(thatDay.body.totalOrders).toBeGreaterThanOrEqual(1);
    expect(thatDay.body.totalRevenue).toBe(0);
    const customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
    expect((await customer.get('/api/admin/today')).status).toBe(403);
  });
});

describe('desk search (issue 23)', () => {
  it('finds a street, a ZIP code and a pickup code', async () => {
    const delivery = await insertOrder(server.prisma, {
      deliveryMethod: 'delivery',
      customerName: 'Street Search',
      pickupDate: addDays(today, 30),
    });
    await server.prisma.order.update({
      where: { id: delivery.id },
      data: { deliveryAddress: '4411 Magnolia Drive', deliveryZip: '32308' },
    });
    const ids = async (q: string) =>
      (await staff.get(`/api/admin/orders/desk?q=${encodeURIComponent(q)}&limit=50`)).body.rows.map(
        (r: OrderView) => r.id,
      );
    expect(await ids('magnolia dr')).toContain(delivery.id);
    expect(await ids('32308')).toContain(delivery.id);
    const ready = await insertOrder(server.prisma, { pickupDate: addDays(today, 30) });
    const code = (await staff.post(`/api/admin/orders/${ready.id}/ready`)).body.order.pickupCode;
    expect(await ids(code)).toContain(ready.id);
  });
});

describe('the accuracy rate (issue 23)', () => {
  it('counts the orders due so far, not future pre-orders', async () => {
    const before = (await staff.get('/api/admin/stats')).body;
    const yesterday = addDays(today, -1);
    const handed = await insertOrder(server.prisma, {
      pickupDate: yesterday,
      paymentStatus: 'paid',
    });
    await insertOrder(server.prisma, { pickupDate: yesterday });
    await insertOrder(server.prisma, { pickupDate: addDays(today, 40) });
    await staff.patch(`/api/admin/orders/${handed.id}/fulfill`);
    const after = (await staff.get('/api/admin/stats')).body;
    expect(after.dueOrders - before.dueOrders).toBe(2);
    expect(after.dueHandedOver - before.dueHandedOver).toBe(1);
  });
});
