import { describe, expect, it } from 'vitest';
import {
  type ConfirmationInput,
  ADMIN_ACTION_LABELS,
  ADMIN_ACTIONS,
  adminActionChanges,
  adminOrderActions,
  adminPaymentBadge,
  canTransition,
  checkAdminAction,
  confirmationState,
  customerPaymentBadge,
  customerPaymentNotice,
  DELETE_ORDER_CONFIRM,
  DELIVERY_FEE_STATUSES,
  DELIVERY_FEE_TRANSITIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  adminActionConfirmation,
  checkPaymentChange,
  checkPaymentLinkRetry,
  fulfillmentBadge,
  isDeliveryFeeCorrection,
  offersPaymentLinkRetry,
  type AdminAction,
  type OrderState,
} from './lifecycle';

const order = (over: Partial<OrderState> = {}): OrderState => ({
  paymentStatus: 'pending',
  orderStatus: 'in progress',
  deliveryFeeStatus: 'not_applicable',
  deliveryMethod: 'pickup',
  squarePaymentUrl: null,
  ...over,
});

describe('status values', () => {
  it('are those of spec section 4', () => {
    expect(PAYMENT_STATUSES).toEqual(['pending', 'paid', 'completed', 'cancelled']);
    expect(ORDER_STATUSES).toEqual(['in progress', 'complete']);
    expect(DELIVERY_FEE_STATUSES).toEqual(['not_applicable', 'pending', 'calculated']);
  });
});

describe('transition tables', () => {
  // Every (from, to) pair, allowed or refused.
  const payment: Record<string, string[]> = {
    pending: ['paid', 'completed', 'cancelled'],
    paid: ['completed', 'cancelled'],
    completed: ['cancelled'],
    cancelled: [],
  };
  for (const from of PAYMENT_STATUSES)
    for (const to of PAYMENT_STATUSES)
      it(`payment ${from} -> ${to}: ${payment[from]!.includes(to) ? 'allowed' : 'refused'}`, () =>
        expect(canTransition(PAYMENT_TRANSITIONS, from, to)).toBe(payment[from]!.includes(to)));

  it.each([
    ['in progress', 'complete', true],
    ['complete', 'in progress', true],
    ['complete', 'complete', false],
    ['in progress', 'in progress', false],
  ])('order %s -> %s: %s', (from, to, ok) =>
    expect(canTransition(ORDER_TRANSITIONS, from, to)).toBe(ok),
  );

  it.each([
    ['pending', 'calculated', true],
    ['not_applicable', 'calculated', false],
    ['not_applicable', 'pending', false],
    ['calculated', 'pending', false],
    ['calculated', 'calculated', false],
    ['pending', 'not_applicable', false],
  ])('delivery fee %s -> %s: %s', (from, to, ok) =>
    expect(canTransition(DELIVERY_FEE_TRANSITIONS, from, to)).toBe(ok),
  );

  it('an unknown state allows nothing', () =>
    expect(canTransition(PAYMENT_TRANSITIONS, 'refunded', 'paid')).toBe(false));
});

describe('admin order buttons (spec section 4)', () => {
  it('are named and labelled as the spec shows them', () => {
    expect(ADMIN_ACTIONS.map((a) => ADMIN_ACTION_LABELS[a])).toEqual([
      'Calculate Delivery Fee',
      'Confirm Payment',
      'Mark Complete',
      'Mark In Progress',
      'Cancel Order',
      'View Payment',
      'Fulfill',
      'Delete',
    ]);
    expect(DELETE_ORDER_CONFIRM).toBe(
      'Are you sure you want to delete this order? This action cannot be undone.',
    );
  });

  // The spec's "shown when" column, written out independently.
  const shownWhen: Record<AdminAction, (o: OrderState) => boolean> = {
    calculateDeliveryFee: (o) =>
      o.deliveryMethod === 'delivery' &&
      (o.deliveryFeeStatus === 'pending' ||
        (o.deliveryFeeStatus === 'calculated' && o.paymentStatus === 'pending')),
    confirmPayment: (o) => o.paymentStatus === 'pending' && o.deliveryFeeStatus !== 'pending',
    markComplete: (o) =>
      (o.paymentStatus === 'paid' || o.paymentStatus === 'completed') &&
      o.orderStatus !== 'complete',
    markInProgress: (o) => o.orderStatus === 'complete',
    cancel: (o) => o.paymentStatus !== 'cancelled',
    viewPayment: (o) => Boolean(o.squarePaymentUrl),
    fulfill: (o) => o.paymentStatus !== 'cancelled',
    // Issue 23: a paid order is archived, never deleted.
    delete: (o) => o.paymentStatus !== 'paid' && o.paymentStatus !== 'completed',
  };
  const states: OrderState[] = [];
  for (const paymentStatus of PAYMENT_STATUSES)
    for (const orderStatus of ORDER_STATUSES)
      for (const [deliveryMethod, deliveryFeeStatus] of [
        ['pickup', 'not_applicable'],
        ['delivery', 'pending'],
        ['delivery', 'calculated'],
      ] as const)
        for (const squarePaymentUrl of [null, 'https://square.link/u/abc'])
          states.push({
            paymentStatus,
            orderStatus,
            deliveryMethod,
            deliveryFeeStatus,
            squarePaymentUrl,
          });

  it.each(states.map((s) => [JSON.stringify(s), s] as const))('%s', (_name, state) => {
    const expected = ADMIN_ACTIONS.filter((a) => shownWhen[a](state));
    expect(adminOrderActions(state)).toEqual(expected);
    for (const action of ADMIN_ACTIONS) {
      const verdict = checkAdminAction(state, action);
      expect(verdict.ok).toBe(expected.includes(action));
      if (!verdict.ok) expect(verdict.message).toMatch(/^Cannot .+: .+/);
    }
  });

  it('a new pickup order offers Confirm Payment, Cancel Order, Fulfill and Delete', () =>
    expect(adminOrderActions(order())).toEqual(['confirmPayment', 'cancel', 'fulfill', 'delete']));

  it('a new delivery order waits for its fee before payment can be confirmed', () =>
    expect(
      adminOrderActions(order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' })),
    ).toEqual(['calculateDeliveryFee', 'cancel', 'fulfill', 'delete']));

  it.each<[Partial<OrderState>, AdminAction, string]>([
    [
      { paymentStatus: 'paid' },
      'confirmPayment',
      'Cannot confirm payment: payment is already paid',
    ],
    [
      { paymentStatus: 'completed' },
      'confirmPayment',
      'Cannot confirm payment: payment is already completed',
    ],
    [
      { paymentStatus: 'cancelled' },
      'confirmPayment',
      'Cannot confirm payment: payment is cancelled',
    ],
    [
      { deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' },
      'confirmPayment',
      'Cannot confirm payment: delivery fee is still pending',
    ],
    [{}, 'calculateDeliveryFee', 'Cannot calculate delivery fee: this is a pickup order'],
    [
      { deliveryMethod: 'delivery', deliveryFeeStatus: 'calculated', paymentStatus: 'paid' },
      'calculateDeliveryFee',
      'Cannot correct delivery fee: payment is paid',
    ],
    [{ paymentStatus: 'cancelled' }, 'fulfill', 'Cannot fulfill: order is cancelled'],
    [
      { paymentStatus: 'completed', orderStatus: 'complete', fulfilledAt: '2026-11-23T15:00:00Z' },
      'fulfill',
      'Cannot fulfill: order is already fulfilled',
    ],
    [{}, 'markComplete', 'Cannot mark complete: payment is pending'],
    [
      { paymentStatus: 'paid', orderStatus: 'complete' },
      'markComplete',
      'Cannot mark complete: order is already complete',
    ],
    [{}, 'markInProgress', 'Cannot mark in progress: order is already in progress'],
    [{ paymentStatus: 'cancelled' }, 'cancel', 'Cannot cancel order: payment is already cancelled'],
    [{}, 'viewPayment', 'Cannot view payment: the order has no payment link yet'],
  ])('refuses %o %s with "%s"', (over, action, message) =>
    expect(checkAdminAction(order(over), action)).toEqual({ ok: false, message }),
  );

  it('a fulfilled order put back in progress can be completed again (payment completed)', () => {
    const fulfilled = order({
      paymentStatus: 'completed',
      orderStatus: 'complete',
      fulfilledAt: '2026-11-23T15:00:00Z',
    });
    expect(fulfillmentBadge(fulfilled)).toBe('fulfilled');
    expect(adminOrderActions(fulfilled)).not.toContain('fulfill');
    const back = { ...fulfilled, ...adminActionChanges(fulfilled, 'markInProgress') };
    expect(back.orderStatus).toBe('in progress');
    // fulfilledAt is still set until the API clears it: the badge already follows the status.
    expect(fulfillmentBadge(back)).toBe('in progress');
    expect(adminOrderActions(back)).toEqual(
      expect.arrayContaining(['markComplete', 'fulfill', 'cancel']),
    );
  });

  it('a delivery fee can be corrected while the payment is pending', () => {
    const calculated = order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'calculated' });
    expect(checkAdminAction(calculated, 'calculateDeliveryFee')).toEqual({ ok: true });
    expect(isDeliveryFeeCorrection(calculated)).toBe(true);
    expect(
      checkAdminAction({ ...calculated, paymentStatus: 'cancelled' }, 'calculateDeliveryFee'),
    ).toEqual({ ok: false, message: 'Cannot correct delivery fee: payment is cancelled' });
  });

  it('refuses an action it does not know', () =>
    expect(checkAdminAction(order(), 'refund' as AdminAction)).toEqual({
      ok: false,
      message: 'Unknown action: refund',
    }));
});

describe('what each action changes', () => {
  it.each<[Partial<OrderState>, AdminAction, object]>([
    [
      { deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' },
      'calculateDeliveryFee',
      { deliveryFeeStatus: 'calculated' },
    ],
    [{}, 'confirmPayment', { paymentStatus: 'paid' }],
    [{ paymentStatus: 'paid' }, 'markComplete', { orderStatus: 'complete' }],
    [{ orderStatus: 'complete' }, 'markInProgress', { orderStatus: 'in progress' }],
    [{ paymentStatus: 'paid' }, 'cancel', { paymentStatus: 'cancelled' }],
    [{ paymentStatus: 'paid' }, 'fulfill', { orderStatus: 'complete', paymentStatus: 'completed' }],
    [{ paymentStatus: 'pending' }, 'fulfill', { orderStatus: 'complete' }],
    [{ paymentStatus: 'completed' }, 'fulfill', { orderStatus: 'complete' }],
    [{}, 'viewPayment', {}],
    [{}, 'delete', {}],
  ])('%o + %s -> %o', (over, action, change) =>
    expect(adminActionChanges(order(over), action)).toEqual(change),
  );

  it('every change of an allowed action is an allowed transition', () => {
    for (const paymentStatus of PAYMENT_STATUSES)
      for (const orderStatus of ORDER_STATUSES) {
        const state = order({
          paymentStatus,
          orderStatus,
          deliveryMethod: 'delivery',
          deliveryFeeStatus: 'pending',
        });
        for (const action of adminOrderActions(state)) {
          const change = adminActionChanges(state, action);
          if (change.paymentStatus)
            expect(canTransition(PAYMENT_TRANSITIONS, paymentStatus, change.paymentStatus)).toBe(
              true,
            );
          if (change.deliveryFeeStatus)
            expect(
              canTransition(DELIVERY_FEE_TRANSITIONS, 'pending', change.deliveryFeeStatus),
            ).toBe(true);
        }
      }
  });
});

describe('badges', () => {
  it.each([
    ['pending', 'Payment Pending'],
    ['paid', 'Paid'], // deviation from the spec: a customer who paid must not read 'Payment Pending'
    ['completed', 'Paid'],
    ['cancelled', 'Cancelled'],
    ['anything else', 'Payment Pending'],
  ])('a customer sees %s as %s', (status, label) =>
    expect(customerPaymentBadge(status)).toBe(label),
  );

  it.each([
    ['completed', 'Completed'],
    ['paid', 'Paid'],
    ['pending', 'Pending'],
    ['cancelled', 'Cancelled'],
    ['odd', 'odd'],
  ])('staff see %s as %s', (status, label) => expect(adminPaymentBadge(status)).toBe(label));
});

describe("the customer's payment notice (exactly one while pending)", () => {
  it.each<[Partial<OrderState>, string | null]>([
    [{ squarePaymentUrl: 'https://square.link/u/x' }, 'pay'],
    [
      {
        squarePaymentUrl: 'https://square.link/u/x',
        deliveryMethod: 'delivery',
        deliveryFeeStatus: 'pending',
      },
      'pay',
    ],
    [{ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' }, 'delivery_fee_pending'],
    [{ deliveryMethod: 'delivery', deliveryFeeStatus: 'calculated' }, 'processing'],
    [{}, 'processing'],
    [{ paymentStatus: 'paid', squarePaymentUrl: 'https://square.link/u/x' }, null],
    [{ paymentStatus: 'completed' }, null],
    [{ paymentStatus: 'cancelled' }, null],
  ])('%o -> %s', (over, notice) => expect(customerPaymentNotice(order(over))).toBe(notice));
});

describe('the confirmation page state', () => {
  const base: ConfirmationInput = {
    status: null,
    paymentMethod: null,
    orderId: 'o1',
    paymentStatus: 'pending',
    paymentUrl: null,
  };
  it.each<[Partial<ConfirmationInput>, string]>([
    [{ status: 'error' }, 'error'],
    [{ status: 'error', paymentStatus: 'paid' }, 'error'],
    [{ status: 'success', paymentMethod: 'square' }, 'processing'],
    [{ status: 'success', paymentMethod: 'SQUARE', paymentStatus: null }, 'processing'],
    [{ status: 'success', paymentMethod: 'square', paymentStatus: 'paid' }, 'payment_confirmed'],
    [
      { status: 'success', paymentMethod: 'square', paymentStatus: 'completed' },
      'payment_confirmed',
    ],
    [{ paymentStatus: 'paid' }, 'already_paid'],
    [{ paymentUrl: 'https://square.link/u/x' }, 'pending_payment'],
    [{}, 'pending'],
    [{ orderId: null, status: 'success', paymentMethod: 'square' }, 'pending'],
    [{ status: 'success', paymentMethod: 'cash' }, 'pending'],
    [{ paymentStatus: 'cancelled', paymentUrl: 'https://square.link/u/x' }, 'pending'],
  ])('%o -> %s', (over, state) => expect(confirmationState({ ...base, ...over })).toBe(state));
});

describe('payment status changes and link retries', () => {
  it.each<[Partial<OrderState>, string, string | null]>([
    [{}, 'paid', null],
    [{}, 'completed', null],
    [{}, 'cancelled', null],
    [{ paymentStatus: 'paid' }, 'completed', null],
    [{ paymentStatus: 'paid' }, 'pending', 'Cannot set payment to pending: payment is paid'],
    [
      { paymentStatus: 'cancelled' },
      'completed',
      'Cannot set payment to completed: payment is cancelled',
    ],
    [
      { deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' },
      'completed',
      'Cannot confirm payment: delivery fee is still pending',
    ],
  ])('%o -> %s', (over, status, message) =>
    expect(checkPaymentChange(order(over), status)).toEqual(
      message ? { ok: false, message } : { ok: true },
    ),
  );

  it('a link is retried only for a pending order whose fee is known', () => {
    expect(checkPaymentLinkRetry(order())).toEqual({ ok: true });
    expect(checkPaymentLinkRetry(order({ paymentStatus: 'paid' }))).toEqual({
      ok: false,
      message:
        'A payment link is only made for an order whose payment is pending; this one is paid',
    });
    expect(
      checkPaymentLinkRetry(order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' })),
    ).toEqual({
      ok: false,
      message: 'The delivery fee of this order is still pending; calculate it first',
    });
    expect(offersPaymentLinkRetry(order({ squarePaymentUrl: 'https://square.link/u/x' }))).toBe(
      false,
    );
    expect(offersPaymentLinkRetry(order())).toBe(true);
  });
});

describe('confirmations', () => {
  it('cancel, fulfil and delete ask first; a paid cancel mentions the refund', () => {
    expect(adminActionConfirmation(order({ paymentStatus: 'paid' }), 'cancel')?.text).toMatch(
      /refund it in Square/,
    );
    expect(adminActionConfirmation(order(), 'fulfill')?.confirm).toBe('Fulfill');
    expect(adminActionConfirmation(order(), 'delete')?.text).toBe(DELETE_ORDER_CONFIRM);
    expect(adminActionConfirmation(order(), 'confirmPayment')).toBeNull();
  });
});
