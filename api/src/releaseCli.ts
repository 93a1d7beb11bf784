// The release commands (prisma/package.json runs them as db:deploy, db:seed
// and db:reset; bundled to api/dist/release.js):
//   deploy  apply pending migrations, then the seed (owner; starters on a new database)
//   seed    the seed alone (owner account; starter recipes when the kitchen is empty)
//   reset   drop every table and re-create them: refused unless --yes is given,
//           and refused in production (NODE_ENV=production) altogether
//   backup  a backup now into BACKUP_DIR (pg_dump custom format, or the API's logical
//           format without a pg_dump for the server; checked), pruned as set; the
//           photos (MEDIA_DIR) beside it as <backup>.media.tar.gz
//   restore <file> [--force]  a backup into an empty database, then the migrations
//           after it; a database with tables is refused unless --force; the
//           photos beside it replace MEDIA_DIR
// The database is DATABASE_URL, or the embedded one under BAKERY_DATA_DIR.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, MIGRATIONS_DIR, REPO_ROOT } from './config.js';
import { openDatabase } from './db/embedded.js';
import { deployMigrations, seed } from './release.js';
import { createLogger, flushLogs } from './services/logger.js';
import { createPrismaClient } from '@bakery/prisma';
import { backupNow } from './services/upkeep/backups.js';
import { emptyDatabase, restoreBackup } from './services/upkeep/restore.js';
import { mediaArchiveFor, restoreMedia } from './services/upkeep/mediaBackup.js';

async function main(command: string | undefined, args: string[]) {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  const config = loadConfig(process.env, { persistSecret: true });
  const log = createLogger({ level: config.logLevel });
  if (!['deploy', 'seed', 'reset', 'backup', 'restore'].includes(command ?? ''))
    throw new Error(
      'usage: release deploy | seed | reset --yes | backup | restore <file> [--force]',
    );
  const restoreFile = args.find((arg) => !arg.startsWith('--'));
  if (command === 'restore' && !restoreFile)
    throw new Error('usage: npm run db:restore <backup file> [--force]');
  if (command === 'reset') {
    if (config.production)
      throw new Error('db:reset refuses to run with NODE_ENV=production (it deletes every order)');
    if (!args.includes('--yes'))
      throw new Error('db:reset deletes every table and row: run it with --yes to confirm');
  }
  const database = await openDatabase(config, log);
  try {
    if (command === 'reset') {
      await emptyDatabase(database.url);
      log.info('database emptied', {});
    }
    if (command === 'backup') {
      const prisma = createPrismaClient(database.url, { max: 2 });
      try {
        const result = await backupNow({
          prisma,
          databaseUrl: database.url,
          dir: config.backupDir,
          pgBinDir: config.pgBinDir,
          method: config.backupMethod,
          mediaDir: config.mediaDir,
          log,
          reason: 'command',
        });
        process.stdout.write(
          `backup written: ${result.path} (${result.size} bytes, ${result.tableData} tables, ${result.durationMs} ms; ${result.format === 'pg_dump' ? 'pg_dump archive, checked with pg_restore --list' : `the shop's logical format (no pg_dump for this server), ${result.rows} rows, read back whole`})\n`,
        );
        if (result.media)
          process.stdout.write(
            `photos written: ${result.media.path} (${result.media.files} files from ${config.mediaDir}, ${result.media.size} bytes)\n`,
          );
      } finally {
        await prisma.$disconnect();
      }
      return;
    }
    if (command === 'restore') {
      // npm runs scripts from the package folder; a relative path is the caller's.
      const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), restoreFile!);
      const result = await restoreBackup(database.url, file, {
        force: args.includes('--force'),
        pgBinDir: config.pgBinDir,
        migrationsDir: MIGRATIONS_DIR,
      });
      process.stdout.write(
        `restored ${file} (${result.format === 'pg_dump' ? 'pg_dump archive' : 'logical backup'}): ${result.tables} tables in ${result.durationMs} ms${result.replaced ? ' (the database was emptied first: --force)' : ''}\n`,
      );
      // The photos taken with it (issue 22), when they are beside it.
      const media = mediaArchiveFor(file);
      if (await stat(media).catch(() => null)) {
        const files = await restoreMedia(media, config.mediaDir);
        process.stdout.write(
          `photos restored: ${files} files from ${media} into ${config.mediaDir}\n`,
        );
      } else
        process.stdout.write(
          `no photos beside the backup (${path.basename(media)}, the back office's "Download photos"): ${config.mediaDir} left as it is\n`,
        );
      await deployMigrations(database.url, log);
      return;
    }
    if (command === 'seed') {
      await seed(database.url, config, log, { kitchen: true });
    } else {
      const migrations = await deployMigrations(database.url, log);
      await seed(database.url, config, log, { kitchen: migrations.alreadyApplied === 0 });
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2], process.argv.slice(3)).then(
  () => {
    flushLogs();
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`,
    );
    flushLogs();
    process.exit(1);
  },
);
