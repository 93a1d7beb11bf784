// `pnpm --filter @bakery/api run summary:check [-- --repair]` (issue 13):
// recomputes the daily summary from the orders and prints every difference
// from the stored one (services/dailySummary.ts). Exit code 0 when they agree,
// 1 when they differ (after --repair: the summary was rebuilt, 0 when the
// rebuilt one agrees). The database is DATABASE_URL (for the embedded
// PostgreSQL of `npm start`: postgres://postgres@localhost:54329/bakery while
// the app runs).
import { createPrismaClient } from '@bakery/prisma';
import { checkDailySummary, rebuildDailySummary } from './services/dailySummary.js';

async function main(args: string[]): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the database to check');
  const prisma = createPrismaClient(url, { max: 2 });
  try {
    const started = performance.now();
    const differences = await checkDailySummary(prisma);
    const ms = Math.round(performance.now() - started);
    for (const difference of differences.slice(0, 100)) console.log(JSON.stringify(difference));
    if (differences.length > 100) console.log(`... and ${differences.length - 100} more`);
    console.log(
      differences.length
        ? `daily summary: ${differences.length} row(s) differ from the orders (checked in ${ms} ms)`
        : `daily summary: matches the orders (checked in ${ms} ms)`,
    );
    if (!differences.length) return 0;
    if (!args.includes('--repair')) {
      console.log('run again with --repair to rebuild it from the orders');
      return 1;
    }
    await rebuildDailySummary(prisma);
    const after = await checkDailySummary(prisma);
    console.log(
      after.length
        ? `rebuilt, but ${after.length} row(s) still differ`
        : 'rebuilt from the orders: matches',
    );
    return after.length ? 1 : 0;
  } finally {
    await prisma.$disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
