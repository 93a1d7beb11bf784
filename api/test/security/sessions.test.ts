// Issue 27: customer sessions lasted 30 days with no idle timeout, and the
// Session table held the cookie's id as it is (a database dump could be
// replayed as a cookie).
import Keygrip from 'keygrip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, PASSWORD } from '../support/factories.js';
import { signedIn } from '../admin/helpers.js';
import { purgeExpired } from '../../src/services/sessionStore.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const customer = async () => {
  const user = await createUser(server.prisma);
  const client = new Client(server.baseUrl);
  expect((await client.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(
    200,
  );
  return { user, client };
};

describe('finding: customer sessions end after 2 days without a request', () => {
  const day = 24 * 60 * 60 * 1000;
  it('answers 401 to a customer idle for 2 days, while an active one keeps working', async () => {
    const idle = await customer();
    const active = await customer();
    await server.prisma.session.updateMany({
      where: { userId: idle.user.id },
      data: { lastSeenAt: new Date(Date.now() - 2 * day - 60_000) },
    });
    await server.prisma.session.updateMany({
      where: { userId: active.user.id },
      data: { lastSeenAt: new Date(Date.now() - 2 * day + 60 * 60_000) },
    });
    expect((await idle.client.get('/api/user')).status).toBe(401);
    expect(await server.prisma.session.count({ where: { userId: idle.user.id } })).toBe(0);
    expect((await active.client.get('/api/user')).status).toBe(200);
    // The request counted as activity: the session is seen again now.
    const row = await server.prisma.session.findFirstOrThrow({
      where: { userId: active.user.id },
    });
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
    expect((await active.client.get('/api/my-orders')).status).toBe(200);
  });

  it('purges sessions idle for 2 days from the table, keeping the others', async () => {
    const idle = await customer();
    const active = await customer();
    await server.prisma.session.updateMany({
      where: { userId: idle.user.id },
      data: { lastSeenAt: new Date(Date.now() - 2 * day - 60_000) },
    });
    await purgeExpired(server.prisma);
    expect(await server.prisma.session.count({ where: { userId: idle.user.id } })).toBe(0);
    expect(await server.prisma.session.count({ where: { userId: active.user.id } })).toBe(1);
  });

  it('keeps the staff rules: 30 minutes idle ends a staff session, 29 do not', async () => {
    const { user, client } = await signedIn(server.baseUrl, server.prisma, 'admin');
    await server.prisma.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 29 * 60_000) },
    });
    expect((await client.get('/api/admin/me')).status).toBe(200);
    await server.prisma.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) },
    });
    expect((await client.get('/api/admin/me')).status).toBe(401);
  });
});

describe('finding: session ids stored hashed', () => {
  it('never stores the cookie value; a stored key does not work as a cookie', async () => {
    const { user, client } = await customer();
    const cookie = client.cookieHeader();
    const sid = /bakery\.sid=([^;]+)/.exec(cookie)![1]!;
    expect(sid.length).toBeGreaterThanOrEqual(43);
    const rows =
      await server.prisma.$queryRawUnsafe<Record<string, unknown>[]>('SELECT * FROM "Session"');
    const dump = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(dump).not.toContain(sid);
    const mine = await server.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(mine.sid).toMatch(/^[0-9a-f]{64}$/);
    // The stored key, signed with the server's own secret as a thief with the
    // secret could, is no session: the table holds no replayable id.
    const keys = new Keygrip([server.deps.config.sessionSecret], 'sha256');
    const replay = await fetch(`${server.baseUrl}/api/user`, {
      headers: {
        cookie: `bakery.sid=${mine.sid}; bakery.sid.sig=${keys.sign(`bakery.sid=${mine.sid}`)}`,
      },
    });
    expect(replay.status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
    // Signing out deletes the row found by the hash.
    expect((await client.post('/api/logout')).status).toBe(200);
    expect(await server.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
