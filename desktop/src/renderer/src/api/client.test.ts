import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/harness';
import { api, ApiError, messageOf, rangeQuery } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('the staff API client (spec 7)', () => {
  it('sends cookies always and a JSON content type only with a body', async () => {
    const calls = stubFetch({
      'GET /api/admin/me': () => [200, { role: 'owner' }],
      'POST /api/admin/login': () => [200, { success: true }],
    });
    expect(await api('/api/admin/me')).toEqual({ role: 'owner' });
    await api('/api/admin/login', {
      method: 'POST',
      body: { email: 'a@b.co', password: 'secret1' },
    });
    expect(calls.map((c) => c.credentials)).toEqual(['include', 'include']);
    expect(calls[0]!.headers).toEqual({});
    expect(calls[1]!.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(calls[1]!.body).toEqual({ email: 'a@b.co', password: 'secret1' });
  });

  it('turns a non-OK answer into "status: body" and keeps the server message', async () => {
    stubFetch({ 'POST /api/admin/login': () => [401, { message: 'Invalid admin credentials' }] });
    const err = await api('/api/admin/login', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"message":"Invalid admin credentials"}');
    expect(messageOf(err, 'fallback')).toBe('Invalid admin credentials');
  });

  it('uses the status text for an empty body, and the fallback when the server said nothing', async () => {
    stubFetch({ 'GET /api/admin/stats': () => [500, ''] });
    const err = await api('/api/admin/stats').catch((e: unknown) => e);
    expect((err as Error).message).toBe('500: Error');
    expect(messageOf(err, 'Failed to fetch stats')).toBe('Failed to fetch stats');
    expect(messageOf(new TypeError('network down'), 'Failed to fetch orders')).toBe(
      'Failed to fetch orders',
    );
  });

  it("reads an { error } answer too (POST /api/confirm-payment's shape)", async () => {
    stubFetch({ 'POST /api/confirm-payment': () => [409, { error: 'Order is already paid' }] });
    const err = await api('/api/confirm-payment', { method: 'POST', body: { orderId: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(messageOf(err, 'Failed to confirm payment')).toBe('Order is already paid');
  });

  it('builds the date-range query only from the ends that are set', () => {
    expect(rangeQuery(null, null)).toBe('');
    expect(rangeQuery('2026-11-01', null)).toBe('?fromDate=2026-11-01');
    expect(rangeQuery('2026-11-01', '2026-11-22')).toBe('?fromDate=2026-11-01&toDate=2026-11-22');
  });
});
