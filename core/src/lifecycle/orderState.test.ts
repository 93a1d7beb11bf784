import { describe, expect, it } from 'vitest';
import { checkAdminAction } from './lifecycle';
import {
  availableOrderActions,
  checkOrderAction,
  FULFILLMENT_STATUSES,
  fulfillmentAfterSpecAction,
  isPickupCode,
  legacyFulfillment,
  makePickupCode,
  normalisePickupCode,
  ORDER_ACTION_RULES,
  readyActionFor,
  specFields,
  stateChanges,
  type OrderStateInput,
} from './orderState';

const order = (over: Partial<OrderStateInput> = {}): OrderStateInput => ({
  fulfillmentStatus: 'received',
  paymentStatus: 'pending',
  deliveryMethod: 'pickup',
  deliveryFeeStatus: 'not_applicable',
  totalCents: 8156,
  ...over,
});

describe('the order-state table (issue 23)', () => {
  it('every action starts only from states of the table', () => {
    for (const rule of Object.values(ORDER_ACTION_RULES))
      for (const from of rule.from) expect(FULFILLMENT_STATUSES).toContain(from);
  });

  it('a pickup goes received → ready → picked up; a delivery out for delivery → delivered', () => {
    expect(checkOrderAction(order(), 'markReady').ok).toBe(true);
    expect(ORDER_ACTION_RULES.markReady.to(order())).toBe('ready');
    expect(checkOrderAction(order(), 'sendOut')).toMatchObject({ ok: false });
    const delivery = order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'calculated' });
    expect(checkOrderAction(delivery, 'sendOut').ok).toBe(true);
    expect(ORDER_ACTION_RULES.handOver.to(delivery)).toBe('delivered');
    expect(ORDER_ACTION_RULES.handOver.to(order())).toBe('picked_up');
  });

  it("the rule's `to` decides what is written, with the cancel's bookkeeping", () => {
    const now = new Date('2026-12-01T15:00:00Z');
    expect(readyActionFor(order())).toBe('markReady');
    expect(readyActionFor(order({ deliveryMethod: 'delivery' }))).toBe('sendOut');
    const baking = order({ fulfillmentStatus: 'baking' });
    expect(stateChanges(baking, ORDER_ACTION_RULES.markReady.to(baking), now)).toEqual({
      fulfillmentStatus: 'ready',
      readyAt: now,
    });
    expect(stateChanges(baking, ORDER_ACTION_RULES.cancel.to(baking), now)).toEqual({
      fulfillmentStatus: 'cancelled',
      cancelledFrom: 'baking',
      cancelledAt: now,
    });
    const cancelled = order({ fulfillmentStatus: 'cancelled', cancelledFrom: 'baking' });
    expect(stateChanges(cancelled, ORDER_ACTION_RULES.restore.to(cancelled), now)).toEqual({
      fulfillmentStatus: 'baking',
      cancelledFrom: null,
      cancelledAt: null,
    });
    // A refund or an archive keeps the state; Undo of a hand-over keeps the ready time.
    expect(stateChanges(baking, ORDER_ACTION_RULES.refund.to(baking), now)).toEqual({});
    const picked = order({ fulfillmentStatus: 'picked_up' });
    expect(stateChanges(picked, ORDER_ACTION_RULES.undoHandOver.to(picked), now)).toEqual({
      fulfillmentStatus: 'ready',
    });
  });

  it('refuses a cancel after hand-over with its own code', () => {
    for (const state of ['picked_up', 'delivered'] as const)
      expect(checkOrderAction(order({ fulfillmentStatus: state }), 'cancel')).toMatchObject({
        ok: false,
        code: 'order_handed_over',
      });
    // The spec's button agrees.
    expect(
      checkAdminAction(
        { ...order({ fulfillmentStatus: 'picked_up' }), orderStatus: 'complete' },
        'cancel',
      ),
    ).toMatchObject({ ok: false, code: 'order_handed_over' });
  });

  it('hands over an unpaid order only with the payment taken in the same step', () => {
    expect(checkOrderAction(order({ fulfillmentStatus: 'ready' }), 'handOver')).toEqual({
      ok: false,
      code: 'payment_due',
      message: 'Payment of $81.56 is due: take payment and hand over',
    });
    expect(
      checkOrderAction(order({ fulfillmentStatus: 'ready' }), 'handOver', { takingPayment: true })
        .ok,
    ).toBe(true);
    // Paid means received (issue 36): the rows' sum covers the total.
    expect(
      checkOrderAction(
        order({ fulfillmentStatus: 'ready', paymentStatus: 'paid', receivedCents: 8156 }),
        'handOver',
      ).ok,
    ).toBe(true);
    // Paid once, then made dearer: the difference is due.
    expect(
      checkOrderAction(
        order({ fulfillmentStatus: 'ready', paymentStatus: 'paid', receivedCents: 5000 }),
        'handOver',
      ),
    ).toEqual({
      ok: false,
      code: 'payment_due',
      message: 'Payment of $31.56 is due: take payment and hand over',
    });
  });

  it('restores a cancel on its own day only, to the state it left', () => {
    const cancelled = order({ fulfillmentStatus: 'cancelled', cancelledFrom: 'baking' });
    expect(
      checkOrderAction(cancelled, 'restore', { today: '2026-11-25', cancelledDay: '2026-11-25' })
        .ok,
    ).toBe(true);
    expect(
      checkOrderAction(cancelled, 'restore', { today: '2026-11-26', cancelledDay: '2026-11-25' }),
    ).toMatchObject({ ok: false, code: 'invalid_state' });
    expect(ORDER_ACTION_RULES.restore.to(cancelled)).toBe('baking');
  });

  it('never deletes a paid order; refunds only what was paid', () => {
    expect(checkOrderAction(order({ paymentStatus: 'paid' }), 'delete')).toMatchObject({
      ok: false,
      code: 'order_paid',
    });
    expect(
      checkOrderAction(order({ paidAt: new Date(), paymentStatus: 'cancelled' }), 'delete'),
    ).toMatchObject({
      ok: false,
      code: 'order_paid',
    });
    expect(checkOrderAction(order(), 'delete').ok).toBe(true);
    expect(checkOrderAction(order(), 'refund').ok).toBe(false);
    expect(
      checkOrderAction(order({ paymentStatus: 'paid', refundedCents: 8156 }), 'refund').ok,
    ).toBe(false);
  });

  it('offers Mark Ready, Hand Over, Cancel on a new pickup order; Restore only once cancelled', () => {
    expect(availableOrderActions(order())).toEqual([
      'confirm',
      'startBaking',
      'markReady',
      'handOver',
      'confirmPayment',
      'cancel',
      'archive',
      'delete',
    ]);
    expect(availableOrderActions(order({ fulfillmentStatus: 'cancelled' }))).toEqual([
      'restore',
      'archive',
      'delete',
    ]);
  });

  it("keeps the spec's wire fields in step", () => {
    expect(specFields('picked_up', true)).toEqual({
      orderStatus: 'complete',
      paymentStatus: 'completed',
    });
    expect(specFields('ready', false)).toEqual({
      orderStatus: 'in progress',
      paymentStatus: 'pending',
    });
    expect(specFields('cancelled', true).paymentStatus).toBe('cancelled');
    expect(fulfillmentAfterSpecAction(order(), 'fulfill')).toBe('picked_up');
    expect(
      fulfillmentAfterSpecAction(order({ fulfillmentStatus: 'picked_up' }), 'markInProgress'),
    ).toBe('ready');
    expect(
      legacyFulfillment({
        paymentStatus: 'completed',
        orderStatus: 'complete',
        deliveryMethod: 'delivery',
      }),
    ).toBe('delivered');
  });

  it('makes pickup codes from an alphabet without look-alikes, and reads typed ones', () => {
    const code = makePickupCode(Math.random);
    expect(isPickupCode(code)).toBe(true);
    expect(code).not.toMatch(/[01OIL5SBZ28]/);
    expect(normalisePickupCode(' #ac3-479 ')).toBe('AC3479');
  });
});
