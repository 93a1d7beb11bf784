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
import { shopSettings, type CatalogueSnapshot } from '@bakery/core';
import type { Logger } from '../contracts.js';

let current: string | null = null;
/** How long the previous version's pages stay on disk after a new render replaces them. */
const OLD_PAGES_KEPT_MS = 60_000;
let running: Promise<void> | null = null;
let queued: { dist: string; snapshot: CatalogueSnapshot; log: Logger } | null = null;
let renders = 0;

/** The folder of the pages rendered for the live version, or null (dist's are current). */
export const livePagesDir = (): string | null => current;

/** How many renders have finished in this process (tests wait for the next). */
export const pagesRendered = (): number => renders;

export const rendererOf = (dist: string) => path.join(dist, '.ssr', 'render-worker.mjs');

interface Reply {
  id: number;
  ok: boolean;
  error?: string;
}

let worker: { thread: Worker; dist: string; pending: Map<number, (reply: Reply) => void> } | null =
  null;
let nextId = 1;

/** The render thread: started once, kept (unref'd) between publishes. */
function renderThread(dist: string) {
  if (worker?.dist === dist) return worker;
  const thread = new Worker(rendererOf(dist), { workerData: { dist } });
  thread.unref();
  const pending = new Map<number, (reply: Reply) => void>();
  const own = { thread, dist, pending };
  const fail = (error: string) => {
    if (worker === own) worker = null;
    for (const [id, reply] of pending) reply({ id, ok: false, error });
    pending.clear();
  };
  thread.on('message', (reply: Reply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  thread.on('error', (error) => fail(String(error)));
  thread.on('exit', (code) => fail(`render thread exited (${code})`));
  worker = own;
  return own;
}

async function renderOnce(dist: string, snapshot: CatalogueSnapshot, log: Logger): Promise<void> {
  if (!existsSync(rendererOf(dist))) {
    log.warn('storefront pages not re-rendered: build the storefront first', {
      script: rendererOf(dist),
    });
    return;
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'bakery-pages-'));
  const started = performance.now();
  const { thread, pending } = renderThread(dist);
  const id = nextId++;
  const reply = await new Promise<Reply>((resolve) => {
    pending.set(id, resolve);
    thread.postMessage({ id, outDir, catalogue: snapshot, settings: shopSettings() });
  });
  if (reply.ok && existsSync(path.join(outDir, 'index.html'))) {
    const old = current;
    current = outDir;
    renders += 1;
    // Requests that picked the old folder a moment ago may still be sending a
    // page from it (removed at once, one answer was cut: ECONNRESET): it goes later.
    if (old)
      setTimeout(() => rmSync(old, { recursive: true, force: true }), OLD_PAGES_KEPT_MS).unref();
    log.info('storefront pages rendered', { ms: Math.round(performance.now() - started) });
  } else {
    rmSync(outDir, { recursive: true, force: true });
    log.warn('storefront pages render failed', { error: reply.error });
  }
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

/** Ends the render thread (shutdown). */
export async function stopRenderer(): Promise<void> {
  const own = worker;
  worker = null;
  await own?.thread.terminate();
}

/** Starts the render thread ahead of the first publish (not in tests). */
export function warmRenderer(dist: string): void {
  if (existsSync(rendererOf(dist))) renderThread(dist);
}
