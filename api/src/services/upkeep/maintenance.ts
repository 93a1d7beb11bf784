// The shop closed for a restore (issue 38), in this process: while it is on,
// customers' pages answer a "back in a minute" page and every API call 503
// `maintenance` (middleware/maintenance.ts), except the restore's status for
// the owner's session that started it. Requests already running are counted
// so the restore starts only once they are done.

interface MaintenanceState {
  /** The stored key (SHA-256) of the session that may still read the restore's status. */
  ownerSessionKey: string;
}

let state: MaintenanceState | null = null;
let inFlight = 0;
const drained = new Set<() => void>();

export const maintenanceOn = (): boolean => state !== null;

export const maintenanceOwnerKey = (): string | null => state?.ownerSessionKey ?? null;

export function startMaintenance(ownerSessionKey: string): void {
  state = { ownerSessionKey };
}

export function endMaintenance(): void {
  state = null;
}

/** Counts a request that reached the shop's routes (it may be using the database). */
export function requestStarted(): () => void {
  inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight--;
    if (inFlight === 0) for (const resolve of drained) resolve();
  };
}

/**
 * Resolves once at most `allowed` requests are running (the caller's own), or
 * after `limitMs`: a request stuck on a slow client does not hold the restore.
 */
export function requestsDone(allowed: number, limitMs: number): Promise<void> {
  if (inFlight <= allowed) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      clearInterval(poll);
      drained.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, limitMs);
    const poll = setInterval(() => {
      if (inFlight <= allowed) finish();
    }, 50);
    drained.add(finish);
  });
}
