// The style-src of the Content Security Policy (issue 15, finding 13). The
// storefront allows only its own stylesheets plus the exact <style> blocks its
// build inlines (the prerender step inlines the entry stylesheet): their
// SHA-256 hashes are read from the built HTML once at start-up, so nothing
// injected later can style the page. The back office (/admin) keeps
// 'unsafe-inline' for styles: AG Grid and Blueprint add <style> elements and
// style attributes at run time (checked in Chromium: 150 violations without
// it). Neither allows https: (any site's stylesheet).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const STYLE_BLOCK = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;

/** 'sha256-…' sources of every inline <style> of the HTML files under `dir` (none when it is missing). */
export function inlineStyleHashes(dir: string): string[] {
  const hashes = new Set<string>();
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
        for (const match of readFileSync(file, 'utf8').matchAll(STYLE_BLOCK)) {
          const digest = createHash('sha256')
            .update(match[1] ?? '', 'utf8')
            .digest('base64');
          hashes.add(`'sha256-${digest}'`);
        }
      } else if (depth < 4 && name !== 'assets' && statSync(file).isDirectory()) {
        visit(file, depth + 1);
      }
    }
  };
  visit(dir, 0);
  return [...hashes].sort();
}

const ADMIN_PATH = /^\/admin(?:\/|$|\?)/;

/** The style-src sources for one request path. */
export function styleSources(storefrontHashes: readonly string[]) {
  const storefront = ["'self'", ...storefrontHashes].join(' ');
  const admin = "'self' 'unsafe-inline'";
  return (url: string | undefined): string => (ADMIN_PATH.test(url ?? '') ? admin : storefront);
}
