import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BAKERY_INFO } from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import ConfirmationPage from './ConfirmationPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const signedOut = { status: 401, body: { message: 'Not signed in' } };
const user = {
  id: 'u1',
  role: 'customer',
  email: 'a@example.com',
  firstName: 'Ada',
  lastName: 'B',
  phone: null,
};
const status = (patch: Record<string, unknown>) => ({
  body: {
    paymentStatus: 'pending',
    total: 54.38,
    orderId: 'order-1',
    customerEmail: 'a***@example.com',
    paymentUrl: null,
    ...patch,
  },
});

describe('confirmation page', () => {
  it('status=error shows Payment Error with the bakery e-mail and phone', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut });
    renderScreen(<ConfirmationPage />, { at: '/confirmation?status=error' });
    expect(screen.getByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'There was an error processing your payment. Please try again or contact us for assistance.',
    );
    expect(alert).toHaveTextContent(BAKERY_INFO.email);
    expect(alert).toHaveTextContent(BAKERY_INFO.phone);
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('without an order id says there is no order to show, not that one was submitted (issue 24)', async () => {
    api = await startTestApi({ 'GET /api/user': { body: user } });
    renderScreen(<ConfirmationPage />, { at: '/confirmation' });
    expect(screen.getByRole('heading', { name: 'No order to show' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order Submitted for Review' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(screen.queryByRole('link', { name: 'View My Orders' })).toBeNull();
  });

  it('signed out with an order id shows its state and offers to sign in for the details', async () => {
    api = await startTestApi({
      'GET /api/user': signedOut,
      'GET /api/order-payment-status/order-1': status({}),
    });
    renderScreen(<ConfirmationPage />, { at: '/confirmation?order_id=order-1' });
    expect(
      await screen.findByRole('heading', { name: 'Order Submitted for Review' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Sign in to see this order's items, date and place."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('an unknown order reads Order not found', async () => {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/order-payment-status/nope': { status: 404, body: { message: 'Order not found' } },
    });
    renderScreen(<ConfirmationPage />, { at: '/confirmation?order_id=nope' });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });

  it.each(['?order_id=4CA071DC', '?order_id=%234ca071dc', '?order_id=#4CA071DC'])(
    'finds the order by its short number %s for its owner',
    async (query) => {
      api = await startTestApi({
        'GET /api/user': { body: user },
        'GET /api/order-payment-status/4CA071DC': status({ orderId: 'order-1' }),
        'GET /api/my-orders': { body: [] },
      });
      renderScreen(<ConfirmationPage />, { at: `/confirmation${query}` });
      expect(
        await screen.findByRole('heading', { name: 'Order Submitted for Review' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Order not found' })).toBeNull();
    },
  );

  it('asks a visitor to sign in to see an order by its short number', async () => {
    api = await startTestApi({
      'GET /api/user': signedOut,
      'GET /api/order-payment-status/4CA071DC': {
        status: 404,
        body: { message: 'Order not found' },
      },
    });
    renderScreen(<ConfirmationPage />, { at: '/confirmation?order_id=4CA071DC' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see order #4CA071DC' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('offers the payment link when one exists, and View My Orders when signed in', async () => {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/order-payment-status/order-1': status({ paymentUrl: 'https://square.link/u/x' }),
    });
    renderScreen(<ConfirmationPage />, { at: '/confirmation?order_id=order-1' });
    const pay = await screen.findByRole('link', { name: /Pay with Square/ });
    expect(pay).toHaveAttribute('href', 'https://square.link/u/x');
    expect(screen.getByText(/\$54\.38/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View My Orders' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
  });

  it('an order paid earlier reads Order Already Paid', async () => {
    api = await startTestApi({
      'GET /api/user': signedOut,
      'GET /api/order-payment-status/order-1': status({ paymentStatus: 'paid' }),
    });
    renderScreen(<ConfirmationPage />, { at: '/confirmation?order_id=order-1' });
    expect(await screen.findByRole('heading', { name: 'Order Already Paid' })).toBeInTheDocument();
  });

  it('back from Square: asks the server to confirm, polls every 3 seconds, then shows Payment Confirmed', async () => {
    let reads = 0;
    api = await startTestApi({
      'GET /api/user': signedOut,
      // The confirmation fails here, so only polling can discover the payment.
      'POST /api/square/confirm-payment': { status: 409, body: { message: 'not yet' } },
      'GET /api/order-payment-status/order-1': () => {
        reads += 1;
        return status({ paymentStatus: reads >= 2 ? 'paid' : 'pending' });
      },
    });
    const started = Date.now();
    renderScreen(<ConfirmationPage />, {
      at: '/confirmation?order_id=order-1&referenceId=order-1&status=success&payment_method=square',
    });
    expect(await screen.findByRole('heading', { name: /Processing Payment/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Confirmed!' })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    const confirm = api.calls.filter((c) => c.path === '/api/square/confirm-payment');
    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.body).toEqual({ referenceId: 'order-1' });
    // Paid: polling stops.
    const after = reads;
    await new Promise((r) => setTimeout(r, 3300));
    expect(reads).toBe(after);
  });
});
