// The public calls and the server's edges: health, config, menu, reviews,
// contact, unknown API paths, body rules, headers, and the built apps with
// their single-page fallbacks.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, signedInCustomer } from '../support/factories.js';

let server: TestServer;
let dists: { storefront: string; admin: string };

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bakery-dist-'));
  dists = { storefront: path.join(root, 'storefront'), admin: path.join(root, 'admin') };
  await mkdir(path.join(dists.storefront, 'assets'), { recursive: true });
  await mkdir(path.join(dists.admin, 'assets'), { recursive: true });
  await writeFile(
    path.join(dists.storefront, 'index.html'),
    '<!doctype html><title>Storefront</title>',
  );
  await writeFile(
    path.join(dists.storefront, 'assets', 'app-1234.js'),
    'console.log("storefront")',
  );
  await writeFile(
    path.join(dists.admin, 'index.html'),
    '<!doctype html><title>Back office</title>',
  );
  await writeFile(path.join(dists.admin, 'assets', 'admin-5678.js'), 'console.log("admin")');
  server = await startTestServer({
    config: { storefrontDist: dists.storefront, adminDist: dists.admin },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/health, /api/config, /api/menu', () => {
  it('reports the database reachable', async () => {
    const { status, body } = await new Client(server.baseUrl).get('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: true });
  });

  it('says what is configured', async () => {
    const { body } = await new Client(server.baseUrl).get('/api/config');
    expect(body).toEqual({
      paymentProvider: 'Square',
      paymentConfigured: false,
      mailConfigured: false,
    });
  });

  it('serves the catalogue with dollar prices', async () => {
    const { status, body } = await new Client(server.baseUrl).get('/api/menu');
    expect(status).toBe(200);
    expect(body.categories.map((c: { id: string }) => c.id)).toEqual([
      'breads',
      'muffins',
      'oat-bars',
      'brownies',
      'cookies',
      'cupcakes',
      'cakes',
      'gourmet-cookies',
    ]);
    const cake = body.items.find((item: { id: string }) => item.id === 'chocolate-layer-cake');
    expect(cake).toMatchObject({ category: 'cakes', price: 45, maxQuantity: 3 });
    expect(cake.variants.map((v: { id: string; price: number }) => [v.id, v.price])).toEqual([
      ['6in', 45],
      ['8in', 60],
      ['10in', 75],
    ]);
    expect(body.items.find((item: { id: string }) => item.id === 'cinnamon-rolls')).toMatchObject({
      price: 20,
      maxQuantity: 8,
    });
  });
});

describe('reviews', () => {
  it('lists approved reviews only, newest first, with the public fields', async () => {
    const user = await createUser(server.prisma);
    const base = { userId: user.id, rating: '5', comment: 'Wonderful gluten-free bread!' };
    const older = await server.prisma.review.create({
      data: {
        ...base,
        title: 'Older',
        isApproved: true,
        createdAt: new Date('2026-01-01T12:00:00Z'),
      },
    });
    const newer = await server.prisma.review.create({
      data: {
        ...base,
        title: 'Newer',
        isApproved: true,
        createdAt: new Date('2026-02-01T12:00:00Z'),
      },
    });
    await server.prisma.review.create({ data: { ...base, title: 'Pending', isApproved: false } });
    const { status, body } = await new Client(server.baseUrl).get('/api/reviews');
    expect(status).toBe(200);
    expect(body.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(body[0]).toEqual({
      id: newer.id,
      rating: '5',
      title: 'Newer',
      comment: base.comment,
      createdAt: '2026-02-01T12:00:00.000Z',
    });
  });

  it('creates an unapproved review for a signed-in customer', async () => {
    const { user, client } = await signedInCustomer(server.baseUrl, server.prisma);
    const { status, body } = await client.post('/api/reviews', {
      rating: '4',
      title: 'Great muffins',
      comment: 'The blueberry muffins were perfect.',
    });
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.review).toMatchObject({ rating: '4', title: 'Great muffins', isApproved: false });
    const stored = await server.prisma.review.findUnique({ where: { id: body.review.id } });
    expect(stored).toMatchObject({ userId: user.id, isApproved: false });
    const list = await client.get('/api/reviews');
    expect(list.body.some((r: { id: string }) => r.id === body.review.id)).toBe(false);
  });

  it.each([
    [{ rating: '6' }, 'Rating must be between 1 and 5 stars'],
    [{ title: 'ab' }, 'Review title must be at least 3 characters'],
    [{ title: 'x'.repeat(101) }, 'Review title cannot exceed 100 characters'],
    [{ comment: 'too short' }, 'Review comment must be at least 10 characters'],
    [{ comment: 'x'.repeat(1001) }, 'Review comment cannot exceed 1000 characters'],
  ])('refuses %j with "%s"', async (change, message) => {
    const { client } = await signedInCustomer(server.baseUrl, server.prisma);
    const before = await server.prisma.review.count();
    const { status, body } = await client.post('/api/reviews', {
      rating: '5',
      title: 'Lovely',
      comment: 'Lovely cakes and cookies.',
      ...change,
    });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await server.prisma.review.count()).toBe(before);
  });

  it('answers 401 to a visitor', async () => {
    const { status } = await new Client(server.baseUrl).post('/api/reviews', {
      rating: '5',
      title: 'Lovely',
      comment: 'Lovely cakes and cookies.',
    });
    expect(status).toBe(401);
  });
});

describe('POST /api/contact', () => {
  it('stores the message', async () => {
    const { status, body } = await new Client(server.baseUrl).post('/api/contact', {
      name: 'Pat Doe',
      email: 'Pat@Example.com',
      subject: 'Wedding cake',
      message: 'Do you make three-tier cakes?',
    });
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    const stored = await server.prisma.contactMessage.findFirst({ where: { name: 'Pat Doe' } });
    expect(stored).toMatchObject({
      email: 'pat@example.com',
      subject: 'Wedding cake',
      message: 'Do you make three-tier cakes?',
    });
  });

  it('refuses an invalid message and stores nothing', async () => {
    const before = await server.prisma.contactMessage.count();
    const { status, body } = await new Client(server.baseUrl).post('/api/contact', {
      name: 'Pat',
      email: 'nope',
      message: 'Hi',
    });
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
    expect(body.errors.length).toBeGreaterThan(0);
    expect(await server.prisma.contactMessage.count()).toBe(before);
  });
});

describe('the edges of the API', () => {
  it('answers JSON 404 for an unknown API path, whatever it accepts', async () => {
    const response = await fetch(`${server.baseUrl}/api/no-such-thing`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'not_found',
      message: 'Not found: GET /api/no-such-thing',
    });
  });

  it('refuses a non-JSON body with 415 and malformed JSON with 400, without a stack', async () => {
    const form = await fetch(`${server.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({
      code: 'unsupported_media_type',
      message: 'Content-Type must be application/json',
    });
    const broken = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    const text = await broken.text();
    expect(JSON.parse(text).message).toBe('Malformed JSON body');
    expect(text).not.toMatch(/at \w+ \(|node_modules/);
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('the built apps', () => {
  const html = (url: string) => fetch(url, { headers: { accept: 'text/html' } });

  it('serves the storefront at / and its index for client-side routes', async () => {
    for (const route of [
      '/',
      '/menu',
      '/order',
      '/about',
      '/confirmation',
      '/login',
      '/signup',
      '/forgot-password',
      '/my-orders',
      '/reset-password',
      '/reset-password/abc',
    ]) {
      const response = await html(server.baseUrl + route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Storefront</title>');
    }
    const asset = await fetch(`${server.baseUrl}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the back office at /admin with its own fallback', async () => {
    for (const route of ['/admin/', '/admin/login', '/admin/dashboard']) {
      const response = await html(server.baseUrl + route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Back office</title>');
    }
    expect((await fetch(`${server.baseUrl}/admin/assets/admin-5678.js`)).status).toBe(200);
  });

  it("answers a path outside the route table with 404 and the app, which shows 'Page Not Found'", async () => {
    for (const [route, title] of [
      ['/no-such-page', 'Storefront'],
      ['/menu/extra', 'Storefront'],
      ['/admin/nope', 'Back office'],
    ]) {
      const response = await html(server.baseUrl + route!);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(`<title>${title}</title>`);
    }
  });

  it('answers 404 for a missing file that is not a page', async () => {
    const response = await fetch(`${server.baseUrl}/assets/missing.js`, {
      headers: { accept: 'application/javascript' },
    });
    expect(response.status).toBe(404);
  });
});
