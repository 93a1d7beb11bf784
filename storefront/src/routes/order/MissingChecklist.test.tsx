import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { missingOrderInformation } from '@bakery/core';
import { MissingChecklist } from './MissingChecklist';

const fieldId = (f: string) => `order-${f}`;

describe('MissingChecklist', () => {
  it('lists what is missing under "Missing information:" and focuses the field on click', async () => {
    const missing = missingOrderInformation({
      items: [],
      customerPhone: '',
      deliveryMethod: 'delivery',
      pickupDate: '',
      pickupTime: '',
      deliveryAddress: '',
      deliveryCity: '',
      deliveryState: '',
      deliveryZip: '',
    });
    render(
      <>
        <input id="order-customerPhone" aria-label="Phone number" />
        <input id="order-deliveryZip" aria-label="ZIP code" />
        <MissingChecklist missing={missing} fieldId={fieldId} />
      </>,
    );
    expect(screen.getByText('Missing information:')).toBeInTheDocument();
    const lines = screen.getAllByRole('button').map((b) => b.textContent);
    expect(lines).toEqual([
      'Select at least one item to order',
      'Enter your phone number',
      'Select a pickup date',
      'Select a pickup time',
      'Enter delivery address',
      'Enter delivery city',
      'Select delivery state',
      'Enter delivery ZIP code',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Enter your phone number' }));
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Enter delivery ZIP code' }));
    expect(screen.getByLabelText('ZIP code')).toHaveFocus();
  });

  it('renders nothing when the form is complete', () => {
    const { container } = render(<MissingChecklist missing={[]} fieldId={fieldId} />);
    expect(container).toBeEmptyDOMElement();
  });
});
