// Issue 15, finding 13 (CSP part): the policy allowed `form-action https:` and
// `style-src https: 'unsafe-inline'` everywhere. Now forms post only to the
// shop; the storefront's styles are its own files and the <style> blocks its
// build inlines (by hash); only the back office keeps 'unsafe-inline' for
// styles (AG Grid, Blueprint), and nothing allows https:.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../../src/csp.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let dist: string;
const CSS = 'body{color:#7a3e1d}';
const JS = "addEventListener('submit', function () {});";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const hash = sha256(CSS);
const scriptHash = sha256(JS);

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'bakery-csp-'));
  await mkdir(path.join(dist, 'menu'));
  const page = `<!doctype html><html><head><style>${CSS}</style><script>${JS}</script></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
  await writeFile(path.join(dist, 'index.html'), page);
  await writeFile(path.join(dist, 'menu', 'index.html'), page);
  server = await startTestServer({ config: { storefrontDist: dist } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  it("storefront pages: form-action 'self'; style-src and script-src 'self' and the inlined blocks' hashes only", async () => {
    for (const url of ['/', '/menu', '/api/menu']) {
      const answer = await fetch(server.baseUrl + url);
      const csp = directives(answer.headers.get('content-security-policy'));
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", hash]);
      expect(csp['script-src']).toEqual(["'self'", scriptHash]);
    }
  });

  it("the back office keeps 'unsafe-inline' for styles, never https:", async () => {
    for (const url of ['/admin/login', '/admin/dashboard?tab=orders']) {
      const answer = await fetch(server.baseUrl + url);
      const csp = directives(answer.headers.get('content-security-policy'));
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    }
    const header = (await fetch(server.baseUrl + '/admin/login')).headers.get(
      'content-security-policy',
    );
    expect(header).not.toMatch(/https:/);
  });

  it('inlineHashes reads each distinct inline <style> and <script> once, and none from a missing folder', async () => {
    expect(inlineHashes(dist)).toEqual({ style: [hash], script: [scriptHash] });
    expect(inlineHashes(path.join(dist, 'no-such-folder'))).toEqual({ style: [], script: [] });
  });
});
