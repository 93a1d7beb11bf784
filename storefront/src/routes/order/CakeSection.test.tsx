import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MENU_ITEMS, priceOrder, type PricedLine } from '@bakery/core';
import { CakeSection } from './CakeSection';
import { emptyForm, type OrderFormState } from './orderForm';

const classic = MENU_ITEMS.find((i) => i.fillings && i.id !== 'heart-shaped-cake')!;
const priced = (lines: Parameters<typeof priceOrder>[0]) =>
  priceOrder(lines, { pickupDate: null, hasWriting: true, hasBows: false }, '2026-11-22').lines;

function Harness({ lines, seen }: { lines: PricedLine[]; seen: OrderFormState[] }) {
  const [form, setForm] = useState<OrderFormState>({ ...emptyForm(), hasWriting: true });
  seen.push(form);
  return (
    <CakeSection
      form={form}
      lines={lines}
      set={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
    />
  );
}

describe('CakeSection (issue 24: writing per cake)', () => {
  it('asks one writing for one cake', () => {
    render(<Harness lines={priced([{ productId: classic.id, quantity: 1 }])} seen={[]} />);
    expect(screen.getByLabelText('Writing on the cake')).toBeInTheDocument();
  });

  it('asks the writing of each cake when there are several; the first written is the order’s', () => {
    const seen: OrderFormState[] = [];
    render(
      <Harness
        lines={priced([
          { productId: 'heart-shaped-cake', quantity: 1, variantId: 'chocolate' },
          { productId: classic.id, quantity: 1 },
        ])}
        seen={seen}
      />,
    );
    expect(screen.queryByLabelText('Writing on the cake')).toBeNull();
    const second = screen.getByLabelText(new RegExp(`^Writing on the ${classic.name}`));
    fireEvent.change(second, { target: { value: 'Happy 40th Sam' } });
    expect(seen.at(-1)!.cakeWriting).toBe('Happy 40th Sam');
    fireEvent.change(screen.getByLabelText('Writing on the Heart-Shaped Cake (Chocolate)'), {
      target: { value: 'Love you' },
    });
    expect(seen.at(-1)!.cakeWriting).toBe('Love you');
    expect(Object.values(seen.at(-1)!.lineWriting)).toEqual(['Happy 40th Sam', 'Love you']);
  });
});
