// The same renderer built for the browser, served by the API under /admin.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: resolve(__dirname, 'dist-web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
