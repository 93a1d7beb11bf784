// Lines added to an order at the counter (issue 42): the customer wants two
// more cookies at pickup. Priced as a self-service change is (core's
// repriceOrder: lines already bought keep their price, added ones take
// today's menu, tax at the order's own rate), booked through the same
// booking (the day's counters, then the window and drop units, the order's
// own units given back first), and written to the history. The amount due
// rises; the hand-over refuses until it is paid.
import {
  FULFILLMENT_STATES,
  fulfillmentOf,
  formatCents,
  orderLines,
  PricingError,
  repriceOrder,
  markDropLines,
  amountDueCents,
  bakeryToday,
  type AddItems,
  type CartLine,
} from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import type { AppDeps } from '../../deps.js';
import { conflict, fieldError } from '../../errors.js';
import { centsOf, decimalOf, orderMoneyOf } from '../../db/money.js';
import { storedLines } from '../kitchen/capacity.js';
import { bookStoredOrder } from '../kitchen/booking.js';
import { dropItemsServing } from '../kitchen/drops.js';
import { assertAvailableOn } from '../menu/orders.js';
import { currentAllergens } from '../allergens/statements.js';
import { linesWithAllergens } from '../allergens/orderLines.js';
import { cartLinesOf, placedPricingOf } from '../selfService.js';
import {
  applyChanges,
  ensureLink,
  lockOrder,
  paymentFieldsAfterMoney,
  type Actor,
} from '../orders/index.js';
import type { CounterResult } from './staffOrder.js';

const keyOf = (line: CartLine) =>
  [line.productId, line.variantId ?? '', line.filling ?? '', line.addIn ?? ''].join('|');

/** The order's lines with the new ones: the same product, size and options add to its line. */
function withAdded(current: CartLine[], added: AddItems['items']): CartLine[] {
  const lines = current.map((line) => ({ ...line }));
  for (const item of added) {
    const line: CartLine = {
      productId: item.productId,
      quantity: item.quantity,
      variantId: item.variant ?? undefined,
      filling: item.filling ?? undefined,
      addIn: item.addIn ?? undefined,
    };
    const same = lines.find((existing) => keyOf(existing) === keyOf(line));
    if (same) same.quantity += line.quantity;
    else lines.push(line);
  }
  return lines;
}

export async function addItems(
  deps: AppDeps,
  id: string,
  input: AddItems,
  actor: Actor,
  now = new Date(),
): Promise<CounterResult> {
  const today = bakeryToday(now);
  const kitchen = await currentAllergens(deps.prisma);
  const pickupDate = (
    await deps.prisma.order.findUnique({ where: { id }, select: { pickupDate: true } })
  )?.pickupDate;
  const dropProductIds = pickupDate
    ? await dropItemsServing(deps.prisma, pickupDate)
    : new Set<string>();
  const order = await deps.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const state = fulfillmentOf(order);
    if (order.paymentStatus === 'cancelled' || state === 'cancelled')
      throw conflict('Cannot add items: order is cancelled');
    if (FULFILLMENT_STATES[state].handedOver)
      throw conflict(
        `Cannot add items: order is ${FULFILLMENT_STATES[state].customerLabel.toLowerCase()}`,
      );
    const date = order.pickupDate ?? today;
    const lines = withAdded(cartLinesOf(order.items), input.items);
    const stored = order.cakeOptions as { hasWriting?: boolean; hasBows?: boolean } | null;
    let priced;
    try {
      // The order's own day: the rush fee stays as it was booked.
      priced = repriceOrder(
        placedPricingOf(order),
        lines,
        {
          pickupDate: date,
          hasWriting: Boolean(stored?.hasWriting),
          hasBows: Boolean(stored?.hasBows),
          deliveryFeeCents: centsOf(order.deliveryFee),
          dropProductIds,
        },
        bakeryToday(order.orderDate),
      );
    } catch (error) {
      if (error instanceof PricingError) throw fieldError('items', error.message);
      throw error;
    }
    assertAvailableOn(
      input.items.map((item) => item.productId),
      date,
    );
    // Issue 37: a drop's lines come from its batch, not the day's limits.
    const items = markDropLines(
      linesWithAllergens(kitchen.byProduct, orderLines(priced)),
      dropProductIds,
    );
    // Booked as a change is (issue 36's one booking): the order's own units
    // given back, then all its lines booked again.
    await bookStoredOrder(tx, {
      orderId: order.id,
      date,
      pickupTime: order.pickupTime,
      deliveryMethod: order.deliveryMethod,
      lines: storedLines(items as unknown as Prisma.JsonValue),
      holder: order.userId,
      userId: null,
      today,
      holds: 'all',
    });
    const updated = await applyChanges(
      tx,
      order,
      {
        items,
        subtotal: decimalOf(priced.subtotalCents),
        cakeOptionsFee: decimalOf(priced.cakeOptionsFeeCents),
        rushFee: decimalOf(priced.rushFeeCents),
        tax: decimalOf(priced.taxCents),
        total: decimalOf(priced.totalCents),
        hasCakeItems: priced.hasCakeItems,
      },
      actor,
    );
    const added = input.items
      .map((item) => {
        const line = priced.lines.find((l) => l.productId === item.productId);
        return `${item.quantity} × ${line?.name ?? item.productId}`;
      })
      .join(', ');
    await tx.orderHistory.create({
      data: {
        orderId: order.id,
        actorId: actor.id,
        actorEmail: actor.email,
        field: 'itemsAdded',
        from: formatCents(centsOf(order.total)),
        to: `${added}; total ${formatCents(priced.totalCents)}`,
      },
    });
    return applyChanges(tx, updated, await paymentFieldsAfterMoney(tx, updated), actor);
  });
  const due = amountDueCents(orderMoneyOf(order));
  // An unpaid pickup order's Square link follows its new total.
  const paymentUrl =
    deps.payments.configured &&
    order.paymentStatus === 'pending' &&
    order.deliveryMethod === 'pickup'
      ? await ensureLink(deps, order.id, { notifyCustomer: false })
      : null;
  return {
    order: (await deps.prisma.order.findUnique({ where: { id } })) ?? order,
    changeCents: null,
    paymentUrl,
    message: `Items added. New total ${formatCents(centsOf(order.total))}; ${formatCents(due)} due`,
  };
}
