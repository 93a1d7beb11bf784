// Standing orders on the storefront (issue 41): the next dates with Skip until
// the lock, Pause until a date; the reminder's skip link confirms, then POSTs.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StandingOrderView } from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import StandingOrdersPage from './StandingOrdersPage';
import { aUser } from '@bakery/test-support/fixtures';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const standing: StandingOrderView = {
  id: 's1',
  status: 'active',
  items: [
    {
      productId: 'sourdough',
      name: 'Sourdough Loaf',
      quantity: 2,
      variant: null,
      filling: null,
      addIn: null,
    },
  ],
  everyWeeks: 1,
  firstDate: '2026-12-05',
  endDate: null,
  pickupTime: '10:00 AM',
  windowId: null,
  deliveryMethod: 'pickup',
  deliveryAddress: null,
  deliveryCity: null,
  deliveryState: null,
  deliveryZip: null,
  paused: false,
  pausedUntil: null,
  createdAt: '2026-11-29T12:00:00.000Z',
  occurrences: [
    {
      date: '2026-12-05',
      state: 'ordered',
      editableUntil: '2026-12-03T15:00:00.000Z',
      lockAt: '2026-12-03T15:00:00.000Z',
      total: 21.75,
      orderId: 'o1',
      reason: null,
    },
    {
      date: '2026-12-12',
      state: 'scheduled',
      editableUntil: '2026-12-10T15:00:00.000Z',
      lockAt: '2026-12-10T15:00:00.000Z',
      total: 21.75,
      orderId: null,
      reason: null,
    },
  ],
};

describe('the standing orders page', () => {
  it('lists the next dates, skips one and pauses until a date', async () => {
    api = await startTestApi({
      'GET /api/user': { body: aUser() },
      'GET /api/standing-orders': { body: { standingOrders: [standing] } },
      'POST /api/standing-orders/s1/skip': { body: { standingOrder: standing } },
      'POST /api/standing-orders/s1/pause': { body: { standingOrder: standing } },
    });
    renderScreen(<StandingOrdersPage />, {
      at: '/standing-orders/s1',
      path: '/standing-orders/:token',
    });
    expect(
      await screen.findByRole('heading', { name: 'Every Saturday at 10:00 AM' }),
    ).toBeInTheDocument();
    const dates = within(screen.getByRole('list', { name: 'Next dates' })).getAllByRole('listitem');
    expect(dates[0]).toHaveTextContent(/^Saturday, December 5, 2026Booked · \$21\.75/);
    await userEvent.click(
      screen.getByRole('button', { name: /^Skip\s*Saturday, December 12, 2026$/ }),
    );
    await waitFor(() =>
      expect(api!.calls.find((c) => c.path.endsWith('/skip'))?.body).toEqual({
        date: '2026-12-12',
      }),
    );
    const until = screen.getByLabelText('Pause until');
    await userEvent.clear(until);
    await userEvent.type(until, '2027-01-09');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(api!.calls.find((c) => c.path.endsWith('/pause'))?.body).toEqual({
        until: '2027-01-09',
      }),
    );
  });

  it('confirms the reminder’s skip link, then skips', async () => {
    api = await startTestApi({
      'GET /api/standing-orders/skip-link': {
        body: {
          date: '2026-12-05',
          standingOrderId: 's1',
          items: '2 × Sourdough Loaf',
          lockAt: '2026-12-03T15:00:00.000Z',
        },
      },
      'POST /api/standing-orders/skip-link': {
        body: {
          success: true,
          message: 'Skipped: nothing will be baked for you on Saturday, December 5, 2026.',
        },
      },
    });
    renderScreen(<StandingOrdersPage />, {
      at: '/standing-orders/skip?token=abc',
      path: '/standing-orders/:token',
    });
    expect(
      await screen.findByText(/Skip 2 × Sourdough Loaf on Saturday, December 5, 2026\?/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skip this date' }));
    expect(await screen.findByText(/^Skipped: nothing will be baked/)).toBeInTheDocument();
  });

  it('says why a used link cannot skip', async () => {
    api = await startTestApi({
      'GET /api/standing-orders/skip-link': {
        status: 400,
        body: { code: 'invalid_link', message: 'This skip link was already used.' },
      },
    });
    renderScreen(<StandingOrdersPage />, {
      at: '/standing-orders/skip?token=abc',
      path: '/standing-orders/:token',
    });
    expect(await screen.findByText('This skip link was already used.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip this date' })).toBeNull();
  });
});
