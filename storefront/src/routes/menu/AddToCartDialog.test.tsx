import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_ITEMS, formatCents, maxQuantityOf } from '@bakery/core';
import { AddToCartDialog } from './AddToCartDialog';
import { renderScreen } from '../../test/render';

const brownie = MENU_ITEMS.find((i) => i.category === 'brownies')!;

describe('AddToCartDialog', () => {
  it('clamps typed quantities, shows Max and a running total, and disables the ends', async () => {
    const onAdd = vi.fn();
    const max = maxQuantityOf(brownie);
    renderScreen(<AddToCartDialog item={brownie} onCancel={() => {}} onAdd={onAdd} />);
    expect(screen.getByText(`Max: ${max}`)).toBeInTheDocument();
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    const input = screen.getByLabelText('Quantity');
    expect(input).toHaveFocus();
    expect(minus).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '99');
    expect(input).toHaveValue(max);
    expect(plus).toBeDisabled();
    expect(screen.getByTestId('dialog-total')).toHaveTextContent(
      formatCents(brownie.priceCents * max),
    );
    await userEvent.click(minus);
    expect(screen.getByTestId('dialog-total')).toHaveTextContent(
      formatCents(brownie.priceCents * (max - 1)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ quantity: max - 1 }));
  });

  it('closes on Escape', async () => {
    const onCancel = vi.fn();
    renderScreen(<AddToCartDialog item={brownie} onCancel={onCancel} onAdd={() => {}} />);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });
});
