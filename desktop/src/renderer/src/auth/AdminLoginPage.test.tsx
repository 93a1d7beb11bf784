// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch, toastText, type Routes as ApiRoutes } from '../test/harness';
import { AdminLoginPage, returnPath } from './AdminLoginPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedOut: ApiRoutes = {
  'GET /api/admin/me': () => [401, { message: 'Not signed in' }],
  'POST /api/admin/auto-login': () => [401, { message: 'Not signed in' }],
};

function DashboardProbe() {
  const location = useLocation();
  return <h1>Dashboard here {location.search}</h1>;
}

function renderLogin(path = '/admin/login') {
  renderScreen(
    <Routes>
      <Route path="/admin/login" element={<AdminLoginPage />} />
      <Route path="/admin/dashboard" element={<DashboardProbe />} />
    </Routes>,
    { path },
  );
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Admin login', () => {
  it('after an ended session: says so, and returns to the same URL after sign-in', async () => {
    let signedIn = false;
    stubFetch({
      ...signedOut,
      'GET /api/admin/me': () =>
        signedIn
          ? [200, { id: 'u1', role: 'owner', email: 'o@b.test', firstName: 'O', lastName: 'B' }]
          : [401, { message: 'Not signed in' }],
      'POST /api/admin/login': () => {
        signedIn = true;
        return [200, { success: true }];
      },
    });
    renderLogin(
      `/admin/login?expired=1&next=${encodeURIComponent('/admin/dashboard?due=today&order=x')}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
    fill('owner@bakery.test', 'right-password');
    expect(
      await screen.findByRole('heading', { name: 'Dashboard here ?due=today&order=x' }),
    ).toBeInTheDocument();
  });

  it('never returns to another site', () => {
    expect(returnPath('https://evil.example/admin/')).toBe('/admin/dashboard');
    expect(returnPath('/admin/login?next=x')).toBe('/admin/dashboard');
    expect(returnPath(null)).toBe('/admin/dashboard');
  });

  it('checks the form with the spec messages before calling the server', async () => {
    const calls = stubFetch({ ...signedOut });
    renderLogin();
    fill('not-an-email', '123');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/login')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to regular login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("shows 'Login Failed' with the server message, or 'Invalid admin credentials' when there is none", async () => {
    let answer: [number, unknown] = [
      401,
      { message: 'Too many attempts, try again in 15 minutes' },
    ];
    stubFetch({ ...signedOut, 'POST /api/admin/login': () => answer });
    renderLogin();
    fill('owner@bakery.test', 'wrong-password');
    await waitFor(() =>
      expect(toastText()).toContain('Login Failed: Too many attempts, try again in 15 minutes'),
    );
    answer = [500, ''];
    fill('owner@bakery.test', 'wrong-password');
    await waitFor(() => expect(toastText()).toContain('Login Failed: Invalid admin credentials'));
  });

  it('goes to the dashboard after a successful sign-in', async () => {
    let signedIn = false;
    stubFetch({
      'GET /api/admin/me': () =>
        signedIn
          ? [
              200,
              {
                id: 'u1',
                role: 'owner',
                email: 'owner@bakery.test',
                firstName: 'O',
                lastName: 'B',
              },
            ]
          : [401, {}],
      'POST /api/admin/auto-login': () => [401, {}],
      'POST /api/admin/login': () => {
        signedIn = true;
        return [200, { success: true }];
      },
    });
    renderLogin();
    fill('owner@bakery.test', 'right-password');
    expect(await screen.findByRole('heading', { name: 'Dashboard here' })).toBeInTheDocument();
  });

  it('skips the form for a signed-in admin (automatic admin session)', async () => {
    let autoLogin = false;
    const calls = stubFetch({
      'GET /api/admin/me': () =>
        autoLogin
          ? [
              200,
              { id: 'u2', role: 'admin', email: 'a@bakery.test', firstName: 'A', lastName: 'B' },
            ]
          : [401, {}],
      'POST /api/admin/auto-login': () => {
        autoLogin = true;
        return [200, { success: true, role: 'admin' }];
      },
    });
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Dashboard here' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admin/me',
      'POST /api/admin/auto-login',
      'GET /api/admin/me',
    ]);
  });

  it('tells a signed-in customer why no admin session was given, and keeps the form', async () => {
    stubFetch({
      'GET /api/admin/me': () => [401, {}],
      'POST /api/admin/auto-login': () => [
        403,
        { message: 'Admin access requires an admin or owner account' },
      ],
    });
    renderLogin();
    await waitFor(() =>
      expect(toastText()).toContain(
        'Auto-login failed: Admin access requires an admin or owner account',
      ),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
