// The build's last storefront step (after `vite build` and `vite build --ssr`
// into dist/.ssr): keeps the template (dist/.ssr/template.html) and the page
// renderer beside the server bundle, for the API to render the pages again
// after a menu publish (issue 22), then writes the pages of the seed's
// catalogue into dist/ (renderPages.mjs says what each page holds).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// React's production server build (the development one writes debug text into the HTML).
process.env.NODE_ENV = 'production';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const ssrDir = join(dist, '.ssr');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (template.includes('data-ssr='))
  throw new Error('dist/index.html is already prerendered: run vite build first');
writeFileSync(join(ssrDir, 'template.html'), template);
for (const file of ['renderPages.mjs', 'render-worker.mjs'])
  copyFileSync(join(import.meta.dirname, file), join(ssrDir, file));
// Marks the folder as ES modules for Node (the server bundle is ESM).
writeFileSync(join(ssrDir, 'package.json'), '{ "type": "module" }\n');

const { renderPages } = await import('./renderPages.mjs');
await renderPages({ dist, ssrDir, outDir: dist });
