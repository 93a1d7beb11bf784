// The API describes itself (issue 40): an OpenAPI 3.1 document built from
// core's route map and the Zod schemas it names (Zod 4's toJSONSchema, whose
// draft 2020-12 output is OpenAPI 3.1's schema dialect). Served at
// GET /api/openapi.json and written to docs/openapi.json by its test, so a
// client written from the docs knows each body's fields, who may call and
// the error codes a call can give.
import { z } from 'zod';
import {
  ERROR_CODES,
  ROUTE_SCHEMAS,
  ROUTES,
  type ErrorCode,
  type RouteSpec,
  type SchemaName,
} from '@bakery/core';

type Json = Record<string, unknown>;

const WHO: Record<string, string> = {
  public: 'Anyone.',
  'signed-in': 'A signed-in customer (or staff).',
  staff: 'Staff (an admin session).',
};

/** A route's schema as JSON Schema: what a client sends (the input side of transforms). */
function jsonSchemaOf(name: SchemaName): Json {
  const schema = (ROUTE_SCHEMAS as unknown as Record<string, z.ZodType>)[name]!;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json;
  delete json.$schema;
  return json;
}

/** The error codes a route can answer with, by status, from what it takes and who may call. */
function errorsOf(route: RouteSpec): Map<number, ErrorCode[]> {
  const errors = new Map<number, ErrorCode[]>();
  const add = (status: number, ...codes: ErrorCode[]) =>
    errors.set(status, [...(errors.get(status) ?? []), ...codes]);
  if (route.body || route.query || route.params) add(400, 'validation_failed', 'bad_request');
  if (route.access !== 'public') add(401, 'not_authenticated');
  if (route.access === 'staff' || route.access.startsWith('permission:')) {
    add(401, 'admin_session_required');
    add(403, 'forbidden');
  }
  if (route.method !== 'GET') add(403, 'cross_site_refused');
  if (route.params) add(404, 'not_found');
  if (route.method !== 'GET') add(409, 'invalid_state');
  add(429, 'rate_limited');
  add(500, 'internal_error');
  // Only codes core knows (a renamed code fails the document's test).
  for (const [status, codes] of errors)
    errors.set(
      status,
      [...new Set(codes)].filter((c) => (ERROR_CODES as readonly string[]).includes(c)),
    );
  return errors;
}

/** The parameters of a part (path or query) from its schema's properties. */
function parametersOf(name: SchemaName | undefined, where: 'path' | 'query'): Json[] {
  if (!name) return [];
  const schema = jsonSchemaOf(name);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([key, property]) => ({
    name: key,
    in: where,
    required: where === 'path' || required.has(key),
    schema: property,
  }));
}

const ERROR_BODY: Json = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: [...ERROR_CODES] },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

function operationOf(id: string, route: RouteSpec): Json {
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const declared = parametersOf(route.params, 'path');
  const parameters = [
    // Every {param} of the path, typed by its schema when the map names one.
    ...pathParams.map(
      (name) =>
        declared.find((p) => p.name === name) ?? {
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
    ),
    ...parametersOf(route.query, 'query'),
  ];
  const who =
    WHO[route.access] ??
    `Staff with the permission \`${route.access.slice('permission:'.length)}\`.`;
  const success = String(route.status ?? 200);
  const responses: Json = {
    [success]: route.binary
      ? { description: 'A file.', content: { 'application/octet-stream': {} } }
      : { description: 'Success.', content: { 'application/json': { schema: {} } } },
  };
  for (const [status, codes] of errorsOf(route))
    responses[String(status)] = {
      description: `Error codes: ${codes.join(', ')}.`,
      'x-error-codes': codes,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  return {
    operationId: id,
    summary: `${route.method} ${route.path}`,
    description: who,
    'x-access': route.access,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(route.body) } },
          },
        }
      : {}),
    responses,
  };
}

/** The whole document, from the map (the same object while the process runs). */
export function openApiDocument(): Json {
  if (built) return built;
  const paths: Record<string, Json> = {};
  for (const [id, route] of Object.entries(ROUTES) as [string, RouteSpec][]) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(id, route) };
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Bakery API',
      version: '1.0.0',
      description:
        'The web shop and back office API, generated from the route map (core/src/contract/routes.ts). docs/api.md explains each call.',
    },
    paths,
    components: { schemas: { Error: ERROR_BODY } },
  };
  return built;
}
let built: Json | null = null;

/** One field of a body as docs/api.md lists it: "name (string, required, 1–100 characters)". */
function fieldWords(name: string, schema: Json, required: boolean): string {
  const type = Array.isArray(schema.anyOf)
    ? (schema.anyOf as Json[]).map((s) => String(s.type ?? 'any')).join(' or ')
    : Array.isArray(schema.enum)
      ? (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ')
      : String(schema.type ?? 'any');
  const limits = [
    schema.minLength !== undefined || schema.maxLength !== undefined
      ? `${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} characters`
      : null,
    schema.minimum !== undefined || schema.maximum !== undefined
      ? `${schema.minimum ?? '−∞'}–${schema.maximum ?? '∞'}`
      : null,
    schema.maxItems !== undefined ? `at most ${String(schema.maxItems)}` : null,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : null,
  ].filter(Boolean);
  return `\`${name}\` (${[type, required ? 'required' : null, ...limits].filter(Boolean).join(', ')})`;
}

/** docs/api.md's "Bodies" section: a line per route that takes a body, with its top-level fields. */
export function renderBodyFields(): string {
  const rows: string[] = [];
  for (const route of Object.values(ROUTES) as RouteSpec[]) {
    if (!route.body) continue;
    const schema = jsonSchemaOf(route.body);
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields = Object.entries(properties).map(([name, s]) =>
      fieldWords(name, s, required.has(name)),
    );
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    rows.push(
      `- \`${route.method} ${path}\`: ${fields.length ? fields.join('; ') : 'see openapi.json'}`,
    );
  }
  return rows.join('\n');
}
