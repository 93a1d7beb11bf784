// The server's scheduled jobs (issue 27), run by scheduler.ts in whichever
// API process claims them: the nightly backup at the owner's time, and the
// unpaid-order release every few minutes.
import { nightlyBackupDue } from '@bakery/core';
import type { PrismaClient } from '@bakery/prisma';
import type { Logger, Notifications } from '../contracts.js';
import { backupNow, backupSettings, listBackups, type BackupMethod } from './backups.js';
import type { Job } from './scheduler.js';
import { releaseUnpaidOrders } from './unpaidOrders.js';
import { notifyOpenedDrops } from '../kitchen/drops.js';

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
      // A backup the owner took (button or command) after the scheduled time counts too.
      const [newest] = await listBackups(options.dir, 1);
      const last = [lastSuccessAt, newest?.takenAt ?? null].reduce<Date | null>(
        (a, b) => (a && b ? (a > b ? a : b) : (a ?? b)),
        null,
      );
      return nightlyBackupDue(now, time, last);
    },
    run: () => backupNow({ ...options, reason: 'nightly' }),
  };
}

export function unpaidReleaseJob(options: {
  prisma: PrismaClient;
  log: Logger;
  notifications: Notifications;
}): Job {
  return {
    name: UNPAID_JOB,
    holdMs: 10 * 60_000,
    retryMs: UNPAID_EVERY_MS,
    due: (lastSuccessAt, now) =>
      !lastSuccessAt || now.getTime() - lastSuccessAt.getTime() >= UNPAID_EVERY_MS,
    run: () => releaseUnpaidOrders(options),
  };
}

export const DROP_NOTIFY_JOB = 'drop-opened-notify';
const DROP_NOTIFY_EVERY_MS = 60_000;

/** Issue 25: tells the addresses that asked about a drop once it opens (every minute). */
export function dropNotifyJob(options: {
  prisma: PrismaClient;
  log: Logger;
  notifications: Notifications;
}): Job {
  return {
    name: DROP_NOTIFY_JOB,
    holdMs: 5 * 60_000,
    retryMs: DROP_NOTIFY_EVERY_MS,
    due: (lastSuccessAt, now) =>
      !lastSuccessAt || now.getTime() - lastSuccessAt.getTime() >= DROP_NOTIFY_EVERY_MS,
    run: () => notifyOpenedDrops(options),
  };
}
