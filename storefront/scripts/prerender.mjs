// The build's last storefront step (after `vite build` and `vite build --ssr`):
// writes one HTML file per public page from dist/index.html, with
// - the page rendered by dist-ssr/entry-server.js inside <div id="root">
//   (data-ssr="full" tells main.tsx to hydrate it, "shell" to render anew),
// - its own <title>, description and canonical path,
// - the stylesheet inlined (one round trip less before the first paint),
// - a modulepreload of the route's chunk and of the chunks it imports, so the
//   page hydrates without a request waterfall, and a preload of the API reads
//   it makes at once (the signed-in user on /order).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// React's production server build (the development one writes debug text into the HTML).
process.env.NODE_ENV = 'production';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (template.includes('data-ssr='))
  throw new Error('dist/index.html is already prerendered: run vite build first');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const { PAGES, render, titleOf } = await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
);

/** The manifest key of a route module: its own, or the shared chunk Rollup put it in. */
function keyOf(module) {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[tj]sx?$/, '');
  return Object.keys(manifest).find((key) => manifest[key].name === name && !manifest[key].isEntry);
}

/** The chunk files a module needs (itself and its static imports), minus the entry's. */
function chunksOf(moduleId, seen = new Set()) {
  const entry = moduleId && manifest[moduleId];
  if (!entry || seen.has(moduleId)) return [];
  seen.add(moduleId);
  const files = entry.isEntry ? [] : [entry.file];
  for (const imported of entry.imports ?? []) files.push(...chunksOf(imported, seen));
  return files;
}

// Inline the entry stylesheet: it is small, and a <link> costs a round trip
// before anything paints. The file stays in assets/ for anything that links it.
const cssLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;
const cssMatch = cssLink.exec(template);
const inlineCss = cssMatch
  ? `<style>${readFileSync(join(dist, cssMatch[1]), 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`
  : '';

const pageHtml = (page, body) => {
  const title = escapeHtml(titleOf(page));
  // Every page's layout loads the toast module at once; the route adds its own.
  const modules = ['src/components/Toast.tsx', ...page.modules];
  const preloads = [
    // The same request as the app's own fetch (credentials included), so it is reused.
    ...(page.data ?? []).map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
    ),
    ...[...new Set(modules.flatMap((m) => chunksOf(keyOf(m))))].map(
      (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
    ),
  ].join('\n    ');
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-ssr="${page.mode}" data-route="${page.path}"${page.guest ? ' data-guest="true"' : ''}>${body}</div>`,
    );
  if (cssMatch) html = html.replace(cssMatch[0], inlineCss);
  if (preloads) html = html.replace('</head>', `  ${preloads}\n  </head>`);
  // The page's high-priority image (the largest element of /) is requested
  // first, ahead of the scripts: React writes its preload inside the body.
  const lcpImage = /<link rel="preload" as="image" [^>]*fetchPriority="high"\/>/.exec(body);
  if (lcpImage) html = html.replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${lcpImage[0]}`);
  if (!html.includes(`data-ssr="${page.mode}"`))
    throw new Error('index.html has no <div id="root"></div>');
  return html;
};

for (const page of PAGES) {
  const body = await render(page);
  const out = join(dist, page.file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, pageHtml(page, body));
  console.log(`prerender ${page.path} -> dist/${page.file} (${page.mode}, ${body.length} chars)`);
}

// The server bundle is only needed for this step.
rmSync(ssrDir, { recursive: true, force: true });
