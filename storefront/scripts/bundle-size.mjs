// Prints every built asset with its raw and gzip size, and the home page's
// initial JavaScript (the entry chunk plus its static imports) against the
// 100 KB gzip budget. Run after `pnpm run build`.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
if (!existsSync(assets)) {
  console.error('No dist/assets: run `pnpm run build` first.');
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizes = new Map();
for (const f of readdirSync(assets).sort()) {
  const buf = readFileSync(join(assets, f));
  sizes.set(f, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
}
console.log('asset'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const [f, s] of sizes)
  console.log(f.padEnd(48), kb(s.raw).padStart(10), kb(s.gzip).padStart(10));

// The home page loads the scripts and modulepreloads named in index.html.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const total = initial.reduce((sum, f) => sum + (sizes.get(f)?.gzip ?? 0), 0);
const budget = 100 * 1024;
console.log(`\nhome initial JS (${initial.join(', ')}): ${kb(total)} gzip, budget ${kb(budget)}`);
if (total > budget) {
  console.error('Over budget.');
  process.exit(1);
}
