// The owner's upkeep calls (issue 27): backups (list, take one now, download,
// settings) and the unpaid-order rules. Owner only (core's manageBackups).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import Router from '@koa/router';
import { z } from 'zod';
import {
  backupAge,
  BackupSettingsSchema,
  UnpaidOrderSettingsSchema,
  type BackupListView,
} from '@bakery/core';
import type { AppDeps } from '../../deps.js';
import { requirePermission } from '../../middleware/auth.js';
import { conflict, HttpError, notFound } from '../../middleware/errors.js';
import { handle } from '../../middleware/validate.js';
import {
  backupFilePath,
  backupNow,
  backupSettings,
  listBackups,
  saveBackupSettings,
} from '../../services/upkeep/backups.js';
import { PgToolsMissing } from '../../services/upkeep/pgTools.js';
import {
  saveUnpaidOrderSettings,
  unpaidOrderSettings,
} from '../../services/upkeep/unpaidOrders.js';
import { BACKUP_JOB } from '../../services/upkeep/jobs.js';

const NameParam = z.object({ name: z.string().max(100) });

export function adminUpkeepRouter(deps: AppDeps): Router {
  const router = new Router();
  const { prisma, config } = deps;
  const owner = requirePermission('manageBackups');
  const dir = config.backupDir;
  let taking: Promise<unknown> | null = null;

  router.get('/api/admin/backups', owner, async (ctx) => {
    const [backups, settings, job] = await Promise.all([
      listBackups(dir),
      backupSettings(prisma),
      prisma.scheduledJob.findUnique({ where: { name: BACKUP_JOB } }),
    ]);
    const newest = backups[0] ?? null;
    const view: BackupListView = {
      backups: backups.map((b) => ({
        name: b.name,
        size: b.size,
        takenAt: b.takenAt.toISOString(),
      })),
      newest: newest
        ? { name: newest.name, size: newest.size, takenAt: newest.takenAt.toISOString() }
        : null,
      ...backupAge(new Date(), newest?.takenAt ?? null),
      settings,
      folder: dir,
      lastError: job?.lastError ?? null,
      lastRunAt: job?.lastRunAt?.toISOString() ?? null,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = view;
  });

  router.post('/api/admin/backups', owner, async (ctx) => {
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
      ctx.status = 201;
      ctx.body = {
        name: result.name,
        size: result.size,
        takenAt: result.takenAt.toISOString(),
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

  router.get(
    '/api/admin/backups/settings',
    owner,
    handle({}, async (ctx) => {
      ctx.body = await backupSettings(prisma);
    }),
  );
  router.put(
    '/api/admin/backups/settings',
    owner,
    handle({ body: BackupSettingsSchema }, async (ctx, { body }) => {
      ctx.body = await saveBackupSettings(prisma, body);
    }),
  );

  router.get(
    '/api/admin/backups/:name',
    owner,
    handle({ params: NameParam }, async (ctx, { params: { name } }) => {
      const file = backupFilePath(dir, name);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) throw notFound('No such backup');
      ctx.set('Content-Type', 'application/octet-stream');
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.set('Content-Length', String(info.size));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = createReadStream(file);
    }),
  );

  router.get(
    '/api/admin/unpaid-orders/settings',
    owner,
    handle({}, async (ctx) => {
      ctx.body = await unpaidOrderSettings(prisma);
    }),
  );
  router.put(
    '/api/admin/unpaid-orders/settings',
    owner,
    handle({ body: UnpaidOrderSettingsSchema }, async (ctx, { body }) => {
      ctx.body = await saveUnpaidOrderSettings(prisma, body);
    }),
  );

  return router;
}
