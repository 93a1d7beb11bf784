// How busy this process is answering requests, for work that can wait:
// the mail queue sends a woken message once the process has a quiet moment
// (services/mail/queue.ts), so that at a drop's opening the buyers'
// answers come first.

/** More requests at once than a shop's quiet hours see: a rush. */
const RUSH = 8;
/** A rush's tail: its last buyers are still being answered, a few at a time. */
const TAIL_MS = 1_000;

let answering = 0;
/** When this process last answered more than RUSH requests at once. */
let rushSeenAt = -Infinity;

/** Counts a request from its arrival to its answer (app.ts, outermost). */
export async function countRequest(_ctx: unknown, next: () => Promise<unknown>): Promise<void> {
  answering += 1;
  if (answering > RUSH) rushSeenAt = performance.now();
  try {
    await next();
  } finally {
    answering -= 1;
  }
}

/**
 * Whether this process is in a rush: more than RUSH requests being answered,
 * or more than one within TAIL_MS of that (the last buyers of a drop's
 * opening count as much as the first).
 */
export const inRush = (): boolean =>
  answering > RUSH || (answering > 1 && performance.now() - rushSeenAt < TAIL_MS);
