// The data layer against a real local HTTP server (no fetch mocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRequest, errorMessage, getQueryFn } from './client';

let server: Server;
let base = '';
let last: { method?: string; contentType?: string; body: string } = { body: '' };

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      last = { method: req.method, contentType: req.headers['content-type'], body };
      if (req.url === '/api/user') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"message":"Not signed in"}');
      } else if (req.url === '/api/empty-error') {
        res.writeHead(500).end();
      } else if (req.url === '/api/conflict') {
        res
          .writeHead(409, { 'content-type': 'application/json' })
          .end('{"message":"An account with this email already exists"}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('apiRequest', () => {
  it('sets a JSON content type only when there is a body', async () => {
    await apiRequest('POST', `${base}/api/reviews`, { rating: '5' });
    expect(last).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"rating":"5"}',
    });
    await apiRequest('POST', `${base}/api/admin/auto-login`);
    expect(last.contentType).toBeUndefined();
  });

  it('turns a non-OK answer into "status: body", or the status text when empty', async () => {
    await expect(apiRequest('POST', `${base}/api/conflict`, {})).rejects.toThrow(
      '409: {"message":"An account with this email already exists"}',
    );
    await expect(apiRequest('GET', `${base}/api/empty-error`)).rejects.toThrow(
      '500: Internal Server Error',
    );
  });

  it("reads the server's message back out, else the fallback", async () => {
    const error = await apiRequest('POST', `${base}/api/conflict`, {}).catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to create account')).toBe(
      'An account with this email already exists',
    );
    expect(errorMessage(new Error('500: Internal Server Error'), 'Failed to log in')).toBe(
      'Failed to log in',
    );
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw') =>
    getQueryFn<unknown>({ on401 })({ queryKey: [base, 'api', 'user'] } as never);

  it('answers null on 401 for the user query, and throws otherwise', async () => {
    await expect(run('returnNull')).resolves.toBeNull();
    await expect(run('throw')).rejects.toThrow('401: {"message":"Not signed in"}');
  });
});
