// How busy this process is answering requests, for work that can wait:
// the mail queue sends a woken message once the process has a quiet moment
// (services/mail/queue.ts), so that at a drop's opening the buyers'
// answers come first.

let answering = 0;

/** Counts a request from its arrival to its answer (app.ts, outermost). */
export async function countRequest(_ctx: unknown, next: () => Promise<unknown>): Promise<void> {
  answering += 1;
  try {
    await next();
  } finally {
    answering -= 1;
  }
}

/** More requests at once than a shop's quiet hours see: a rush. */
const RUSH = 8;

/** Whether this process is in a rush (more than RUSH requests being answered). */
export const inRush = (): boolean => answering > RUSH;
