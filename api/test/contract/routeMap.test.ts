// The route map in core is the contract (issue 21): every endpoint the server
// answers is in it, docs/api.md documents exactly its endpoints, and each
// endpoint refuses the callers the map says it refuses.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  renderRouteIndex,
  leastRoleWith,
  ROUTE_LIST,
  type Permission,
  type RouteSpec,
} from '@bakery/core';
import { routers } from '../../src/routes/index.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, signedIn } from '../admin/helpers.js';

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const mapped = new Set(ROUTE_LIST.map((r) => key(r.method, r.path)));

let server: TestServer;
let customer: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
  admin = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function registered(): string[] {
  const out: string[] = [];
  for (const router of routers(server.deps))
    for (const layer of router.stack)
      for (const method of layer.methods)
        if (method !== 'HEAD') out.push(key(method, String(layer.path)));
  return out;
}

const API_DOC = new URL('../../../docs/api.md', import.meta.url);
const INDEX = /(<!-- route-index:start -->)[\s\S]*?(<!-- route-index:end -->)/;

/** The `METHOD /path` of each row of docs/api.md's detailed tables (after the index), in the map's `:param` form. */
function documented(): string[] {
  const doc = readFileSync(API_DOC, 'utf8').replace(INDEX, '');
  const rows = doc.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s?]*)/gm);
  return [...rows].map(([, method, path]) => key(method!, path!.replace(/\{(\w+)\}/g, ':$1')));
}

describe('the route map', () => {
  it('holds every endpoint the server answers, and nothing else', () => {
    const served = registered();
    expect(served.filter((r) => !mapped.has(r))).toEqual([]);
    expect([...mapped].filter((r) => !served.includes(r))).toEqual([]);
  });

  it('is listed in docs/api.md, whose detailed tables name only its endpoints', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const current = doc.replace(INDEX, `$1\n\n${renderRouteIndex()}\n\n$2`);
    if (process.env.UPDATE_API_DOC) writeFileSync(API_DOC, current);
    // Prettier pads the table's columns: compare the cells, not the padding.
    const cells = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');
    expect(cells(doc), 'docs/api.md: rerun with UPDATE_API_DOC=1').toBe(cells(current));
    expect(documented().filter((r) => !mapped.has(r))).toEqual([]);
  });
});

const sample: Record<string, string> = {
  date: '2026-12-24',
  code: 'ABC123',
  name: 'bakery-2026-01-01.dump',
  orderOrReferenceId: '00000000-0000-4000-8000-000000000000',
};
const urlOf = (route: RouteSpec) =>
  fillPath(
    route.path,
    new Proxy({}, { get: (_, p: string) => sample[p] ?? '00000000-0000-4000-8000-000000000000' }),
  );
const call = (client: Client, route: RouteSpec) =>
  client.call(route.method, urlOf(route), route.method === 'GET' ? undefined : {});

describe('each endpoint refuses who the map refuses', () => {
  const guarded = ROUTE_LIST.filter((r) => r.access !== 'public');
  it.each(guarded.map((r) => [key(r.method, r.path), r] as const))(
    '%s: 401 signed out',
    async (_, route) => {
      const answer = await call(new Client(server.baseUrl), route);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toMatch(/not_authenticated|admin_session_required/);
    },
  );

  const staffOnly = ROUTE_LIST.filter(
    (r) => r.access.startsWith('permission:') || r.access === 'staff',
  );
  it.each(staffOnly.map((r) => [key(r.method, r.path), r] as const))(
    '%s: 403 for a customer',
    async (_, route) => {
      const answer = await call(customer, route);
      expect([401, 403]).toContain(answer.status);
      expect(answer.body.code).toMatch(/forbidden|admin_session_required/);
    },
  );

  const ownerOnly = ROUTE_LIST.filter(
    (r) =>
      r.access.startsWith('permission:') &&
      leastRoleWith(r.access.slice('permission:'.length) as Permission) === 'owner',
  );
  it.each(ownerOnly.map((r) => [key(r.method, r.path), r] as const))(
    '%s: 403 for an admin',
    async (_, route) => {
      const answer = await call(admin, route);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('forbidden');
    },
  );
});
