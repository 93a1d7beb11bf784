// The server's scheduled jobs (issue 27), run by scheduler.ts in whichever
// API process claims them: the nightly backup at the owner's time, the
// unpaid-order release every few minutes, and the daily upkeep (unused
// photos, old Idempotency-Key answers).
import { nightlyBackupDue } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import type { Logger, Notifications } from '../contracts.js';
import { backupNow, backupSettings, listBackups, type BackupMethod } from './backups.js';
import type { Job } from './scheduler.js';
import { releaseUnpaidOrders } from './unpaidOrders.js';
import { notifyOpenedDrops } from '../kitchen/drops.js';
import { sweepUnusedPhotos } from '../photos/menuPhotos.js';
import { runStandingBooking } from '../standing/booking.js';
import { sendStandingReminders } from '../standing/reminders.js';
import { sweepIdempotentRequests } from './idempotentRequests.js';

export const BACKUP_JOB = 'nightly-backup';
export const UNPAID_JOB = 'unpaid-order-release';
const UNPAID_EVERY_MS = 5 * 60_000;

export function backupJob(options: {
  prisma: PrismaClient;
  log: Logger;
  databaseUrl: string;
  dir: string;
  pgBinDir?: string;
  method?: BackupMethod;
  mediaDir?: string;
}): Job {
  const { prisma } = options;
  return {
    name: BACKUP_JOB,
    holdMs: 60 * 60_000,
    async due(lastSuccessAt, now) {
      const { time } = await backupSettings(prisma);
      // Issue 39: only a nightly backup stands for the night; one taken by hand
      // (the button, db:backup) never takes its place.
      const newest = (await listBackups(options.dir, Number.MAX_SAFE_INTEGER)).find(
        (b) => !b.manual,
      );
      const last = [lastSuccessAt, newest?.takenAt ?? null].reduce<Date | null>(
        (a, b) => (a && b ? (a > b ? a : b) : (a ?? b)),
        null,
      );
      return nightlyBackupDue(now, time, last);
    },
    run: () => backupNow({ ...options, reason: 'nightly' }),
  };
}

/** A job run every `everyMs` (and retried as often), held `holdMs` by the process that claims it. */
const repeatingJob = (name: string, everyMs: number, holdMs: number, run: Job['run']): Job => ({
  name,
  holdMs,
  retryMs: everyMs,
  due: (lastSuccessAt, now) => !lastSuccessAt || now.getTime() - lastSuccessAt.getTime() >= everyMs,
  run,
});

type JobDeps = { prisma: PrismaClient; log: Logger; notifications: Notifications };

export const unpaidReleaseJob = (options: JobDeps): Job =>
  repeatingJob(UNPAID_JOB, UNPAID_EVERY_MS, 10 * 60_000, () => releaseUnpaidOrders(options));

export const DROP_NOTIFY_JOB = 'drop-opened-notify';
const DROP_NOTIFY_EVERY_MS = 60_000;

/** Issue 25: tells the addresses that asked about a drop once it opens (every minute). */
export const dropNotifyJob = (options: JobDeps): Job =>
  repeatingJob(DROP_NOTIFY_JOB, DROP_NOTIFY_EVERY_MS, 5 * 60_000, () => notifyOpenedDrops(options));

export const STANDING_JOB = 'standing-orders';
const STANDING_EVERY_MS = 10 * 60_000;

/**
 * Issue 41: books the standing orders' occurrences that came inside the
 * horizon and sends the reminders due (every 10 minutes). Exactly once does
 * not rest on this claim: each occurrence's row is unique (booking.ts).
 */
export const standingOrdersJob = (options: JobDeps): Job =>
  repeatingJob(STANDING_JOB, STANDING_EVERY_MS, 15 * 60_000, async () => {
    await runStandingBooking(options);
    await sendStandingReminders(options);
  });

export const PHOTO_SWEEP_JOB = 'unused-photo-sweep';

/** Every menu photo URL the draft and the published versions hold, as one text. */
export async function photosInUse(prisma: PrismaClient): Promise<string> {
  const [row] = await prisma.$queryRaw<{ used: string | null }[]>`
    SELECT string_agg(x."text", ' ') AS "used" FROM (
      SELECT "image" AS "text" FROM "MenuItem" WHERE "image" IS NOT NULL
      UNION ALL SELECT "image" FROM "MenuCategory" WHERE "image" IS NOT NULL
      UNION ALL SELECT "snapshot"::text FROM "MenuVersion") x`;
  return row?.used ?? '';
}

/** Issue 39: once a day, the photos no menu has used for 30 days go. */
export const photoSweepJob = (options: {
  prisma: PrismaClient;
  log: Logger;
  mediaDir: string;
}): Job =>
  repeatingJob(PHOTO_SWEEP_JOB, 24 * 60 * 60_000, 60 * 60_000, async () => {
    const removed = await sweepUnusedPhotos(options.mediaDir, () => photosInUse(options.prisma));
    if (removed.length > 0)
      options.log.info('unused menu photos removed', { removed: removed.length });
  });

export const IDEMPOTENCY_SWEEP_JOB = 'idempotent-request-sweep';

/** Issue 42: once a day, the Idempotency-Key answers older than a week go (in batches). */
export const idempotencySweepJob = (options: { prisma: PrismaClient; log: Logger }): Job =>
  repeatingJob(IDEMPOTENCY_SWEEP_JOB, 24 * 60 * 60_000, 30 * 60_000, async () => {
    const removed = await sweepIdempotentRequests(options.prisma);
    if (removed > 0) options.log.info('old idempotent requests removed', { removed });
  });
