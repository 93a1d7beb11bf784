/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// @bakery/core is one barrel of pure modules; telling Rollup they have no side
// effects lets the home chunk drop the zod schemas it never uses. All but one:
// zodConfig.ts exists for its side effect (zod's jitless mode, so zod never
// probes `new Function` under the CSP); marked pure, Rollup dropped it and
// the probe fired a CSP violation (issue 27). e2e/csp.spec.ts checks every page.
const ZOD_CONFIG = /[\\/]core[\\/]src[\\/]zodConfig\.ts$/;
const corePure: Plugin = {
  name: 'bakery-core-pure',
  transform(code, id) {
    if (ZOD_CONFIG.test(id)) return { code, map: null, moduleSideEffects: true };
    if (/[\\/]core[\\/]src[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
    return null;
  },
};

export default defineConfig({
  plugins: [react(), corePure],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    // scripts/prerender.mjs reads it to preload each page's route chunk.
    manifest: true,
    rollupOptions: {
      output: {
        // zod and its jitless setting in one chunk: wherever zod loads, the setting
        // runs with it (left in a chunk of its own, a page could parse without it).
        manualChunks: (id) =>
          ZOD_CONFIG.test(id) || /[\\/]node_modules[\\/].*zod[\\/]/.test(id) ? 'zod' : undefined,
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The CI machine is shared (2 cores, several suites at once): generous limits, no flakes.
    testTimeout: 30_000,
  },
});
