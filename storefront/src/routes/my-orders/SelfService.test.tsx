// My Orders self-service (issue 24): the change and cancel buttons while the
// order is open, the line saying why once changes are closed.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';
import { anOrder, anOrderLine, aUser } from '@bakery/test-support/fixtures';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = aUser();
const order = anOrder({
  pickupDate: '2026-12-03',
  items: [anOrderLine({ productId: 'lemon-poppy-seed-loaf', name: 'Lemon Loaf' })],
  tax: 3.5,
  total: 43.5,
  amountDue: 43.5,
  changeableUntil: '2026-12-01T15:00:00.000Z',
});

const buttons = ['Change date or time', 'Change quantities', 'Cancel order'];
const button = (name: string) => screen.queryByRole('button', { name: new RegExp(`^${name}`) });

async function show(orders: unknown[]) {
  api = await startTestApi({
    'GET /api/user': { body: user },
    'GET /api/my-orders': { body: orders },
  });
  renderScreen(<MyOrdersPage />, { at: '/my-orders' });
  await screen.findByText(/^Order #/);
}

describe('self-service on My Orders', () => {
  it('offers change and cancel buttons until the lock time', async () => {
    await show([order]);
    for (const name of buttons) expect(button(name)).toBeInTheDocument();
    expect(
      screen.getByText('You can change or cancel this order online until Tue, Dec 1 at 10:00 AM.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('changes-closed')).toBeNull();
  });

  it('after the lock, replaces the buttons with a line saying why', async () => {
    await show([{ ...order, changeableUntil: null }]);
    for (const name of buttons) expect(button(name)).toBeNull();
    expect(screen.getByTestId('changes-closed')).toHaveTextContent(
      'Changes closed on Tue, Dec 1 at 10:00 AM: call us at (850) 555-0142.',
    );
  });

  it('offers nothing once the order is ready or cancelled', async () => {
    await show([{ ...order, fulfillmentStatus: 'ready', changeableUntil: null }]);
    for (const name of buttons) expect(button(name)).toBeNull();
    expect(screen.queryByTestId('changes-closed')).toBeNull();
  });

  it('changes a quantity and shows the new total', async () => {
    await show([order]);
    api!.on('PATCH /api/my-orders/a1b2c3d4-0000-4000-8000-123456abcdef', {
      body: { success: true, changes: [], order: { ...order, total: 65.25 } },
    });
    await userEvent.click(button('Change quantities')!);
    const form = screen.getByRole('form', { name: 'Change quantities' });
    const quantity = within(form).getByLabelText('Quantity of Lemon Loaf');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save quantities' }));
    expect(await screen.findByText('Your order was changed. New total: $65.25.')).toHaveAttribute(
      'role',
      'status',
    );
    const sent = api!.calls.find((c) => c.method === 'PATCH');
    expect(sent!.body).toEqual({
      items: [
        {
          productId: 'lemon-poppy-seed-loaf',
          quantity: 3,
          variant: null,
          filling: null,
          addIn: null,
        },
      ],
    });
  });

  it('moves the date and time with labelled fields', async () => {
    await show([order]);
    api!.on('PATCH /api/my-orders/a1b2c3d4-0000-4000-8000-123456abcdef', {
      body: { success: true, changes: [], order: { ...order, total: 54.38 } },
    });
    await userEvent.click(button('Change date or time')!);
    const form = screen.getByRole('form', { name: 'Change date or time' });
    const date = within(form).getByLabelText('New pickup date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-10');
    await userEvent.selectOptions(within(form).getByLabelText('Pickup time'), '2:00 PM');
    await userEvent.click(within(form).getByRole('button', { name: 'Save new date' }));
    expect(
      await screen.findByText('Your order was changed. New total: $54.38.'),
    ).toBeInTheDocument();
    expect(api!.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      pickupDate: '2026-12-10',
      pickupTime: '2:00 PM',
    });
  });

  it('cancels only after the confirmation and shows a refusal from the server', async () => {
    await show([order]);
    api!.on('POST /api/my-orders/a1b2c3d4-0000-4000-8000-123456abcdef/cancel', {
      status: 409,
      body: { code: 'order_locked', message: 'Changes closed on Tue, Dec 1 at 10:00 AM: call us.' },
    });
    await userEvent.click(button('Cancel order')!);
    expect(api!.calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Changes closed on Tue, Dec 1 at 10:00 AM: call us.',
    );
    await waitFor(() => expect(api!.calls.some((c) => c.path.endsWith('/cancel'))).toBe(true));
  });
});
