// @vitest-environment jsdom
// The owner's standing-orders panel (issue 41): standing units beside one-off
// units per day and item, the dates that could not be taken, "Book now".
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_ITEMS, type StandingPanelView } from '@bakery/core';
import { renderScreen, stubFetch, toastText } from '../test/harness';
import { StandingPanel } from './StandingPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const view: StandingPanelView = {
  activeSubscribers: 7,
  activeStandingOrders: 9,
  fromDate: '2026-12-01',
  toDate: '2026-12-28',
  units: [
    {
      date: '2026-12-05',
      productId: 'sourdough',
      name: 'Sourdough Loaf',
      standing: 40,
      oneOff: 10,
    },
  ],
  refused: [
    {
      standingOrderId: 's1',
      date: '2026-12-25',
      customerEmail: 'ada@example.com',
      reason: 'We are closed on December 25, 2026.',
    },
  ],
  settings: { offered: true, productIds: null, reminderHours: 24 },
};

describe('StandingPanel', () => {
  it('shows standing beside one-off units, the refused dates, and books now', async () => {
    const calls = stubFetch({
      'GET /api/admin/standing-orders': () => [200, view],
      'POST /api/admin/standing-orders/run': () => [200, { booked: 3, refused: 1, reminded: 2 }],
    });
    renderScreen(<StandingPanel role="owner" />);
    expect(await screen.findByText('7 active subscribers')).toBeInTheDocument();
    const promised = screen.getByRole('table', {
      name: 'Units promised to standing orders beside one-off orders',
    });
    const row = within(promised).getByRole('row', { name: /Sourdough Loaf/ });
    expect(row).toHaveTextContent('40');
    expect(row).toHaveTextContent('10');
    const refused = screen.getByRole('table', { name: 'Occurrences the kitchen could not take' });
    expect(refused).toHaveTextContent('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() =>
      expect(toastText()).toContain('3 booked, 1 could not be taken, 2 reminders'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
    expect(screen.getByLabelText(/Reminder \(hours before the lock\)/)).toHaveValue('24');
  });

  it('offers the items ticked by name, not typed ids', async () => {
    const loaf = MENU_ITEMS.find((i) => i.name === 'Classic Sandwich Loaf')!;
    const calls = stubFetch({
      'GET /api/admin/standing-orders': () => [200, view],
      'PUT /api/admin/standing-orders/settings': () => [200, view.settings],
    });
    renderScreen(<StandingPanel role="owner" />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Every item on the menu' }));
    fireEvent.change(screen.getByLabelText('Find an item'), { target: { value: 'sandwich' } });
    const items = screen.getByRole('group', { name: 'Items offered' });
    fireEvent.click(within(items).getByRole('checkbox', { name: loaf.name }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ offered: true, reminderHours: 24 });
    expect(put.body).toMatchObject({ productIds: [loaf.id] });
    expect(screen.getByText('1 ticked: only these can be ordered every week')).toBeInTheDocument();
  });

  it('picks a substitute by name for an item taken off the menu, and can remove it', async () => {
    const [gone, instead] = MENU_ITEMS.filter((i) => !i.hidden);
    const calls = stubFetch({
      'GET /api/admin/standing-orders': () => [200, view],
      'PUT /api/admin/standing-orders/settings': () => [200, view.settings],
    });
    renderScreen(<StandingPanel role="owner" />);
    expect(
      await screen.findByText(/None: an item taken off the menu is left out/),
    ).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add substitute' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/When/), { target: { value: gone!.id } });
    fireEvent.change(screen.getByLabelText(/is off the menu, bake/), {
      target: { value: instead!.id },
    });
    fireEvent.click(add);
    const list = screen.getByRole('list', { name: 'Substitutes' });
    expect(list).toHaveTextContent(`${gone!.name} → ${instead!.name}`);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      substitutes: { [gone!.id]: instead!.id },
    });
    fireEvent.click(
      screen.getByRole('button', { name: `Remove the substitute for ${gone!.name}` }),
    );
    expect(screen.queryByRole('list', { name: 'Substitutes' })).not.toBeInTheDocument();
  });

  it('pauses every standing order for a holiday and says how many were told', async () => {
    const calls = stubFetch({
      'GET /api/admin/standing-orders': () => [200, view],
      'POST /api/admin/standing-orders/holiday': () => [
        200,
        { fromDate: '2026-12-24', toDate: '2026-12-27', skipped: 5, customers: 4 },
      ],
    });
    renderScreen(<StandingPanel role="owner" />);
    const form = await screen.findByRole('form', { name: 'Pause for a holiday' });
    fireEvent.change(within(form).getByLabelText('First day closed'), {
      target: { value: '2026-12-24' },
    });
    fireEvent.change(within(form).getByLabelText('Last day closed'), {
      target: { value: '2026-12-27' },
    });
    fireEvent.change(within(form).getByLabelText(/Why/), { target: { value: 'Christmas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pause standing orders' }));
    await waitFor(() => expect(toastText()).toContain('5 dates skipped, 4 customers told'));
    expect(calls.find((c) => c.path === '/api/admin/standing-orders/holiday')?.body).toEqual({
      fromDate: '2026-12-24',
      toDate: '2026-12-27',
      reason: 'Christmas',
    });
  });

  it('is not offered to staff who cannot change settings', async () => {
    stubFetch({ 'GET /api/admin/standing-orders': () => [200, view] });
    renderScreen(<StandingPanel role="admin" />);
    expect(await screen.findByText('7 active subscribers')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pause for a holiday' })).toBeNull();
  });
});
