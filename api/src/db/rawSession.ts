// Statements sent straight to pg, on one connection of the pool under a
// client of createPrismaClient: for hot paths where Prisma's per-statement
// engine work (about 1 to 3 ms of CPU for a $queryRaw, measured at a million
// orders) costs more than the statements themselves: the order submission,
// the dashboard's figures, the desk's pages.
//
// The handle offers $queryRaw and $executeRaw only (type Raw). Values always
// go as parameters. Numeric and bigint columns come back as strings, which
// every reader takes (Number(...)); timestamps as Date, jsonb parsed.
import { createHash } from 'node:crypto';
import { Prisma, sqlPool, type PrismaClient } from '@bakery/prisma';
import type { Raw } from './types.js';

/**
 * `work` on one pooled connection, each statement its own transaction unless
 * `work` begins one. Statements are prepared once per connection under a name
 * from their text, so a hot path's few statements are not planned again.
 */
export function rawSession<T>(prisma: PrismaClient, work: (db: Raw) => Promise<T>): Promise<T> {
  return onConnection(prisma, (db) => work(db));
}

/**
 * rawSession's connection, with `simple` beside the handle: a text sent by
 * the simple protocol, which may hold several statements (one round trip).
 */
async function onConnection<T>(
  prisma: PrismaClient,
  work: (db: Raw, simple: (text: string) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const client = await sqlPool(prisma).connect();
  let broken: Error | undefined;
  // A connection the server ends while it is checked out (PostgreSQL stopped or
  // restarted) emits 'error' between statements; without a listener that would
  // end the process. The next statement fails (503) and the connection leaves the pool.
  const onError = (error: Error) => (broken = error);
  client.on('error', onError);
  const run = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
    const name = `raw-${createHash('sha1').update(sql.text).digest('base64url').slice(0, 16)}`;
    return client.query({ name, text: sql.text, values: sql.values as unknown[] });
  };
  const db = {
    $queryRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      (await run(query, values)).rows,
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      (await run(query, values)).rowCount ?? 0,
  } as unknown as Raw;
  try {
    return await work(db, (text) => client.query(text));
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/**
 * `work` in one transaction on a raw session: COMMIT when it resolves,
 * ROLLBACK when it throws. `begin` is e.g. 'BEGIN READ ONLY', or that and
 * the transaction's settings ('BEGIN READ ONLY; SELECT set_config(...)'),
 * sent in one round trip: its text is the caller's own, never a user's.
 */
export function rawTransaction<T>(
  prisma: PrismaClient,
  work: (db: Raw) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  return onConnection(prisma, async (db, simple) => {
    await simple(begin);
    try {
      const result = await work(db);
      await db.$executeRaw`COMMIT`;
      return result;
    } catch (error) {
      await db.$executeRaw`ROLLBACK`.catch(() => undefined);
      throw error;
    }
  });
}
