// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bakeryToday } from '@bakery/core';
import { anOrder } from '@bakery/test-support/fixtures';
import { OfflineDesk } from './OfflineDesk';
import { readOffline, updateOffline } from './store';

const today = bakeryToday();
const pickup = anOrder({
  id: 'ord_pickup',
  orderNumber: 'AAAA1111',
  customerName: 'Ann Lee',
  pickupDate: today,
  fulfillmentStatus: 'baking',
});
const delivery = anOrder({
  id: 'ord_delivery',
  orderNumber: 'BBBB2222',
  customerName: 'Bo Diaz',
  pickupDate: today,
  deliveryMethod: 'delivery',
  fulfillmentStatus: 'confirmed',
});
const waiting = anOrder({
  id: 'ord_ready',
  orderNumber: 'CCCC3333',
  customerName: 'Cy Ford',
  pickupDate: today,
  fulfillmentStatus: 'ready',
});

beforeEach(() => {
  localStorage.clear();
  updateOffline((state) => ({
    ...state,
    snapshot: { savedAt: new Date().toISOString(), orders: [pickup, delivery, waiting] },
  }));
});
afterEach(cleanup);

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Mark Ready on the offline counter', () => {
  it('queues Mark Ready with its own id and shows the order ready while it waits', () => {
    render(<OfflineDesk />);
    // Ready already: only the hand-over.
    expect(within(row('Cy Ford')).queryByRole('button', { name: /Mark Ready/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Ready #AAAA1111 (Ann Lee)' }));
    expect(row('Ann Lee')).toHaveTextContent('Ready: waiting to send');
    expect(within(row('Ann Lee')).queryByRole('button', { name: /Mark Ready/ })).toBeNull();
    // A delivery goes out for delivery instead.
    fireEvent.click(screen.getByRole('button', { name: 'Out for Delivery #BBBB2222 (Bo Diaz)' }));
    expect(row('Bo Diaz')).toHaveTextContent('Out for delivery: waiting to send');

    const { queue } = readOffline();
    expect(queue.map((a) => [a.kind, a.path, a.label, a.amountCents])).toEqual([
      ['markReady', '/api/admin/orders/ord_pickup/ready', 'Mark Ready #AAAA1111 (Ann Lee)', 0],
      [
        'markReady',
        '/api/admin/orders/ord_delivery/ready',
        'Out for Delivery #BBBB2222 (Bo Diaz)',
        0,
      ],
    ]);
    expect(new Set(queue.map((a) => a.id)).size).toBe(2);
  });

  it('a hand-over still follows a queued Mark Ready, after it in the queue', () => {
    render(<OfflineDesk />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark Ready #AAAA1111 (Ann Lee)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hand over #AAAA1111 (Ann Lee)' }));
    expect(row('Ann Lee')).toHaveTextContent('Handed over: waiting to send');
    expect(readOffline().queue.map((a) => a.kind)).toEqual(['markReady', 'handOver']);
  });
});
