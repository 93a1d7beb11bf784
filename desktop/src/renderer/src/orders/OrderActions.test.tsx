// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@bakery/core';
import { OrderActions } from './OrderActions';

afterEach(cleanup);

const base = {
  id: 'ord_1',
  orderNumber: 'ABCD1234',
  paymentStatus: 'pending',
  orderStatus: 'in progress',
  deliveryFeeStatus: 'not_applicable',
  deliveryMethod: 'pickup',
  squarePaymentUrl: null,
  fulfilledAt: null,
} as unknown as OrderView;
const order = (patch: Record<string, unknown>) => ({ ...base, ...patch }) as OrderView;

function buttons(o: OrderView) {
  render(<OrderActions order={o} handlers={{ run: vi.fn(), submitDeliveryFee: vi.fn() }} />);
  return screen.getAllByRole('button').map((b) => b.textContent);
}

describe('order buttons per state (spec section 4)', () => {
  it('pending pickup order: confirm payment, cancel, fulfill, delete', () => {
    expect(buttons(base)).toEqual(['Confirm Payment', 'Cancel Order', 'Fulfill', 'Delete']);
  });

  it('delivery awaiting its fee: the fee form and no Confirm Payment', () => {
    const names = buttons(order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' }));
    expect(names).toContain('Calculate Delivery Fee');
    expect(names).not.toContain('Confirm Payment');
    expect(
      screen.getByText(/\$5 flat for 5 to 10 miles, \$1\.50 per mile after 10 miles/),
    ).toBeInTheDocument();
  });

  it('paid and in progress: Mark Complete; complete: Mark In Progress', () => {
    expect(buttons(order({ paymentStatus: 'paid' }))).toEqual([
      'Mark Complete',
      'Cancel Order',
      'Fulfill',
      'Delete',
    ]);
    cleanup();
    expect(buttons(order({ paymentStatus: 'paid', orderStatus: 'complete' }))).toEqual([
      'Mark In Progress',
      'Cancel Order',
      'Fulfill',
      'Delete',
    ]);
  });

  it('cancelled: no Cancel Order; a payment link shows View Payment', () => {
    expect(buttons(order({ paymentStatus: 'cancelled' }))).not.toContain('Cancel Order');
    cleanup();
    expect(buttons(order({ squarePaymentUrl: 'https://square.link/u/x' }))).toContain(
      'View Payment',
    );
  });

  it('rejects a negative fee with the spec message and submits a valid one', () => {
    const submit = vi.fn();
    render(
      <OrderActions
        order={order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' })}
        handlers={{ run: vi.fn(), submitDeliveryFee: submit }}
      />,
    );
    const fee = screen.getByLabelText('Delivery fee ($)');
    fireEvent.change(fee, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Delivery Fee' }));
    expect(screen.getByText('Please enter a valid delivery fee amount')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    fireEvent.change(fee, { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('Distance (miles, optional)'), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Delivery Fee' }));
    expect(submit).toHaveBeenCalledWith(12.5, 5);
  });

  it('asks the spec question before deleting', async () => {
    const run = vi.fn();
    render(<OrderActions order={base} handlers={{ run, submitDeliveryFee: vi.fn() }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Are you sure you want to delete this order? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(run).toHaveBeenCalledWith('delete');
  });
});
