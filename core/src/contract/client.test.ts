import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorCode, apiErrorMessage, createApiClient, routeUrl } from './client';
import { fillPath, ROUTES } from './routes';

afterEach(() => vi.unstubAllGlobals());

describe('the route map client', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath(ROUTES.recipe.path, { id: 'a/b' })).toBe('/api/admin/recipes/a%2Fb');
    expect(() => fillPath(ROUTES.recipe.path, {})).toThrow('Missing path parameter id');
    expect(routeUrl(ROUTES.stats, undefined, { fromDate: '2026-12-01', toDate: '' })).toBe(
      '/api/admin/stats?fromDate=2026-12-01',
    );
  });

  it('turns a refusal into one ApiError with status, code and message', async () => {
    const body = JSON.stringify({ code: 'forbidden', message: 'Owner only' });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 403 }));
    const client = createApiClient();
    const error = await client.call(ROUTES.users).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(apiErrorCode(error)).toBe('forbidden');
    expect(apiErrorMessage(error, 'fallback')).toBe('Owner only');
    // The spec's text of a failed call: "status: body".
    expect((error as ApiError).message).toBe(`403: ${body}`);
  });

  it('sends the method, the JSON body and the cookies, and reads the answer', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return Response.json({ success: true });
    });
    const client = createApiClient({ base: () => 'http://shop.test' });
    const answer = await client.call(ROUTES.deleteIngredient, { params: { id: 'x1' } });
    expect(answer.success).toBe(true);
    expect(seen[0]!.url).toBe('http://shop.test/api/admin/ingredients/x1');
    expect(seen[0]!.init.method).toBe('DELETE');
    expect(seen[0]!.init.credentials).toBe('include');
  });
});
