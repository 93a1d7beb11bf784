// A customer's own standing orders (issue 41): create, list, change, end,
// skip and unskip a date, pause and resume. Each date can be skipped (or
// unskipped) until its lock, the same lock as a one-off order (core's
// lockTime): after it 409 order_locked names it. A change that gives units
// back cancels the booked occurrences' orders in its own transaction; one
// that needs units books them at once through the booking job's path.
import {
  addDays,
  bakeryToday,
  closedWeekdayMessage,
  formatClock,
  isOccurrenceDate,
  isUuid,
  lockedMessage,
  occurrenceLock,
  orderRefusal,
  pickupTimeProblem,
  PricingError,
  STANDING_MESSAGES,
  type StandingLine,
  type StandingOrderChange,
  type StandingOrderInput,
  type StandingOrderView,
} from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { badRequest, conflict, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../orders/index.js';
import { runStandingBooking, type BookingDeps } from './booking.js';
import {
  occurrencePrice,
  releaseOccurrences,
  cancelOccurrenceOrder,
  standingSettings,
  toStandingView,
  type StandingRow,
} from './record.js';
import type { Tx } from '../../db/types.js';

export interface Customer {
  id: string;
  email: string;
}

const actorOf = (customer: Customer): Actor => ({ id: customer.id, email: customer.email });

/** 0 Sunday .. 6 Saturday of a calendar date. */
const weekdayNumber = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The items offered for standing orders, priced today; 400 naming `items` otherwise. */
async function checkItems(prisma: PrismaClient, items: readonly StandingLine[]) {
  const settings = await standingSettings(prisma);
  if (!settings.offered) throw conflict(STANDING_MESSAGES.notOfferedAtAll, 'invalid_state');
  let priced;
  try {
    priced = occurrencePrice(items);
  } catch (error) {
    if (error instanceof PricingError) throw fieldError('items', error.message);
    throw error;
  }
  if (settings.productIds) {
    const offered = new Set(settings.productIds);
    const outside = priced.lines.find((line) => !offered.has(line.productId));
    if (outside) throw fieldError('items', STANDING_MESSAGES.notOffered(outside.name));
  }
  return priced;
}

/** The pickup time of a window id (its start), checked against the weekday and method. */
async function timeOfWindow(
  prisma: PrismaClient,
  windowId: string,
  firstDate: string,
  deliveryMethod: string,
): Promise<string> {
  const window = await prisma.pickupWindow.findUnique({ where: { id: windowId } });
  if (
    !window ||
    window.weekday !== weekdayNumber(firstDate) ||
    window.fulfillment !== deliveryMethod
  )
    throw fieldError('windowId', 'Choose one of our windows on that weekday');
  return formatClock(window.start);
}

/** The day and time rules of a first date and time: 400 naming the field. */
function checkDateAndTime(firstDate: string, pickupTime: string, now: Date) {
  const today = bakeryToday(now);
  if (firstDate <= today) throw fieldError('firstDate', STANDING_MESSAGES.firstDateFuture);
  const closed = closedWeekdayMessage(firstDate);
  if (closed) throw fieldError('firstDate', closed);
  const hours = pickupTimeProblem(firstDate, pickupTime);
  if (hours) throw fieldError('pickupTime', hours);
  const lockAt = occurrenceLock(firstDate, pickupTime);
  if (lockAt <= now) throw fieldError('firstDate', STANDING_MESSAGES.firstDateTooSoon);
}

export async function createStandingOrder(
  deps: BookingDeps,
  input: { customer: Customer; order: StandingOrderInput; now?: Date },
): Promise<StandingOrderView> {
  const { prisma } = deps;
  const now = input.now ?? new Date();
  const o = input.order;
  await checkItems(prisma, o.items);
  const pickupTime = o.windowId
    ? await timeOfWindow(prisma, o.windowId, o.firstDate, o.deliveryMethod)
    : o.pickupTime!;
  checkDateAndTime(o.firstDate, pickupTime, now);
  const refusal = orderRefusal({ ...o, hasCakeItems: false });
  if (refusal)
    throw badRequest(
      refusal.message,
      { errors: [{ path: refusal.field, message: refusal.message }] },
      refusal.code,
    );
  const delivery = o.deliveryMethod === 'delivery';
  const row = await prisma.standingOrder.create({
    data: {
      userId: input.customer.id,
      items: o.items.map((line) => ({
        productId: line.productId,
        variant: line.variant,
        filling: line.filling,
        addIn: line.addIn,
        quantity: line.quantity,
      })),
      everyWeeks: o.everyWeeks,
      firstDate: o.firstDate,
      endDate: o.endDate,
      pickupTime,
      windowId: o.windowId ?? null,
      deliveryMethod: delivery ? 'delivery' : 'pickup',
      deliveryAddress: delivery ? o.deliveryAddress : null,
      deliveryCity: delivery ? o.deliveryCity : null,
      deliveryState: delivery ? o.deliveryState : null,
      deliveryZip: delivery ? o.deliveryZip : null,
      deliveryInstructions: delivery ? o.deliveryInstructions : null,
      specialInstructions: o.specialInstructions,
      customerPhone: o.customerPhone,
    },
  });
  // The dates inside the horizon are booked at once: the subscriber's units are hers from now.
  await runStandingBooking(deps, { now, only: row.id });
  return toStandingView(prisma, row, now);
}

/** How many standing orders a list answers at most (a customer has a few). */
const LIST_LIMIT = 50;

export async function listStandingOrders(
  prisma: PrismaClient,
  customer: Customer,
  now = new Date(),
): Promise<StandingOrderView[]> {
  const rows = await prisma.standingOrder.findMany({
    where: { userId: customer.id },
    orderBy: [{ endedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
    take: LIST_LIMIT,
  });
  return Promise.all(rows.map((row) => toStandingView(prisma, row, now)));
}

/** The customer's own standing order, locked for the transaction; 404 for another's. */
async function ownStanding(tx: Tx, id: string, customer: Customer): Promise<StandingRow> {
  if (!isUuid(id)) throw notFound(STANDING_MESSAGES.notFound);
  await tx.$queryRaw`SELECT 1 FROM "StandingOrder" WHERE "id" = ${id}::uuid FOR UPDATE`;
  const row = await tx.standingOrder.findUnique({ where: { id } });
  if (!row || row.userId !== customer.id) throw notFound(STANDING_MESSAGES.notFound);
  return row;
}

function ensureNotEnded(row: StandingRow) {
  if (row.endedAt) throw conflict(STANDING_MESSAGES.ended, 'invalid_state');
}

/** 400 unless `date` is one of the standing order's dates from today on. */
function ensureOccurrence(row: StandingRow, date: string, now: Date) {
  if (!isOccurrenceDate(row, date) || date <= bakeryToday(now))
    throw fieldError('date', STANDING_MESSAGES.noOccurrence(date));
}

/** 409 order_locked naming the lock once the occurrence on `date` is locked. */
function ensureOpen(pickupTime: string, date: string, now: Date) {
  const lockAt = occurrenceLock(date, pickupTime);
  if (now >= lockAt) throw conflict(lockedMessage(lockAt), 'order_locked');
}

type Step = (tx: Tx, row: StandingRow) => Promise<void>;

/** One change of one's own standing order in a transaction, then the booking of what it freed. */
async function withOwn(
  deps: BookingDeps,
  id: string,
  customer: Customer,
  now: Date,
  step: Step,
  rebook: boolean,
): Promise<StandingOrderView> {
  const row = await deps.prisma.$transaction(async (tx) => {
    const current = await ownStanding(tx, id, customer);
    await step(tx, current);
    return tx.standingOrder.findUniqueOrThrow({ where: { id: current.id } });
  });
  if (rebook && !row.endedAt) await runStandingBooking(deps, { now, only: row.id });
  return toStandingView(deps.prisma, row, now);
}

export async function changeStandingOrder(
  deps: BookingDeps,
  input: { id: string; customer: Customer; change: StandingOrderChange; now?: Date },
): Promise<StandingOrderView> {
  const now = input.now ?? new Date();
  const c = input.change;
  if (c.items) await checkItems(deps.prisma, c.items);
  return withOwn(
    deps,
    input.id,
    input.customer,
    now,
    async (tx, row) => {
      ensureNotEnded(row);
      const pickupTime = c.windowId
        ? await timeOfWindow(deps.prisma, c.windowId, row.firstDate, row.deliveryMethod)
        : (c.pickupTime ?? row.pickupTime);
      const hours = pickupTimeProblem(row.firstDate, pickupTime);
      if (hours) throw fieldError('pickupTime', hours);
      const endDate = c.endDate === undefined ? row.endDate : c.endDate;
      if (endDate && endDate < row.firstDate)
        throw fieldError('endDate', STANDING_MESSAGES.endBeforeStart);
      // Every future occurrence not locked yet is booked again with the change.
      await releaseOccurrences(
        tx,
        row,
        { fromDate: addDays(bakeryToday(now), 1) },
        actorOf(input.customer),
        'Standing order changed by the customer',
        now,
      );
      await tx.standingOrder.update({
        where: { id: row.id },
        data: {
          ...(c.items ? { items: c.items } : {}),
          ...(c.everyWeeks ? { everyWeeks: c.everyWeeks } : {}),
          pickupTime,
          ...(c.windowId ? { windowId: c.windowId } : c.pickupTime ? { windowId: null } : {}),
          endDate,
        },
      });
    },
    true,
  );
}

export function endStandingOrder(
  deps: BookingDeps,
  input: { id: string; customer: Customer; now?: Date },
): Promise<StandingOrderView> {
  const now = input.now ?? new Date();
  return withOwn(
    deps,
    input.id,
    input.customer,
    now,
    async (tx, row) => {
      ensureNotEnded(row);
      await releaseOccurrences(
        tx,
        row,
        { fromDate: addDays(bakeryToday(now), 1) },
        actorOf(input.customer),
        'Standing order ended by the customer',
        now,
      );
      await tx.standingOrder.update({ where: { id: row.id }, data: { endedAt: now } });
    },
    false,
  );
}

/**
 * Skips the occurrence on `date` INSIDE `tx`: its order (if booked) is
 * cancelled and its units given back; the row stays "skipped" so that no run
 * books the date again. Also the skip link's step.
 */
export async function skipDate(
  tx: Tx,
  row: StandingRow,
  date: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  const occurrence = await tx.standingOccurrence.findUnique({
    where: { standingOrderId_date: { standingOrderId: row.id, date } },
  });
  if (occurrence?.state === 'skipped') return;
  if (occurrence?.orderId && occurrence.state === 'ordered')
    await cancelOccurrenceOrder(tx, occurrence.orderId, actor, 'Skipped by the customer', now);
  await tx.standingOccurrence.upsert({
    where: { standingOrderId_date: { standingOrderId: row.id, date } },
    create: { standingOrderId: row.id, date, state: 'skipped' },
    update: { state: 'skipped' },
  });
}

export function skipStandingDate(
  deps: BookingDeps,
  input: { id: string; customer: Customer; date: string; now?: Date },
): Promise<StandingOrderView> {
  const now = input.now ?? new Date();
  return withOwn(
    deps,
    input.id,
    input.customer,
    now,
    async (tx, row) => {
      ensureNotEnded(row);
      ensureOccurrence(row, input.date, now);
      const booked = await tx.order.findFirst({
        where: {
          standingOrderId: row.id,
          pickupDate: input.date,
          paymentStatus: { not: 'cancelled' },
        },
        select: { pickupTime: true },
      });
      ensureOpen(booked?.pickupTime ?? row.pickupTime, input.date, now);
      await skipDate(tx, row, input.date, actorOf(input.customer), now);
    },
    false,
  );
}

export function unskipStandingDate(
  deps: BookingDeps,
  input: { id: string; customer: Customer; date: string; now?: Date },
): Promise<StandingOrderView> {
  const now = input.now ?? new Date();
  return withOwn(
    deps,
    input.id,
    input.customer,
    now,
    async (tx, row) => {
      ensureNotEnded(row);
      ensureOccurrence(row, input.date, now);
      ensureOpen(row.pickupTime, input.date, now);
      const removed = await tx.standingOccurrence.deleteMany({
        where: { standingOrderId: row.id, date: input.date, state: 'skipped' },
      });
      if (removed.count === 0)
        throw conflict(STANDING_MESSAGES.notSkipped(input.date), 'invalid_state');
    },
    true,
  );
}

export function pauseStandingOrder(
  deps: BookingDeps,
  input: { id: string; customer: Customer; until: string | null; now?: Date },
): Promise<StandingOrderView> {
  const now = input.now ?? new Date();
  const tomorrow = addDays(bakeryToday(now), 1);
  if (input.until !== null && input.until <= tomorrow)
    throw fieldError('until', 'Choose a date after tomorrow to resume on');
  return withOwn(
    deps,
    input.id,
    input.customer,
    now,
    async (tx, row) => {
      ensureNotEnded(row);
      // A locked occurrence stays booked (its kitchen work is planned); the rest are given back.
      await releaseOccurrences(
        tx,
        row,
        { fromDate: tomorrow, untilDate: input.until },
        actorOf(input.customer),
        'Standing order paused by the customer',
        now,
      );
      await tx.standingOrder.update({
        where: { id: row.id },
        data: { paused: true, pausedUntil: input.until },
      });
    },
    false,
  );
}

export function resumeStandingOrder(
  deps: BookingDeps,
  input: { id: string; customer: Customer; now?: Date },
): Promise<StandingOrderView> {
  const now = input.now ?? new Date();
  return withOwn(
    deps,
    input.id,
    input.customer,
    now,
    async (tx, row) => {
      ensureNotEnded(row);
      await tx.standingOrder.update({
        where: { id: row.id },
        data: { paused: false, pausedUntil: null },
      });
    },
    true,
  );
}
