// A real HTTP server on 127.0.0.1 standing in for the API in component tests.
// In a browser `fetch('/api/x')` resolves against the page's origin; Node's
// fetch (which jsdom tests use) cannot resolve relative URLs, so while the
// server runs, relative URLs are sent to it. Nothing of ours is replaced.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Call = {
  method: string;
  path: string;
  contentType: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
};
export type Reply = {
  status?: number;
  body?: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
};
export type Handler = (call: Call) => Reply | Promise<Reply>;

export type TestApi = {
  base: string;
  calls: Call[];
  /** Replaces the answer of one "METHOD /path" (query string ignored). */
  on: (route: string, reply: Reply | Handler) => void;
  close: () => Promise<void>;
};

export async function startTestApi(routes: Record<string, Reply | Handler> = {}): Promise<TestApi> {
  const table = new Map(Object.entries(routes));
  const calls: Call[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    // The handler answers every request itself (try/catch inside); nothing awaits it.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    req.on('end', async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      const call: Call = {
        method: req.method ?? 'GET',
        path,
        contentType: req.headers['content-type'],
        headers: req.headers,
        body,
      };
      calls.push(call);
      const entry = table.get(`${call.method} ${path}`);
      const reply: Reply = entry
        ? typeof entry === 'function'
          ? await entry(call)
          : entry
        : { status: 404, body: { message: 'Not found' } };
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      const status = reply.status ?? 200;
      if (reply.body === undefined) res.writeHead(status, reply.headers).end();
      else
        res
          .writeHead(status, { 'content-type': 'application/json', ...reply.headers })
          .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(
      typeof input === 'string' && input.startsWith('/') ? base + input : input,
      init,
    )) as typeof fetch;

  return {
    base,
    calls,
    on: (route, reply) => table.set(route, reply),
    close: async () => {
      globalThis.fetch = realFetch;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
