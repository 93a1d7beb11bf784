// How the built apps are delivered (issue 16): the precompressed copy the
// browser accepts, Vary, a year of caching for fingerprinted files, HTML
// revalidated with an ETag, and the prerendered page of each route.
import { request } from 'node:http';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
const SCRIPT = `console.log(${JSON.stringify('storefront '.repeat(200))});`;

/** A raw GET (no automatic decompression), so the bytes on the wire are seen. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bakery-delivery-'));
  const storefront = path.join(root, 'storefront');
  const admin = path.join(root, 'admin');
  for (const dir of ['assets', 'menu', 'order', 'reset-password', 'images'])
    await mkdir(path.join(storefront, dir), { recursive: true });
  await mkdir(admin, { recursive: true });
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home page</title>',
    'menu/index.html': '<!doctype html><title>Menu page</title>',
    'reset-password/index.html': '<!doctype html><title>Reset shell</title>',
    'order/index.html': '<!doctype html><title>Order loading</title>',
    'order/guest.html': '<!doctype html><title>Order for visitors</title>',
    'guest.html': '<!doctype html><title>Home for visitors</title>',
    '404.html': '<!doctype html><title>Not found page</title>',
    'assets/index-abc123.js': SCRIPT,
    'images/cake.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [file, text] of Object.entries(files)) {
    await writeFile(path.join(storefront, file), text);
  }
  // The build's copies (scripts/build/precompress.mjs).
  await writeFile(
    path.join(storefront, 'assets/index-abc123.js.br'),
    brotliCompressSync(Buffer.from(SCRIPT)),
  );
  await writeFile(
    path.join(storefront, 'assets/index-abc123.js.gz'),
    gzipSync(Buffer.from(SCRIPT)),
  );
  await writeFile(path.join(admin, 'index.html'), '<!doctype html><title>Back office</title>');
  await writeFile(path.join(admin, 'sw.js'), 'const SHELL = [];');
  server = await startTestServer({ config: { storefrontDist: storefront, adminDist: admin } });
});

afterAll(async () => {
  await server?.close();
});

describe('precompressed static files', () => {
  const script = () => `${server.baseUrl}/assets/index-abc123.js`;

  it('sends brotli to a browser that accepts it, with Vary and the script type', async () => {
    const res = await get(script(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get(script(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get(script(), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('caches fingerprinted assets for a year and other files for a day', async () => {
    const asset = await get(script(), { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await get(`${server.baseUrl}/images/cake.svg`);
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toMatch(/^public, max-age=86400\b/);
  });
});

describe('HTML pages', () => {
  const html = (route: string, headers: Record<string, string> = {}) =>
    get(server.baseUrl + route, { accept: 'text/html', ...headers });

  it('serves each prerendered page at its route, a shell for a token route', async () => {
    const cases: [string, string][] = [
      ['/', 'Home for visitors'],
      ['/menu', 'Menu page'],
      ['/menu/', 'Menu page'],
      ['/reset-password', 'Reset shell'],
      ['/reset-password/some-token', 'Reset shell'],
      // A route without a page of its own gets the app's index.html.
      ['/about', 'Home page'],
    ];
    for (const [route, title] of cases) {
      const res = await html(route);
      expect(res.status, route).toBe(200);
      expect(res.body.toString(), route).toContain(`<title>${title}</title>`);
    }
  });

  it("serves a page's visitor variant when no session cookie comes with the request", async () => {
    const visitor = await html('/order');
    expect(visitor.body.toString()).toContain('<title>Order for visitors</title>');
    expect(visitor.headers.vary).toMatch(/Cookie/);
    for (const cookie of ['bakery.sid=abc', 'other=1; __Host-bakery.sid=abc']) {
      const res = await html('/order', { cookie });
      expect(res.body.toString(), cookie).toContain('<title>Order loading</title>');
    }
    // Only the session cookie counts.
    const other = await html('/order', { cookie: 'x=1' });
    expect(other.body.toString()).toContain('<title>Order for visitors</title>');
    // The home page has its own (issue 22: a visitor's page asks no session).
    expect((await html('/')).body.toString()).toContain('<title>Home for visitors</title>');
    const home = await html('/', { cookie: 'bakery.sid=abc' });
    expect(home.body.toString()).toContain('<title>Home page</title>');
    // Pages without a variant do not vary on cookies.
    expect((await html('/menu')).headers.vary ?? '').not.toMatch(/Cookie/);
  });

  it('answers a path outside the route table with 404.html and status 404', async () => {
    const res = await html('/menu/extra');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('<title>Not found page</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates HTML: no-cache with an ETag, and 304 while it is unchanged', async () => {
    const first = await html('/menu');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await html('/menu', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await html('/menu', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('serves the back office index for its routes', async () => {
    const res = await html('/admin/login');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<title>Back office</title>');
  });

  it("revalidates the back office's service worker on every visit (issue 42), as a script", async () => {
    const res = await get(`${server.baseUrl}/admin/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
