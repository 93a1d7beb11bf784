// The database handle a service function takes: the client, or the client of
// a transaction it runs inside (so a caller can make several calls atomic).
import type { Prisma, PrismaClient } from '@bakery/prisma';

export type Db = PrismaClient | Prisma.TransactionClient;
/** Inside a transaction only (guardedQuery, $transaction). */
export type Tx = Prisma.TransactionClient;
/** What raw SQL needs: the client, a transaction's, or a raw session's (db/rawSession.ts). */
export type Raw = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;
