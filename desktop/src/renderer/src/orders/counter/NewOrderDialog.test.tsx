// @vitest-environment jsdom
// The desk's "New order" (issues 42 and 37): on a day with the owner's pickup
// windows it offers the windows with what is left, a full one disabled, and
// sends the window's start as the order's time.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, bakeryToday, type AvailabilityOfferView } from '@bakery/core';
import { renderScreen, stubFetch } from '../../test/harness';
import { NewOrderDialog } from './NewOrderDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const date = addDays(bakeryToday(), 3);
const offered = (start: string, end: string, label: string, left: number) => ({
  id: `w-${start}`,
  start,
  end,
  time: label.split(' – ')[0]!,
  label,
  fulfillment: 'pickup' as const,
  left: { '*': left },
  full: left === 0,
});

describe('NewOrderDialog', () => {
  it('offers the day’s windows with what is left, a full one disabled', async () => {
    const offer = {
      days: [
        {
          date,
          windows: [
            offered('08:00', '10:00', '8:00 AM – 10:00 AM', 0),
            offered('10:00', '12:00', '10:00 AM – 12:00 PM', 6),
          ],
          drops: [],
        },
      ],
    } as unknown as AvailabilityOfferView;
    stubFetch({ 'GET /api/availability': () => [200, offer] });
    renderScreen(<NewOrderDialog onClose={() => undefined} onTaken={() => undefined} />);
    const select = (await screen.findByLabelText('Window')) as HTMLSelectElement;
    const options = [...select.options].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['8:00 AM – 10:00 AM (Full)', true],
      ['10:00 AM – 12:00 PM (6 left)', false],
    ]);
    // The time moved to the first window that can take the order.
    await waitFor(() => expect(select.value).toBe('10:00 AM'));
    fireEvent.change(screen.getByLabelText('Pickup date'), {
      target: { value: addDays(date, 1) },
    });
    // A day without windows: the half-hour times again.
    expect(await screen.findByLabelText('Time')).toBeInTheDocument();
  });
});
