// The API describes itself (issue 40): GET /api/openapi.json is a valid
// OpenAPI 3.1 document (checked with a maintained validator) that lists
// exactly the route map's routes with their bodies; docs/openapi.json and
// docs/api.md's body table are what the server generates (rerun with
// UPDATE_API_DOC=1 to write them).
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CODES, ROUTES, type RouteSpec } from '@bakery/core';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client } from '../admin/helpers.js';
import { renderBodyFields } from '../../src/services/openapi.js';
import { renderErrorTable } from '../../src/services/errorTable.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; requestBody?: unknown }>>;
};

const OPENAPI_DOC = new URL('../../../docs/openapi.json', import.meta.url);
const API_DOC = new URL('../../../docs/api.md', import.meta.url);
const ERRORS = /(<!-- error-codes:start -->)[\s\S]*?(<!-- error-codes:end -->)/;
/** A markdown table's text without prettier's padding. */
const cells = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');
const BODIES = /(<!-- body-fields:start -->)[\s\S]*?(<!-- body-fields:end -->)/;

describe('GET /api/openapi.json', () => {
  it('is valid OpenAPI 3.1 and lists exactly the map, each body with its fields', async () => {
    const answer = await new Client(server.baseUrl).get<Doc>('/api/openapi.json');
    expect(answer.status).toBe(200);
    const doc = answer.body;
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`,
      ),
    );
    const mapped = (Object.entries(ROUTES) as [string, RouteSpec][]).map(
      ([id, r]) => `${id} ${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(listed.sort()).toEqual(mapped.sort());
    for (const [id, route] of Object.entries(ROUTES) as [string, RouteSpec][]) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      expect(Boolean(op.requestBody), id).toBe(Boolean(route.body));
    }
    // The drop body a client had to read core's source for is now in the document.
    const drop = doc.paths['/api/admin/drops']!.post!.requestBody as {
      content: {
        'application/json': {
          schema: {
            properties: Record<string, { items: { properties: object } }>;
            required: string[];
          };
        };
      };
    };
    const schema = drop.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'opensAt', 'units']));
    expect(Object.keys(schema.properties.units.items.properties).sort()).toEqual([
      'label',
      'productIds',
      'quantity',
    ]);

    const written = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_API_DOC) writeFileSync(OPENAPI_DOC, written);
    expect(
      readFileSync(OPENAPI_DOC, 'utf8'),
      'docs/openapi.json: rerun with UPDATE_API_DOC=1',
    ).toBe(written);
  });

  it('docs/api.md lists every body with its fields', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const current = doc.replace(BODIES, `$1\n\n${renderBodyFields()}\n\n$2`);
    if (process.env.UPDATE_API_DOC) writeFileSync(API_DOC, current);
    expect(cells(doc), 'docs/api.md: rerun with UPDATE_API_DOC=1').toBe(cells(current));
    expect(doc).toMatch(BODIES);
  });

  it("docs/api.md's error table is generated from core's codes", () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const current = doc.replace(ERRORS, `$1\n\n${renderErrorTable()}\n\n$2`);
    if (process.env.UPDATE_API_DOC) writeFileSync(API_DOC, current);
    expect(cells(doc), 'docs/api.md: rerun with UPDATE_API_DOC=1').toBe(cells(current));
    const table = doc.match(ERRORS)![0];
    const rows = new Set([...table.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((m) => m[1]));
    expect(ERROR_CODES.filter((code) => !rows.has(code))).toEqual([]);
    expect(rows.size).toBe(ERROR_CODES.length);
  });
});
