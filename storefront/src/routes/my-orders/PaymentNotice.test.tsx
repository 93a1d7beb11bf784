import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render';
import type { OrderView } from '@bakery/core';
import { OrderCard } from './MyOrdersPage';

const base = {
  id: 'a1b2c3d4-0000-4000-8000-123456abcdef',
  orderNumber: '56ABCDEF',
  userId: 'u1',
  customerName: 'Ada Baker',
  customerEmail: 'ada@example.com',
  customerPhone: '8505551234',
  orderDate: '2026-11-22T15:00:00.000Z',
  pickupDate: '2026-12-02',
  pickupTime: '10:00 AM',
  items: [
    {
      productId: 'p',
      name: 'Banana Bread',
      price: 20,
      quantity: 2,
      variant: null,
      variantLabel: null,
      filling: null,
      addIn: null,
      lineTotal: 40,
    },
  ],
  subtotal: 40,
  cakeOptionsFee: 0,
  rushFee: 0,
  tax: 3.5,
  deliveryFee: 0,
  total: 43.5,
  specialInstructions: null,
  hasCakeItems: false,
  cakeOptions: null,
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
  createdAt: '2026-11-22T15:00:00.000Z',
} as unknown as OrderView;

const order = (patch: Partial<Record<keyof OrderView, unknown>>) =>
  ({ ...base, ...patch }) as OrderView;
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

  it('shows Paid and no notice once completed', () => {
    renderScreen(<OrderCard order={order({ paymentStatus: 'completed', rushFee: 10 })} />, {
      toaster: false,
    });
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(notices()).toHaveLength(0);
    expect(screen.getByText('Rush fee')).toBeInTheDocument();
  });
});
