// Prints every built asset with its raw, gzip and brotli size, and the home
// page's initial JavaScript (the entry chunk plus the chunks its HTML lists)
// against the 100 KB budget of issue 16, counted as the API sends it: the brotli files the build wrote (scripts/precompress), or brotli made
// here when a file has none.
// Run after `pnpm run build`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
if (!existsSync(assets)) {
  console.error('No dist/assets: run `pnpm run build` first.');
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** The precompressed file's size when the build wrote one, else the compressed size now. */
const compressed = (file, ext, compress) =>
  existsSync(`${file}.${ext}`)
    ? readFileSync(`${file}.${ext}`).length
    : compress(readFileSync(file)).length;

const sizes = new Map();
for (const f of readdirSync(assets).sort()) {
  if (/\.(br|gz)$/.test(f)) continue;
  const file = join(assets, f);
  sizes.set(f, {
    raw: readFileSync(file).length,
    gzip: compressed(file, 'gz', (b) => gzipSync(b, { level: 9 })),
    br: compressed(file, 'br', brotliCompressSync),
  });
}
console.log('asset'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10), 'brotli'.padStart(10));
for (const [f, s] of sizes)
  console.log(f.padEnd(48), kb(s.raw).padStart(10), kb(s.gzip).padStart(10), kb(s.br).padStart(10));

// The home page loads the modules its HTML lists (the entry and the chunks
// index.html's inline script adds once the first screen is painted).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const listed = /<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html);
if (!listed) {
  console.error('dist/index.html lists no app modules: run `pnpm run build` first.');
  process.exit(1);
}
const initial = JSON.parse(listed[1]).map((url) => url.replace(/^\/assets\//, ''));
const sum = (key) => initial.reduce((total, f) => total + (sizes.get(f)?.[key] ?? 0), 0);
const budget = 100 * 1024;
console.log(
  `\nhome initial JS (${initial.join(', ')}): ${kb(sum('br'))} brotli (${kb(sum('gzip'))} gzip), budget ${kb(budget)}`,
);
if (sum('br') > budget) {
  console.error('Over budget.');
  process.exit(1);
}
