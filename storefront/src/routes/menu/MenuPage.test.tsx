import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORIES, formatCents, itemsInCategory } from '@bakery/core';
import { cartByProduct } from '../../cart/cartStorage';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import MenuPage from './MenuPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = {
  id: 'u1',
  role: 'customer',
  email: 'a@example.com',
  firstName: 'Ada',
  lastName: 'Baker',
  phone: '8505551234',
};
const signedOut = { status: 401, body: { message: 'Not signed in' } };
const firstBrownie = itemsInCategory('brownies')[0]!;

describe('menu page', () => {
  it('starts at breads with the eight category buttons, the picture, heading and priced cards', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut });
    renderScreen(<MenuPage />, { at: '/menu' });
    expect(screen.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(
        'From traditional breads to decadent pastries, explore our full selection of handcrafted baked goods.',
      ),
    ).toBeInTheDocument();
    const group = within(screen.getByRole('group', { name: 'Categories' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Breads',
      'Muffins',
      'Oat Bars/Granola',
      'Brownies',
      'Cookies',
      'Cupcakes',
      'Cakes',
      'Gourmet Cookies',
    ]);
    expect(group.getByRole('button', { name: 'Breads' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Breads', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: CATEGORIES[0]!.imageAlt })).toBeInTheDocument();
    const bread = itemsInCategory('breads')[0]!;
    expect(screen.getByRole('heading', { name: bread.name })).toBeInTheDocument();
    expect(
      screen.getAllByText(formatCents(bread.priceCents), { exact: false }).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /^Add to Cart/ })).toHaveLength(
      itemsInCategory('breads').length,
    );
  });

  it('a visitor keeps the chosen item as pending and is sent to sign in', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut });
    renderScreen(<MenuPage />, { at: '/menu' });
    await waitFor(() => expect(api!.calls.some((c) => c.path === '/api/user')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Brownies' }));
    await userEvent.click(
      screen.getByRole('button', { name: `Add to Cart: ${firstBrownie.name}` }),
    );
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByText('Please sign in')).toBeInTheDocument();
    expect(
      screen.getByText("Sign in to add items to your cart. We'll add this item after you log in!"),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('pendingCartItems')!)[0]).toMatchObject({
      productId: firstBrownie.id,
      quantity: 2,
    });
    expect(localStorage.getItem('pendingRedirect')).toBe('/menu');
    expect(cartByProduct()).toEqual({});
  });

  it('a signed-in customer adds to the cart, hears about it, and the dialog closes', async () => {
    api = await startTestApi({ 'GET /api/user': { body: user } });
    renderScreen(<MenuPage />, { at: '/menu' });
    await waitFor(() => expect(api!.calls.some((c) => c.path === '/api/user')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    let events = 0;
    window.addEventListener('cartUpdated', () => (events += 1));
    await userEvent.click(screen.getByRole('button', { name: 'Brownies' }));
    await userEvent.click(
      screen.getByRole('button', { name: `Add to Cart: ${firstBrownie.name}` }),
    );
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add to Cart' }));
    expect(cartByProduct()).toEqual({ [firstBrownie.id]: 2 });
    expect(events).toBeGreaterThan(0);
    expect(screen.getByText('Added to cart!')).toBeInTheDocument();
    expect(screen.getByText(`2 ${firstBrownie.name} added to your cart.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opening it again starts from 1.
    await userEvent.click(
      screen.getByRole('button', { name: `Add to Cart: ${firstBrownie.name}` }),
    );
    expect(within(screen.getByRole('dialog')).getByLabelText('Quantity')).toHaveValue(1);
  });

  it('gourmet cookies skip the dialog and go to the order page', async () => {
    api = await startTestApi({ 'GET /api/user': { body: user } });
    renderScreen(<MenuPage />, { at: '/menu' });
    await userEvent.click(screen.getByRole('button', { name: 'Gourmet Cookies' }));
    await userEvent.click(screen.getAllByRole('button', { name: /^Add to Cart/ })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/order#gourmet-cookies');
  });
});
