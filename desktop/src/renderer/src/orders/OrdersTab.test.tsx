// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';
import { renderScreen, stubFetch, toastText, type Call } from '../test/harness';
import { OrdersTab } from './OrdersTab';

beforeAll(() => ModuleRegistry.registerModules([AllCommunityModule]));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function order(id: string, patch: Record<string, unknown> = {}) {
  return {
    id,
    orderNumber: id.slice(-8).toUpperCase(),
    userId: 'u3',
    customerName: 'Pat Pickup',
    customerEmail: 'pat@example.com',
    customerPhone: '555-123-4567',
    orderDate: '2026-11-20T15:00:00.000Z',
    createdAt: '2026-11-20T15:00:00.000Z',
    pickupDate: '2026-12-01',
    pickupTime: '10:00 AM',
    items: [
      {
        productId: 'chocolate-chip-cookies',
        name: 'Chocolate Chip Cookies',
        price: 30,
        quantity: 1,
        variant: '12-count',
        variantLabel: '12 count',
        filling: null,
        addIn: null,
        lineTotal: 30,
      },
    ],
    subtotal: 30,
    cakeOptionsFee: 0,
    rushFee: 0,
    tax: 2.63,
    deliveryFee: 0,
    total: 32.63,
    specialInstructions: 'Please box separately',
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
    ...patch,
  };
}

const delivery = order('ord-delivery-0001', {
  customerName: 'Dora Delivery',
  customerEmail: 'dora@example.com',
  deliveryMethod: 'delivery',
  deliveryFeeStatus: 'pending',
  deliveryAddress: '12 Oven Street',
  deliveryCity: 'Tallahassee',
  deliveryState: 'FL',
  deliveryZip: '32301',
  deliveryInstructions: 'Ring twice',
});

function server(initial: ReturnType<typeof order>[]) {
  let orders = initial;
  const update = (id: string, patch: Record<string, unknown>) => {
    orders = orders.map((o) => (o.id === id ? { ...o, ...patch } : o));
    return orders.find((o) => o.id === id);
  };
  const calls = stubFetch({
    'GET /api/admin/orders': () => [200, orders],
    'GET /api/config': () => [
      200,
      { paymentProvider: 'Square', paymentConfigured: false, mailConfigured: false },
    ],
    'GET /api/admin/orders/ord-pickup-0001/history': () => [200, []],
    'GET /api/admin/orders/ord-delivery-0001/history': () => [200, []],
    'POST /api/confirm-payment': (c: Call) => [
      200,
      {
        success: true,
        message: 'Payment confirmed',
        order: update((c.body as { orderId: string }).orderId, { paymentStatus: 'paid' }),
      },
    ],
    'PATCH /api/admin/orders/ord-pickup-0001/fulfillment': () => [
      409,
      { message: 'The order is not paid yet' },
    ],
    'PATCH /api/admin/orders/ord-delivery-0001/delivery-fee': (c: Call) => {
      const fee = (c.body as { deliveryFee: number }).deliveryFee;
      const o = update('ord-delivery-0001', {
        deliveryFee: fee,
        deliveryFeeStatus: 'calculated',
        total: 32.63 + fee,
      });
      return [
        200,
        {
          success: true,
          message: `Delivery fee of $${fee.toFixed(2)} added. New total $${o!.total.toFixed(2)}.`,
          order: o,
        },
      ];
    },
    'DELETE /api/admin/orders/ord-pickup-0001': () => {
      orders = orders.filter((o) => o.id !== 'ord-pickup-0001');
      return [200, { success: true, message: 'Order deleted' }];
    },
  });
  return calls;
}

const range = { fromDate: null, toDate: null };
const detail = () => screen.getByRole('region', { name: /^Order / });

async function select(name: string) {
  fireEvent.click(await screen.findByRole('gridcell', { name }));
  return screen.findByRole('region', { name: /^Order / });
}

describe('Order Management', () => {
  it('lists the orders in the grid, with quick search', async () => {
    server([order('ord-pickup-0001'), delivery]);
    renderScreen(<OrdersTab range={range} />);
    expect(await screen.findByRole('gridcell', { name: 'Pat Pickup' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Dora Delivery' })).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), {
      target: { value: 'dora@' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Pat Pickup' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('gridcell', { name: 'Dora Delivery' })).toBeInTheDocument();
  });

  it('shows the selected order: items with variant, totals, instructions, pickup, and the buttons of its state', async () => {
    server([order('ord-pickup-0001')]);
    renderScreen(<OrdersTab range={range} />);
    const d = await select('Pat Pickup');
    expect(d).toHaveTextContent('Chocolate Chip Cookies (12 count)');
    expect(within(d).getByTestId('order-total')).toHaveTextContent('$32.63');
    expect(d).toHaveTextContent('Special instructions: Please box separately');
    expect(d).toHaveTextContent('Pickup:');
    expect(within(d).getByRole('toolbar', { name: 'Order actions' }).textContent).toBe(
      'Confirm PaymentCancel OrderFulfillDelete',
    );
  });

  it('confirms a payment, then offers Mark Complete; a refusal shows Update Failed with the reason', async () => {
    server([order('ord-pickup-0001')]);
    renderScreen(<OrdersTab range={range} />);
    const d = await select('Pat Pickup');
    fireEvent.click(within(d).getByRole('button', { name: 'Confirm Payment' }));
    const complete = await within(detail()).findByRole('button', { name: 'Mark Complete' });
    expect(
      within(detail()).queryByRole('button', { name: 'Confirm Payment' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(toastText()).toContain('Payment confirmed'));
    fireEvent.click(complete);
    await waitFor(() => expect(toastText()).toContain('Update Failed: The order is not paid yet'));
  });

  it('calculates a delivery fee: the total changes and the server message is shown', async () => {
    const calls = server([delivery]);
    renderScreen(<OrdersTab range={range} />);
    const d = await select('Dora Delivery');
    expect(d).toHaveTextContent('12 Oven Street, Tallahassee, FL 32301');
    expect(within(d).queryByRole('button', { name: 'Confirm Payment' })).not.toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText('Delivery fee ($)'), { target: { value: '7.5' } });
    fireEvent.change(within(d).getByLabelText('Distance (miles, optional)'), {
      target: { value: '6' },
    });
    fireEvent.click(within(d).getByRole('button', { name: 'Calculate Delivery Fee' }));
    await waitFor(() =>
      expect(within(detail()).getByTestId('order-total')).toHaveTextContent('$40.13'),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      deliveryFee: 7.5,
      deliveryDistance: 6,
    });
    await waitFor(() =>
      expect(toastText()).toContain('Delivery fee of $7.50 added. New total $40.13.'),
    );
    expect(within(detail()).getByRole('button', { name: 'Confirm Payment' })).toBeInTheDocument();
  });

  it('deletes after the spec question and clears the selection when the order leaves the list', async () => {
    server([order('ord-pickup-0001'), delivery]);
    renderScreen(<OrdersTab range={range} />);
    const d = await select('Pat Pickup');
    fireEvent.click(within(d).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(
      'Are you sure you want to delete this order? This action cannot be undone.',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No order selected')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Pat Pickup' })).not.toBeInTheDocument(),
    );
  });

  it("says 'Failed to fetch orders' when the list cannot load", async () => {
    stubFetch({
      'GET /api/admin/orders': () => [500, ''],
      'GET /api/config': () => [200, { paymentConfigured: true }],
    });
    renderScreen(<OrdersTab range={range} />);
    expect(await screen.findByText('Failed to fetch orders')).toBeInTheDocument();
  });
});
