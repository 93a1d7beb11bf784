// @vitest-environment jsdom
// The drop builder (issue 37): items are picked from the published menu by
// name and dates from date fields, never typed as ids or free text.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../test/harness';
import { DropsPanel } from './DropsPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the drop builder', () => {
  it('picks items by name from the menu and dates from date fields', async () => {
    const calls = stubFetch({
      'GET /api/admin/drops': () => [200, { drops: [], holdMinutes: 10 }],
      'GET /api/admin/kitchen/windows': () => [200, []],
      'POST /api/admin/drops': (call) => [201, { ...(call.body as object), id: 'd1' }],
    });
    renderScreen(<DropsPanel role="owner" />);
    const form = await screen.findByRole('form', { name: 'New drop' });
    const field = (label: string) => within(form).getByLabelText(label, { exact: true });
    fireEvent.change(field('Name'), { target: { value: 'Cookie Saturday' } });
    fireEvent.change(field('Orders open'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(field('Orders close'), { target: { value: '2026-12-03T18:00' } });
    const date = field('Pickup date');
    expect(date).toHaveAttribute('type', 'date');
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add another date' }));
    fireEvent.change(field('Pickup date 2'), { target: { value: '2026-12-06' } });

    // The search narrows the menu's names; a ticked item stays shown.
    fireEvent.change(field('Find an item'), { target: { value: 'snicker' } });
    const items = within(form).getByRole('group', { name: 'Items' });
    expect(within(items).queryByLabelText('Southern Cornbread')).toBeNull();
    fireEvent.click(within(items).getByLabelText('Snickerdoodles'));
    fireEvent.change(field('Find an item'), { target: { value: 'sugar' } });
    fireEvent.click(within(items).getByLabelText('Sprinkle Sugar Cookies'));
    expect(within(items).getByLabelText('Snickerdoodles')).toBeChecked();
    fireEvent.change(field('Quantity'), { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create the drop' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const posted = calls.find((c) => c.method === 'POST')!.body as {
      pickupDates: string[];
      units: { productIds: string[]; quantity: number }[];
    };
    expect(posted.pickupDates).toEqual(['2026-12-05', '2026-12-06']);
    expect(posted.units).toEqual([
      { label: 'Cookie Saturday', productIds: ['snickerdoodles', 'sugar-cookies'], quantity: 40 },
    ]);
  });
});
