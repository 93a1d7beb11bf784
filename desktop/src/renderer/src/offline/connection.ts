// Whether the server answers (issue 42): one watcher for the whole page asks
// GET /api/health every few seconds. The desk goes offline after two misses
// in a row (one when the page opens without a server), and back at the first
// answer; then the queue is sent and today's and tomorrow's orders are kept
// again for the next time the line drops.
import { addDays, bakeryToday, ROUTES, type DeskPageView } from '@bakery/core';
import { useSyncExternalStore } from 'react';
import { routeHref } from '../api/client';
import { updateOffline } from './store';
import { sendQueue } from './sync';

const CHECK_EVERY_MS = 3_000;
const CHECK_TIMEOUT_MS = 5_000;
const SNAPSHOT_EVERY_MS = 30_000;

let online: boolean | null = null;
let misses = 0;
let lastSnapshot = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

async function answers(): Promise<boolean> {
  try {
    const response = await fetch(routeHref(ROUTES.health), {
      cache: 'no-store',
      credentials: 'include',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Today's and tomorrow's orders, kept for the offline counter (nothing when signed out). */
export async function keepSnapshot(): Promise<void> {
  const today = bakeryToday();
  const query = new URLSearchParams({
    dueFrom: today,
    dueTo: addDays(today, 1),
    sort: 'due',
    limit: '200',
  });
  try {
    const response = await fetch(routeHref(ROUTES.desk, undefined, Object.fromEntries(query)), {
      credentials: 'include',
    });
    if (!response.ok) return;
    const page = (await response.json()) as DeskPageView;
    lastSnapshot = Date.now();
    updateOffline((state) => ({
      ...state,
      snapshot: { savedAt: new Date().toISOString(), orders: page.rows },
    }));
  } catch {
    /* the next check tries again */
  }
}

function set(next: boolean) {
  if (online === next) return;
  online = next;
  for (const listener of listeners) listener();
}

async function check() {
  const ok = await answers();
  if (ok) {
    misses = 0;
    set(true);
    if ((await sendQueue()) === 'sent' && Date.now() - lastSnapshot > SNAPSHOT_EVERY_MS)
      await keepSnapshot();
  } else {
    misses += 1;
    if (online === null || misses >= 2) set(false);
  }
  if (listeners.size) timer = setTimeout(() => void check(), CHECK_EVERY_MS);
  else timer = null;
}

/** Asks now (a button, the browser's own "online" event). */
export function checkNow() {
  if (timer) clearTimeout(timer);
  timer = null;
  void check();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer && listeners.size === 1) checkNow();
  window.addEventListener('online', checkNow);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', checkNow);
  };
}

/** true: the server answers; false: it does not; null: not asked yet. */
export function useOnline(): boolean | null {
  return useSyncExternalStore(subscribe, () => online);
}

/** After an action done online changed the day's orders: keep the fresh list soon. */
export function snapshotSoon() {
  lastSnapshot = 0;
}
