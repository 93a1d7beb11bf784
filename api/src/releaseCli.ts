// The release commands (prisma/package.json runs them as db:deploy, db:seed
// and db:reset; bundled to api/dist/release.js):
//   deploy  apply pending migrations, then the seed (owner; starters on a new database)
//   seed    the seed alone (owner account; starter recipes when the kitchen is empty)
//   reset   drop every table and re-create them: refused unless --yes is given,
//           and refused in production (NODE_ENV=production) altogether
// The database is DATABASE_URL, or the embedded one under BAKERY_DATA_DIR.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';
import { openDatabase } from './db/embedded.js';
import { deployMigrations, seed } from './release.js';
import { createLogger, flushLogs } from './services/logger.js';

async function main(command: string | undefined, args: string[]) {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  const config = loadConfig(process.env, { persistSecret: true });
  const log = createLogger({ level: config.logLevel });
  if (!['deploy', 'seed', 'reset'].includes(command ?? ''))
    throw new Error('usage: release deploy | seed | reset --yes');
  if (command === 'reset') {
    if (config.production)
      throw new Error('db:reset refuses to run with NODE_ENV=production (it deletes every order)');
    if (!args.includes('--yes'))
      throw new Error('db:reset deletes every table and row: run it with --yes to confirm');
  }
  const database = await openDatabase(config, log);
  try {
    if (command === 'reset') {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      } finally {
        await client.end();
      }
      log.info('database emptied', {});
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
