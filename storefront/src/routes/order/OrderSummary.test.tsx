import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MENU_ITEMS, addDays, priceOrder } from '@bakery/core';
import { OrderSummary } from './OrderSummary';

const today = '2026-11-22';
const cake = MENU_ITEMS.find(
  (i) => i.category === 'cakes' && i.variants?.some((v) => v.id === '6in'),
)!;
const bread = MENU_ITEMS.find((i) => i.category === 'breads' && i.priceCents === 2000)!;

describe('OrderSummary', () => {
  it('shows subtotal, cake options, tax and total for a 6-inch cake with writing 10 days away', () => {
    const priced = priceOrder(
      [{ productId: cake.id, quantity: 1, variantId: '6in' }],
      { pickupDate: addDays(today, 10), hasWriting: true, hasBows: false },
      today,
    );
    render(<OrderSummary priced={priced} deliveryMethod="pickup" />);
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$45.00');
    expect(screen.getByTestId('summary-cake-options')).toHaveTextContent('$5.00');
    expect(screen.queryByTestId('summary-rush-fee')).toBeNull();
    // 8.75% of $50.00 = $4.375, rounded half-up
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('$4.38');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$54.38');
  });

  it('adds the $10 rush fee under a week and taxes it', () => {
    const priced = priceOrder(
      [{ productId: bread.id, quantity: 2 }],
      { pickupDate: addDays(today, 4), hasWriting: false, hasBows: false },
      today,
    );
    render(<OrderSummary priced={priced} deliveryMethod="pickup" />);
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('summary-rush-fee')).toHaveTextContent('$10.00');
    // 8.75% of $50.00
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$54.38');
    expect(screen.getByText(`2 × ${bread.name}`)).toBeInTheDocument();
  });

  it('says the delivery fee comes later for delivery orders', () => {
    const priced = priceOrder(
      [{ productId: bread.id, quantity: 1 }],
      { pickupDate: null, hasWriting: false, hasBows: false },
      today,
    );
    render(<OrderSummary priced={priced} deliveryMethod="delivery" />);
    expect(screen.getByText('Calculated by our team after you order')).toBeInTheDocument();
  });

  it("shows the owner's fee for the ZIP and a total with it, before submitting (issue 38)", () => {
    const priced = priceOrder(
      [{ productId: bread.id, quantity: 2 }],
      { pickupDate: addDays(today, 10), hasWriting: false, hasBows: false, deliveryFeeCents: 750 },
      today,
    );
    render(<OrderSummary priced={priced} deliveryMethod="delivery" deliveryFeeKnown />);
    expect(screen.getByTestId('summary-delivery-fee')).toHaveTextContent('$7.50');
    // $40.00 + 8.75% tax ($3.50) + the $7.50 fee (not taxed)
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$51.00');
    expect(screen.queryByText('Calculated by our team after you order')).toBeNull();
  });
});
