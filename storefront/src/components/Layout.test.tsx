import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BAKERY_INFO } from '@bakery/core';
import { createQueryClient } from '../api/client';
import { startTestApi, type TestApi } from '../test/apiServer';
import { Layout, pageTitle } from './Layout';
import { aUser } from '@bakery/test-support/fixtures';

const customer = aUser();
const signedOut = { status: 401, body: { message: 'Not signed in' } };

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function renderLayout(at: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<p>screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('navigation bar', () => {
  it('shows Login and Sign Up to visitors, and no cart, My Orders or Logout', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut, 'GET /api/admin/me': signedOut });
    renderLayout('/menu');
    expect(await nav().findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav().getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(nav().queryByRole('link', { name: 'My Orders' })).toBeNull();
    expect(nav().queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    expect(nav().queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('highlights Home only on the root path and the others on a path prefix', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut, 'GET /api/admin/me': signedOut });
    const { unmount } = renderLayout('/');
    expect(await nav().findByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(nav().getByRole('link', { name: 'Menu' })).not.toHaveAttribute('aria-current');
    unmount();
    renderLayout('/menu/anything');
    expect(await nav().findByRole('link', { name: 'Menu' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(nav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('signed in: the cart badge counts every item, plus My Orders and Logout', async () => {
    localStorage.setItem('cart', JSON.stringify({ a: 2, b: 3 }));
    api = await startTestApi({
      'GET /api/user': { body: customer },
      'GET /api/admin/me': signedOut,
      'POST /api/logout': { body: { success: true, message: 'Logged out' } },
    });
    renderLayout('/');
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('5');
    expect(nav().getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(nav().queryByRole('link', { name: 'Login' })).toBeNull();

    await userEvent.click(nav().getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByText('Come back soon!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/logout')?.body).toEqual({});
    expect(await nav().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    // Logout empties the cart: the next account on this browser starts empty (issue 14).
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('says so when logging out fails', async () => {
    api = await startTestApi({
      'GET /api/user': { body: customer },
      'GET /api/admin/me': signedOut,
      'POST /api/logout': { status: 500, body: { message: 'boom' } },
    });
    renderLayout('/');
    await userEvent.click(await nav().findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to log out')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows the admin link whenever the admin identity is admin or owner, even signed out', async () => {
    api = await startTestApi({
      'GET /api/user': signedOut,
      'GET /api/admin/me': { body: { ...customer, role: 'owner' } },
    });
    renderLayout('/');
    expect(await nav().findByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('asks once for an admin session for a signed-in owner who has none', async () => {
    let hasSession = false;
    api = await startTestApi({
      'GET /api/user': { body: { ...customer, role: 'owner' } },
      'GET /api/admin/me': () =>
        hasSession ? { body: { ...customer, role: 'owner' } } : signedOut,
      'POST /api/admin/auto-login': () => {
        hasSession = true;
        return { body: { success: true, role: 'owner' } };
      },
    });
    renderLayout('/');
    expect(await nav().findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    const autoLogins = api.calls.filter((c) => c.path === '/api/admin/auto-login');
    expect(autoLogins).toHaveLength(1);
    expect(autoLogins[0]!.contentType).toBeUndefined();
  });

  it('the mobile toggle opens the menu and a chosen link closes it', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut, 'GET /api/admin/me': signedOut });
    renderLayout('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(nav().getByRole('link', { name: 'About' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await waitFor(() => expect(document.title).toBe(`Our Story | ${BAKERY_INFO.name}`));
  });
});

describe('footer', () => {
  it('links Menu, Order Online and Our Story and shows the bakery from one configuration', async () => {
    api = await startTestApi({ 'GET /api/user': signedOut, 'GET /api/admin/me': signedOut });
    renderLayout('/');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/menu');
    expect(footer.getByRole('link', { name: 'Order Online' })).toHaveAttribute('href', '/order');
    expect(footer.getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '/about');
    expect(footer.getByText(BAKERY_INFO.phone)).toBeInTheDocument();
    expect(footer.getByText(new RegExp(`Open since ${BAKERY_INFO.openSince}`))).toBeInTheDocument();
  });
});

describe('page titles', () => {
  it('names each screen, and anything else Page Not Found', () => {
    expect(pageTitle('/')).toBe(BAKERY_INFO.name);
    expect(pageTitle('/reset-password/abc')).toBe(`Reset Password | ${BAKERY_INFO.name}`);
    expect(pageTitle('/nowhere')).toBe(`Page Not Found | ${BAKERY_INFO.name}`);
  });
});
