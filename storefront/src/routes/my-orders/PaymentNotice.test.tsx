import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render';
import type { OrderView } from '@bakery/core';
import { anOrder, anOrderLine } from '@bakery/test-support/fixtures';
import { OrderCard } from './MyOrdersPage';
import { createQueryClient } from '../../api/client';

const base = anOrder({
  orderNumber: '56ABCDEF',
  customerPhone: '8505551234',
  items: [anOrderLine({ productId: 'p' })],
  tax: 3.5,
  total: 43.5,
  amountDue: 43.5,
});

const order = (patch: Partial<OrderView>): OrderView => ({ ...base, ...patch });
const notices = () =>
  [
    screen.queryByRole('link', { name: /Pay with Square/ }),
    screen.queryByText('Delivery Fee Calculation Pending'),
    screen.queryByText('Payment Processing'),
  ].filter(Boolean);

describe('order card payment state', () => {
  it('offers the Square link in a new tab when one exists', () => {
    renderScreen(<OrderCard order={order({ squarePaymentUrl: 'https://square.link/u/abc' })} />, {
      toaster: false,
    });
    const link = screen.getByRole('link', { name: /Pay with Square/ });
    expect(link).toHaveAttribute('href', 'https://square.link/u/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(notices()).toHaveLength(1);
    expect(screen.getByText('Payment Pending')).toBeInTheDocument();
  });

  it('shows the delivery-fee notice for a delivery awaiting its fee', () => {
    renderScreen(
      <OrderCard order={order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' })} />,
      { toaster: false },
    );
    expect(screen.getByText('Delivery Fee Calculation Pending')).toBeInTheDocument();
    expect(screen.getByText('Check back in 24 hours for payment link')).toBeInTheDocument();
    expect(notices()).toHaveLength(1);
  });

  it('shows Payment Processing otherwise, and no fee rows at zero', () => {
    renderScreen(<OrderCard order={order({})} />, { toaster: false });
    expect(screen.getByText('Payment link is being generated')).toBeInTheDocument();
    expect(notices()).toHaveLength(1);
    expect(screen.queryByText('Rush fee')).toBeNull();
    expect(screen.queryByText('Delivery fee')).toBeNull();
    expect(screen.getByText('Order #56ABCDEF')).toBeInTheDocument();
  });

  it('promises no payment link while card payments are not connected (issue 38)', () => {
    const withoutSquare = () => {
      const client = createQueryClient();
      client.setQueryData(['/api/config'], {
        paymentProvider: 'Square',
        paymentConfigured: false,
        mailConfigured: true,
      });
      return client;
    };
    const { unmount } = renderScreen(<OrderCard order={order({})} />, {
      toaster: false,
      client: withoutSquare(),
    });
    expect(
      screen.getByText(
        "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/payment link/i)).toBeNull();
    unmount();
    renderScreen(
      <OrderCard order={order({ deliveryMethod: 'delivery', deliveryFeeStatus: 'pending' })} />,
      { toaster: false, client: withoutSquare() },
    );
    expect(
      screen.getByText('Our team will e-mail you the delivery fee and how to pay.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/payment link/i)).toBeNull();
  });

  it('shows Paid and no notice once completed', () => {
    renderScreen(<OrderCard order={order({ paymentStatus: 'completed', rushFee: 10 })} />, {
      toaster: false,
    });
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(notices()).toHaveLength(0);
    expect(screen.getByText('Rush fee')).toBeInTheDocument();
  });
});
