import { afterEach, describe, expect, it } from 'vitest';
import { draftFromOrder, readDraft, saveDraft } from './orderDraft';
import { emptyForm } from './orderForm';

afterEach(() => localStorage.clear());

describe('Reorder brings back the address (issue 38)', () => {
  const delivery = {
    customerPhone: '8505551234',
    deliveryMethod: 'delivery',
    deliveryAddress: '1418 Thomasville Road',
    deliveryCity: 'Tallahassee',
    deliveryState: 'FL',
    deliveryZip: '32303',
    deliveryInstructions: 'Side door',
  };

  it('puts a delivery order’s address in the order form’s draft', () => {
    draftFromOrder('u1', delivery);
    expect(readDraft('u1', '')).toMatchObject({
      deliveryMethod: 'delivery',
      deliveryAddress: '1418 Thomasville Road',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32303',
      deliveryInstructions: 'Side door',
    });
  });

  it('keeps the rest of a draft in progress, and a pickup order sets pickup', () => {
    saveDraft('u1', '', { ...emptyForm(''), specialInstructions: 'Ring twice' });
    draftFromOrder('u1', delivery);
    expect(readDraft('u1', '').specialInstructions).toBe('Ring twice');
    draftFromOrder('u1', { deliveryMethod: 'pickup' });
    expect(readDraft('u1', '').deliveryMethod).toBe('pickup');
  });
});
