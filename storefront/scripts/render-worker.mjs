// The API's worker thread for menu publishes (issue 22,
// api/src/services/menu/pages.ts): renders every page for a published
// catalogue into the folder it is sent, off the API's main thread. It stays
// up between publishes, so the server bundle is loaded once.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { renderPages } from './renderPages.mjs';

process.env.NODE_ENV = 'production';
const { dist } = workerData;
// Loaded now, so the first publish renders at once.
void import(pathToFileURL(join(dist, '.ssr', 'entry-server.js')).href).catch(() => undefined);
parentPort.on('message', async ({ id, outDir, catalogue, settings }) => {
  try {
    await renderPages({
      dist,
      ssrDir: join(dist, '.ssr'),
      outDir,
      catalogue,
      settings,
      compress: true,
      log: () => undefined,
    });
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String(error?.stack ?? error) });
  }
});
