// The release step, run once before the API processes start (never by every
// process): migrations (the same runner as the test databases; it records them
// in Prisma's _prisma_migrations table with Prisma's checksums and re-checks
// the applied ones), then the seed: the owner account and, on a new database
// only, the starter ingredients and recipes. `releaseCli.ts` runs these as
// commands (db:deploy, db:seed, db:reset); main.ts runs releaseStep() itself
// when MIGRATE_ON_START=1 (npm start on a single machine).
import { applyMigrations, createPrismaClient, type MigrationResult } from '@bakery/prisma';
import { MIGRATIONS_DIR, type AppConfig } from './config.js';
import type { Logger } from './services/contracts.js';
import { seedKitchen } from './services/recipes.js';
import { sealPlainSeeds } from './services/secondFactor.js';
import { seedOwner } from './services/seed.js';

export async function deployMigrations(databaseUrl: string, log: Logger): Promise<MigrationResult> {
  const result = await applyMigrations(databaseUrl, MIGRATIONS_DIR);
  if (result.baselined)
    log.info('migration history squashed: baseline recorded as applied, not run', {
      baseline: result.baselined,
    });
  if (result.applied.length) log.info('migrations applied', { applied: result.applied });
  else log.info('database schema is up to date', { migrations: result.alreadyApplied });
  return result;
}

export async function seed(
  databaseUrl: string,
  config: AppConfig,
  log: Logger,
  options: { kitchen: boolean },
): Promise<void> {
  const prisma = createPrismaClient(databaseUrl, { max: 2 });
  try {
    await seedOwner(prisma, config, log);
    await sealPlainSeeds({ prisma, config, log });
    // Once staff have edited (or emptied) the kitchen, a restart must not bring the starters back.
    if (options.kitchen && (await seedKitchen(prisma)).seeded)
      log.info('starter ingredients and recipes added');
  } finally {
    await prisma.$disconnect();
  }
}

/** Migrations, then the seed (the kitchen's starters on a new database only). */
export async function releaseStep(
  databaseUrl: string,
  config: AppConfig,
  log: Logger,
): Promise<void> {
  const migrations = await deployMigrations(databaseUrl, log);
  await seed(databaseUrl, config, log, { kitchen: migrations.alreadyApplied === 0 });
}
