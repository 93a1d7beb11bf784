// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadsSaved, renderScreen, stubFetch, toastText } from '../test/harness';
import { AnalyticsTab } from './AnalyticsTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Empty series keep AG Charts (canvas) out of jsdom; the figures are what is checked here.
const analytics = {
  averageOrder: 32.63,
  completionRate: 66.7,
  rushOrders: 2,
  todayOrders: 4,
  totalRevenue: 97.89,
  weeklyRevenue: 65.26,
  revenueByDay: [],
  revenueByCategory: [],
};
const range = { fromDate: '2026-11-01', toDate: '2026-11-22' };
const figure = (label: string) =>
  screen.getByTestId(`analytics-${label}`).querySelector('.value')?.textContent;

describe('Analytics & Reports', () => {
  it('shows the six figures for the range', async () => {
    const calls = stubFetch({ 'GET /api/admin/analytics': () => [200, analytics] });
    renderScreen(<AnalyticsTab range={range} />);
    await waitFor(() => expect(figure('Total Revenue')).toBe('$97.89'));
    expect(figure('This Week')).toBe('$65.26');
    expect(figure('Average Order')).toBe('$32.63');
    expect(figure('Completion Rate')).toBe('66.7%');
    expect(figure('Rush Orders')).toBe('2');
    expect(figure("Today's Orders")).toBe('4');
    expect(calls.map((c) => c.path)).toContain(
      '/api/admin/analytics?fromDate=2026-11-01&toDate=2026-11-22',
    );
    // The margins panel (issue 8) reads the same range.
    expect(calls.map((c) => c.path)).toContain(
      '/api/admin/kitchen/margins?fromDate=2026-11-01&toDate=2026-11-22',
    );
    expect(screen.getAllByText('No revenue in this range')).toHaveLength(2);
  });

  it('names the days in words, not as 2026-11-28', async () => {
    stubFetch({
      'GET /api/admin/analytics': () => [
        200,
        { ...analytics, revenueByDay: [{ date: '2026-11-28', revenue: 97.89, orders: 3 }] },
      ],
    });
    renderScreen(<AnalyticsTab range={range} />);
    const table = await screen.findByRole('table', { name: 'Revenue by day' });
    await waitFor(() => expect(table).toHaveTextContent('Saturday, November 28, 2026$97.893'));
    expect(document.body).not.toHaveTextContent('2026-11-28');
  });

  it('exports orders for the range and recipes through the export endpoints, as a download in the browser', async () => {
    const calls = stubFetch({
      'GET /api/admin/analytics': () => [200, analytics],
      'GET /api/admin/exports/orders.xlsx': () => [
        200,
        'PK',
        { 'Content-Disposition': 'attachment; filename="orders-2026-11-01-to-2026-11-22.xlsx"' },
      ],
      'GET /api/admin/exports/recipes.xlsx': () => [403, { message: 'Forbidden' }],
    });
    const names = downloadsSaved();
    renderScreen(<AnalyticsTab range={range} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export orders' }));
    // The file is named by the server (Content-Disposition), in one place.
    await waitFor(() => expect(names).toEqual(['orders-2026-11-01-to-2026-11-22.xlsx']));
    expect(
      calls.some(
        (c) => c.path === '/api/admin/exports/orders.xlsx?fromDate=2026-11-01&toDate=2026-11-22',
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export recipes' }));
    await waitFor(() => expect(toastText()).toContain('Export Failed'));
    expect(names).toHaveLength(1);
  });
});
