// The server's scheduled jobs (issues 27, 41), run by scheduler.ts on the job
// queue (graphile-worker) in whichever API process takes each run: the nightly
// backup at the owner's time, the unpaid-order release, standing orders, the
// pickup reminders, the hourly purge, the daily photo sweep and the queue's
// own cleanup, and old Idempotency-Key answers (issue 42).
import { addDays, bakeryToday, nightlyBackupDue } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import { Logger as WorkerLogger, makeWorkerUtils } from 'graphile-worker';
import type { Logger, Notifications } from '../contracts.js';
import { backupNow, backupSettings, listBackups, type BackupMethod } from './backups.js';
import type { Job } from './scheduler.js';
import { releaseUnpaidOrders } from './unpaidOrders.js';
import { notifyOpenedDrops } from '../kitchen/drops.js';
import { sweepUnusedPhotos } from '../photos/menuPhotos.js';
import { runStandingBooking } from '../standing/booking.js';
import { sendStandingReminders } from '../standing/reminders.js';
import { sendDueReminders, type ReminderMail } from '../reminders.js';
import { purgeExpired } from '../sessionStore.js';
import { foldSummarySlots } from '../dailySummary.js';
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

export const PICKUP_REMINDER_JOB = 'pickup-reminders';

/** The pickup reminders due (every 10 minutes). */
export const pickupReminderJob = (options: {
  prisma: PrismaClient;
  log: Logger;
  mail: ReminderMail;
}): Job =>
  repeatingJob(PICKUP_REMINDER_JOB, 10 * 60_000, 10 * 60_000, async () => {
    const sent = await sendDueReminders(options.prisma, options.mail);
    if (sent > 0) options.log.info('pickup reminders queued', { count: sent });
  });

export const PURGE_JOB = 'hourly-purge';

/** Every hour: expired sessions and keys go; days before yesterday back to one summary row per key (docs/statistics.md). */
export const purgeJob = (options: { prisma: PrismaClient }): Job =>
  repeatingJob(PURGE_JOB, 60 * 60_000, 10 * 60_000, () =>
    Promise.all([
      purgeExpired(options.prisma),
      foldSummarySlots(options.prisma, addDays(bakeryToday(), -1)),
    ]),
  );

export const QUEUE_CLEANUP_JOB = 'job-queue-cleanup';

/**
 * Once a day, graphile-worker's own cleanup: a job whose process died
 * mid-run is left spent when the next minute's job takes its key (that one
 * makes the run); its row goes here.
 */
export const queueCleanupJob = (options: { databaseUrl: string }): Job =>
  repeatingJob(QUEUE_CLEANUP_JOB, 24 * 60 * 60_000, 10 * 60_000, async () => {
    const utils = await makeWorkerUtils({
      connectionString: options.databaseUrl,
      logger: new WorkerLogger(() => () => undefined),
    });
    try {
      await utils.cleanup({ tasks: ['DELETE_PERMAFAILED_JOBS'] });
    } finally {
      await utils.release();
    }
  });

export const IDEMPOTENCY_SWEEP_JOB = 'idempotent-request-sweep';

/** Issue 42: once a day, the Idempotency-Key answers older than a week go (in batches). */
export const idempotencySweepJob = (options: { prisma: PrismaClient; log: Logger }): Job =>
  repeatingJob(IDEMPOTENCY_SWEEP_JOB, 24 * 60 * 60_000, 30 * 60_000, async () => {
    const removed = await sweepIdempotentRequests(options.prisma);
    if (removed > 0) options.log.info('old idempotent requests removed', { removed });
  });
