// Issue 27: 27 KB of JSON nested ~3,000 deep, sent without signing in,
// overflowed the stack in core's unsafeTextIssues (a 500, a stack trace in the
// log, the API blocked about a second a request). Bodies nested deeper than
// 32 are now refused before they are parsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client } from '../support/factories.js';
import type { Logger } from '../../src/services/contracts.js';

/** Every entry the API logged, with its fields. */
const logged: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
const recordingLog: Logger = {
  info: (message, fields) => void logged.push({ level: 'info', message, fields }),
  warn: (message, fields) => void logged.push({ level: 'warn', message, fields }),
  error: (message, fields) => void logged.push({ level: 'error', message, fields }),
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ log: recordingLog });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('finding: JSON nesting limited before parsing', () => {
  /** About 27 KB of JSON nested `depth` deep, as the attack sent. */
  const deepJson = (depth: number) =>
    `{"email":"a@example.com","password":"wrong-password","extra":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`;

  const send = (path: string, body: string) =>
    fetch(server.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body,
    });

  it('answers 27 KB nested 13,500 deep with a 400 before parsing, signed out, no stack trace logged', async () => {
    const body = deepJson(13_500);
    expect(body.length).toBeGreaterThan(27_000);
    logged.length = 0;
    for (const path of ['/api/login', '/api/submit-order', '/api/signup', '/api/contact']) {
      // Refused before JSON.parse sees it: no RangeError, no stack (below). How fast
      // is a figure for a benchmark, not a timed assertion (it varies with load).
      const answer = await send(path, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        code: 'bad_request',
        message: 'The JSON body is nested too deeply (at most 32 levels of arrays and objects)',
      });
    }
    const shallow = await send('/api/submit-order', deepJson(3_000));
    expect(shallow.status).toBe(400);
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(/RangeError|Maximum call stack|at .*\.js:\d+/);
    // The server is not stalled: the next request answers at once.
    expect((await new Client(server.baseUrl).get('/api/health')).status).toBe(200);
  });

  it('still takes ordinary bodies, and 32 levels', async () => {
    const login = await send(
      '/api/login',
      JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    );
    expect(login.status).toBe(401);
    const at32 = await send('/api/login', deepJson(31));
    expect(at32.status).toBe(401);
    // Brackets inside strings (after an escaped quote too) do not count.
    const inText = await send(
      '/api/login',
      JSON.stringify({ email: 'a"\\'.repeat(3) + '[{'.repeat(100), password: 'wrong-password' }),
    );
    expect(inText.status).toBe(400);
    expect(((await inText.json()) as { code: string }).code).toBe('validation_failed');
  });
});
