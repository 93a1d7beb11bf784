// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@bakery/core';
import { createQueryClient } from '../queryClient';
import { stubFetch, toastText } from '../test/harness';
import { useCounter } from './useCounter';

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);
const order = (id: string, orderNumber: number) => ({ id, orderNumber }) as unknown as OrderView;

const setup = (ticked: OrderView[]) => {
  const on = {
    clearTicked: vi.fn(),
    refresh: vi.fn(),
    openForHandOver: vi.fn(),
    onCodeOpened: vi.fn(),
    askAgain: vi.fn(),
  };
  const { result } = renderHook(() => useCounter({ ticked, ...on }), { wrapper });
  return { result, on };
};

describe('useCounter', () => {
  it('asks again when the server wants Mark Ready confirmed for a far day', async () => {
    stubFetch({
      'POST /api/admin/orders/ready': () => [
        409,
        { message: 'These orders are due next week', code: 'confirmation_required' },
      ],
    });
    const { result, on } = setup([]);
    act(() => result.current.ready.mutate({ pickupDate: '2026-12-24' }));
    await waitFor(() =>
      expect(on.askAgain).toHaveBeenCalledWith({
        body: { pickupDate: '2026-12-24', confirmed: true },
        text: 'These orders are due next week',
        again: true,
      }),
    );
    expect(on.refresh).not.toHaveBeenCalled();
  });

  it('hands over the ticked orders, then clears them and reads the desk again', async () => {
    const calls = stubFetch({
      'POST /api/admin/orders/hand-over': () => [
        200,
        {
          message: '1 of 2 handed over',
          results: [
            { id: 'a', ok: true },
            { id: 'b', ok: false, message: 'Not paid' },
          ],
        },
      ],
    });
    const { result, on } = setup([order('a', 101), order('b', 102)]);
    act(() => result.current.bulk.mutate({ body: { ids: ['a', 'b'] } }));
    await waitFor(() => expect(on.clearTicked).toHaveBeenCalled());
    expect(on.refresh).toHaveBeenCalled();
    expect(calls[0]?.body).toEqual({ ids: ['a', 'b'] });
    // The refused ones are named by their order numbers.
    await waitFor(() => expect(toastText()).toContain('#102: Not paid'));
  });

  it('opens the order of a typed pickup code and clears the field', async () => {
    stubFetch({ 'GET /api/admin/orders/by-code/AB12': () => [200, order('a', 101)] });
    const { result, on } = setup([]);
    act(() => result.current.openByCode.mutate(' AB12 '));
    await waitFor(() => expect(on.openForHandOver).toHaveBeenCalledWith(order('a', 101)));
    expect(on.onCodeOpened).toHaveBeenCalled();
  });
});
