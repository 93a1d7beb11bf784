// The same renderer built for the browser, served by the API under /admin,
// with its service worker (issue 42) at /admin/sw.js.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * /admin/sw.js: src/renderer/src/offline/serviceWorker.ts as a plain script,
 * given every file this build wrote (SHELL) and a version of that list.
 */
function deskServiceWorker(): Plugin {
  const source = resolve(__dirname, 'src/renderer/src/offline/serviceWorker.ts');
  return {
    name: 'bakery-desk-service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map'))
        .sort();
      const shell = files.map((file) => `/admin/${file}`);
      if (!shell.includes('/admin/index.html')) throw new Error('sw.js: index.html was not built');
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const { code } = await transformWithEsbuild(readFileSync(source, 'utf8'), source, {
        loader: 'ts',
        format: 'iife',
      });
      writeFileSync(
        resolve(options.dir!, 'sw.js'),
        `const SHELL = ${JSON.stringify(shell)};\nconst VERSION = ${JSON.stringify(version)};\n${code}`,
      );
    },
  };
}

export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  base: '/admin/',
  plugins: [react(), deskServiceWorker()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: resolve(__dirname, 'dist-web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
