// Restore from the back office (issue 38): the same path as `npm run
// db:restore -- <file> --force` (restore.ts, then the photos beside it, then
// the migrations the backup predates), run by the server itself:
//   1. the shop is closed (maintenance.ts): customers get "back in a minute";
//      requests already running finish first;
//   2. a backup of the state just before is taken (after closing, so no order
//      placed in between is lost), its name kept to undo the restore;
//   3. every other connection to the database is ended (this process's pool
//      and the other processes' reconnect on their next query; the menu and
//      settings listeners reconnect by themselves), then the restore runs;
//   4. the owner's session is carried over (the restored Session table does
//      not hold it), the menu, settings and connections are read again, and
//      the shop opens.
// A failure in 3 restores the backup of step 2 and says so; only when that
// fails too does the shop stay closed (the log and the status say which file
// to restore by hand).
import path from 'node:path';
import pg from 'pg';
import type { Prisma, PrismaClient } from '@bakery/prisma';
import type { RestoredTable, RestoreStatusView, RestoreStep } from '@bakery/core';
import type { Logger } from '../contracts.js';
import { MENU_CHANNEL } from '../menu/channel.js';
import { reloadMenu } from '../menu/live.js';
import { loadShopSettings, SETTINGS_CHANNEL } from '../settings/shopSettings.js';
import { takeBackup, type BackupMethod } from './backups.js';
import { endMaintenance, requestsDone, startMaintenance } from './maintenance.js';
import { mediaArchiveBeside, restoreMedia } from './mediaBackup.js';
import { restoreBackup, RestoreRefused } from './restore.js';

/** The main tables counted after a restore, as the owner calls them. */
const COUNTED_TABLES: { table: string; label: string }[] = [
  { table: 'Order', label: 'Orders' },
  { table: 'OrderHistory', label: 'Order history entries' },
  { table: 'User', label: 'Customer and staff accounts' },
  { table: 'MenuItem', label: 'Menu items' },
  { table: 'MenuVersion', label: 'Menu versions' },
  { table: 'Recipe', label: 'Recipes' },
  { table: 'Review', label: 'Reviews' },
  { table: 'StandingOrder', label: 'Standing orders' },
];

/** How long the restore waits for requests already running before it goes on. */
const DRAIN_LIMIT_MS = 10_000;

export interface ShopRestoreDeps {
  prisma: PrismaClient;
  databaseUrl: string;
  backupDir: string;
  mediaDir: string;
  migrationsDir: string;
  pgBinDir?: string;
  backupMethod?: BackupMethod;
  log: Logger;
  /** The migrations after a restore (release.ts's deployMigrations). */
  migrate: (databaseUrl: string) => Promise<unknown>;
  /** Connections set in Settings, read again once the shop is back. */
  reloadIntegrations?: () => Promise<unknown>;
  /**
   * Tests only: called once the shop is closed, before the backup of the
   * state before; the restore goes on when it resolves.
   */
  whileClosed?: () => Promise<void>;
}

const idle = (): RestoreStatusView => ({
  started: false,
  step: null,
  running: false,
  backup: null,
  safetyBackup: null,
  startedAt: null,
  finishedAt: null,
  tables: [],
  photos: null,
  error: null,
  rolledBack: false,
});

let status: RestoreStatusView = idle();

/** The last (or running) restore of this process. */
export const restoreStatus = (): RestoreStatusView => status;

export const restoreRunning = (): boolean => status.running;

const set = (patch: Partial<RestoreStatusView>) => {
  status = { ...status, ...patch };
};
const step = (next: RestoreStep) => set({ step: next });

/** Ends every other connection to the database (so the restore waits on no lock). */
async function endOtherConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Rows in each main table now. */
async function countTables(prisma: PrismaClient): Promise<RestoredTable[]> {
  const tables: RestoredTable[] = [];
  for (const { table, label } of COUNTED_TABLES) {
    const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM "${table}"`,
    );
    tables.push({ label, rows: Number(row?.n ?? 0) });
  }
  return tables;
}

/** The database and the photos of backup `file`, then the migrations after it. */
async function restoreFile(deps: ShopRestoreDeps, file: string): Promise<number | null> {
  await endOtherConnections(deps.databaseUrl);
  await restoreBackup(deps.databaseUrl, file, {
    force: true,
    pgBinDir: deps.pgBinDir,
    migrationsDir: deps.migrationsDir,
  });
  await deps.migrate(deps.databaseUrl);
  const media = await mediaArchiveBeside(file);
  return media ? await restoreMedia(media.path, deps.mediaDir) : null;
}

/** What this process holds from the database, read again; the other processes told. */
async function reloadEverything(deps: ShopRestoreDeps): Promise<void> {
  await loadShopSettings(deps.prisma);
  await deps.reloadIntegrations?.();
  await reloadMenu();
  await deps.prisma.$executeRawUnsafe(`NOTIFY ${SETTINGS_CHANNEL}`);
  await deps.prisma.$executeRawUnsafe(`NOTIFY ${MENU_CHANNEL}`);
}

/** What the owner signs in and confirms with: hers as it is now, whatever the backup holds. */
const OWNER_SECRETS = {
  password: true,
  passwordChangedAt: true,
  passwordChangeRequired: true,
  totpSecret: true,
  totpSetupRequired: true,
  totpEnabledAt: true,
  totpLastStep: true,
  recoveryCodes: true,
} as const;

interface KeptOwner {
  userId: string;
  session: Awaited<ReturnType<PrismaClient['session']['findUnique']>>;
  secrets: Prisma.UserGetPayload<{ select: typeof OWNER_SECRETS }> | null;
}

const keptOwner = async (prisma: PrismaClient, userId: string, sessionKey: string) => ({
  userId,
  session: await prisma.session.findUnique({ where: { sid: sessionKey } }),
  secrets: await prisma.user.findUnique({ where: { id: userId }, select: OWNER_SECRETS }),
});

/**
 * Puts the owner's session back (the restored Session table may not hold it),
 * and her password and second factor as they were just before: the code she
 * confirmed with is not taken twice, an authenticator reset since the backup
 * still signs her in.
 */
async function keepOwner(deps: ShopRestoreDeps, kept: KeptOwner): Promise<void> {
  if (!kept.secrets || !kept.session) return;
  const found = await deps.prisma.user.updateMany({
    where: { id: kept.userId },
    data: kept.secrets,
  });
  // Her account is not in that backup: she signs in again.
  if (found.count === 0) return;
  const { sid, sess, ...rest } = kept.session;
  await deps.prisma.session.upsert({
    where: { sid },
    create: { sid, sess: sess ?? {}, ...rest },
    update: {},
  });
}

const reason = (error: unknown) =>
  error instanceof RestoreRefused
    ? error.message
    : error instanceof Error
      ? error.message.split('\n')[0]!.slice(0, 300)
      : String(error);

/**
 * Starts restoring backup `name` (checked to exist by the caller); answers at
 * once, the work goes on in the background (restoreStatus() says where).
 */
export function startRestore(
  deps: ShopRestoreDeps,
  name: string,
  owner: { sessionKey: string; userId: string },
): RestoreStatusView {
  const file = path.join(deps.backupDir, name);
  status = {
    ...idle(),
    started: true,
    running: true,
    step: 'waiting',
    backup: name,
    startedAt: new Date().toISOString(),
  };
  startMaintenance(owner.sessionKey);
  void runRestore(deps, file, owner).catch((error: unknown) => {
    deps.log.error('restore crashed', { error: reason(error) });
    set({
      running: false,
      step: 'failed',
      error: reason(error),
      finishedAt: new Date().toISOString(),
    });
    endMaintenance();
  });
  return status;
}

async function runRestore(
  deps: ShopRestoreDeps,
  file: string,
  owner: { sessionKey: string; userId: string },
): Promise<void> {
  const { log } = deps;
  const finish = (patch: Partial<RestoreStatusView>) =>
    set({ ...patch, running: false, finishedAt: new Date().toISOString() });
  await requestsDone(0, DRAIN_LIMIT_MS);
  await deps.whileClosed?.();
  step('backing-up');
  const kept = await keptOwner(deps.prisma, owner.userId, owner.sessionKey);
  let safety;
  try {
    safety = await takeBackup({
      databaseUrl: deps.databaseUrl,
      dir: deps.backupDir,
      pgBinDir: deps.pgBinDir,
      method: deps.backupMethod,
      mediaDir: deps.mediaDir,
      kind: 'manual',
    });
  } catch (error) {
    log.error('restore: the backup of the state before failed; nothing restored', {
      error: reason(error),
    });
    finish({
      step: 'failed',
      error: `The backup of the shop as it is now failed (${reason(error)}): nothing was restored.`,
    });
    endMaintenance();
    return;
  }
  set({ safetyBackup: safety.name });
  log.info('restore: state before backed up', { file: safety.path, backup: path.basename(file) });
  step('restoring');
  try {
    const photos = await restoreFile(deps, file);
    await keepOwner(deps, kept);
    await reloadEverything(deps);
    const tables = await countTables(deps.prisma);
    log.info('restore done', {
      backup: path.basename(file),
      before: safety.name,
      photos,
      rows: Object.fromEntries(tables.map((t) => [t.label, t.rows])),
    });
    finish({ step: 'done', tables, photos });
    endMaintenance();
  } catch (error) {
    log.error('restore failed: putting back the state before', {
      error: reason(error),
      before: safety.path,
    });
    step('rolling-back');
    try {
      await restoreFile(deps, safety.path);
      await keepOwner(deps, kept);
      await reloadEverything(deps);
      finish({
        step: 'failed',
        rolledBack: true,
        error: `The restore failed (${reason(error)}). The shop was put back as it was just before, from ${safety.name}.`,
      });
      endMaintenance();
    } catch (again) {
      log.error('restore: putting back the state before failed too; the shop stays closed', {
        error: reason(again),
        restoreByHand: safety.path,
      });
      finish({
        step: 'failed',
        error: `The restore failed (${reason(error)}), and putting back the state before failed too (${reason(again)}). The shop stays closed: restore ${safety.name} with npm run db:restore -- --force.`,
      });
    }
  }
}
