// The style-src and script-src of the Content Security Policy (issue 15,
// finding 13). The storefront allows only its own files plus the exact inline
// blocks its build writes: the entry stylesheet the prerender step inlines,
// and index.html's two scripts (one holds a submit or click made before
// hydration, one fetches the app once the first screen is painted).
// Their SHA-256 hashes are read from the built HTML once at start-up, so
// nothing injected later can style the page or run. The back office (/admin)
// keeps 'unsafe-inline' for styles: AG Grid and Blueprint add <style> elements
// and style attributes at run time (checked in Chromium: 150 violations
// without it). Neither allows https: (any site's stylesheet).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const STYLE_BLOCK = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;
// A <script> without src: an inline one.
const SCRIPT_BLOCK = /<script(?![^>]*\ssrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi;

export type InlineHashes = { style: string[]; script: string[] };

/** 'sha256-…' sources of every inline <style> and <script> of the HTML files under `dir` (none when it is missing). */
export function inlineHashes(dir: string): InlineHashes {
  const style = new Set<string>();
  const script = new Set<string>();
  const hashEach = (html: string, block: RegExp, into: Set<string>) => {
    for (const match of html.matchAll(block)) {
      const digest = createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64');
      into.add(`'sha256-${digest}'`);
    }
  };
  const visit = (folder: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const file = path.join(folder, name);
      if (name.endsWith('.html')) {
        const html = readFileSync(file, 'utf8');
        hashEach(html, STYLE_BLOCK, style);
        hashEach(html, SCRIPT_BLOCK, script);
      } else if (depth < 4 && name !== 'assets' && statSync(file).isDirectory()) {
        visit(file, depth + 1);
      }
    }
  };
  visit(dir, 0);
  return { style: [...style].sort(), script: [...script].sort() };
}

const ADMIN_PATH = /^\/admin(?:\/|$|\?)/;

/** The style-src sources for one request path. */
export function styleSources(storefrontHashes: readonly string[]) {
  const storefront = ["'self'", ...storefrontHashes].join(' ');
  const admin = "'self' 'unsafe-inline'";
  return (url: string | undefined): string => (ADMIN_PATH.test(url ?? '') ? admin : storefront);
}
