// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
// text file of a built app, once at build time, so the API sends compressed
// bytes without compressing on each request (api/src/static.ts picks the copy
// by Accept-Encoding). A copy that saves too little is not written.
// Usage: node scripts/build/precompress.mjs <dist folder> [...more folders]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico|wasm)$/;
const MIN_BYTES = 512;
const MIN_SAVING = 0.1;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(dir) {
  let raw = 0;
  let br = 0;
  let gz = 0;
  let count = 0;
  for (const file of files(dir)) {
    // Copies left by an earlier build are remade (or removed when no longer worth it).
    if (file.endsWith('.br') || file.endsWith('.gz')) {
      const source = file.slice(0, -3);
      try {
        statSync(source);
      } catch {
        unlinkSync(file);
      }
      continue;
    }
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    for (const [ext, bytes] of [
      ['.br', brotli],
      ['.gz', gzip],
    ]) {
      if (bytes.length <= body.length * (1 - MIN_SAVING)) writeFileSync(file + ext, bytes);
      else {
        try {
          unlinkSync(file + ext);
        } catch {
          // none from an earlier build
        }
      }
    }
    raw += body.length;
    br += brotli.length;
    gz += gzip.length;
    count += 1;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `precompress ${relative(process.cwd(), dir) || dir}: ${count} files, ${kb(raw)} -> brotli ${kb(br)}, gzip ${kb(gz)}`,
  );
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/build/precompress.mjs <dist folder> [...]');
  process.exit(2);
}
for (const dir of dirs) precompress(dir);
