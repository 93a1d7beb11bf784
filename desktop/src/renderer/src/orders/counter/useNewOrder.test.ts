// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blank, orderBody, pickupTimeOf } from './useNewOrder';

const windows = [
  { value: '08:00', disabled: true },
  { value: '10:00', disabled: false },
];

describe('pickupTimeOf', () => {
  it('keeps a chosen window, else takes the first open one; a day of slots keeps the time', () => {
    expect(pickupTimeOf(windows, '08:00')).toBe('08:00');
    expect(pickupTimeOf(windows, '09:30')).toBe('10:00');
    expect(pickupTimeOf([{ value: '08:00', disabled: true }], '09:30')).toBe('09:30');
    expect(pickupTimeOf([], '09:30')).toBe('09:30');
  });
});

describe('orderBody', () => {
  const lines = [
    { productId: 'pie', variant: '', quantity: '2' },
    { productId: '', variant: '', quantity: '1' },
  ];

  it('sends a pickup without the delivery fields, empty contacts as null, pay later', () => {
    const body = orderBody(
      { ...blank(), customerName: 'Ann', pickupDate: '2026-12-01' },
      lines,
      '10:00',
    );
    expect(body).toMatchObject({
      customerName: 'Ann',
      customerPhone: null,
      customerEmail: null,
      pickupDate: '2026-12-01',
      pickupTime: '10:00',
      deliveryMethod: 'pickup',
      specialInstructions: null,
      channel: 'phone',
      leadTimeOverride: null,
      payment: { method: 'later', tenderedCents: null },
    });
    expect(body.items).toHaveLength(1);
    expect(body).not.toHaveProperty('deliveryAddress');
  });

  it('sends a delivery with its address, a waived lead time with its reason, and cash tendered', () => {
    const body = orderBody(
      {
        ...blank(),
        deliveryMethod: 'delivery',
        deliveryAddress: '1 Main St',
        deliveryCity: 'Tallahassee',
        deliveryZip: '32301',
        override: true,
        reason: 'Regular',
        method: 'cash',
        tendered: '20',
      },
      lines,
      '10:00',
    );
    expect(body).toMatchObject({
      deliveryAddress: '1 Main St',
      deliveryCity: 'Tallahassee',
      deliveryState: 'FL',
      deliveryZip: '32301',
      leadTimeOverride: { reason: 'Regular' },
      payment: { method: 'cash', tenderedCents: 2000 },
    });
  });
});
