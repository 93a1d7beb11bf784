// Typed fixtures of the API's answers for client tests (issue 21): each
// factory returns a whole wire type from core with every field set, so a
// test that builds an answer stops compiling when the answer changes.
import type { AdminReviewView, OrderLineView, OrderView, ReviewView, UserView } from '@bakery/core';

export function anOrderLine(overrides: Partial<OrderLineView> = {}): OrderLineView {
  return {
    productId: 'banana-bread',
    name: 'Banana Bread',
    price: 20,
    quantity: 2,
    variant: null,
    variantLabel: null,
    filling: null,
    addIn: null,
    lineTotal: 40,
    ...overrides,
  };
}

/**
 * A pickup order placed on Nov 22, 2026 for Dec 2 at 10:00 AM, pending
 * payment. A paid one (paid or completed) received its total unless the
 * overrides say otherwise (issue 36: money follows the payment rows).
 */
export function anOrder(overrides: Partial<OrderView> = {}): OrderView {
  const id = overrides.id ?? 'a1b2c3d4-0000-4000-8000-123456abcdef';
  const paid = overrides.paymentStatus === 'paid' || overrides.paymentStatus === 'completed';
  return {
    id,
    orderNumber: id.slice(-8).toUpperCase(),
    userId: 'u1',
    customerName: 'Ada Baker',
    customerEmail: 'ada@example.com',
    customerPhone: '(850) 555-1234',
    orderDate: '2026-11-22T15:00:00.000Z',
    pickupDate: '2026-12-02',
    pickupTime: '10:00 AM',
    items: [anOrderLine()],
    subtotal: 40,
    cakeOptionsFee: 0,
    rushFee: 0,
    tax: 3,
    deliveryFee: 0,
    total: 43,
    specialInstructions: null,
    hasCakeItems: false,
    cakeOptions: null,
    cakeWriting: null,
    squarePaymentUrl: null,
    squareOrderId: null,
    squarePaymentId: null,
    paymentStatus: 'pending',
    orderStatus: 'in progress',
    deliveryFeeStatus: 'not_applicable',
    deliveryMethod: 'pickup',
    deliveryAddress: null,
    deliveryCity: null,
    deliveryState: null,
    deliveryZip: null,
    deliveryInstructions: null,
    deliveryDistance: null,
    isRushOrder: false,
    fulfilledAt: null,
    fulfillmentStatus: 'received',
    pickupCode: null,
    readyAt: null,
    cancelledAt: null,
    paidAt: null,
    paymentMethod: null,
    refundedAmount: 0,
    received: paid ? (overrides.total ?? 43) : 0,
    discount: 0,
    refundPending: false,
    archivedAt: null,
    amountDue: paid ? 0 : 43,
    refundDue: 0,
    changeableUntil: null,
    standingOrderId: null,
    channel: 'online',
    createdAt: '2026-11-22T15:00:00.000Z',
    ...overrides,
  };
}

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'u1',
    role: 'customer',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Baker',
    phone: '8505551234',
    ...overrides,
  };
}

export function aReview(overrides: Partial<ReviewView> = {}): ReviewView {
  return {
    id: 'r1',
    rating: '5',
    title: 'Best gluten-free bread',
    comment: 'Soft, and it keeps for days.',
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export function anAdminReview(overrides: Partial<AdminReviewView> = {}): AdminReviewView {
  return { ...aReview(), isApproved: false, userName: 'Ada Baker', ...overrides };
}
