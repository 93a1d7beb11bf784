// The answers kept for Idempotency-Keys (issue 42, middleware/idempotency.ts)
// are needed only while a request may still be sent again: the desk's
// offline queue resends within the day it reconnects. Rows older than a week
// are deleted by a scheduled job (jobs.ts), a bounded batch at a time so a
// long backlog never holds a long lock; what one run leaves, the next takes.
import type { PrismaClient } from '@bakery/prisma';

/** How long a key's answer is kept. A key sent again after this acts anew. */
export const IDEMPOTENT_REQUEST_KEEP_DAYS = 7;

export interface SweepOptions {
  now?: Date;
  /** Rows per DELETE statement. */
  batch?: number;
  /** Statements per run: at most batch × maxBatches rows go in one run. */
  maxBatches?: number;
}

/** Deletes the rows older than the keep time, oldest first; answers how many went. */
export async function sweepIdempotentRequests(
  prisma: PrismaClient,
  { now = new Date(), batch = 1_000, maxBatches = 50 }: SweepOptions = {},
): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENT_REQUEST_KEEP_DAYS * 24 * 3_600_000);
  let removed = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    // By the createdAt index; each statement its own short transaction.
    const gone = await prisma.$executeRaw`
      DELETE FROM "IdempotentRequest" WHERE ("route", "key") IN (
        SELECT "route", "key" FROM "IdempotentRequest"
        WHERE "createdAt" < ${before}
        ORDER BY "createdAt"
        LIMIT ${batch}
      )`;
    removed += gone;
    if (gone < batch) break;
  }
  return removed;
}
