// The data layer against a real local HTTP server (no fetch mocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SHOP_CALLS } from '@bakery/core';
import { startTestApi, type TestApi } from '../test/apiServer';
import { api, errorMessage, nullWhenSignedOut, refuseUnlessSuccess } from './client';

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'GET /api/reviews': { status: 500 },
    'POST /api/signup': {
      status: 409,
      body: { message: 'An account with this email already exists' },
    },
    'POST /api/reviews': { status: 201, body: { success: true } },
    'POST /api/admin/auto-login': { body: { success: true, role: 'owner' } },
  });
});
afterAll(() => server.close());

describe('the storefront client (spec 7)', () => {
  it('sets a JSON content type only when there is a body', async () => {
    await api.call(ROUTES.postReview, { body: { rating: '5', title: 'Good', comment: 'Yes' } });
    expect(server.calls.at(-1)).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: { rating: '5', title: 'Good', comment: 'Yes' },
    });
    await api.call(SHOP_CALLS.adminAutoLogin);
    expect(server.calls.at(-1)!.contentType).toBeUndefined();
  });

  it('turns a non-OK answer into "status: body", or the status text when empty', async () => {
    await expect(api.call(ROUTES.signup, { body: {} as never })).rejects.toThrow(
      '409: {"message":"An account with this email already exists"}',
    );
    await expect(api.call(SHOP_CALLS.reviews)).rejects.toThrow('500: Internal Server Error');
  });

  it("reads the server's message back out, else the fallback", async () => {
    const error = await api.call(ROUTES.signup, { body: {} as never }).catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to create account')).toBe(
      'An account with this email already exists',
    );
    expect(errorMessage(new Error('500: Internal Server Error'), 'Failed to log in')).toBe(
      'Failed to log in',
    );
  });

  it('answers null on 401 for the user query, and throws otherwise', async () => {
    await expect(nullWhenSignedOut(api.call(SHOP_CALLS.user))).resolves.toBeNull();
    await expect(api.call(SHOP_CALLS.user)).rejects.toThrow('401: {"message":"Not signed in"}');
    await expect(nullWhenSignedOut(api.call(SHOP_CALLS.reviews))).rejects.toThrow('500');
  });

  it('refuses an answer that says it did not succeed, with its message', () => {
    expect(() => refuseUnlessSuccess({ success: false, message: 'Invalid or expired' })).toThrow(
      '400: {"message":"Invalid or expired"}',
    );
    expect(() => refuseUnlessSuccess({ success: true })).not.toThrow();
  });
});
