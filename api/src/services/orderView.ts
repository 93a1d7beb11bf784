// An Order row as the wire shows it (OrderView of docs/api.md): money in
// dollars, dates as the customer chose them, instants as ISO strings.
import type { OrderLineView, OrderView } from '@bakery/core';
import { Prisma } from '@bakery/prisma';
import {
  amountDueCents,
  centsToDollars,
  changeableUntil,
  dollarsToCents,
  fulfillmentOf,
  orderNumber,
  refundDueCents,
} from '@bakery/core';
import { dollarsOf, orderMoneyOf } from '../db/money.js';
import { storedLineAllergens } from './allergens/orderLines.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type Decimalish = { toString(): string } | number | string | null | undefined;

/** A Decimal(10,2) column that is not money (the delivery distance) as a number with 2 decimals. */
const twoPlaces = (value: Decimalish): number =>
  value === null || value === undefined
    ? 0
    : new Prisma.Decimal(value.toString())
        .toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP)
        .toNumber();

/** A stored order line (the `items` JSON) as the wire shows it. */
export function lineView(raw: unknown): OrderLineView {
  const line = (raw ?? {}) as Record<string, unknown>;
  const price = dollarsOf(line.price as Decimalish);
  const quantity = Number(line.quantity ?? 0);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    productId: String(line.productId ?? ''),
    name: String(line.name ?? ''),
    price,
    quantity,
    variant: text(line.variant),
    variantLabel: text(line.variantLabel),
    filling: text(line.filling),
    addIn: text(line.addIn),
    lineTotal:
      line.lineTotal !== undefined
        ? dollarsOf(line.lineTotal as Decimalish)
        : centsToDollars(dollarsToCents(price) * quantity),
    ...(text(line.writing) ? { writing: text(line.writing)! } : {}),
    // Issue 26: the allergens it was ordered with (absent on lines stored before).
    ...storedLineAllergens(raw),
  };
}

/** The columns OrderView is built from (a list reads these, not the whole row). */
export const ORDER_VIEW_COLUMNS = {
  id: true,
  userId: true,
  customerName: true,
  customerEmail: true,
  customerPhone: true,
  orderDate: true,
  pickupDate: true,
  pickupTime: true,
  items: true,
  subtotal: true,
  cakeOptionsFee: true,
  rushFee: true,
  tax: true,
  deliveryFee: true,
  total: true,
  specialInstructions: true,
  hasCakeItems: true,
  cakeOptions: true,
  cakeWriting: true,
  squarePaymentUrl: true,
  squareOrderId: true,
  squarePaymentId: true,
  paymentStatus: true,
  orderStatus: true,
  deliveryFeeStatus: true,
  deliveryMethod: true,
  deliveryAddress: true,
  deliveryCity: true,
  deliveryState: true,
  deliveryZip: true,
  deliveryInstructions: true,
  deliveryDistance: true,
  isRushOrder: true,
  fulfilledAt: true,
  fulfillmentStatus: true,
  pickupCode: true,
  readyAt: true,
  cancelledAt: true,
  paidAt: true,
  paymentMethod: true,
  refundedAmount: true,
  receivedAmount: true,
  discount: true,
  refundPending: true,
  archivedAt: true,
  standingOrderId: true,
  channel: true,
  createdAt: true,
} as const satisfies Prisma.OrderSelect;

export type OrderViewRow = Prisma.OrderGetPayload<{ select: typeof ORDER_VIEW_COLUMNS }>;

export function toOrderView(order: OrderViewRow, now: Date = new Date()): OrderView {
  const cakeOptions = order.cakeOptions as { hasWriting?: boolean; hasBows?: boolean } | null;
  return {
    id: order.id,
    orderNumber: orderNumber(order.id),
    userId: order.userId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    orderDate: order.orderDate.toISOString(),
    pickupDate: order.pickupDate,
    pickupTime: order.pickupTime,
    items: (Array.isArray(order.items) ? order.items : []).map(lineView),
    subtotal: dollarsOf(order.subtotal),
    cakeOptionsFee: dollarsOf(order.cakeOptionsFee),
    rushFee: dollarsOf(order.rushFee),
    tax: dollarsOf(order.tax),
    deliveryFee: dollarsOf(order.deliveryFee),
    total: dollarsOf(order.total),
    specialInstructions: order.specialInstructions,
    hasCakeItems: order.hasCakeItems,
    cakeOptions: cakeOptions
      ? { hasWriting: Boolean(cakeOptions.hasWriting), hasBows: Boolean(cakeOptions.hasBows) }
      : null,
    cakeWriting: order.cakeWriting ?? null,
    squarePaymentUrl: order.squarePaymentUrl,
    squareOrderId: order.squareOrderId,
    squarePaymentId: order.squarePaymentId,
    paymentStatus: order.paymentStatus as OrderView['paymentStatus'],
    orderStatus: order.orderStatus as OrderView['orderStatus'],
    deliveryFeeStatus: order.deliveryFeeStatus as OrderView['deliveryFeeStatus'],
    deliveryMethod: order.deliveryMethod as OrderView['deliveryMethod'],
    deliveryAddress: order.deliveryAddress,
    deliveryCity: order.deliveryCity,
    deliveryState: order.deliveryState,
    deliveryZip: order.deliveryZip,
    deliveryInstructions: order.deliveryInstructions,
    deliveryDistance: order.deliveryDistance === null ? null : twoPlaces(order.deliveryDistance),
    isRushOrder: order.isRushOrder,
    fulfilledAt: iso(order.fulfilledAt),
    fulfillmentStatus: fulfillmentOf(order),
    pickupCode: order.pickupCode,
    readyAt: iso(order.readyAt),
    cancelledAt: iso(order.cancelledAt),
    paidAt: iso(order.paidAt),
    paymentMethod: order.paymentMethod,
    refundedAmount: dollarsOf(order.refundedAmount),
    refundPending: order.refundPending,
    archivedAt: iso(order.archivedAt),
    received: dollarsOf(order.receivedAmount),
    discount: dollarsOf(order.discount),
    amountDue: centsToDollars(amountDueCents(orderMoneyOf(order))),
    refundDue: centsToDollars(refundDueCents(orderMoneyOf(order))),
    changeableUntil: changeableUntil(order, now),
    standingOrderId: order.standingOrderId ?? null,
    channel: order.channel,
    createdAt: order.createdAt.toISOString(),
  };
}
