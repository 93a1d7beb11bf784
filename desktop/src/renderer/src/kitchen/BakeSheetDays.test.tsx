// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { BakeSheetDays } from './BakeSheetDays';

afterEach(cleanup);

const row = (name: string, quantity: number) => ({
  productId: name.toLowerCase().replace(/ /g, '-'),
  name,
  categoryLabel: 'Muffins',
  variantId: '',
  variantLabel: null,
  quantity,
  units: quantity * 6,
  pieces: quantity * 6,
  pieceName: 'muffins',
});

describe('the bake sheet by pickup day', () => {
  it('gives each day its own rows under a readable date', () => {
    render(
      <BakeSheetDays
        days={[
          { date: '2026-12-10', orderCount: 2, products: [row('Blueberry Muffins', 4)] },
          {
            date: '2026-12-11',
            orderCount: 1,
            products: [row('Blueberry Muffins', 5), row('Lemon Muffins', 1)],
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'To bake by pickup day' });
    const groups = within(table).getAllByRole('rowheader');
    expect(groups.map((g) => g.textContent)).toEqual([
      'Thursday, December 10, 20262 orders',
      'Friday, December 11, 20261 order',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Thursday, December 10, 20262 ordersBlueberry Muffins424 muffins',
      'Friday, December 11, 20261 orderBlueberry Muffins530 muffins',
      'Lemon Muffins16 muffins',
    ]);
  });
});
