// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';
import { renderScreen, stubFetch, type Call } from '../test/harness';
import { DashboardPage } from './DashboardPage';

beforeAll(() => ModuleRegistry.registerModules([AllCommunityModule]));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = {
  id: 'u1',
  role: 'owner',
  email: 'owner@bakery.test',
  firstName: 'Olive',
  lastName: 'Baker',
};
const statsFor = (call: Call) =>
  call.path.includes('fromDate=2026-11-20')
    ? {
        totalOrders: 1,
        pendingOrders: 1,
        completedOrders: 0,
        totalRevenue: 0,
        openPaymentAmount: 21.75,
        todayOrders: 3,
        weeklyRevenue: 40,
      }
    : {
        totalOrders: 3,
        pendingOrders: 2,
        completedOrders: 1,
        totalRevenue: 40,
        openPaymentAmount: 60.9,
        todayOrders: 3,
        weeklyRevenue: 40,
      };

function renderDashboard(path = '/admin/dashboard') {
  renderScreen(
    <Routes>
      <Route path="/admin/dashboard" element={<DashboardPage />} />
      <Route path="/admin/login" element={<LoginProbe />} />
    </Routes>,
    { path },
  );
}

function LoginProbe() {
  const location = useLocation();
  return (
    <>
      <h1>Login here</h1>
      <p data-testid="login-url">{location.pathname + location.search}</p>
    </>
  );
}

const desk = { rows: [], count: 0, countCapped: false, asOf: '2026-11-23T12:00:00.000Z' };

const api = {
  'GET /api/admin/me': () => [200, owner],
  'GET /api/admin/stats': (c: Call) => [200, statsFor(c)],
  'GET /api/admin/orders/desk': () => [200, desk],
  'GET /api/config': () => [
    200,
    { paymentProvider: 'Square', paymentConfigured: false, mailConfigured: false },
  ],
  'GET /api/admin/recipes': () => [200, []],
} satisfies Record<string, (c: Call) => [number, unknown]>;

const stat = (label: string) =>
  screen.getByTestId(`stat-${label}`).querySelector('.value')?.textContent;

describe('the dashboard', () => {
  it('opens on the order desk with no stat cards above it', async () => {
    const calls = stubFetch(api);
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryAllByTestId(/^stat-/)).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Order Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith('/api/admin/orders/desk?dueFrom='))).toBe(true),
    );
    expect(calls.some((c) => c.path.startsWith('/api/admin/stats'))).toBe(false);
  });

  it('shows the seven stat cards, the quality metrics, the five tabs of the spec, Kitchen and Menu for the signed-in staff member', async () => {
    stubFetch(api);
    renderDashboard('/admin/dashboard?tab=overview');
    await waitFor(() => expect(stat('Total Orders')).toBe('3'));
    expect(screen.getAllByTestId(/^stat-/)).toHaveLength(7);
    expect(stat('Open Payments')).toBe('$60.90');
    expect(screen.getByTestId('metric-Order Accuracy Rate')).toHaveTextContent('33.3%');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Order Management',
      'Recipe Management',
      'User Management',
      'Review Management',
      'Analytics & Reports',
      'Kitchen',
      'Menu',
      // The owner's shop settings (issue 22): admins do not see the tab.
      'Settings',
    ]);
    expect(screen.getByText('owner@bakery.test (owner)')).toBeInTheDocument();
  });

  it('says on the Overview that payments and mail are not connected, and opens Settings', async () => {
    stubFetch({
      ...api,
      'GET /api/admin/integrations': () => [200, null],
      'GET /api/admin/settings': () => [500, { message: 'not in this test' }],
    });
    renderDashboard('/admin/dashboard?tab=overview');
    expect(
      await screen.findByText(
        'Card payments are not connected: customers are told to pay at pickup.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^E-mail is not connected: no mail reaches customers/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect them in Settings' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });

  it('says nothing about connections once both are connected', async () => {
    stubFetch({
      ...api,
      'GET /api/config': () => [
        200,
        { paymentProvider: 'Square', paymentConfigured: true, mailConfigured: true },
      ],
    });
    renderDashboard('/admin/dashboard?tab=overview');
    await waitFor(() => expect(stat('Total Orders')).toBe('3'));
    expect(screen.queryByText('Not connected yet')).not.toBeInTheDocument();
  });

  it('drives the figures by the date range, and Clear brings back every order', async () => {
    const calls = stubFetch(api);
    renderDashboard('/admin/dashboard?tab=overview');
    await waitFor(() => expect(stat('Total Orders')).toBe('3'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(stat('Total Orders')).toBe('1'));
    expect(calls.some((c) => c.path === '/api/admin/stats?fromDate=2026-11-20')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(stat('Total Orders')).toBe('3'));
  });

  it('reads the range and the tab from the address, and switches tabs with Alt+digit', async () => {
    stubFetch(api);
    renderDashboard('/admin/dashboard?from=2026-11-20&tab=overview');
    await waitFor(() => expect(stat('Total Orders')).toBe('1'));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-20');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(window, { key: '1', altKey: true });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Order Management' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });

  it("shows the server's message, or 'Failed to fetch stats', when the figures cannot load", async () => {
    stubFetch({ ...api, 'GET /api/admin/stats': () => [503, ''] });
    renderDashboard('/admin/dashboard?tab=overview');
    expect(await screen.findByText('Failed to fetch stats')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the admin login', async () => {
    stubFetch({
      'GET /api/admin/me': () => [401, {}],
      'POST /api/admin/auto-login': () => [401, {}],
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Login here' })).toBeInTheDocument();
  });

  it('an ended session (401 from any call) returns to the login page, which comes back here', async () => {
    stubFetch({
      ...api,
      'GET /api/admin/orders/desk': () => [401, { message: 'Not authenticated' }],
    });
    renderDashboard('/admin/dashboard?due=today');
    expect(await screen.findByRole('heading', { name: 'Login here' })).toBeInTheDocument();
    expect(screen.getByTestId('login-url')).toHaveTextContent(
      `/admin/login?expired=1&next=${encodeURIComponent('/admin/dashboard?due=today')}`,
    );
  });

  it('signs out, and says Failed to log out when the server refuses', async () => {
    let refuse = true;
    stubFetch({
      ...api,
      'POST /api/logout': () => (refuse ? [500, ''] : [200, { success: true }]),
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(document.querySelector('.bp6-toast')?.textContent).toContain(
        'Error: Failed to log out',
      ),
    );
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login here' })).toBeInTheDocument();
  });
});
