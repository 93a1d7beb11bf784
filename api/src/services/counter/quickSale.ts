// A walk-in's quick sale (issue 42): what is on the shelf, paid there and
// then. Stored as an order that is already paid and handed over (channel
// 'walk-in', due today) with its payment row, so every existing figure
// counts it without a rule of its own: today's takings and the workbook's
// payments (DailyPayments, by the row's trigger), the statistics and the
// revenue (DailyOrderSummary, by the order's trigger), the exports. Its
// units land in today's kitchen load (the load trigger follows the items).
// Where the owner wants it (Settings: quickSalesUseCapacity) the sale first
// books them through the one booking (book_order, the day's counters only)
// and a full day refuses it with the storefront's 409; otherwise it is never
// refused for capacity. A receipt is e-mailed when an address is given.
import { randomUUID } from 'node:crypto';
import {
  bakeryToday,
  changeDueCents,
  formatCents,
  orderLines,
  priceSale,
  PricingError,
  shopSettings,
  taxRatePercent,
  type QuickSale,
  centsToDollars,
} from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { fieldError } from '../../errors.js';
import { decimalOf } from '../../db/money.js';
import { assertAvailableOn } from '../menu/orders.js';
import { withLineAllergens } from '../allergens/orderLines.js';
import { notify, recordPayment, type Actor } from '../orders/index.js';
import { bookStoredOrder } from '../kitchen/booking.js';
import { ensureTenderCovers, type CounterResult } from './staffOrder.js';

/** The name a walk-in's sale is listed under. */
export const WALK_IN_NAME = 'Walk-in';

export async function quickSale(
  deps: AppDeps,
  input: QuickSale,
  actor: Actor,
  now = new Date(),
): Promise<CounterResult> {
  const today = bakeryToday(now);
  let priced;
  try {
    priced = priceSale(input.items, today);
  } catch (error) {
    if (error instanceof PricingError) throw fieldError('items', error.message);
    throw error;
  }
  assertAvailableOn(
    input.items.map((item) => item.productId),
    today,
  );
  ensureTenderCovers(input.payment, priced.totalCents);
  const method = input.payment.method === 'cash' ? 'cash' : 'card';
  const items = await withLineAllergens(deps.prisma, orderLines(priced));
  const useCapacity = shopSettings().quickSalesUseCapacity;
  const order = await deps.prisma.$transaction(async (tx) => {
    const id = randomUUID();
    // Booked before its row is written, under the day's counter locks that
    // the row's INSERT then adds to (a full day: 409, nothing stored).
    if (useCapacity)
      await bookStoredOrder(tx, {
        orderId: id,
        date: today,
        pickupTime: null,
        deliveryMethod: 'pickup',
        lines: input.items,
        holder: null,
        userId: null,
        today,
        holds: 'none',
        dayOnly: true,
      });
    const created = await tx.order.create({
      data: {
        id,
        customerName: WALK_IN_NAME,
        customerEmail: input.customerEmail ?? '',
        pickupDate: today,
        items: items as never,
        subtotal: decimalOf(priced.subtotalCents),
        tax: decimalOf(priced.taxCents),
        total: decimalOf(priced.totalCents),
        taxRatePercent: taxRatePercent(),
        hasCakeItems: priced.hasCakeItems,
        channel: 'walk-in',
      },
    });
    // The payment row first: an order inserted as paid would get a row of
    // its own from the paid-rows trigger, without the staff member.
    await recordPayment(tx, created.id, {
      method,
      amountCents: priced.totalCents,
      actor,
      at: now,
    });
    // Paid and handed over in the same breath.
    await tx.order.update({
      where: { id: created.id },
      data: {
        paymentStatus: 'completed',
        orderStatus: 'complete',
        fulfillmentStatus: 'picked_up',
        fulfilledAt: now,
        paidAt: now,
        paymentMethod: method,
      },
    });
    await tx.orderHistory.create({
      data: {
        orderId: created.id,
        actorId: actor.id,
        actorEmail: actor.email,
        field: 'channel',
        from: null,
        to: 'walk-in',
      },
    });
    return tx.order.findUniqueOrThrow({ where: { id: created.id } });
  });
  deps.log.info('walk-in sale', {
    orderId: order.id,
    total: centsToDollars(priced.totalCents),
    method,
  });
  // The receipt: the payment-received mail, to the address given.
  if (input.customerEmail)
    await notify(deps, 'sale receipt', () => deps.notifications.paymentReceived(order.id));
  const changeCents =
    method === 'cash' ? changeDueCents(priced.totalCents, input.payment.tenderedCents ?? 0) : null;
  return {
    order,
    changeCents,
    paymentUrl: null,
    message:
      changeCents !== null
        ? `Sale of ${formatCents(priced.totalCents)} recorded; change ${formatCents(changeCents)}`
        : `Sale of ${formatCents(priced.totalCents)} recorded`,
  };
}
