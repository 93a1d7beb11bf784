import { createPrismaClient, sqlPool } from '@bakery/prisma';
import { guardedQuery, guardedRawQuery } from '../src/db/queryGuard.js';
import { getStats } from '../src/services/stats.js';
import { getAnalytics } from '../src/services/analytics.js';
const url = 'postgresql://postgres@127.0.0.1:5432/perf_keep';
const prisma = createPrismaClient(url, { max: 4 });
async function time(label: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await f();
  const t: number[] = [];
  for (let i = 0; i < 40; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(label.padEnd(40), 'p50', t[20]!.toFixed(1), 'p95', t[37]!.toFixed(1));
}
const all = {};
await time('trivial prisma $queryRaw', () => prisma.$queryRaw`SELECT 1`);
await time('trivial pool query', () => sqlPool(prisma).query('SELECT 1'));
await time('guardedQuery(SELECT 1)', () => guardedQuery(prisma, {}, (tx) => tx.$queryRaw`SELECT 1`));
await time('getStats all, prisma direct', () => getStats(prisma, all));
await time('getStats all, raw guarded', () => guardedRawQuery(prisma, {}, (tx) => getStats(tx, all)));
await time('getAnalytics all, prisma direct', () => getAnalytics(prisma, all));
await time('getAnalytics all, raw guarded', () => guardedRawQuery(prisma, {}, (tx) => getAnalytics(tx, all)));
await prisma.$disconnect();
