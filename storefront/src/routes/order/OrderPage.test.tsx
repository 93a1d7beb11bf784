import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, bakeryToday, itemsInCategory, PAYMENT_NOT_CONFIGURED_NOTICE } from '@bakery/core';
import { cartByProduct } from '../../cart/cartStorage';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import OrderPage from './OrderPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = {
  id: 'u1',
  role: 'customer',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Baker',
  phone: '8505551234',
};
const bread = itemsInCategory('breads')[0]!;
const cake = itemsInCategory('cakes').find((i) => i.variants?.some((v) => v.id === '6in'))!;
const dateIn = (days: number) => addDays(bakeryToday(), days);

async function openOrderPage(at = '/order', routes: Parameters<typeof startTestApi>[0] = {}) {
  api = await startTestApi({ 'GET /api/user': { body: user }, ...routes });
  const view = renderScreen(<OrderPage />, { at });
  await screen.findByRole('heading', { name: /Order Details/ });
  return view;
}
const setDate = (value: string) =>
  fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value } });
/** The product row's Add to Cart (one, its default options). */
const addRow = (name: string) =>
  userEvent.click(screen.getByRole('button', { name: `Add to Cart: ${name}` }));

describe('order page', () => {
  it('asks visitors to create an account or sign in', async () => {
    api = await startTestApi({ 'GET /api/user': { status: 401, body: { message: 'No' } } });
    renderScreen(<OrderPage />, { at: '/order' });
    expect(await screen.findByRole('heading', { name: 'Account Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('greets by first name and lays out the sections in order', async () => {
    await openOrderPage();
    expect(screen.getByText(/Welcome, Ada/)).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      '1. Order Details',
      '2. Select Products',
      '3. Special Instructions',
      '4. Order Summary',
    ]);
    expect(screen.getByLabelText('Phone number')).toHaveValue(user.phone);
    expect(screen.getByLabelText('Pickup time')).toHaveValue('10:00 AM');
  });

  it('takes the category from the URL hash and writes it back on change', async () => {
    await openOrderPage('/order#cakes');
    const group = within(screen.getByRole('group', { name: 'Categories' }));
    expect(group.getByRole('button', { name: 'Cakes' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(group.getByRole('button', { name: 'Muffins' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/order#muffins');
    expect(group.getByRole('button', { name: 'Muffins' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows cake customization only while a cake is in the cart', async () => {
    await openOrderPage('/order#cakes');
    expect(screen.queryByRole('heading', { name: /Cake Customization/ })).toBeNull();
    await addRow(cake.name);
    expect(cartByProduct()).toEqual({ [cake.id]: 1 });
    expect(screen.getByRole('heading', { name: '3. Cake Customization' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4. Special Instructions' })).toBeInTheDocument();
    // The summary edits the same line: Remove takes it out.
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^Remove ${cake.name}`) }));
    expect(cartByProduct()).toEqual({});
    expect(screen.queryByRole('heading', { name: /Cake Customization/ })).toBeNull();
  });

  it('keeps quantities between 1 and the maximum, and says what was really added', async () => {
    await openOrderPage('/order#breads');
    const max = bread.maxQuantity ?? 10;
    const qty = screen.getByLabelText(`Quantity of ${bread.name}`);
    fireEvent.change(qty, { target: { value: '1e3' } });
    expect(qty).toHaveValue(max);
    fireEvent.change(qty, { target: { value: '-4' } });
    expect(qty).toHaveValue(1);
    fireEvent.change(qty, { target: { value: String(max - 1) } });
    await addRow(bread.name);
    fireEvent.change(qty, { target: { value: '5' } });
    await addRow(bread.name);
    expect(cartByProduct()[bread.id]).toBe(max);
    expect(await screen.findByText(`Only ${max} allowed: you now have ${max}`)).toBeInTheDocument();
  });

  it('disables submit on an empty cart and lists what is missing; a line focuses its field', async () => {
    await openOrderPage();
    expect(screen.getByRole('button', { name: 'Submit Order' })).toBeDisabled();
    expect(screen.getByText('Please add items to your cart before submitting')).toBeInTheDocument();
    expect(screen.getByText('Missing information:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select a pickup date' }));
    expect(screen.getByLabelText('Pickup date')).toHaveFocus();
    await userEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(screen.getByRole('button', { name: 'Enter delivery address' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enter delivery address' }));
    expect(screen.getByLabelText('Street address')).toHaveFocus();
  });

  it('refuses dates closer than the lead time and warns about the rush fee under a week', async () => {
    await openOrderPage('/order#breads');
    await addRow(bread.name);
    const input = screen.getByLabelText('Pickup date');
    expect(input).toHaveAttribute('min', dateIn(3));
    setDate(dateIn(1));
    expect(screen.getByText('Pickup date must be at least 3 days in advance')).toBeInTheDocument();
    setDate(dateIn(4));
    expect(screen.getByRole('alert')).toHaveTextContent(/rush fee/i);
    expect(screen.getByTestId('summary-rush-fee')).toHaveTextContent('$10.00');
    setDate(dateIn(8));
    expect(screen.queryByTestId('summary-rush-fee')).toBeNull();
  });

  it('submits the order, says Order submitted for review without Square, clears the cart and goes to its confirmation after 2 seconds', async () => {
    await openOrderPage('/order#breads', {
      'POST /api/submit-order': {
        status: 201,
        body: {
          success: true,
          order: { id: 'o1' },
          paymentUrl: null,
          message:
            'Order received. Payment processing is not configured; our team will contact you.',
          code: 'payment_not_configured',
        },
      },
    });
    await addRow(bread.name);
    setDate(dateIn(10));
    await userEvent.type(screen.getByLabelText(/Anything we should know/), 'Slice it please');
    expect(screen.queryByText('Missing information:')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Order' }));
    expect(await screen.findByText('Order submitted for review')).toBeInTheDocument();
    const toastShown = Date.now();
    expect(screen.getByText(PAYMENT_NOT_CONFIGURED_NOTICE.text)).toBeInTheDocument();
    expect(cartByProduct()).toEqual({});

    const call = api!.calls.find((c) => c.path === '/api/submit-order')!;
    expect(call.headers['idempotency-key']).toBeTruthy();
    const { orderData } = call.body as { orderData: Record<string, unknown> };
    const unit = bread.priceCents / 100;
    expect(orderData).toMatchObject({
      customerName: 'Ada Baker',
      customerEmail: user.email,
      customerPhone: user.phone,
      userId: user.id,
      pickupDate: dateIn(10),
      pickupTime: '10:00 AM',
      deliveryMethod: 'pickup',
      deliveryFeeStatus: 'not_applicable',
      isRushOrder: false,
      hasCakeItems: false,
      cakeOptions: null,
      rushFee: 0,
      subtotal: unit,
      specialInstructions: 'Slice it please',
      items: [expect.objectContaining({ productId: bread.id, quantity: 1, price: unit })],
    });
    expect(orderData.total).toBeCloseTo(
      (orderData.subtotal as number) + (orderData.tax as number),
      2,
    );

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/confirmation'));
    expect(Date.now() - toastShown).toBeGreaterThanOrEqual(1000);
  });

  it("shows the server's message in 'Error submitting order'", async () => {
    await openOrderPage('/order#breads', {
      'POST /api/submit-order': {
        status: 400,
        body: { message: 'Cannot exceed 20 different items per order' },
      },
    });
    await addRow(bread.name);
    setDate(dateIn(10));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Order' }));
    expect(await screen.findByText('Error submitting order')).toBeInTheDocument();
    expect(screen.getByText('Cannot exceed 20 different items per order')).toBeInTheDocument();
    expect(cartByProduct()).toEqual({ [bread.id]: 1 });
    expect(screen.getByTestId('location')).toHaveTextContent('/order#breads');
  });

  it('refuses a closed or full date for this cart and shows how many cakes are left', async () => {
    const closed = dateIn(10);
    const full = dateIn(11);
    const few = dateIn(12);
    const remaining = {
      breads: 30,
      muffins: 96,
      'oat-bars': 30,
      brownies: 72,
      cookies: 120,
      cupcakes: 72,
      'gourmet-cookies': 48,
    };
    const day = (date: string, cakesLeft: number, extra = {}) => ({
      date,
      closed: false,
      closedReason: null,
      full: cakesLeft === 0 ? ['cakes'] : [],
      remaining: { ...remaining, cakes: cakesLeft },
      cakesLeft,
      notice:
        cakesLeft > 0 && cakesLeft <= 2
          ? `Only ${cakesLeft} ${cakesLeft === 1 ? 'cake' : 'cakes'} left for this date`
          : null,
      ...extra,
    });
    const days = [
      day(closed, 0, {
        closed: true,
        closedReason: 'Christmas',
        remaining: Object.fromEntries(
          Object.keys(remaining)
            .concat('cakes')
            .map((k) => [k, 0]),
        ),
      }),
      day(full, 0),
      day(few, 1),
    ];
    await openOrderPage('/order#cakes', {
      'GET /api/availability': { body: { fromDate: dateIn(3), toDate: dateIn(92), days } },
    });
    await addRow(cake.name);
    await screen.findByText(/Closed or full for this order:/);

    setDate(closed);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /We are closed on .* \(Christmas\)\. Please choose another pickup date\./,
    );
    expect(screen.getByText('Select a pickup date')).toBeInTheDocument();

    setDate(full);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /We are fully booked for cakes on .*\. Please choose another date\./,
    );

    setDate(few);
    expect(screen.getByLabelText('Pickup date')).toHaveValue(few);
    expect(await screen.findByText('Only 1 cake left for this date')).toBeInTheDocument();
  });
});
