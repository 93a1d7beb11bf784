// Nightly backups (issue 27): when one is due, which to keep, when the back
// office warns. The API takes them (api/src/services/backups); the owner sets
// the time and the retention, stored in the database.
import { z } from 'zod';
import { wholeNumberIn } from '../schemas/common';
import { addDays, bakeryToday, startOfBakeryDay } from '../calendar/calendar';

export interface BackupSettings {
  /** Wall-clock time in America/New_York, 'HH:MM' (24 h). */
  time: string;
  /** The newest backup of each of this many most recent days is kept. */
  keepDaily: number;
  /** Then the newest backup of each of this many weeks before those days. */
  keepWeekly: number;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = {
  time: '02:00',
  keepDaily: 14,
  keepWeekly: 8,
};

/** The back office warns when the newest backup is older than this. */
export const BACKUP_STALE_HOURS = 26;

/** How many backups the list answers at most (newest first). */
export const BACKUP_LIST_LIMIT = 100;

export const BACKUP_MESSAGES = {
  time: 'Enter the time as HH:MM (24-hour clock), e.g. 02:00',
  keepDaily: 'Keep between 1 and 90 daily backups',
  keepWeekly: 'Keep between 0 and 104 weekly backups',
  stale: (hours: number) =>
    `The newest backup is ${hours} hours old: nightly backups may be failing. Take one now and check the server log.`,
  none: 'No backup has been taken yet. Take one now.',
  confirmLower:
    'Keeping fewer backups deletes older ones: enter your password (or an authenticator code) to confirm.',
} as const;

export const BackupSettingsSchema = z.object({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, BACKUP_MESSAGES.time),
  keepDaily: wholeNumberIn(1, 90, BACKUP_MESSAGES.keepDaily),
  keepWeekly: wholeNumberIn(0, 104, BACKUP_MESSAGES.keepWeekly),
  /**
   * Issue 39: the owner's password, or an authenticator code, needed only
   * when the change keeps fewer backups (older ones would be deleted).
   */
  confirm: z.string().max(200).optional(),
});

/** The instant of wall-clock `time` ('HH:MM') on bakery day `date`. */
export function bakeryInstant(date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(startOfBakeryDay(date).getTime() + (h * 60 + m) * 60_000);
}

/** The latest scheduled run at or before `now`. */
export function lastScheduledRun(now: Date, time: string): Date {
  const today = bakeryToday(now);
  const todays = bakeryInstant(today, time);
  return todays <= now ? todays : bakeryInstant(addDays(today, -1), time);
}

/**
 * Whether the nightly backup is due: none was taken since the latest
 * scheduled time. After a night the server was down, it is due at start-up.
 */
export function nightlyBackupDue(now: Date, time: string, lastBackupAt: Date | null): boolean {
  return lastBackupAt === null || lastBackupAt < lastScheduledRun(now, time);
}

/** Hours since the newest backup, and the warning when it is too old (or missing). */
export function backupAge(
  now: Date,
  newest: Date | null,
): { ageHours: number | null; stale: boolean; warning: string | null } {
  if (!newest) return { ageHours: null, stale: true, warning: BACKUP_MESSAGES.none };
  const ageHours = Math.max(0, Math.floor((now.getTime() - newest.getTime()) / 3_600_000));
  const stale = now.getTime() - newest.getTime() > BACKUP_STALE_HOURS * 3_600_000;
  return { ageHours, stale, warning: stale ? BACKUP_MESSAGES.stale(ageHours) : null };
}

/** Monday of the bakery week holding `date` (weeks start on Monday). */
export function weekOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The backups to keep: the newest of each of the `keepDaily` most recent
 * bakery days that have one, then the newest of each of the `keepWeekly`
 * most recent weeks older than those days. Everything else may be deleted.
 */
export function backupsToKeep<T extends { takenAt: Date; manual?: boolean }>(
  backups: readonly T[],
  settings: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>,
): Set<T> {
  const keep = keptScheduled(
    backups.filter((b) => !b.manual),
    settings,
  );
  // Issue 39: a manual backup ("Back up now", db:backup) never takes a
  // nightly one's place: besides those, the newest manual one of each day
  // of the keepDaily calendar days up to the newest backup is kept.
  const newest = backups.reduce<Date | null>(
    (max, b) => (!max || b.takenAt > max ? b.takenAt : max),
    null,
  );
  if (!newest) return keep;
  const firstDay = addDays(bakeryToday(newest), -(settings.keepDaily - 1));
  const manualDays = new Set<string>();
  for (const backup of [...backups]
    .filter((b) => b.manual)
    .sort((x, y) => y.takenAt.getTime() - x.takenAt.getTime())) {
    const day = bakeryToday(backup.takenAt);
    if (day < firstDay || manualDays.has(day)) continue;
    manualDays.add(day);
    keep.add(backup);
  }
  return keep;
}

/** True when `next` keeps fewer backups than `current` (issue 39: the owner confirms). */
export const keepsFewerBackups = (
  current: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>,
  next: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>,
): boolean => next.keepDaily < current.keepDaily || next.keepWeekly < current.keepWeekly;

function keptScheduled<T extends { takenAt: Date }>(
  backups: readonly T[],
  settings: Pick<BackupSettings, 'keepDaily' | 'keepWeekly'>,
): Set<T> {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<T>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of newestFirst) {
    const day = bakeryToday(backup.takenAt);
    if (days.has(day)) continue;
    if (days.size < settings.keepDaily) {
      days.add(day);
      keep.add(backup);
      continue;
    }
    const week = weekOf(day);
    days.add(day);
    if (weeks.has(week) || weeks.size >= settings.keepWeekly) continue;
    weeks.add(week);
    keep.add(backup);
  }
  return keep;
}

/** A backup file as the back office lists it. */
export interface BackupFileView {
  name: string;
  /** Bytes. */
  size: number;
  /** ISO instant. */
  takenAt: string;
  /**
   * The uploaded photos taken with it (issue 22): `<stem>.media.tar.gz` beside
   * it, which db:restore finds there; null when there is none.
   */
  media: { name: string; size: number } | null;
}

/** POST /api/admin/backups: the backup just taken, with what its check read. */
export interface BackupTakenView extends BackupFileView {
  durationMs: number;
  /** The tables whose data the archive holds. */
  tables: number;
  format: 'pg_dump' | 'logical';
}

/** GET /api/admin/backups. */
export interface BackupListView {
  backups: BackupFileView[];
  newest: BackupFileView | null;
  ageHours: number | null;
  stale: boolean;
  warning: string | null;
  settings: BackupSettings;
  /** The folder on the server the backups are in. */
  folder: string;
  /** The last nightly run's error, if it failed. */
  lastError: string | null;
  lastRunAt: string | null;
}

// Restore from the back office (issue 38): the owner picks a backup (or
// uploads one) and confirms with her password and her authenticator code;
// the shop answers "back in a minute" while the server backs up the current
// state, restores and comes back.

export const RESTORE_MESSAGES = {
  confirm:
    'Restoring replaces every order, customer and menu change since that backup: enter your password and an authenticator code to confirm.',
  running: 'A restore is running. Please wait for it to finish.',
  notABackup:
    "This file is not a backup of the shop (neither a pg_dump archive nor the shop's own format).",
  maintenance: "We're restoring the shop's data. We'll be back in a minute.",
  maintenanceTitle: 'Back in a minute',
} as const;

/** POST /api/admin/restore: the backup (by its name in the backup folder), password and code. */
export const RestoreBackupSchema = z.object({
  name: z.string().min(1).max(100),
  password: z.string().max(200).optional(),
  code: z.string().max(40).optional(),
});

/** Where a restore is: backing up the current state, restoring, rolling back, or over. */
export type RestoreStep =
  'waiting' | 'backing-up' | 'restoring' | 'rolling-back' | 'done' | 'failed';

/** Rows in one of the main tables after a restore. */
export interface RestoredTable {
  /** What the owner calls it: "Orders", "Customers and staff". */
  label: string;
  rows: number;
}

/** GET /api/admin/restore: the last (or running) restore of this server process. */
export interface RestoreStatusView {
  /** False when no restore ran since the server started. */
  started: boolean;
  step: RestoreStep | null;
  running: boolean;
  /** The backup being restored. */
  backup: string | null;
  /** The backup of the state just before, taken first: what to restore to undo this. */
  safetyBackup: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** After a success: rows per main table, and photos put back (null: none saved with the backup). */
  tables: RestoredTable[];
  photos: number | null;
  /** What went wrong, said for the owner; with whether the state before was put back. */
  error: string | null;
  rolledBack: boolean;
}

/** What each step says on screen. */
export const RESTORE_STEP_TEXT: Record<RestoreStep, string> = {
  waiting: 'Closing the shop to customers…',
  'backing-up': 'Backing up the shop as it is now…',
  restoring: 'Restoring the backup…',
  'rolling-back': 'The restore failed: putting the shop back as it was…',
  done: 'Restored',
  failed: 'The restore failed',
};
