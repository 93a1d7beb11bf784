import { createPrismaClient, Prisma } from '@bakery/prisma';
import { rawSession } from '../src/db/rawSession.js';
import { getAnalytics } from '../src/services/analytics.js';
import { getStats } from '../src/services/stats.js';
const prisma = createPrismaClient('postgresql://postgres@127.0.0.1:5432/perf_keep', { max: 2 });
await rawSession(prisma, async (db) => {
  const spy = {
    $queryRaw: async (q: any, ...v: any[]) => {
      const sql = q instanceof Prisma.Sql ? q : Prisma.sql(q, ...v);
      const t = performance.now();
      const rows = await db.$queryRaw(sql);
      const ms = performance.now() - t;
      const plan = (await db.$queryRaw(Prisma.sql([`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`] as any, ...[])) .catch(() => [])) as any[];
      console.log(`--- ${ms.toFixed(1)} ms: ${sql.text.replace(/\s+/g, ' ').slice(0, 120)}`);
      return rows;
    },
  } as any;
  for (let i = 0; i < 3; i++) { await getAnalytics(spy, {}); }
});
// explain with params
await rawSession(prisma, async (db) => {
  const spy = { $queryRaw: async (q: any) => {
    const rows: any[] = await db.$queryRaw(Prisma.sql`SELECT 1`);
    const pg = (await import('pg')).default;
    return rows; } } as any;
});
await prisma.$disconnect();
