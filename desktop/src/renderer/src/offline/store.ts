// The desk's offline store (issue 42): the actions recorded while the server
// could not be reached, in the order they were done, the ones the server
// refused once it was back (conflicts, kept until staff dismiss them), and
// the last copy of today's and tomorrow's orders. Kept in localStorage, so
// it survives closing the page or the app; every tab of the desk shares it.
import type { OrderView } from '@bakery/core';

/** One staff action waiting for the server; its id is the request's Idempotency-Key. */
export interface QueuedAction {
  id: string;
  kind: 'markReady' | 'handOver' | 'cashSale';
  /** When it was done at the counter. */
  at: string;
  path: string;
  body: unknown;
  /** How the desk names it: "Hand over #8C522CC7 (Ann Lee), cash $43.50", "Mark Ready #8C522CC7 (Ann Lee)". */
  label: string;
  /** The money it takes (cents), for the banner's sum. */
  amountCents: number;
  orderId: string | null;
}

export interface Conflict {
  action: QueuedAction;
  /** The server's refusal, word for word. */
  message: string;
  at: string;
}

export interface OfflineState {
  queue: QueuedAction[];
  conflicts: Conflict[];
  /** Today's and tomorrow's orders as the server last listed them. */
  snapshot: { savedAt: string; orders: OrderView[] } | null;
}

const KEY = 'bakery.desk.offline.v1';
const CHANGED = 'bakery-offline-changed';

const EMPTY: OfflineState = { queue: [], conflicts: [], snapshot: null };

export function readOffline(): OfflineState {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<OfflineState>;
    return {
      queue: Array.isArray(parsed.queue) ? parsed.queue : [],
      conflicts: Array.isArray(parsed.conflicts) ? parsed.conflicts : [],
      snapshot: parsed.snapshot ?? null,
    };
  } catch {
    return EMPTY;
  }
}

/** Changes the stored state (read afresh, so another tab's writes are kept) and tells the screens. */
export function updateOffline(change: (state: OfflineState) => OfflineState): OfflineState {
  const next = change(readOffline());
  localStorage.setItem(KEY, JSON.stringify(next));
  window.dispatchEvent(new Event(CHANGED));
  return next;
}

/** Calls `listener` when this tab or another one changes the store. */
export function onOfflineChange(listener: () => void): () => void {
  const storage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', storage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', storage);
  };
}

export function enqueue(action: Omit<QueuedAction, 'id' | 'at'>): QueuedAction {
  const queued: QueuedAction = { ...action, id: crypto.randomUUID(), at: new Date().toISOString() };
  updateOffline((state) => ({ ...state, queue: [...state.queue, queued] }));
  return queued;
}

export const dismissConflict = (id: string) =>
  updateOffline((state) => ({
    ...state,
    conflicts: state.conflicts.filter((c) => c.action.id !== id),
  }));

/** The orders an action of `kind` was taken on here while offline, not yet sent or refused. */
export const queuedFor = (state: OfflineState, kind: QueuedAction['kind']): Set<string> =>
  new Set(state.queue.filter((a) => a.kind === kind).map((a) => a.orderId ?? ''));
