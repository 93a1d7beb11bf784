// Writes the storefront's prerendered pages (docs/storefront.md): one HTML
// file per public page from the build's template, with
// - the page rendered by the server bundle (dist/.ssr/entry-server.js) inside
//   <div id="root"> (data-ssr="full" tells main.tsx to hydrate it, "shell" to
//   render anew),
// - its own <title>, description and canonical path,
// - the stylesheet inlined (one round trip less before the first paint),
// - the app's modules as data (<script type="application/json" id="app-modules">:
//   the entry, then the route's chunk and the chunks it imports), fetched by
//   index.html's inline script once the first screen is painted, all at once
//   so the page hydrates without a request waterfall; and a preload of the
//   API reads it makes at once (the signed-in user on /order),
// - with `catalogue` (a published menu, issue 22): that catalogue, rendered
//   and embedded (<script type="application/json" id="catalogue">) for
//   main.tsx to hand to core before hydrating, plus .br and .gz copies.
// Used by the build (scripts/prerender.mjs, the seed's catalogue, into dist/)
// and by the API after a publish (render-worker.mjs in a worker thread, into a
// folder of its own). Copied into dist/.ssr by the build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe inside <script>: no "</script", no HTML comment openers. */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Renders every page. `dist` holds the client build (manifest, stylesheet),
 * `ssrDir` the server bundle and template.html; pages go to `outDir`.
 */
export async function renderPages({
  dist,
  ssrDir,
  outDir,
  catalogue = null,
  settings = null,
  compress = false,
  log = console.log,
}) {
  const template = readFileSync(join(ssrDir, 'template.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const ssr = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
  if (catalogue) ssr.setCatalogue(catalogue);
  // The owner's settings (issue 22): the footer, About and the order page read them.
  if (settings) ssr.setShopSettings(settings);

  /** The manifest key of a route module: its own, or the shared chunk Rollup put it in. */
  function keyOf(module) {
    if (manifest[module]) return module;
    const name = module.replace(/^.*\//, '').replace(/\.[tj]sx?$/, '');
    return Object.keys(manifest).find(
      (key) => manifest[key].name === name && !manifest[key].isEntry,
    );
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
  const embedded = catalogue
    ? `<script type="application/json" id="catalogue">${scriptJson(catalogue)}</script>`
    : '';

  // The app's entry script: index.html's inline script adds it after the first paint.
  const entryScript =
    /\s*<script type="module"[^>]*\ssrc="(\/assets\/[^"]+\.js)"[^>]*><\/script>/.exec(template);
  if (!entryScript) throw new Error('template.html has no entry <script type="module">');

  const pageHtml = (page, body) => {
    const title = escapeHtml(ssr.titleOf(page));
    // Every page's layout loads the toast module at once; the route adds its own.
    const chunks = [
      ...new Set(['src/components/Toast.tsx', ...page.modules].flatMap((m) => chunksOf(keyOf(m)))),
    ];
    const appModules = [entryScript[1], ...chunks.map((file) => `/${file}`)];
    const preloads = [
      // The same request as the app's own fetch (credentials included), so it is reused.
      ...(page.data ?? []).map(
        (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
      ),
      `<script type="application/json" id="app-modules">${scriptJson(appModules)}</script>`,
    ].join('\n    ');
    let html = template
      .replace(entryScript[0], '')
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeHtml(page.description)}" />`,
      )
      .replace(
        '<div id="root"></div>',
        `${embedded}<div id="root" data-ssr="${page.mode}" data-route="${page.path}"${page.guest ? ' data-guest="true"' : ''}>${body}</div>`,
      );
    if (cssMatch) html = html.replace(cssMatch[0], inlineCss);
    html = html.replace('</head>', `  ${preloads}\n  </head>`);
    // The page's high-priority image (the largest element of /) is requested
    // first, ahead of the scripts: React writes its preload inside the body.
    const lcpImage = /<link rel="preload" as="image" [^>]*fetchPriority="high"\/>/.exec(body);
    if (lcpImage)
      html = html.replace('<meta charset="UTF-8" />', (m) => `${m}\n    ${lcpImage[0]}`);
    if (!html.includes(`data-ssr="${page.mode}"`))
      throw new Error('index.html has no <div id="root"></div>');
    return html;
  };

  for (const page of ssr.PAGES) {
    const body = await ssr.render(page);
    const out = join(outDir, page.file);
    mkdirSync(dirname(out), { recursive: true });
    const html = pageHtml(page, body);
    writeFileSync(out, html);
    if (compress) {
      const bytes = Buffer.from(html);
      writeFileSync(
        `${out}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      );
      writeFileSync(`${out}.gz`, gzipSync(bytes, { level: 9 }));
    }
    log(`prerender ${page.path} -> ${page.file} (${page.mode}, ${body.length} chars)`);
  }
}
