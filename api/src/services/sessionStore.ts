// koa-session's external store on the Session table, so every API process
// behind the proxy sees every session. The userId column lets a password
// reset end all of a user's sessions.
import type { PrismaClient } from '@bakery/prisma';

type SessionData = Record<string, unknown>;

export function postgresSessionStore(prisma: PrismaClient) {
  return {
    async get(sid: string): Promise<SessionData | undefined> {
      const row = await prisma.session.findUnique({ where: { sid } });
      if (!row || row.expire.getTime() <= Date.now()) return undefined;
      return row.sess as SessionData;
    },
    async set(
      sid: string,
      sess: SessionData,
      maxAge: number | 'session' | undefined,
    ): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
      const expire = new Date(Date.now() + ttl);
      const userId = typeof sess.userId === 'string' ? sess.userId : null;
      await prisma.session.upsert({
        where: { sid },
        create: { sid, sess: sess as never, expire, userId },
        update: { sess: sess as never, expire, userId },
      });
    },
    async destroy(sid: string): Promise<void> {
      await prisma.session.deleteMany({ where: { sid } });
    },
  };
}

/** Deletes expired sessions and rate-limit windows; run now and then by main.ts. */
export async function purgeExpired(prisma: PrismaClient): Promise<void> {
  const now = new Date();
  await prisma.session.deleteMany({ where: { expire: { lt: now } } });
  await prisma.rateLimit.deleteMany({ where: { resetAt: { lt: now } } });
}
