// The storefront's prerendered pages after a publish (issue 22): the build
// wrote dist/*.html from the seed; a published version renders them again
// from the storefront's server bundle (dist/.ssr, storefront/scripts/
// renderPages.mjs) in a worker thread, so the API's main thread keeps
// answering. Each render writes a fresh folder (HTML with .br and .gz
// copies), which then replaces the previous one at once; static.ts serves
// a page from it before dist's.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CatalogueSnapshot } from '@bakery/core';
import type { Logger } from '../contracts.js';

let current: string | null = null;
let running: Promise<void> | null = null;
let queued: { dist: string; snapshot: CatalogueSnapshot; log: Logger } | null = null;
let renders = 0;

/** The folder of the pages rendered for the live version, or null (dist's are current). */
export const livePagesDir = (): string | null => current;

/** How many renders have finished in this process (tests wait for the next). */
export const pagesRendered = (): number => renders;

export const rendererOf = (dist: string) => path.join(dist, '.ssr', 'render-worker.mjs');

function renderOnce(dist: string, snapshot: CatalogueSnapshot, log: Logger): Promise<void> {
  const script = rendererOf(dist);
  if (!existsSync(script)) {
    log.warn('storefront pages not re-rendered: build the storefront first', { script });
    return Promise.resolve();
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'bakery-pages-'));
  const started = performance.now();
  return new Promise<void>((resolve) => {
    const worker = new Worker(script, { workerData: { dist, outDir, catalogue: snapshot } });
    worker.once('message', () => undefined);
    worker.once('error', (error) => {
      log.warn('storefront pages render failed', { error: String(error) });
      rmSync(outDir, { recursive: true, force: true });
      resolve();
    });
    worker.once('exit', (code) => {
      if (code === 0 && existsSync(path.join(outDir, 'index.html'))) {
        const old = current;
        current = outDir;
        renders += 1;
        if (old) rmSync(old, { recursive: true, force: true });
        log.info('storefront pages rendered', { ms: Math.round(performance.now() - started) });
      } else rmSync(outDir, { recursive: true, force: true });
      resolve();
    });
  });
}

/** Renders the pages for `snapshot` (one render at a time; the latest waiting one wins). */
export function renderPagesSoon(dist: string, snapshot: CatalogueSnapshot, log: Logger): void {
  queued = { dist, snapshot, log };
  if (running) return;
  running = (async () => {
    while (queued) {
      const next = queued;
      queued = null;
      await renderOnce(next.dist, next.snapshot, next.log);
    }
  })().finally(() => {
    running = null;
  });
}

/** Resolves when no render is running or waiting. */
export async function pagesSettled(): Promise<void> {
  while (running) await running;
}
