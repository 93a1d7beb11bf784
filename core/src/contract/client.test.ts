import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiErrorCode,
  apiErrorMessage,
  createApiClient,
  fileNameOf,
  routeUrl,
} from './client';
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

  it('names a file as the server does, from Content-Disposition', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: {
            'Content-Disposition': 'attachment; filename="orders-2026-11-01-to-2026-11-22.xlsx"',
          },
        }),
    );
    const client = createApiClient();
    const file = await client.file(ROUTES.ordersWorkbook, {
      query: { fromDate: '2026-11-01', toDate: '2026-11-22' },
    });
    expect(file.name).toBe('orders-2026-11-01-to-2026-11-22.xlsx');
    expect([...file.bytes]).toEqual([1, 2, 3]);
    // Without the header: the path's last part.
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([4])));
    expect((await client.file(ROUTES.backupFile, { params: { name: 'b.dump' } })).name).toBe(
      'b.dump',
    );
    expect(fileNameOf('inline; filename="cash-up-2026-11-22.pdf"')).toBe('cash-up-2026-11-22.pdf');
    expect(fileNameOf("attachment; filename=x.pdf; filename*=UTF-8''caf%C3%A9.pdf")).toBe(
      'café.pdf',
    );
    expect(fileNameOf('attachment; filename=plain.ics')).toBe('plain.ics');
    expect(fileNameOf(null)).toBeNull();
  });

  it('reads the headers of an answer, and sends a file or a form as it is', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(init);
      return Response.json([], { headers: { 'X-Next-Cursor': 'c2' } });
    });
    const client = createApiClient();
    const page = await client.read(ROUTES.myOrders, { query: { before: 'c1' } });
    expect(page.answer).toEqual([]);
    expect(page.headers.get('X-Next-Cursor')).toBe('c2');
    const file = new Blob(['dump']);
    await client.call(ROUTES.uploadBackup, {
      body: file,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(seen[1]!.body).toBe(file);
    expect(seen[1]!.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
  });
});
