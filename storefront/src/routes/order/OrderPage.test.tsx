import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, bakeryToday, itemsInCategory, PAYMENT_NOT_CONFIGURED_NOTICE } from '@bakery/core';
import { cartByProduct } from '../../cart/cartStorage';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import OrderPage from './OrderPage';
import { aUser } from '@bakery/test-support/fixtures';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = aUser();
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
/** The product row's checkbox: one, with the row's options (spec: it sets 1 or 0). */
const addRow = (name: string) => userEvent.click(screen.getByRole('checkbox', { name }));

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

  it("sets the row's line from its quantity (0 to the maximum) and checkbox, with no Add to Cart button", async () => {
    await openOrderPage('/order#breads');
    const max = bread.maxQuantity ?? 10;
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    const qty = screen.getByLabelText(`Quantity of ${bread.name}`);
    const check = screen.getByRole('checkbox', { name: bread.name });
    expect(qty).toHaveValue(0);
    expect(qty).toHaveAttribute('min', '0');
    expect(qty).toHaveAttribute('max', String(max));
    fireEvent.change(qty, { target: { value: '3' } });
    expect(cartByProduct()).toEqual({ [bread.id]: 3 });
    expect(check).toBeChecked();
    fireEvent.change(qty, { target: { value: '1e3' } });
    expect(cartByProduct()[bread.id]).toBe(max);
    expect(qty).toHaveValue(max);
    fireEvent.change(qty, { target: { value: '-4' } });
    expect(cartByProduct()).toEqual({});
    expect(check).not.toBeChecked();
    await userEvent.click(check);
    expect(cartByProduct()).toEqual({ [bread.id]: 1 });
    expect(qty).toHaveValue(1);
    await userEvent.click(check);
    expect(cartByProduct()).toEqual({});
  });

  it("makes the line from the row's size: two sizes of one cake are two lines", async () => {
    await openOrderPage('/order#cakes');
    fireEvent.change(screen.getByLabelText(`Quantity of ${cake.name}`), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Size', { selector: `#product-${cake.id}-variant` }), {
      target: { value: '8in' },
    });
    expect(screen.getByLabelText(`Quantity of ${cake.name}`)).toHaveValue(0);
    fireEvent.change(screen.getByLabelText(`Quantity of ${cake.name}`), { target: { value: '2' } });
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(cartByProduct()).toEqual({ [cake.id]: 3 });
  });

  it('offers the Heart-Shaped Cake in vanilla or chocolate at the same price, and the cart names it', async () => {
    await openOrderPage('/order#cakes');
    const flavor = screen.getByLabelText('Flavor');
    expect(
      within(flavor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Vanilla ($60.00)', 'Chocolate ($60.00)']);
    await userEvent.selectOptions(flavor, 'chocolate');
    await addRow('Heart-Shaped Cake');
    const line = screen.getByTestId('cart-line');
    expect(line).toHaveTextContent('Chocolate');
    expect(line).toHaveTextContent('$60.00');
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

  it('submits the order, says Order submitted for review without Square, clears the cart and goes to My Orders after 2 seconds', async () => {
    await openOrderPage('/order#breads', {
      'POST /api/submit-order': {
        status: 201,
        body: {
          success: true,
          order: { id: 'o1', orderNumber: 'B3455131' },
          paymentUrl: null,
          message:
            "Order submitted for review. You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
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
    expect(PAYMENT_NOT_CONFIGURED_NOTICE.text).toBe(
      "You pay when you pick up your order. We'll e-mail you if anything needs arranging.",
    );
    expect(screen.queryByText(/not configured/)).toBeNull();
    expect(cartByProduct()).toEqual({});
    // Issue 38: the summary says the order went through, once; not an empty cart twice
    // above "Missing information: Select at least one item".
    expect(
      screen.getByText('Order #B3455131 submitted. Taking you to My Orders…'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty.')).toBeNull();
    expect(screen.queryByText('Missing information:')).toBeNull();
    expect(screen.queryByText('Please add items to your cart before submitting')).toBeNull();

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

    // Spec section 2: /my-orders after 2 seconds (it was /confirmation?order_id=...).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-orders'), {
      timeout: 4000,
    });
    expect(Date.now() - toastShown).toBeGreaterThanOrEqual(1000);
    expect(localStorage.getItem('orderDraft:u1')).toBeNull();
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

  it('asks for the writing when "Add writing" is ticked, and sends nothing until it is written', async () => {
    await openOrderPage('/order#cakes', {
      'POST /api/submit-order': { status: 201, body: { success: true, order: { id: 'o1' } } },
    });
    await addRow(cake.name);
    setDate(dateIn(10));
    await userEvent.click(screen.getByRole('checkbox', { name: /Add writing/ }));
    const line = screen.getByRole('button', { name: 'Enter the writing for your cake' });
    await userEvent.click(line);
    expect(screen.getByLabelText('Writing on the cake')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Order' }));
    expect(await screen.findByText('Order Validation Failed')).toBeInTheDocument();
    expect(api!.calls.some((c) => c.path === '/api/submit-order')).toBe(false);
    await userEvent.type(screen.getByLabelText('Writing on the cake'), 'Happy 8th, Ana!');
    expect(screen.queryByRole('button', { name: 'Enter the writing for your cake' })).toBeNull();
  });

  it('says a delivery ZIP outside the area is outside it, and does not send the order', async () => {
    await openOrderPage('/order#breads');
    await addRow(bread.name);
    setDate(dateIn(10));
    await userEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    // Pasted (one event each), so a busy machine does not spend the test's time on keystrokes.
    await userEvent.click(screen.getByLabelText('Street address'));
    await userEvent.paste('9400 Wilshire Blvd');
    await userEvent.click(screen.getByLabelText('City'));
    await userEvent.paste('Beverly Hills');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'FL');
    await userEvent.type(screen.getByLabelText('ZIP code'), '90210');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'ZIP code 90210 is outside our delivery area',
    );
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Order' }));
    expect(await screen.findByText('Order Validation Failed')).toBeInTheDocument();
    expect(api!.calls.some((c) => c.path === '/api/submit-order')).toBe(false);
    await userEvent.clear(screen.getByLabelText('ZIP code'));
    await userEvent.type(screen.getByLabelText('ZIP code'), '32303');
    expect(document.getElementById('delivery-area-error')).toBeNull();
    expect(screen.getByLabelText('ZIP code')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps everything typed as a draft of this account across a reload, until cleared', async () => {
    const first = await openOrderPage('/order#cakes');
    await addRow(cake.name);
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '(850) 555-0199');
    setDate(dateIn(12));
    await userEvent.selectOptions(screen.getByLabelText('Pickup time'), '2:30 PM');
    await userEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    await userEvent.type(screen.getByLabelText('Street address'), '12 Oak Lane');
    await userEvent.click(screen.getByRole('checkbox', { name: /Add writing/ }));
    await userEvent.type(screen.getByLabelText('Writing on the cake'), 'Love you');
    await userEvent.click(screen.getByRole('checkbox', { name: /Add bows/ }));
    await userEvent.type(screen.getByLabelText(/Anything we should know/), 'Ring twice');
    first.unmount();

    renderScreen(<OrderPage />, { at: '/order#cakes' });
    await screen.findByRole('heading', { name: /Order Details/ });
    expect(screen.getByLabelText('Phone number')).toHaveValue('(850) 555-0199');
    expect(screen.getByLabelText('Delivery date')).toHaveValue(dateIn(12));
    expect(screen.getByLabelText('Delivery time')).toHaveValue('2:30 PM');
    expect(screen.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    expect(screen.getByLabelText('Street address')).toHaveValue('12 Oak Lane');
    expect(screen.getByLabelText('Writing on the cake')).toHaveValue('Love you');
    expect(screen.getByRole('checkbox', { name: /Add bows/ })).toBeChecked();
    expect(screen.getByLabelText(/Anything we should know/)).toHaveValue('Ring twice');
    // Another account on this browser does not get it.
    expect(localStorage.getItem('orderDraft:u1')).toContain('12 Oak Lane');
    expect(localStorage.getItem('orderDraft:u2')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Clear the form' }));
    expect(screen.getByLabelText('Phone number')).toHaveValue(user.phone);
    expect(screen.getByRole('radio', { name: 'Pickup' })).toBeChecked();
    expect(localStorage.getItem('orderDraft:u1')).toBeNull();
    expect(cartByProduct()).toEqual({ [cake.id]: 1 });
  });
});
