// The API's worker thread after a menu publish (issue 22,
// api/src/services/menu/pages.ts): renders every page for the published
// catalogue into workerData.outDir, off the API's main thread.
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { renderPages } from './renderPages.mjs';

process.env.NODE_ENV = 'production';
const { dist, outDir, catalogue } = workerData;
await renderPages({
  dist,
  ssrDir: join(dist, '.ssr'),
  outDir,
  catalogue,
  compress: true,
  log: () => undefined,
});
