// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../queryClient';
import { stubFetch } from '../test/harness';
import { useSecondFactor } from './useSecondFactor';

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);
const submitted = { preventDefault: () => undefined } as never;

describe('useSecondFactor', () => {
  it('goes from the status to the key, keeps a refused code on that step, then holds the codes', async () => {
    let codeOk = false;
    stubFetch({
      'GET /api/admin/second-factor': () => [
        200,
        { enabled: false, required: false, recoveryCodesLeft: 0 },
      ],
      'POST /api/admin/second-factor/setup': () => [
        200,
        { secret: 'JBSWY3DP', otpauthUrl: 'otpauth://totp/x', qrCode: '' },
      ],
      'POST /api/admin/second-factor/enable': () =>
        codeOk ? [200, { recoveryCodes: ['abcde-fghjk'] }] : [400, { message: 'Wrong code' }],
    });
    const onHolding = vi.fn();
    const { result } = renderHook(() => useSecondFactor({ isOwner: false, onHolding }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.status.data).toBeDefined());

    await act(() => result.current.start());
    expect(result.current.step).toMatchObject({ kind: 'scan', secret: 'JBSWY3DP' });

    act(() => result.current.setCode(' 123456 '));
    act(() => result.current.enable(submitted));
    await waitFor(() => expect(result.current.error).toBe('Wrong code'));
    expect(result.current.busy).toBe(false);
    expect(result.current.step.kind).toBe('scan');
    expect(onHolding).not.toHaveBeenCalled();

    codeOk = true;
    act(() => result.current.enable(submitted));
    await waitFor(() =>
      expect(result.current.step).toEqual({ kind: 'codes', codes: ['abcde-fghjk'] }),
    );
    expect(onHolding).toHaveBeenLastCalledWith(true);
    expect(result.current.code).toBe('');

    act(() => result.current.codesSaved());
    expect(result.current.step).toEqual({ kind: 'status' });
    expect(onHolding).toHaveBeenLastCalledWith(false);
  });
});
