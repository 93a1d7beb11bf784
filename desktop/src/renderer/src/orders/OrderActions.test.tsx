// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@bakery/core';
import { anOrder } from '@bakery/test-support/fixtures';
import { OrderActions } from './OrderActions';

afterEach(cleanup);

const base = anOrder({ id: 'ord_1', orderNumber: 'ABCD1234', total: 43.5, amountDue: 43.5 });
// A paid order received its total (issue 36: money follows the payment rows).
const order = (patch: Partial<OrderView>): OrderView => ({
  ...base,
  ...(patch.paymentStatus === 'paid' || patch.paymentStatus === 'completed'
    ? { received: base.total, amountDue: 0 }
    : {}),
  ...patch,
});

function buttons(o: OrderView) {
  render(<OrderActions order={o} handlers={{ run: vi.fn(), submitDeliveryFee: vi.fn() }} />);
  return screen.getAllByRole('button').map((b) => b.textContent);
}

describe('order buttons per state (spec section 4)', () => {
  it('pending pickup order: confirm payment, cancel, fulfill, delete; the counter’s next steps', () => {
    expect(buttons(base)).toEqual([
      'Confirm Payment',
      'Cancel Order',
      'Fulfill',
      'Delete',
      'Confirm Order',
      'Mark Ready',
    ]);
  });

  it('an admin is not offered Delete (the owner’s); a paid order offers Archive, never Delete', () => {
    render(
      <OrderActions
        order={base}
        handlers={{ run: vi.fn(), submitDeliveryFee: vi.fn(), canDelete: false }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();
    const names = buttons(order({ paymentStatus: 'paid', fulfillmentStatus: 'confirmed' }));
    expect(names).toContain('Archive');
    expect(names).not.toContain('Delete');
  });

  it('Fulfill on an unpaid order shows the amount due and takes the payment with it', async () => {
    const run = vi.fn();
    render(<OrderActions order={base} handlers={{ run, submitDeliveryFee: vi.fn() }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fulfill' }));
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$43.50 due.');
    fireEvent.change(screen.getByLabelText('Paid by'), { target: { value: 'card' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take payment and hand over' }));
    expect(run).toHaveBeenCalledWith('fulfill', { payment: { method: 'card' } });
  });

  it('a handed-over order offers no Cancel; a cancel of today offers Restore', () => {
    const handed = buttons(
      order({
        paymentStatus: 'completed',
        orderStatus: 'complete',
        fulfillmentStatus: 'picked_up',
      }),
    );
    expect(handed).not.toContain('Cancel Order');
    expect(handed).toContain('Record Refund');
    cleanup();
    expect(
      buttons(
        order({
          paymentStatus: 'cancelled',
          fulfillmentStatus: 'cancelled',
          cancelledAt: new Date().toISOString(),
        }),
      ),
    ).toContain('Restore Order');
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
    expect(
      buttons(order({ paymentStatus: 'paid', fulfillmentStatus: 'confirmed', amountDue: 0 })),
    ).toEqual([
      'Mark Complete',
      'Cancel Order',
      'Fulfill',
      'Start Baking',
      'Mark Ready',
      'Archive',
      'Record Refund',
    ]);
    cleanup();
    expect(
      buttons(
        order({
          paymentStatus: 'completed',
          orderStatus: 'complete',
          fulfillmentStatus: 'picked_up',
          amountDue: 0,
        }),
      ),
    ).toEqual(['Mark In Progress', 'Archive', 'Record Refund']);
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
