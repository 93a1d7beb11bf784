// Sending the offline queue once the server answers again (issue 42): in the
// order the actions were done, one at a time, each with its own
// Idempotency-Key, so an action sent twice (the page closed while its answer
// was on the way, two tabs) is applied once: the server answers a repeat
// with its first answer. An action leaves the queue only when the server has
// answered it: done, or refused (then it is a conflict staff see).
import { apiUrl } from '../api/client';
import { readOffline, updateOffline, type QueuedAction } from './store';

export type SendResult = 'sent' | 'offline' | 'later';

/** Answers after which the action waits and is sent again later, not a conflict. */
const LATER = new Set([401, 403, 408, 429]);

async function send(action: QueuedAction): Promise<'done' | 'later' | 'offline' | string> {
  let response: Response;
  try {
    response = await fetch(apiUrl(action.path), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': action.id },
      body: JSON.stringify(action.body),
    });
  } catch {
    return 'offline';
  }
  if (response.ok) return 'done';
  if (LATER.has(response.status) || response.status >= 500) return 'later';
  const text = await response.text();
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: the text itself */
  }
  if (body.code === 'request_in_progress') return 'later';
  return body.message ?? (text || `Refused (${response.status})`);
}

async function sendAll(): Promise<SendResult> {
  for (;;) {
    const next = readOffline().queue[0];
    if (!next) return 'sent';
    const outcome = await send(next);
    if (outcome === 'offline' || outcome === 'later') return outcome;
    updateOffline((state) => ({
      ...state,
      queue: state.queue.filter((a) => a.id !== next.id),
      conflicts:
        outcome === 'done'
          ? state.conflicts
          : [...state.conflicts, { action: next, message: outcome, at: new Date().toISOString() }],
    }));
  }
}

/** Sends what waits; one sender at a time across this machine's tabs (Web Locks where there are). */
export function sendQueue(): Promise<SendResult> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return sendAll();
  return locks.request('bakery-offline-queue', () => sendAll()) as unknown as Promise<SendResult>;
}
