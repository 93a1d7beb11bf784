// Two API instances on one database, as behind a load balancer: a session
// started on one is honoured by the other, a logout on one ends it on both,
// and the login limit counts attempts made on either.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { Client, createUser, PASSWORD } from '../support/factories.js';

let first: TestServer;
let second: Server;
let secondUrl: string;

beforeAll(async () => {
  first = await startTestServer({
    config: { rateLimits: { loginPerEmail: { max: 4, windowMs: 60_000 } } },
  });
  // Another process: same database and SESSION_SECRET, nothing shared in memory.
  second = createApp({ ...first.deps }).listen(0, '127.0.0.1');
  await new Promise((resolve) => second.once('listening', resolve));
  secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => {
    second?.close(resolve);
    second?.closeAllConnections();
  });
  await first?.close();
});

describe('several API processes on one database', () => {
  it('honour and end each other’s sessions', async () => {
    const user = await createUser(first.prisma);
    const a = new Client(first.baseUrl);
    expect((await a.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
    // The same browser's cookie, sent to the other instance.
    const cookie = a.cookieHeader();
    const me = await fetch(`${secondUrl}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(user.id);
    const logout = await fetch(`${secondUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie, origin: secondUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(logout.status).toBe(200);
    expect((await a.get('/api/user')).status).toBe(401);
  });

  it('share the login attempt counters', async () => {
    const user = await createUser(first.prisma);
    const a = new Client(first.baseUrl);
    const b = new Client(secondUrl);
    for (const client of [a, b, a, b]) {
      expect(
        (await client.post('/api/login', { email: user.email, password: 'wrong-password' })).status,
      ).toBe(401);
    }
    expect((await a.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(
      429,
    );
    expect((await b.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(
      429,
    );
  });
});
