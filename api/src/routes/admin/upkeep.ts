// The owner's upkeep calls (issue 27): backups (list, take one now, download,
// settings) and the unpaid-order rules. Owner only (core's manageBackups).
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Router from '@koa/router';
import type { Context } from 'koa';
import { on } from '../on.js';
import {
  BACKUP_MESSAGES,
  backupAge,
  keepsFewerBackups,
  RESTORE_MESSAGES,
  type BackupListView,
  ROUTES,
} from '@bakery/core';
import { currentUser, sessionRecordOf } from '../../middleware/auth.js';
import { MIGRATIONS_DIR } from '../../config.js';
import { deployMigrations } from '../../release.js';
import { checkSecondFactor, secondFactorRecord } from '../../services/secondFactor.js';
import { currentPasswordCheck } from '../accountSecurity.js';
import { checkBackupFile, RestoreRefused } from '../../services/upkeep/restore.js';
import { restoreRunning, restoreStatus, startRestore } from '../../services/upkeep/shopRestore.js';
import { logSecurityEvent } from '../../services/securityLog.js';
import { ownerConfirmation } from './confirmOwner.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../middleware/errors.js';
import {
  backupFilePath,
  backupNameFor,
  backupNow,
  backupSettings,
  listBackups,
  saveBackupSettings,
} from '../../services/upkeep/backups.js';
import { mediaArchiveBeside } from '../../services/upkeep/mediaBackup.js';
import { PgToolsMissing } from '../../services/upkeep/pgTools.js';
import {
  saveUnpaidOrderSettings,
  unpaidOrderSettings,
} from '../../services/upkeep/unpaidOrders.js';
import { BACKUP_JOB } from '../../services/upkeep/jobs.js';
import { lastJobRun } from '../../services/upkeep/scheduler.js';

/** The largest backup file the owner may upload. */
const UPLOAD_LIMIT_BYTES = 2 * 1024 ** 3;

/** Resolves once `file` does not exist (browser tests hold a restore with it). */
async function fileGone(file: string): Promise<void> {
  while (await stat(file).catch(() => null)) await new Promise((r) => setTimeout(r, 200));
}

/** A file of the backup folder as a download under its own name, never cached. */
function attachment(
  ctx: Context,
  file: { path: string; name: string; size: number },
  type: string,
): ReadStream {
  ctx.set('Content-Type', type);
  ctx.set('Content-Disposition', `attachment; filename="${file.name}"`);
  ctx.set('Content-Length', String(file.size));
  ctx.set('Cache-Control', 'no-store');
  return createReadStream(file.path);
}

export function adminUpkeepRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, config } = deps;
  const dir = config.backupDir;
  let taking: Promise<unknown> | null = null;

  on(router, ROUTES.backups, async (ctx) => {
    const [backups, settings, job] = await Promise.all([
      listBackups(dir),
      backupSettings(prisma),
      lastJobRun(prisma, BACKUP_JOB),
    ]);
    // Each with the photos archive beside it (issue 22): the panel offers both downloads.
    const listed = await Promise.all(
      backups.map(async (b) => {
        const media = await mediaArchiveBeside(path.join(dir, b.name));
        return {
          name: b.name,
          size: b.size,
          takenAt: b.takenAt.toISOString(),
          media: media && { name: media.name, size: media.size },
        };
      }),
    );
    const newest = backups[0] ?? null;
    const view: BackupListView = {
      backups: listed,
      newest: listed[0] ?? null,
      ...backupAge(new Date(), newest?.takenAt ?? null),
      settings,
      folder: dir,
      lastError: job?.lastError ?? null,
      lastRunAt: job?.lastRunAt?.toISOString() ?? null,
    };
    ctx.set('Cache-Control', 'no-store');
    return view;
  });

  on(router, ROUTES.takeBackup, async () => {
    const databaseUrl = deps.databaseUrl ?? config.databaseUrl;
    if (!databaseUrl)
      throw new HttpError(
        503,
        'The database address is unknown to this process',
        {},
        'service_unavailable',
      );
    if (taking) throw conflict('A backup is being taken right now. Please wait for it to finish.');
    const work = backupNow({
      prisma,
      databaseUrl,
      dir,
      pgBinDir: config.pgBinDir,
      method: config.backupMethod,
      mediaDir: config.mediaDir,
      log: deps.log,
      reason: 'owner',
    });
    taking = work;
    try {
      const result = await work;
      return {
        name: result.name,
        size: result.size,
        takenAt: result.takenAt.toISOString(),
        media: result.media
          ? { name: path.basename(result.media.path), size: result.media.size }
          : null,
        durationMs: result.durationMs,
        tables: result.tableData,
        format: result.format,
      };
    } catch (error) {
      if (error instanceof PgToolsMissing)
        throw new HttpError(503, error.message, {}, 'service_unavailable');
      deps.log.error('backup failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      throw new HttpError(500, 'The backup failed; see the server log', {}, 'internal_error');
    } finally {
      taking = null;
    }
  });

  on(router, ROUTES.backupSettings, async () => {
    return await backupSettings(prisma);
  });
  // Issue 39: keeping fewer backups deletes older ones: the password or a code first.
  const confirmOwner = ownerConfirmation(deps);
  on(router, ROUTES.saveBackupSettings, async (ctx, { body }) => {
    const { confirm, ...settings } = body;
    if (keepsFewerBackups(await backupSettings(prisma), settings)) {
      await confirmOwner(ctx, confirm, BACKUP_MESSAGES.confirmLower);
      const me = currentUser(ctx)!;
      logSecurityEvent(ctx, deps, 'info', 'backup retention lowered', {
        userId: me.id,
        keepDaily: settings.keepDaily,
        keepWeekly: settings.keepWeekly,
      });
    }
    return saveBackupSettings(prisma, settings);
  });

  on(router, ROUTES.backupFile, async (ctx, { params: { name } }) => {
    const file = backupFilePath(dir, name);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) throw notFound('No such backup');
    return attachment(ctx, { path: file, name, size: info.size }, 'application/octet-stream');
  });
  // The photos taken with a backup, under the name db:restore looks for beside the dump.
  on(router, ROUTES.backupPhotos, async (ctx, { params: { name } }) => {
    const file = backupFilePath(dir, name);
    const media = file ? await mediaArchiveBeside(file) : null;
    if (!media) throw notFound('No photos were saved with this backup');
    return attachment(ctx, media, 'application/gzip');
  });

  // Issue 38: restore from the back office (services/upkeep/shopRestore.ts).
  const checkPassword = currentPasswordCheck(deps);
  on(router, ROUTES.restoreStatus, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return restoreStatus();
  });
  on(router, ROUTES.restoreBackup, async (ctx, { body }) => {
    if (restoreRunning()) throw conflict(RESTORE_MESSAGES.running);
    const databaseUrl = deps.databaseUrl ?? config.databaseUrl;
    if (!databaseUrl)
      throw new HttpError(
        503,
        'The database address is unknown to this process',
        {},
        'service_unavailable',
      );
    const file = backupFilePath(dir, body.name);
    if (!file || !(await stat(file).catch(() => null))?.isFile()) throw notFound('No such backup');
    await confirmRestore(ctx, body.password, body.code);
    const me = currentUser(ctx)!;
    const sessionKey = sessionRecordOf(ctx)?.sid;
    if (!sessionKey) throw new HttpError(401, 'Please sign in again', {}, 'not_authenticated');
    logSecurityEvent(ctx, deps, 'warn', 'backup restore started', {
      userId: me.id,
      backup: body.name,
    });
    return startRestore(
      {
        prisma,
        databaseUrl,
        backupDir: dir,
        mediaDir: config.mediaDir,
        migrationsDir: MIGRATIONS_DIR,
        pgBinDir: config.pgBinDir,
        backupMethod: config.backupMethod,
        log: deps.log,
        migrate: (url) => deployMigrations(url, deps.log),
        reloadIntegrations: deps.integrations ? () => deps.integrations!.reload() : undefined,
        whileClosed:
          deps.restoreHooks?.whileClosed ??
          (config.restoreHoldFile ? () => fileGone(config.restoreHoldFile!) : undefined),
      },
      body.name,
      { sessionKey, userId: me.id },
    );
  });

  /** Her password, and a code from her authenticator when she has one: both, or 403. */
  async function confirmRestore(ctx: Context, password?: string, code?: string) {
    const refuse = () => new HttpError(403, RESTORE_MESSAGES.confirm, {}, 'confirmation_required');
    const me = currentUser(ctx)!;
    if (!password?.trim()) throw refuse();
    const record = await secondFactorRecord(prisma, me.id);
    if (record?.totpEnabledAt) {
      if (!code?.trim()) throw refuse();
      if ((await checkSecondFactor(deps, { ...record, email: me.email }, code)) === null)
        throw refuse();
    }
    try {
      await checkPassword(ctx, password);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) throw error;
      throw refuse();
    }
  }

  // A backup file from elsewhere (a download kept off the machine): the raw
  // bytes, checked whole, then listed with the others under a backup's name.
  on(router, ROUTES.uploadBackup, async (ctx) => {
    if (!ctx.is('application/octet-stream'))
      throw new HttpError(415, 'Send the backup file as application/octet-stream');
    const databaseUrl = deps.databaseUrl ?? config.databaseUrl ?? '';
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const name = backupNameFor(new Date(), 'manual');
    const partial = path.join(dir, `.partial-upload-${name}`);
    try {
      let size = 0;
      const limited = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > UPLOAD_LIMIT_BYTES)
            callback(new HttpError(413, 'The file is larger than a backup can be (2 GB)'));
          else callback(null, chunk);
        },
      });
      await pipeline(ctx.req, limited, createWriteStream(partial, { mode: 0o600 }));
      await checkBackupFile(databaseUrl, partial, config.pgBinDir).catch((error: unknown) => {
        if (error instanceof RestoreRefused) throw badRequest(RESTORE_MESSAGES.notABackup);
        throw error;
      });
      await rename(partial, path.join(dir, name));
    } finally {
      await rm(partial, { force: true });
    }
    const info = await stat(path.join(dir, name));
    logSecurityEvent(ctx, deps, 'info', 'backup uploaded', {
      userId: currentUser(ctx)!.id,
      backup: name,
      bytes: info.size,
    });
    return { name, size: info.size, takenAt: new Date().toISOString(), media: null };
  });

  on(router, ROUTES.unpaidOrderSettings, async () => {
    return await unpaidOrderSettings(prisma);
  });
  on(router, ROUTES.saveUnpaidOrderSettings, (ctx, { body }) =>
    saveUnpaidOrderSettings(prisma, body),
  );

  return router;
}
