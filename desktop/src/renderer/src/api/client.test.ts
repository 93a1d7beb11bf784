// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@bakery/core';
import { downloadsSaved, stubFetch } from '../test/harness';
import { ApiError, client, messageOf, setUnauthorizedHandler } from './client';
import { downloadFile } from './downloadFile';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setUnauthorizedHandler(null);
});

describe('the staff API client (spec 7)', () => {
  it('sends cookies always and a JSON content type only with a body', async () => {
    const calls = stubFetch({
      'GET /api/admin/me': () => [200, { role: 'owner' }],
      'POST /api/admin/login': () => [200, { success: true }],
    });
    expect(await client.call(ROUTES.adminMe)).toEqual({ role: 'owner' });
    await client.call(ROUTES.adminLogin, { body: { email: 'a@b.co', password: 'secret1' } });
    expect(calls.map((c) => c.credentials)).toEqual(['include', 'include']);
    expect(calls[0]!.headers).toEqual({});
    expect(calls[1]!.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(calls[1]!.body).toEqual({ email: 'a@b.co', password: 'secret1' });
  });

  it('turns a non-OK answer into "status: body" and keeps the server message', async () => {
    stubFetch({ 'POST /api/admin/login': () => [401, { message: 'Invalid admin credentials' }] });
    const err = await client
      .call(ROUTES.adminLogin, { body: { email: 'a@b.co', password: 'x' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"message":"Invalid admin credentials"}');
    expect(messageOf(err, 'fallback')).toBe('Invalid admin credentials');
  });

  it('uses the status text for an empty body, and the fallback when the server said nothing', async () => {
    stubFetch({ 'GET /api/admin/stats': () => [500, ''] });
    const err = await client.call(ROUTES.stats).catch((e: unknown) => e);
    expect((err as Error).message).toBe('500: Error');
    expect(messageOf(err, 'Failed to fetch stats')).toBe('Failed to fetch stats');
    expect(messageOf(new TypeError('network down'), 'Failed to fetch orders')).toBe(
      'Failed to fetch orders',
    );
  });

  it("reads an { error } answer too (POST /api/confirm-payment's shape)", async () => {
    stubFetch({ 'POST /api/confirm-payment': () => [409, { error: 'Order is already paid' }] });
    const err = await client
      .call(ROUTES.confirmPayment, { body: { orderId: 'x' } })
      .catch((e: unknown) => e);
    expect(messageOf(err, 'Failed to confirm payment')).toBe('Order is already paid');
  });

  it('sends only the ends of a date range that are set', async () => {
    const calls = stubFetch({ 'GET /api/admin/stats': () => [200, {}] });
    await client.call(ROUTES.stats, { query: { fromDate: null, toDate: null } });
    await client.call(ROUTES.stats, { query: { fromDate: '2026-11-01', toDate: null } });
    await client.call(ROUTES.stats, { query: { fromDate: '2026-11-01', toDate: '2026-11-22' } });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/admin/stats',
      '/api/admin/stats?fromDate=2026-11-01',
      '/api/admin/stats?fromDate=2026-11-01&toDate=2026-11-22',
    ]);
  });

  it('says the session ended on a 401, except from the calls that decide who is signed in', async () => {
    stubFetch({
      'GET /api/admin/today': () => [401, { message: 'Sign in' }],
      'GET /api/admin/me': () => [401, { message: 'Sign in' }],
      'POST /api/admin/login/second-factor': () => [401, { message: 'Wrong code' }],
    });
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    await client.call(ROUTES.adminMe).catch(() => undefined);
    await client
      .call(ROUTES.adminLoginSecondFactor, { body: { code: '123456' } })
      .catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    await client.call(ROUTES.today).catch(() => undefined);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("saves a file under the server's name (Content-Disposition)", async () => {
    stubFetch({
      'GET /api/admin/cash-up/report': () => [
        200,
        '%PDF',
        { 'Content-Disposition': 'inline; filename="cash-up-2026-11-22.pdf"' },
      ],
    });
    const names = downloadsSaved();
    const saved = await downloadFile(ROUTES.cashUpReport, { query: { date: '2026-11-22' } });
    expect(saved).toMatchObject({ saved: true, name: 'cash-up-2026-11-22.pdf' });
    expect(names).toEqual(['cash-up-2026-11-22.pdf']);
  });
});
